// The values of `edges.type` that the wiring writes: a vocabulary of the store, so that
// readers below the wiring (the file graph, the sync's counts) can name them.

/** The typed edges of the wiring graph (weights in plan/context.ts). */
export const WIRING_EDGE_TYPES = ["route_handles", "route_mounts", "di_resolves_to", "di_injects", "implements", "request_handles", "sends_request", "config_reads"] as const;
export type WiringEdgeType = (typeof WIRING_EDGE_TYPES)[number];
