// What neighbors and impact answer for a symbol, as the reference tests compare it with the
// compiler's own findReferences: the structured results, and their sites as `path:line`.

import { call } from "../../src/engine.ts";
import type { NeighborsData } from "../../src/ops/find-neighbors.ts";
import type { ImpactData } from "../../src/ops/impact.ts";

export async function neighbors(root: string, query: string): Promise<NeighborsData> {
  return (await call("find", { path: root, query, kind: "neighbors" })).data as unknown as NeighborsData;
}

export async function impact(root: string, symbol: string): Promise<ImpactData> {
  return (await call("impact", { path: root, symbol, depth: 1 })).data as unknown as ImpactData;
}

/** Every site neighbors lists, whatever its relation. */
export const sitesOf = (d: NeighborsData): Set<string> => new Set(Object.values(d.neighbors ?? {}).flat().map((h) => `${h.path}:${h.line}`));

/** The sites of impact's direct dependents and of the given extra lists. */
export const impactSites = (d: ImpactData, ...extra: (readonly { path: string; line: number }[] | undefined)[]): Set<string> =>
  new Set([...d.dependents.filter((x) => x.hop === 1), ...extra.flatMap((list) => list ?? [])].map((h) => `${h.path}:${h.line}`));
