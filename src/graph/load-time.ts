// Calls that run when their module loads: a top-level variable's initializer calling a function
// outside every function it holds (zod's `export const encodeAsync = _encodeAsync(errors.$ZodRealError)`,
// `export const ZodString = $constructor("ZodString", (inst, def) => {…})`). A change to the callee breaks
// the loading of that module, so every file importing it, whatever name it takes, is reached: the walk
// steps to the module's top-level code too, not only to the users of the variable. A call inside an arrow,
// a function or a class body the variable holds runs when that is called, and is not one of them.

import type { Database } from "bun:sqlite";
import type { SgNode } from "@ast-grep/napi";
import { languageOf } from "../lang/languages.ts";
import { parseRoot } from "../lang/outline.ts";
import type { IncomingEdge } from "./incoming-edges.ts";

const VARIABLES = new Set(["const", "let", "var", "variable"]);
const DEFERRED = new Set(["arrow_function", "function_expression", "function", "generator_function", "class_body", "method_definition"]);
const CALLS = { rule: { any: [{ kind: "call_expression" }, { kind: "new_expression" }] } };

export class LoadTimeCalls {
  /** Per declaration: the lines (from its first) holding a call outside every function it holds. */
  private readonly eager = new Map<number, Set<number>>();
  private readonly row;

  constructor(
    db: Database,
    private readonly readText: (path: string) => string | null,
  ) {
    this.row = db.prepare("SELECT container, start_line AS start, end_line AS end FROM symbols WHERE id = ?");
  }

  /** Whether `e` is a call from a top-level variable's initializer that runs when its module loads. */
  runsAtLoad(e: IncomingEdge): boolean {
    if (e.type !== "calls" || e.fromSymbol === null || e.line === null || !VARIABLES.has(e.fromKind ?? "")) return false;
    let lines = this.eager.get(e.fromSymbol);
    if (!lines) {
      lines = this.eagerLines(e.fromSymbol, e.path);
      this.eager.set(e.fromSymbol, lines);
    }
    const row = this.row.get(e.fromSymbol) as { start: number } | null;
    return row !== null && lines.has(e.line - row.start);
  }

  private eagerLines(id: number, path: string): Set<number> {
    const row = this.row.get(id) as { container: string | null; start: number; end: number } | null;
    const text = row && row.container === null ? this.readText(path) : null;
    if (!row || text === null) return new Set();
    const language = languageOf(path);
    if (language !== "typescript" && language !== "tsx" && language !== "javascript") return new Set();
    const root = parseRoot(language, text.split("\n").slice(row.start - 1, row.end).join("\n"));
    if (!root) return new Set();
    return new Set(root.findAll(CALLS).filter((c) => !deferred(c)).map((c) => c.range().start.line));
  }
}

/** Whether a node sits in a function or class body (it runs when that is called or constructed). */
function deferred(node: SgNode): boolean {
  for (let p = node.parent(); p; p = p.parent()) if (DEFERRED.has(String(p.kind()))) return true;
  return false;
}
