// svc/diagnostics: what a context answer would carry that needs attention — secret spans
// (locations only, never values), token hotspots, files no graph edge touches, generated files.
// Secrets are looked for in the collected files and in every dotenv file (`.env`, `.env.*`)
// of the inventory, which no template collects but any file read can reach.

import { loadFileGraph } from "../graph/file-graph.ts";
import { isCodeLanguage } from "../lang/languages.ts";
import { collectIndexed } from "../plan/collect.ts";
import { findSecrets, isCredentialFilePath } from "../text/redact.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { nothingCollected } from "./fusion.ts";
import type { OpContext, OpResult } from "./types.ts";
import { readInside } from "../workspace/read-inside.ts";

export interface ContextDiagnosticsData {
  secrets: { path: string; kind: string; startLine: number; startColumn: number; endLine: number; endColumn: number }[];
  hotspots: { path: string; tokenCost: number }[];
  graphGaps: string[];
  generated: string[];
  /** No file collected: why, and what to try (every count above is then 0 for that reason). */
  empty?: string;
}

/** 0-based line and column of offsets in one text, by binary search over its line starts. */
function positions(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, column: offset - (starts[lo] as number) };
  };
}

export async function contextDiagnostics(request: { path: string }, ctx: OpContext): Promise<OpResult<ContextDiagnosticsData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const collection = await collectIndexed(ws, { template: null }, ctx);
  try {
    const g = loadFileGraph(collection.index.db, collection.index.meta.index_completed_at ?? "");
    const data: ContextDiagnosticsData = { secrets: [], hotspots: [], graphGaps: [], generated: [] };
    const secretsOf = (path: string) => {
      let text: string;
      try {
        text = readInside(ws.root, path, "utf8");
      } catch {
        return;
      }
      const spans = findSecrets(text, { path });
      const at = spans.length ? positions(text) : null;
      for (const span of spans) {
        const start = (at as NonNullable<typeof at>)(span.start);
        const end = (at as NonNullable<typeof at>)(span.end);
        data.secrets.push({ path, kind: span.kind, startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column });
      }
    };
    const collected = new Set(collection.files.map((f) => f.path));
    // credential files (.env*, .npmrc, credentials, …) that no template collects are scanned too
    const credentialFiles = (collection.index.db.query("SELECT path FROM files").all() as { path: string }[]).map((r) => r.path).filter((p) => isCredentialFilePath(p) && !collected.has(p) && (ws.relDir === "" || p.startsWith(`${ws.relDir}/`)));
    for (const path of [...collected, ...credentialFiles].sort()) secretsOf(path);
    for (const file of collection.files) {
      if (file.isGenerated) data.generated.push(file.path);
      if (!g.out.has(file.id) && !g.in.has(file.id) && isCodeLanguage(file.language)) data.graphGaps.push(file.path);
    }
    data.hotspots = [...collection.files]
      .sort((a, b) => b.tokens - a.tokens || (a.path < b.path ? -1 : 1))
      .slice(0, 20)
      .map((f) => ({ path: f.path, tokenCost: f.tokens }));
    const text = `${data.secrets.length} secret spans, ${data.hotspots.length} hotspots, ${data.graphGaps.length} files outside the graph, ${data.generated.length} generated files`;
    if (collection.files.length === 0) data.empty = nothingCollected(ws.relDir, {}, ctx.surface);
    return { text: data.empty ? `${text}: ${data.empty}` : text, data };
  } finally {
    collection.index.db.close();
  }
}
