// The questions svc asks the TypeScript engine, in svc's own terms: 1-based lines and
// columns (UTF-16), absolute paths, plain result objects. Built on a TsEngine (resident or
// started for the call); overlays set on the engine are seen by every query.
//
//   diagnostics          whole program of a project, or one file (syntactic + semantic)
//   symbolAt / typeText  the symbol and type at a position
//   references           every reference (LSP find-all-references)
//   incomingCalls        call hierarchy: who calls the function at a position
//   implementations      implementations of an interface/abstract member
//   renameLocations      the edits a rename makes (or why it cannot)
//   codeFixes            the engine's quick fixes for diagnostics at a range
//   signatures           signature text of a symbol (call/construct signatures, or its type)

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SignatureKind, type Checker, type Diagnostic as TsDiagnostic, type Emitter, type Project, type Symbol } from "typescript/unstable/async";
import { SyntaxKind } from "typescript/unstable/ast";
import { fileUri, type TsEngine } from "./engine.ts";
import { lineStarts, lspLineStarts, lspOffset } from "../text/lines.ts";

export interface Position {
  /** 1-based line. */
  line: number;
  /** 1-based column in UTF-16 code units. */
  column: number;
}

export interface Location extends Position {
  path: string;
  endLine: number;
  endColumn: number;
}

export interface Diag {
  code: number;
  severity: "error" | "warning" | "suggestion";
  message: string;
  /** Absolute path, or null for a global (project-level) diagnostic. */
  path: string | null;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface TextEdit {
  path: string;
  /** 1-based start and end (end exclusive). */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  newText: string;
}

export interface CodeFix {
  title: string;
  kind: string;
  edits: TextEdit[];
}

export interface CallSite {
  /** The calling function/method. */
  from: { name: string; detail: string | null; location: Location };
  /** Where inside it the calls are. */
  calls: Location[];
}

export interface SymbolInfo {
  name: string;
  flags: number;
  declarations: { path: string; index: number; kind: number }[];
  typeText: string | null;
}

interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** The text the engine sees for a file: its overlay, else the disk. */
function textOf(engine: TsEngine, path: string): string {
  return engine.overlayText(path) ?? readFileSync(path, "utf8");
}

/** The offset in `text` of an engine position (lines broken at `\r\n`, a lone `\r` or `\n`; columns after a BOM). */
export function offsetOf(text: string, pos: Position): number {
  const starts = lspLineStarts(text);
  return lspOffset(text, Math.min(Math.max(pos.line - 1, 0), starts.length - 1), pos.column - 1, starts);
}

/** The engine position of an offset in `text` (as offsetOf counts), or by the line `starts` given. */
export function positionOf(text: string, offset: number, starts = lspLineStarts(text)): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
}

const toLsp = (p: Position) => ({ line: p.line - 1, character: p.column - 1 });
const pathOf = (uri: string) => fileURLToPath(uri);

function fromRange(uri: string, range: LspRange): Location {
  return { path: pathOf(uri), line: range.start.line + 1, column: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 };
}

function severityOf(category: number): Diag["severity"] {
  return category === 1 ? "error" : category === 0 ? "warning" : "suggestion";
}

/** The engine position of a line and column as a Diag shows them (lines at "\n", counted after a BOM) in the file's `text`. */
export function diagPosition(text: string, at: Position): Position {
  const body = text.replace(/^\uFEFF/, "");
  const starts = lineStarts(body);
  return positionOf(body, (starts[Math.min(Math.max(at.line - 1, 0), starts.length - 1)] ?? 0) + Math.max(at.column - 1, 0));
}

function toDiag(engine: TsEngine, d: TsDiagnostic, cache: Map<string, number[]>): Diag {
  if (!d.fileName) return { code: d.code, severity: severityOf(d.category), message: d.text, path: null, line: 0, column: 0, endLine: 0, endColumn: 0 };
  let starts = cache.get(d.fileName);
  if (!starts) {
    // The engine's offsets count from after a BOM: so do the lines and columns shown (as editors count them).
    starts = lineStarts(textOf(engine, d.fileName).replace(/^\uFEFF/, ""));
    cache.set(d.fileName, starts);
  }
  const a = positionOf("", d.pos, starts);
  const b = positionOf("", d.end, starts);
  return { code: d.code, severity: severityOf(d.category), message: d.text, path: d.fileName, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}

/** Syntactic + semantic diagnostics of one file, or of the whole program of `project` (a wrapper config path). */
export async function diagnostics(engine: TsEngine, project: string, file?: string, timeoutMs?: number): Promise<Diag[]> {
  const raw = await engine.call(
    file ? `checking ${file}` : `checking ${project}`,
    async (_api, snapshot) => {
      const program = snapshot.getProject(project)?.program;
      if (!program) throw new Error(`the project ${project} is not loaded`);
      // a project that emits declarations gets their errors too (TS9007 under isolatedDeclarations, TS2742…): tsc and editors report them
      const options = program.getCompilerOptions();
      const declarations = options.declaration === true || options.composite === true;
      const [syntactic, semantic, global, declaration] = await Promise.all([
        program.getSyntacticDiagnostics(file),
        program.getSemanticDiagnostics(file),
        file ? Promise.resolve([]) : program.getGlobalDiagnostics(),
        declarations ? program.getDeclarationDiagnostics(file) : Promise.resolve([]),
      ]);
      return [...syntactic, ...semantic, ...global, ...declaration];
    },
    timeoutMs,
  );
  const cache = new Map<string, number[]>();
  return raw.map((d) => toDiag(engine, d, cache));
}

/** The diagnostics of a project's program that belong to no source file it checks: its config's (options, `types` entries, parsing) and global ones. */
export async function programDiagnostics(engine: TsEngine, project: string, timeoutMs?: number): Promise<Diag[]> {
  const raw = await engine.call(
    `checking the options of ${project}`,
    async (_api, snapshot) => {
      const program = snapshot.getProject(project)?.program;
      if (!program) throw new Error(`the project ${project} is not loaded`);
      const [config, options, global] = await Promise.all([program.getConfigFileParsingDiagnostics(), program.getProgramDiagnostics(), program.getGlobalDiagnostics()]);
      return [...config, ...options, ...global];
    },
    timeoutMs,
  );
  const cache = new Map<string, number[]>();
  return raw.map((d) => toDiag(engine, d, cache));
}

/** The project (wrapper config) the engine would check a file in: the first loaded project whose program holds it. */
export async function projectOf(engine: TsEngine, file: string, projects: readonly string[]): Promise<string | null> {
  return engine.call(`finding the project of ${file}`, async (_api, snapshot) => {
    for (const config of projects) {
      const project = snapshot.getProject(config);
      if (project && (await project.program.getSourceFile(file))) return config;
    }
    return null;
  });
}

async function withProject<T>(engine: TsEngine, project: string, what: string, fn: (p: Project) => Promise<T>): Promise<T> {
  return engine.call(what, async (_api, snapshot) => {
    const p = snapshot.getProject(project);
    if (!p) throw new Error(`the project ${project} is not loaded`);
    return fn(p);
  });
}

export async function symbolAt(engine: TsEngine, project: string, file: string, pos: Position): Promise<SymbolInfo | null> {
  const offset = offsetOf(textOf(engine, file), pos);
  return withProject(engine, project, "resolving a symbol", async (p) => {
    const symbol = await p.checker.getSymbolAtPosition(file, offset);
    if (!symbol) return null;
    const type = await p.checker.getTypeOfSymbol(symbol).catch(() => undefined);
    return {
      name: symbol.name,
      flags: symbol.flags,
      declarations: symbol.declarations.map((d) => ({ path: d.path, index: d.index, kind: d.kind })),
      typeText: type ? await p.checker.typeToString(type) : null,
    };
  });
}

/** TypeFormatFlags.NoTruncation */
const NO_TRUNCATION = 1;

/** The type the checker gives the node at `pos`, printed in full. */
export async function typeText(engine: TsEngine, project: string, file: string, pos: Position): Promise<string | null> {
  const offset = offsetOf(textOf(engine, file), pos);
  return withProject(engine, project, "reading a type", async (p) => {
    const type = await p.checker.getTypeAtPosition(file, offset);
    // in full (TypeFormatFlags.NoTruncation): a long type printed cut (`Actor<...>`, `{ ...; }`) is no type a file can hold —
    // extract-interface wrote it into xstate's StateMachine interface and refused over its own "TS1110 Type expected"
    return type ? p.checker.typeToString(type, undefined, NO_TRUNCATION) : null;
  });
}

export async function references(engine: TsEngine, file: string, pos: Position, includeDeclaration = false): Promise<Location[]> {
  const result = await engine.lspRequest<{ uri: string; range: LspRange }[] | null>("textDocument/references", { textDocument: { uri: fileUri(file) }, position: toLsp(pos), context: { includeDeclaration } });
  return (result ?? []).map((r) => fromRange(r.uri, r.range));
}

export async function implementations(engine: TsEngine, file: string, pos: Position): Promise<Location[]> {
  const result = await engine.lspRequest<{ uri: string; range: LspRange }[] | { uri: string; range: LspRange } | null>("textDocument/implementation", { textDocument: { uri: fileUri(file) }, position: toLsp(pos) });
  const list = Array.isArray(result) ? result : result ? [result] : [];
  return list.map((r) => fromRange(r.uri, r.range));
}

export async function incomingCalls(engine: TsEngine, file: string, pos: Position): Promise<CallSite[]> {
  const items = await engine.lspRequest<unknown[] | null>("textDocument/prepareCallHierarchy", { textDocument: { uri: fileUri(file) }, position: toLsp(pos) });
  const out: CallSite[] = [];
  for (const item of items ?? []) {
    const calls = await engine.lspRequest<{ from: { name: string; detail?: string; uri: string; selectionRange: LspRange }; fromRanges: LspRange[] }[] | null>("callHierarchy/incomingCalls", { item });
    for (const c of calls ?? []) {
      out.push({ from: { name: c.from.name, detail: c.from.detail ?? null, location: fromRange(c.from.uri, c.from.selectionRange) }, calls: c.fromRanges.map((r) => fromRange(c.from.uri, r)) });
    }
  }
  return out;
}

function editsOf(edit: { changes?: Record<string, { range: LspRange; newText: string }[]>; documentChanges?: { textDocument: { uri: string }; edits: { range: LspRange; newText: string }[] }[] } | null | undefined): TextEdit[] {
  const out: TextEdit[] = [];
  const push = (uri: string, e: { range: LspRange; newText: string }) => out.push({ ...fromRange(uri, e.range), newText: e.newText });
  for (const [uri, edits] of Object.entries(edit?.changes ?? {})) for (const e of edits) push(uri, e);
  for (const doc of edit?.documentChanges ?? []) for (const e of doc.edits ?? []) push(doc.textDocument.uri, e);
  return out;
}

/** The edits renaming the symbol at a position makes, or why the engine refuses. */
export async function renameLocations(engine: TsEngine, file: string, pos: Position, newName: string): Promise<{ edits: TextEdit[] } | { refused: string }> {
  const prepared = await engine.lspRequest<unknown>("textDocument/prepareRename", { textDocument: { uri: fileUri(file) }, position: toLsp(pos) }).catch((e: Error) => ({ error: e.message }));
  if (!prepared || (typeof prepared === "object" && "error" in prepared)) return { refused: prepared ? String((prepared as { error: string }).error) : "nothing to rename at this position" };
  const edit = await engine.lspRequest<Parameters<typeof editsOf>[0]>("textDocument/rename", { textDocument: { uri: fileUri(file) }, position: toLsp(pos), newName });
  return { edits: editsOf(edit) };
}

/**
 * The engine's quick fixes for the diagnostics at a range of a file. The file is opened in
 * the language server (with its overlay or disk content) and its diagnostics pulled first:
 * code actions only answer diagnostics the server produced itself. TypeScript 7.0.2 has
 * fixes for imports (add/fix import), missing members, `implements` and missing type
 * annotations; it has no spelling fix (TS2551/TS2552 "Did you mean …" get none).
 */
export async function codeFixes(engine: TsEngine, file: string, range: { start: Position; end: Position }, codes?: readonly number[]): Promise<CodeFix[]> {
  const opened = engine.overlayText(file) === null;
  if (opened) await engine.setOverlay(file, readFileSync(file, "utf8"));
  try {
    const pulled = await engine.lspRequest<{ items?: { range: LspRange; code?: number | string }[] }>("textDocument/diagnostic", { textDocument: { uri: fileUri(file) } });
    const lspRange = { start: toLsp(range.start), end: toLsp(range.end) };
    const overlaps = (r: LspRange) => !(r.end.line < lspRange.start.line || (r.end.line === lspRange.start.line && r.end.character < lspRange.start.character) || r.start.line > lspRange.end.line || (r.start.line === lspRange.end.line && r.start.character > lspRange.end.character));
    const diags = (pulled.items ?? []).filter((d) => overlaps(d.range) && (!codes || codes.includes(Number(d.code))));
    if (!diags.length) return [];
    const actions = await engine.lspRequest<{ title: string; kind?: string; edit?: Parameters<typeof editsOf>[0] }[] | null>("textDocument/codeAction", { textDocument: { uri: fileUri(file) }, range: lspRange, context: { diagnostics: diags, only: ["quickfix"] } });
    return (actions ?? []).filter((a) => a.edit).map((a) => ({ title: a.title, kind: a.kind ?? "quickfix", edits: editsOf(a.edit) }));
  } finally {
    if (opened) engine.clearOverlay(file);
  }
}

/** Signature lines of a symbol: `name(params): ret` per call signature, `new name(…)` per construct signature, else `name: type`. */
export async function signatureLines(checker: Checker, emitter: Emitter, symbol: Symbol, name: string): Promise<string[]> {
  const print = async (sig: Parameters<Checker["signatureToSignatureDeclaration"]>[0], kind: SyntaxKind) => {
    const node = await checker.signatureToSignatureDeclaration(sig, kind);
    return node ? (await emitter.printNode(node)).replace(/;\s*$/, "") : "";
  };
  const type = await checker.getTypeOfSymbol(symbol).catch(() => undefined);
  if (type && !type.isErrorType()) {
    const calls = await checker.getSignaturesOfType(type, SignatureKind.Call);
    if (calls.length) return Promise.all(calls.map(async (s) => `${name}${(await print(s, SyntaxKind.MethodSignature)).replace(/^[^(<]*/, "")}`));
    const constructs = await checker.getSignaturesOfType(type, SignatureKind.Construct);
    if (constructs.length) return Promise.all(constructs.map(async (s) => `new ${name}${(await print(s, SyntaxKind.ConstructSignature)).replace(/^new\s*/, "").replace(/^[^(<]*/, "")}`));
    return [`${name}: ${await checker.typeToString(type)}`];
  }
  const declared = await checker.getDeclaredTypeOfSymbol(symbol);
  const props = await checker.getPropertiesOfType(declared);
  const members = await Promise.all(
    props.slice(0, 30).map(async (p) => {
      const t = await checker.getTypeOfSymbol(p).catch(() => undefined);
      return `${p.name}: ${t ? await checker.typeToString(t) : "?"}`;
    }),
  );
  return [`${name} { ${members.join("; ")}${props.length > 30 ? "; …" : ""} }`];
}
