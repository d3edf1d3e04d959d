// Registry rows only the host serves (JSON-RPC): preparing the index for a reader, the file
// graph, scopes rendered to payload files, their plans and context diagnostics.

import { MIN_BUDGET, type ParamSpec } from "../params.ts";
import { WORKSPACE_PATH, type OperationSpec } from "./spec.ts";

/** How scope and explain choose their files: a focus seed, a search query or the changes since a ref. */
const SCOPE_PARAMS: readonly ParamSpec[] = [
  { name: "mode", type: "enum", values: ["focus", "search", "changes"], default: "search", description: "How to scope." },
  { name: "seed", type: "string", default: null, appliesWith: { param: "mode", values: ["focus"] }, description: "Focus seed." },
  { name: "query", type: "string", default: null, appliesWith: { param: "mode", values: ["search"] }, description: "Search query (task localization)." },
  { name: "since", type: "string", shape: "ref", default: null, appliesWith: { param: "mode", values: ["changes"] }, description: "Git ref for changes (default HEAD)." },
];

export const HOST_OPERATIONS: readonly OperationSpec[] = [
  {
    op: "openIndexed",
    catalog: "host",
    readOnly: false,
    summary: "Prepare the index for a reader (cold build, reconcile) and report its state",
    description: "Prepare the store for a reader: a cold syntax-first build, a reconcile, or nothing; returns the status.",
    rpc: ["svc/openIndexed"],
    params: [
      WORKSPACE_PATH,
      { name: "watched", type: "bool", default: false, description: "Vouch from the host's live watcher (a fence shows every change made before the call reached it and was reconciled) instead of listing the tree; lists and reconciles when the watcher cannot vouch." },
    ],
    load: async () => (await import("../ops/open-indexed.ts")).openIndexed as never,
  },
  {
    op: "graph",
    catalog: "host",
    readOnly: true,
    summary: "The file graph (or directories) with centrality, token costs and an optional scope overlay",
    description: "File or directory graph of the workspace: nodes with declared types, centrality and token cost; import edges; optionally restricted to a directory and overlaid with the roles of a focus, search or changes scope.",
    rpc: ["svc/graph"],
    params: [
      WORKSPACE_PATH,
      { name: "detail", type: "enum", values: ["files", "directories"], default: "files", description: "Nodes per file or folded into directories." },
      { name: "scopeMode", type: "enum", values: ["focus", "search", "changes"], default: null, description: "Overlay the roles of this scope." },
      { name: "seed", type: "string", default: null, appliesWith: { param: "scopeMode", values: ["focus"] }, description: "Focus seed for scopeMode=focus." },
      { name: "query", type: "string", default: null, appliesWith: { param: "scopeMode", values: ["search"] }, description: "Query for scopeMode=search." },
      { name: "since", type: "string", shape: "ref", default: null, appliesWith: { param: "scopeMode", values: ["changes"] }, description: "Git ref for scopeMode=changes (default HEAD)." },
      { name: "directory", type: "string", default: null, shape: "path", description: "Only nodes under this root-relative directory." },
    ],
    load: async () => (await import("../ops/graph.ts")).graph as never,
  },
  {
    op: "scope",
    catalog: "host",
    readOnly: true,
    summary: "Render a scope (focus, search, changes) to a payload file",
    description: "Renders the scoped context of a focus seed, a search query or the changes since a ref to a payload file (0600, removed at host shutdown or after an hour).",
    rpc: ["svc/scope"],
    params: [
      WORKSPACE_PATH,
      ...SCOPE_PARAMS,
      { name: "maxTokens", type: "int", default: null, min: MIN_BUDGET, description: `Token budget (at least ${MIN_BUDGET}).` },
    ],
    load: async () => (await import("../ops/scope.ts")).scope as never,
  },
  {
    op: "explain",
    catalog: "host",
    readOnly: true,
    summary: "The plan of a scope, without content",
    description: "The plan of a focus, search or changes scope: files with role, tier, score and provenance.",
    rpc: ["svc/explain"],
    params: [
      WORKSPACE_PATH,
      ...SCOPE_PARAMS,
    ],
    load: async () => (await import("../ops/scope.ts")).explain as never,
  },
  {
    op: "contextDiagnostics",
    catalog: "host",
    readOnly: true,
    summary: "Secret spans, token hotspots, graph gaps and generated files",
    description: "Context diagnostics: secret spans (locations only), the 20 largest files, files no edge touches, generated files.",
    rpc: ["svc/diagnostics"],
    params: [WORKSPACE_PATH],
    load: async () => (await import("../ops/context-diagnostics.ts")).contextDiagnostics as never,
  },
];
