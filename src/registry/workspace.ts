// Registry rows of the workspace itself (svc_workspace): status, index, map, doctor and the
// one write path, apply.

import { CONTENT_CAP } from "../params.ts";
import { bool, INDEX_STATE, int, obj, str, WORKSPACE_PATH, type OperationSpec } from "./spec.ts";

export const WORKSPACE_OPERATIONS: readonly OperationSpec[] = [
  {
    op: "status",
    catalog: "A",
    readOnly: true,
    summary: "Index state and freshness from index_meta only (never creates the store)",
    description:
      "Workspace status: the availability header, root, index mode, file and symbol counts, full-text search, integrity and the host line. Reads index_meta only and never creates the index; a cold workspace reports not_indexed.",
    mcp: [{ tool: "svc_workspace", action: "status" }],
    cli: { command: "diagnostics" },
    params: [WORKSPACE_PATH],
    output: obj({ root: str, indexState: INDEX_STATE, mode: { type: ["string", "null"] }, files: int, symbols: int, fts: { type: ["boolean", "null"] }, integrity: { type: ["string", "null"] }, host: str }, ["root", "indexState", "files", "host"]),
    load: async () => (await import("../ops/status.ts")).status as never,
  },
  {
    op: "index",
    catalog: "A",
    readOnly: false,
    summary: "Build or refresh the index (.svc/svc.db): a synchronous full pass",
    description:
      "Build or refresh the workspace index at <root>/.svc/svc.db: every inventory file parsed (declarations, chunks, imports resolved to files, full-text fields). Unchanged files are reused; force=true discards everything derived first. Reads build the index on first use, so calling this is optional.",
    mcp: [{ tool: "svc_workspace", action: "index" }],
    cli: { command: "index" },
    rpc: ["svc/index"],
    params: [WORKSPACE_PATH, { name: "force", type: "bool", default: false, description: "Discard the derived tables first and rebuild from scratch." }],
    output: obj({ root: str, indexState: str, mode: str, files: int, symbols: int, chunks: int, routes: int, elapsedMs: int, schemaVersion: int, fts: bool, svcVersion: str, languages: { type: "array" } }, ["root", "indexState", "mode", "files", "symbols"]),
    load: async () => (await import("../ops/build-index.ts")).buildIndex as never,
  },
  {
    op: "map",
    catalog: "A",
    readOnly: true,
    summary: "Workspace map: top-level and exported declarations, routes",
    description:
      "Workspace map: top-level and exported declarations (kind, qualified name, path:line) and routes, each section capped at maxRows, with counts. Exported declarations first.",
    mcp: [{ tool: "svc_workspace", action: "map" }],
    cli: { command: "map" },
    params: [
      WORKSPACE_PATH,
      { name: "detail", type: "enum", values: ["all", "symbols", "routes"], default: "all", description: "Which sections to show." },
      { name: "maxRows", type: "int", default: 200, min: 1, description: "Rows per section." },
    ],
    output: obj({ root: str, path: str, indexState: INDEX_STATE, symbols: { type: "object" }, routes: { type: "object" } }, ["root", "indexState"]),
    load: async () => (await import("../ops/map.ts")).map as never,
  },
  {
    op: "doctor",
    catalog: "A",
    readOnly: true,
    summary: "Semantic load diagnosis: TypeScript projects found and loaded, why not, the tier and what to do",
    description:
      "How the workspace loads semantically: the TypeScript engine and version, the projects found (tsconfig/jsconfig files, solution references, workspace packages), which loaded and which did not and why (config parse error, extends not found, dependencies not installed, files outside every project), the resulting tier (semantic, partial, syntax) and what to do; store, integrity and hosts. Reads the diagnosis stamped by the last index; refresh=true loads the projects now (seconds).",
    mcp: [{ tool: "svc_workspace", action: "doctor" }],
    cli: { command: "doctor" },
    rpc: ["svc/doctor"],
    params: [WORKSPACE_PATH, { name: "refresh", type: "bool", default: false, description: "Load the projects now instead of reading the stamped diagnosis (through the host when one serves the root)." }],
    output: obj({ root: str, indexState: str, tier: str, diagnosis: { type: ["object", "null"] }, source: str, hosts: { type: "array" }, degraded: { type: "array" }, report: str }, ["root", "indexState", "tier", "report"]),
    load: async () => (await import("../ops/doctor.ts")).doctor as never,
  },
  {
    op: "apply",
    catalog: "A",
    readOnly: false,
    writesTree: true,
    summary: "Apply a verified single-file edit: dry run unless write=true, atomic, conflict-checked",
    description:
      "The one write path: replace (or create) one file inside the workspace with content. A dry run unless write=true; expectedHash (SHA-256 hex of the content the edit was derived from, as svc_refactor returns it) must match the file now, on dry runs too, or the answer is a conflict. Keeps what views do not show: the file's CRLF endings (for content without \\r), BOM and final-newline state; a [REDACTED:<kind>] marker gets the file's own value back (refused when the value is ambiguous, on a new file, or where it would no longer be hidden). Refuses files not valid UTF-8, content UTF-8 cannot encode, and files whose owner or group it could not keep. Atomic; keeps mode, owner and group; identical content writes nothing (unchanged=true). The index sees it at once.",
    mcp: [{ tool: "svc_workspace", action: "apply" }],
    params: [
      WORKSPACE_PATH,
      { name: "file", type: "string", default: null, shape: "path", description: "The file to write, root-relative (or absolute inside the workspace)." },
      { name: "content", type: "string", default: null, maxLength: CONTENT_CAP, rawText: true, description: "The complete new content of the file." },
      { name: "write", type: "bool", default: false, description: "Actually write (default false: a dry run that only says what would happen)." },
      { name: "expectedHash", type: "string", default: "", description: "SHA-256 hex of the file content the edit was derived from, or \"absent\" for a file the edit creates; a mismatch is a conflict and nothing is written." },
    ],
    output: obj({ root: str, file: str, action: str, written: bool, unchanged: bool, chars: int, kept: { type: "array", items: str }, previousHash: { type: ["string", "null"] }, hash: str }, ["root", "file", "action", "written"]),
    load: async () => (await import("../ops/apply.ts")).apply as never,
  },
];
