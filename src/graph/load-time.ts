// Calls that run when their module loads: a top-level variable's initializer calling a function
// outside every function it holds (zod's `export const encodeAsync = _encodeAsync(errors.$ZodRealError)`,
// `export const ZodString = $constructor("ZodString", (inst, def) => {…})`). A change to the callee breaks
// the loading of that module, so every file importing it, whatever name it takes, is reached: the walk
// steps to the module's top-level code too, not only to the users of the variable. A call inside an arrow,
// a function or a class body the variable holds runs when that is called, and is not one of them.

import type { Database } from "bun:sqlite";
import { languageOf } from "../lang/languages.ts";
import { parseRoot } from "../lang/outline.ts";
import type { IncomingEdge } from "./incoming-edges.ts";

const VARIABLES = new Set(["const", "let", "var", "variable"]);
// a call inside a function or class body runs when that is called or constructed: matched by the grammar's engine, not by
// asking each call's ancestors one at a time (zod's `$constructor("ZodString", (inst, def) => {…})` bodies hold hundreds)
// (no grammar of TypeScript, TSX or JavaScript has a kind named `function`: a rule naming it is refused)
const DEFERRED = ["arrow_function", "function_expression", "generator_function", "class_body", "method_definition"];
const EAGER_CALLS = {
  rule: {
    any: [{ kind: "call_expression" }, { kind: "new_expression" }],
    not: { inside: { stopBy: "end" as const, any: DEFERRED.map((kind) => ({ kind })) } },
  },
};

export class LoadTimeCalls {
  /** Per declaration: its first line and the lines (from its first) holding a call outside every function it holds. */
  private readonly eager = new Map<number, { start: number; lines: Set<number> } | null>();
  /** Per file: its lines, read once per walk (zod's schemas.ts declares hundreds of such variables). */
  private readonly texts = new Map<string, string[] | null>();
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
    let eager = this.eager.get(e.fromSymbol);
    if (eager === undefined) {
      eager = this.eagerLines(e.fromSymbol, e.path);
      this.eager.set(e.fromSymbol, eager);
    }
    return eager !== null && eager.lines.has(e.line - eager.start);
  }

  private eagerLines(id: number, path: string): { start: number; lines: Set<number> } | null {
    const row = this.row.get(id) as { container: string | null; start: number; end: number } | null;
    if (!row) return null;
    const none = { start: row.start, lines: new Set<number>() };
    const lines = row.container === null ? this.linesOf(path) : null;
    if (lines === null) return none;
    const language = languageOf(path);
    if (language !== "typescript" && language !== "tsx" && language !== "javascript") return none;
    const root = parseRoot(language, lines.slice(row.start - 1, row.end).join("\n"));
    if (!root) return none;
    return { start: row.start, lines: new Set(root.findAll(EAGER_CALLS).map((c) => c.range().start.line)) };
  }

  private linesOf(path: string): string[] | null {
    let lines = this.texts.get(path);
    if (lines === undefined) {
      lines = this.readText(path)?.split("\n") ?? null;
      this.texts.set(path, lines);
    }
    return lines;
  }
}
