// What a repair packet asks the engine about a position of the checked (overlaid) file:
// its quick fixes, the members offered after a `.` (TS2339/TS2551) and the signature help
// of a call (TS2345/TS2554/TS2555), through the engine's language server.

import { join, relative } from "node:path";
import { codeFixes, type TsEngine } from "../semantic/index.ts";
import { fileUri } from "../semantic/engine.ts";
import { toPosix } from "../workspace/root.ts";
import type { RepairEngine } from "./repair.ts";

export function repairEngine(engine: TsEngine, root: string, abs: string): RepairEngine {
  const uri = fileUri(abs);
  const position = (line: number, column: number) => ({ line: line - 1, character: column - 1 });
  return {
    codeFixes: async (diag) => {
      const at = { line: diag.line, column: diag.column };
      const fixes = await codeFixes(engine, abs, { start: at, end: at }, [Number(diag.code.replace(/^TS/, ""))]);
      return fixes.map((f) => ({ title: f.title, edits: f.edits.map((e) => ({ ...e, path: toPosix(relative(root, e.path)) })) }));
    },
    members: async (path, line, column) => {
      const result = await engine.lspRequest<{ items?: { label: string; kind?: number; detail?: string }[] } | { label: string; kind?: number; detail?: string }[] | null>("textDocument/completion", {
        textDocument: { uri: fileUri(join(root, path)) },
        position: position(line, column),
      });
      const items = Array.isArray(result) ? result : (result?.items ?? []);
      return items.filter((i) => i.kind !== 14).map((i) => ({ name: i.label, ...(i.detail ? { detail: i.detail } : {}) }));
    },
    signatures: async (line, column) => {
      const help = await engine.lspRequest<{ signatures?: { label: string }[] } | null>("textDocument/signatureHelp", { textDocument: { uri }, position: position(line, column) });
      return (help?.signatures ?? []).map((s) => s.label);
    },
  };
}
