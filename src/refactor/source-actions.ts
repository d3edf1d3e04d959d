// organize-imports (the engine's `source.organizeImports` action on one file) and
// apply-codefix (the engine's first quick fix for one diagnostic code, applied to each
// occurrence in one file in turn), computed on overlays and handed to the verify gate.

import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { applyEdits } from "../check/repair.ts";
import type { CheckWorkspace } from "../check/workspace.ts";
import { validationError } from "../errors.ts";
import { fileUri } from "../semantic/engine.ts";
import { codeFixes, diagPosition, type TextEdit } from "../semantic/index.ts";
import { lspLineStarts } from "../text/lines.ts";
import { toPosix } from "../workspace/root.ts";
import { diskText } from "./stage.ts";
import { notOwnSource } from "./own-source.ts";
import { OUTSIDE } from "../check/diag-outside.ts";

/** `TS2304`, `ts2304` or `2304` → `TS2304`. */
export function parseDiagnosticId(id: string | null): string {
  const m = /^\s*(?:TS)?(\d{1,6})\s*$/i.exec(id ?? "");
  if (!m) throw validationError(`apply-codefix needs diagnosticId, a TypeScript diagnostic code like TS2304 or 2304 (got '${id ?? ""}')`);
  return `TS${Number(m[1])}`;
}

type Contents = { contents: Map<string, string> } | { refused: string };

/** Apply engine edits (absolute paths) to the working contents; false when one leaves the workspace. */
function applyTo(cw: CheckWorkspace, contents: Map<string, string>, edits: readonly TextEdit[]): string | null {
  const byFile = new Map<string, TextEdit[]>();
  for (const e of edits) {
    const other = notOwnSource(cw.root, e.path);
    if (other) return other;
    const rel = toPosix(relative(cw.root, e.path));
    byFile.set(rel, [...(byFile.get(rel) ?? []), e]);
  }
  for (const [rel, list] of byFile) contents.set(rel, applyEdits(contents.get(rel) ?? diskText(cw, rel), list));
  return null;
}

interface LspAction {
  title: string;
  kind?: string;
  edit?: { changes?: Record<string, { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]> };
  data?: unknown;
}

async function organizeImports(cw: CheckWorkspace, rel: string): Promise<Contents> {
  const abs = cw.abs(rel);
  const text = diskText(cw, rel);
  await cw.engine.setOverlay(abs, text);
  try {
    const starts = lspLineStarts(text); // the whole file, as the engine counts lines
    const range = { start: { line: 0, character: 0 }, end: { line: starts.length - 1, character: text.length - starts[starts.length - 1]! } };
    const actions = await cw.engine.lspRequest<LspAction[] | null>("textDocument/codeAction", { textDocument: { uri: fileUri(abs) }, range, context: { diagnostics: [], only: ["source.organizeImports"] } });
    let action = (actions ?? []).find((a) => a.kind?.startsWith("source.organizeImports"));
    if (!action) return { refused: `the engine offers no organize-imports action for ${rel}` };
    if (!action.edit && action.data !== undefined) action = await cw.engine.lspRequest<LspAction>("codeAction/resolve", action);
    const edits: TextEdit[] = [];
    for (const [uri, list] of Object.entries(action.edit?.changes ?? {})) {
      for (const e of list) edits.push({ path: fileURLToPath(uri), line: e.range.start.line + 1, column: e.range.start.character + 1, endLine: e.range.end.line + 1, endColumn: e.range.end.character + 1, newText: e.newText });
    }
    const contents = new Map<string, string>();
    const outside = applyTo(cw, contents, edits);
    if (outside) return { refused: `the action would edit ${outside}, not one of the workspace's own sources` };
    if (!contents.size || contents.get(rel) === text) return { refused: `the imports of ${rel} are already organized` };
    return { contents };
  } finally {
    cw.engine.clearOverlay(abs);
  }
}

const MAX_FIXES = 50;

async function applyCodefix(cw: CheckWorkspace, rel: string, diagnosticId: string | null): Promise<Contents> {
  const code = parseDiagnosticId(diagnosticId);
  const contents = new Map<string, string>([[rel, diskText(cw, rel)]]);
  const overlaid = new Set<string>();
  try {
    for (let round = 0; round < MAX_FIXES; round++) {
      for (const [f, text] of contents) {
        await cw.engine.setOverlay(cw.abs(f), text);
        overlaid.add(f);
      }
      const at = (await cw.fileDiagnostics(rel)).find((d) => d.code === code);
      if (!at) {
        if (round === 0) return { refused: `${rel} has no ${code} diagnostic` };
        break;
      }
      const pos = diagPosition(contents.get(rel)!, at);
      const fix = (await codeFixes(cw.engine, cw.abs(rel), { start: pos, end: pos }, [Number(code.slice(2))]))[0];
      if (!fix) {
        if (round === 0) return { refused: `the engine has no fix for ${code} at ${rel}:${at.line}:${at.column}` };
        break; // the gate names what remains
      }
      const outside = applyTo(cw, contents, fix.edits);
      // the title of a fix that edits an outside file names its declarations: not shown
      if (outside) return { refused: `the fix ${outside.includes(OUTSIDE) ? `for ${code}` : `"${fix.title}"`} would edit ${outside}, not one of the workspace's own sources` };
    }
    return { contents };
  } finally {
    for (const f of overlaid) cw.engine.clearOverlay(cw.abs(f));
  }
}

export function sourceActionContents(cw: CheckWorkspace, op: "organize-imports" | "apply-codefix", rel: string, diagnosticId: string | null): Promise<Contents> {
  return op === "organize-imports" ? organizeImports(cw, rel) : applyCodefix(cw, rel, diagnosticId);
}
