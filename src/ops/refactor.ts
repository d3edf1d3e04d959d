// svc_refactor / svc/refactor: compiler-executed refactors, staged and never written. The
// language service computes the edits, they go into an in-memory overlay, the affected
// files are re-checked (refactor/stage.ts), and the staged diff comes back only when no new
// error appears; otherwise `cannot <op>: <reason naming the sites>`. A process that is not
// the host asks the host serving the root (its resident engine) first; else it uses its own
// resident engine or loads one for the call.

import { configCaveat, type ConfigProblem } from "../check/config-caveat.ts";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { isCheckable } from "../check/gate-compare.ts";
import { coldChecks, ENGINE_NAME, residentChecks, type CheckWorkspace } from "../check/workspace.ts";
import { clipInput, SvcError, symbolNotFound, validationError } from "../errors.ts";
import { connectHost } from "../host/client.ts";
import { indexAfterBuild } from "../indexing/fresh.ts";
import { extractInterfaceContents } from "../refactor/extract-interface.ts";
import { moveToFileContents } from "../refactor/move-to-file.ts";
import { renameContents, validateNewName } from "../refactor/rename.ts";
import { sourceActionContents, parseDiagnosticId } from "../refactor/source-actions.ts";
import { stageContents, type StagedFile } from "../refactor/stage.ts";
import { describeCodeStyle, useCodeStyle, type CodeStyle } from "../refactor/code-style.ts";
import type { RefactorOperation } from "../refactor/operations.ts";
import { signatureContents, type SignatureChange } from "../refactor/signature.ts";
import { keepLineEndings } from "../refactor/style.ts";
import { writesOutsideText } from "../refactor/outside-text.ts";
import { OUTSIDE } from "../check/diag-outside.ts";
import { resolveTarget } from "../refactor/target.ts";
import { RefactorProgress } from "../refactor/progress.ts";
import { importersOf, unreachedLine, unreachedUses } from "../refactor/unreached.ts";
import { diffCounts, firstPage, hasStaging, laterPage, stagingKey, stampFiles } from "../refactor/pages.ts";
import { answerTokens } from "../render/fit.ts";
import { redactResult } from "../render/redact-output.ts";
import { tokenCounter } from "../text/tokens.ts";
import { rememberedAt } from "../text/remembered-at.ts";
import { checkPathForm } from "../validate.ts";
import { realpathLenient } from "../workspace/allowed.ts";
import { confine } from "../workspace/confine.ts";
import { textReader } from "../workspace/files.ts";
import { readInside } from "../workspace/read-inside.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export { REFACTOR_OPERATIONS, type RefactorOperation } from "../refactor/operations.ts";

export interface RefactorRequest {
  path: string;
  operation: RefactorOperation;
  symbol: string | null;
  file: string | null;
  newName: string | null;
  containingType: string | null;
  parameterName: string | null;
  parameterType: string | null;
  argument: string | null;
  newOrder: string | null;
  diagnosticId: string | null;
  /** The answer's budget (MCP: 20,000 by default): a staged change over it is answered in pages (refactor/pages.ts). */
  maxTokens?: number | null;
  /** A later page of a staged change kept by this process (refactor/pages.ts); absent: run the refactor. */
  page?: number | null;
}

export interface RefactorData {
  operation: RefactorOperation;
  status: "staged" | "refused";
  reason?: string;
  /** Per changed file: what svc_workspace action=apply takes. */
  files?: StagedFile[];
  diffs?: { file: string; diff: string }[];
  /** Files re-checked with the edits in memory. */
  checked?: number;
  grade?: "resident" | "cold";
  /** False when a project checked loaded with config errors (check/config-caveat.ts): partly verified. */
  verified?: boolean;
  configProblems?: ConfigProblem[];
  /** The project style the engine formatted its edits in (code-style.ts). */
  style?: CodeStyle;
  /** Files importing the declaring file that mention the name but the compiler neither edited nor checked (unreached.ts): the change is not verified there. */
  unreached?: string[];
  /** rename: modules that re-export the symbol under its old name (the engine's alias), with their importers that still use that name. */
  keptName?: { file: string; name: string; users: string[] }[];
  /** The symbol was a bare name some members share too: the line saying how many, the first few and how to ask for one. */
  alsoNamed?: string;
  /** A staged change over the budget, answered in pages: this page, how many, the staging they all belong to. */
  paged?: { staging: string; page: number; pages: number; files: number; first: number; last: number; next: number | null; wholeOnly: true };
}

const refused = (operation: RefactorOperation, reason: string): OpResult<RefactorData> => ({ text: `cannot ${operation}: ${reason}`, data: { operation, status: "refused", reason } });

const SIGNATURE_OPS: readonly RefactorOperation[] = ["add-parameter", "remove-parameter", "reorder-parameters"];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function identifier(op: string, what: string, value: string | null): string {
  const v = value?.trim() ?? "";
  if (!IDENTIFIER.test(v)) throw validationError(`${op} needs ${what}, a parameter name (got '${value ?? ""}')`);
  return v;
}

/** The signature change a parameter operation asks for (validated; no engine needed). */
function signatureChange(request: RefactorRequest): SignatureChange {
  const op = request.operation;
  if (op === "add-parameter") {
    const name = identifier(op, "parameterName", request.parameterName);
    return { op, name, type: request.parameterType?.trim() || null, argument: request.argument?.trim() || "undefined" };
  }
  if (op === "remove-parameter") return { op, name: identifier(op, "parameterName", request.parameterName) };
  const order = (request.newOrder ?? "").split(",").map((x) => x.trim());
  if (!request.newOrder?.trim()) throw validationError("reorder-parameters needs newOrder, the parameter names comma-separated in the new order");
  for (const name of order) identifier(op, "newOrder", name);
  return { op: "reorder-parameters", order };
}

/** Parameter checks that need no engine (bad input is a validation_error, never an abstention). */
function validate(request: RefactorRequest): void {
  const op = request.operation;
  if (op === "rename" || op === "extract-interface" || op === "move-to-file" || SIGNATURE_OPS.includes(op)) {
    if (!request.symbol?.trim()) throw validationError(`${op} needs symbol (Name, Type.member or path:line)`);
  }
  if (op === "rename") validateNewName(request.newName);
  if (op === "extract-interface" && request.newName?.trim()) validateNewName(request.newName);
  if (op === "move-to-file" && request.newName?.trim() && !/\.[cm]?[jt]sx?$/.test(request.newName.trim())) throw validationError(`move-to-file: newName is the new file and must end in .ts, .tsx, .js or similar (got '${request.newName}')`);
  if (SIGNATURE_OPS.includes(op)) signatureChange(request);
  if ((op === "organize-imports" || op === "apply-codefix") && !request.file?.trim()) throw validationError(`${op} needs file (root-relative path of the file)`);
  if (op === "apply-codefix") parseDiagnosticId(request.diagnosticId);
}

async function viaHost(root: string, request: RefactorRequest, ctx: OpContext): Promise<OpResult<RefactorData> | null> {
  const host = await connectHost(root, 500);
  if (!host) return null;
  try {
    const { path: _p, ...rest } = request;
    const answer = await host.call<{ output: string } & RefactorData>("svc/refactor", { root, request: rest }, 300_000, { signal: ctx.signal, progress: ctx.progress });
    const { output, ...data } = answer;
    return { text: output, data };
  } finally {
    host.close();
  }
}

async function run(cw: CheckWorkspace, root: string, request: RefactorRequest, file: string | null, ctx: OpContext, progress: RefactorProgress): Promise<OpResult<RefactorData>> {
  const op = request.operation;
  // under a budget the answer may come in pages, served later only while the files this staging reads are as they are now
  const budget = request.maxTokens ?? null;
  const stamp = budget ? stampFiles(root, [...(await cw.files()), ...(await cw.projectConfigs())]) : null;
  let computed: { contents: Map<string, string> } | { refused: string };
  let title: string;
  let style: CodeStyle | null = null;
  // a symbol operation: the declaring file's importers, its name and file (to name the uses the edit did not reach)
  let importers: string[] = [];
  let name = "";
  let declaring = "";
  let qualified: string[] = [];
  let keptIn: string[] = [];
  // a bare name resolved to its one top-level declaration while members share it: the line saying so
  let alsoNamed: string | undefined;
  if (op === "rename" || op === "extract-interface" || op === "move-to-file" || SIGNATURE_OPS.includes(op)) {
    const index = await indexAfterBuild(root, ctx);
    if (!index.available) return refused(op, `the index is not available (${index.state}: ${index.detail})`);
    let target;
    const indexed = Number(index.meta.index_inventory_count ?? 0);
    try {
      target = resolveTarget(index.db, request.symbol!.trim(), request.containingType?.trim() || null, file, textReader(root));
      if (target.ok) importers = importersOf(index.db, target.symbol.path);
    } finally {
      index.db.close();
    }
    if (!target.ok && target.notFound) throw symbolNotFound(target.notFound.query, target.notFound.nearest, indexed, target.notFound.note);
    if (!target.ok) return refused(op, target.reason);
    // the engine edits and checks TypeScript and JavaScript only: a declaration in another language is refused by name, not by the engine's failure
    if (!isCheckable(target.symbol.path)) return refused(op, `${target.symbol.qualifiedName} is declared in ${target.symbol.path}, not a TypeScript or JavaScript file: the compiler-executed refactors edit TypeScript and JavaScript only`);
    const t = target;
    alsoNamed = t.alsoNamed;
    name = t.symbol.name;
    declaring = t.symbol.path;
    qualified = t.symbol.qualifiedName.split(".");
    progress.at(`computing the ${op} with the engine`);
    if (op === "rename") {
      const newName = validateNewName(request.newName);
      title = `${target.symbol.qualifiedName} -> ${newName}`;
      computed = await cw.exclusive(async () => {
        await cw.refresh();
        style = await useCodeStyle(cw.engine, root, t.symbol.path);
        const renamed = await renameContents(cw, t, newName);
        if ("keptName" in renamed) keptIn = renamed.keptName;
        return renamed;
      });
    } else if (op === "move-to-file") {
      const destination = request.newName?.trim() ? confine(root, checkPathForm(request.newName.trim(), "newName"), op).rel : null;
      title = `${target.symbol.qualifiedName} -> ${destination ?? "its own file"}`;
      computed = await cw.exclusive(async () => {
        await cw.refresh();
        style = await useCodeStyle(cw.engine, root, t.symbol.path);
        return moveToFileContents(cw, t, destination);
      });
    } else if (op === "extract-interface") {
      const newName = request.newName?.trim() ? validateNewName(request.newName) : null;
      title = `${target.symbol.qualifiedName} -> ${newName ?? `I${target.symbol.name}`}`;
      computed = await cw.exclusive(async () => {
        await cw.refresh();
        style = await useCodeStyle(cw.engine, root, t.symbol.path);
        return extractInterfaceContents(cw, t, newName);
      });
    } else {
      const change = signatureChange(request);
      title = `${target.symbol.qualifiedName} (${change.op === "reorder-parameters" ? change.order.join(", ") : change.name})`;
      computed = await cw.exclusive(async () => {
        await cw.refresh();
        style = await useCodeStyle(cw.engine, root, t.symbol.path);
        return signatureContents(cw, t, change);
      });
    }
  } else {
    const rel = file!;
    title = rel;
    progress.at(`computing the ${op} with the engine`);
    computed = await cw.exclusive(async () => {
      await cw.refresh();
      // The engine writes its edits in the project's style (semicolons, quotes, indentation).
      style = await useCodeStyle(cw.engine, root, rel);
      return sourceActionContents(cw, op as "organize-imports" | "apply-codefix", rel, request.diagnosticId);
    });
  }
  if ("refused" in computed) return refused(op, computed.refused);
  const edits = computed.contents;
  progress.at(`looking for outside text in the ${edits.size} edited files`);
  const given = Object.values(request).filter((v): v is string => typeof v === "string" && v !== request.path);
  const outsideText = await cw.exclusive(() => writesOutsideText(cw, edits, given));
  if (outsideText.length) return refused(op, `the engine's edit would write a name or type of a declaration in a file ${OUTSIDE} into ${outsideText.join(", ")} (it spells what the compiler read there); not staged: write that part yourself`);
  const contents = new Map([...computed.contents].map(([f, text]) => [f, existsSync(join(root, f)) ? keepLineEndings(readInside(root, f, "utf8"), text) : text] as const));
  const staged = await cw.exclusive(() => stageContents(cw, contents, op === "rename" && name ? { from: name, to: validateNewName(request.newName), names: qualified, declaring } : undefined, progress));
  if (!staged.ok) {
    // A parameter the body does not read yet, under noUnusedParameters: say how to add it anyway.
    const unusedOnly = op === "add-parameter" && staged.introduced?.length && staged.introduced.every((d) => d.code === "TS6133");
    return refused(op, unusedOnly ? `${staged.reason} (the project sets noUnusedParameters: name it with a leading underscore, e.g. _${request.parameterName!.trim()}, or add it with the code that reads it)` : staged.reason);
  }
  if (op === "apply-codefix") {
    const code = parseDiagnosticId(request.diagnosticId);
    const rel = file!;
    const left = staged.after.filter((d) => d.path === rel && d.code === code);
    if (left.length) return refused(op, `${left.length} ${code} remain in ${rel} after the engine's fixes (${left.map((d) => `${rel}:${d.line}`).join(", ")})`);
  }
  // uses the edit must reach (a rename, a moved declaration, a changed signature) in files the compiler never saw
  const reaching = op === "rename" || op === "move-to-file" || SIGNATURE_OPS.includes(op);
  const edited = new Set([declaring, ...staged.files.map((f) => f.file)]);
  const unreached = reaching ? unreachedUses(importers, name, edited, textReader(root)) : [];
  const keptName = keptIn.length ? await keptNameUsers(root, keptIn, name, edited, ctx) : [];
  const head = [
    `staged ${op}: ${title} (${staged.files.length} file${staged.files.length === 1 ? "" : "s"} changed, not written to disk)`,
    ...(alsoNamed ? [alsoNamed] : []),
    verifiedLine(staged, `${ENGINE_NAME}, ${cw.grade}`),
    ...keptName.map(keptNameLine),
    ...(unreached.length ? [unreachedLine(unreached, declaring, name)] : []),
    ...(style ? [`edits formatted in the project's ${describeCodeStyle(style)}`] : []),
  ];
  const lines = [
    ...head,
    // every file and its count of lines before the diffs: a budget that cuts the diffs (render/fit.ts) never cuts this
    `files: ${staged.diffs.map((d) => `${d.file} (${diffCounts(d.diff)})`).join(", ")}`,
    ...staged.diffs.map((d) => d.diff.trimEnd()),
    `apply each file with svc_workspace action=apply file=<file> content=<content> expectedHash=<expectedHash> write=true (the structured result lists them)`,
  ];
  // a staged line can lose the name that made its value a secret (`DB_PASSWORD = "hunter2"` renamed `DB_PW = "hunter2"`): the
  // output path takes every secret of the edited files as they are on disk out of the answer, and apply puts them back from there
  const secretSources = staged.files.map((f) => join(root, f.file));
  const data: RefactorData = { operation: op, status: "staged", files: staged.files, diffs: staged.diffs, checked: staged.checked, grade: cw.grade, verified: !staged.configProblems.length, ...(staged.configProblems.length ? { configProblems: staged.configProblems } : {}), ...(style ? { style } : {}), ...(unreached.length ? { unreached } : {}), ...(keptName.length ? { keptName } : {}), ...(alsoNamed ? { alsoNamed } : {}) };
  const whole: OpResult<RefactorData> = { text: lines.join("\n"), data, secretSources };
  if (!budget || !stamp) return whole;
  // counted as the answer goes out (redacted: a marker can be longer than the value), the summary and every file redacted together
  const counter = await tokenCounter();
  const remembered = rememberedAt(root);
  // staged files that fit whole go in one answer, the diffs (to read) cut around them by the budget's fit (render/fit.ts)
  const { diffs: _diffs, ...handoff } = data;
  if (answerTokens(redactResult({ text: [...head, lines[head.length]!].join("\n"), data: handoff, secretSources }, remembered), counter) <= budget * 0.9) return whole;
  const summary = redactResult({ text: head.join("\n"), data, secretSources }, remembered);
  return firstPage(stagingKey(root, { ...request }), summary, staged.files, stamp, budget, counter) as unknown as OpResult<RefactorData>;
}

/** The verification's line: verified, or partly when a project checked loaded with config errors (check/config-caveat.ts). */
function verifiedLine(staged: { checked: number; configProblems: readonly ConfigProblem[] }, how: string): string {
  const files = `${staged.checked} file${staged.checked === 1 ? "" : "s"} re-checked with the edits in memory (${how})`;
  const caveat = configCaveat(staged.configProblems);
  return caveat ? `partly verified: no new errors in ${files}, but ${caveat}` : `verified: no new errors in ${files}`;
}

/** Per module that re-exports the renamed symbol under its old name, the importers of that module that still use the name. */
async function keptNameUsers(root: string, files: readonly string[], name: string, edited: ReadonlySet<string>, ctx: OpContext): Promise<{ file: string; name: string; users: string[] }[]> {
  const index = await indexAfterBuild(root, ctx);
  if (!index.available) return files.map((file) => ({ file, name, users: [] }));
  try {
    return files.map((file) => ({ file, name, users: unreachedUses(importersOf(index.db, file), name, edited, textReader(root)) }));
  } finally {
    index.db.close();
  }
}

/** The answer's line for one: the rename did not reach the module's public name. */
function keptNameLine(k: { file: string; name: string; users: string[] }): string {
  const shown = k.users.length > 10 ? `${k.users.slice(0, 10).join(", ")}, … ${k.users.length - 10} more` : k.users.join(", ");
  const users = k.users.length ? `; ${k.users.length} file${k.users.length === 1 ? "" : "s"} importing it still use${k.users.length === 1 ? "s" : ""} '${k.name}' (${shown})` : "";
  return `public name kept: ${k.file} re-exports it as '${k.name}' (the engine keeps the name a module exports)${users}; to rename the public name too, edit that export and its importers`;
}

export async function refactor(request: RefactorRequest, ctx: OpContext): Promise<OpResult<RefactorData>> {
  validate(request);
  const op = request.operation;
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const target = request.file?.trim() ? confine(ws.root, request.file, op) : null;
  const file = target?.rel ?? null;
  // the file a source action works on must be one (a missing one came back as the engine's ENOENT)
  if (target && (op === "organize-imports" || op === "apply-codefix") && !statSync(target.abs, { throwIfNoEntry: false })?.isFile()) {
    throw validationError(`cannot ${op} '${target.rel}': ${existsSync(target.abs) ? "it is not a file" : "no such file in the workspace"}; pass the root-relative path of a source file`);
  }
  // the engine has no imports or diagnostics to act on in another kind of file (it answered "already organized" for a README)
  if (target && (op === "organize-imports" || op === "apply-codefix") && !isCheckable(target.rel)) return refused(op, `${target.rel} is not a TypeScript or JavaScript file`);
  if (request.page) {
    // a later page: from the staging this process keeps, else the host's (which ran it), never recomputed
    const key = stagingKey(ws.root, { ...request });
    if (!hasStaging(key) && !ctx.host) {
      const hosted = await viaHost(ws.root, request, ctx);
      if (hosted) return hosted;
    }
    const page = laterPage(ws.root, key, request.page, request.maxTokens ?? null, op);
    return "refused" in page ? refused(op, page.refused) : (page as unknown as OpResult<RefactorData>);
  }
  if (!ctx.host) {
    const hosted = await viaHost(ws.root, request, ctx);
    if (hosted) return hosted;
  }
  const progress = new RefactorProgress(ctx);
  progress.at("loading the workspace's projects");
  const resident = await residentChecks(ws.root, ctx);
  const cw = resident ?? (await coldChecks(ws.root));
  try {
    return await run(cw, ws.root, request, file, ctx, progress);
  } catch (error) {
    if (error instanceof SvcError) throw error;
    // a file no program takes: said so, not the engine's "source file not found"
    const takers = file ? await cw.programsTaking(file).catch(() => null) : null; // (null: not known, so not said)
    if (takers?.length === 0) return refused(op, `${file} is in no loaded project's program (outside every tsconfig/jsconfig's include)`);
    return refused(op, progress.failed((error as Error).message.split("\n")[0]!));
  } finally {
    if (!resident) await cw.release().catch(() => undefined);
  }
}

/** svc/refactor: the host runs the request with its resident engine; `{output, files?, …}`. */
export async function refactorRpc(request: { path: string; request: Record<string, unknown> }, ctx: OpContext): Promise<OpResult<{ output: string } & RefactorData>> {
  if (!ctx.invoke) throw new Error("svc/refactor runs through the engine (invoke)");
  // the host answers for its root: a path inside the request was overwritten by it (ignored, silently), so another one is refused
  const nested = request.request.path;
  if (nested !== undefined && nested !== null && (typeof nested !== "string" || realpathLenient(resolve(ctx.cwd, nested)) !== realpathLenient(resolve(ctx.cwd, request.path)))) {
    throw validationError(`request.path: svc/refactor answers for ${request.path}, not ${clipInput(nested)}; leave request.path out`);
  }
  const result = (await ctx.invoke("refactor", { ...request.request, path: request.path })) as unknown as OpResult<RefactorData>;
  return { text: result.text, data: { output: result.text, ...result.data } };
}
