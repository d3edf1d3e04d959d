// add-parameter, remove-parameter, reorder-parameters: the engine's references of one
// function or method (with `includeDeclaration`, which brings the interface family — the
// interface signature, overridden and overriding members — and calls through aliases and
// re-exports) and its implementations, each classified with ast-grep as a declaration of
// the family, a call, an import/export binding, or a use as a value. The signature is
// edited at every declaration and the argument list at every call; a use as a value (a
// callback, `bind`, `typeof`) or anything else it cannot edit is an abstention naming the
// sites. The result goes to the verify gate (stage.ts) like a rename.

import { relative } from "node:path";
import type { CheckWorkspace } from "../check/workspace.ts";
import { implementations, offsetOf, positionOf, references, type Location } from "../semantic/index.ts";
import { toPosix } from "../workspace/root.ts";
import { diskText } from "./stage.ts";
import { appendToList, applyOffsetEdits, fileSyntax, isRest, lineOf, paramName, parseRoot, permuteList, removeFromList, sideEffecting, within, type CallSite, type Edit, type FileSyntax, type FunctionDecl } from "./syntax.ts";
import type { Target } from "./target.ts";
import { notOwnSource } from "./own-source.ts";

export type SignatureChange =
  | { op: "add-parameter"; name: string; type: string | null; argument: string }
  | { op: "remove-parameter"; name: string }
  | { op: "reorder-parameters"; order: string[] };

type Contents = { contents: Map<string, string> } | { refused: string };

interface Parsed {
  rel: string;
  text: string;
  syntax: FileSyntax;
}

const MAX_SITES = 8;
function listSites(all: readonly string[]): string {
  const sites = [...new Set(all)];
  return `${sites.slice(0, MAX_SITES).join(", ")}${sites.length > MAX_SITES ? ` and ${sites.length - MAX_SITES} more` : ""}`;
}

/** The declarations and calls of the family at the target, or why not. */
async function family(cw: CheckWorkspace, target: Extract<Target, { ok: true }>): Promise<{ files: Map<string, Parsed>; decls: { file: Parsed; decl: FunctionDecl }[]; calls: { file: Parsed; call: CallSite }[]; target: FunctionDecl } | { refused: string }> {
  const files = new Map<string, Parsed>();
  const open = (rel: string): Parsed | null => {
    const known = files.get(rel);
    if (known) return known;
    const text = diskText(cw, rel);
    const root = parseRoot(rel, text);
    if (!root) return null;
    const parsed = { rel, text, syntax: fileSyntax(root) };
    files.set(rel, parsed);
    return parsed;
  };
  const home = open(target.symbol.path);
  const targetDecl = home?.syntax.decls.get(offsetOf(home.text, target.position));
  if (!home || !targetDecl) return { refused: `${target.symbol.qualifiedName} at ${target.symbol.path}:${target.line} is not a function or method declaration with a parameter list` };
  const abs = cw.abs(target.symbol.path);
  const locations: Location[] = [...(await references(cw.engine, abs, target.position, true)), ...(await implementations(cw.engine, abs, target.position))];
  const decls: { file: Parsed; decl: FunctionDecl }[] = [];
  const calls: { file: Parsed; call: CallSite }[] = [];
  const values: string[] = [];
  const seen = new Set<string>();
  for (const loc of locations) {
    const other = notOwnSource(cw.root, loc.path);
    if (other) return { refused: `a declaration or reference is in ${other}, not one of the workspace's own sources` };
    const rel = toPosix(relative(cw.root, loc.path));
    const file = open(rel);
    if (!file) return { refused: `${rel} is referenced but is not a TypeScript/JavaScript source svc can edit` };
    const at = offsetOf(file.text, loc);
    const key = `${rel}:${at}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const decl = file.syntax.decls.get(at);
    const call = file.syntax.calls.get(at);
    if (decl) decls.push({ file, decl });
    else if (call) calls.push({ file, call });
    else if (!within(at, file.syntax.bindings)) values.push(`${rel}:${loc.line}`);
  }
  if (values.length) return { refused: `${target.symbol.name} is used as a value (a callback, bind, typeof or property) at ${listSites(values)}; the calls made through it cannot be edited` };
  const overloads = decls.filter((d) => d.decl.kind === "overload");
  if (overloads.length) return { refused: `${target.symbol.name} has overloads (${listSites(overloads.map((d) => `${d.file.rel}:${lineOf(d.file.text, d.decl.nameAt)}`))}); change them by hand` };
  const annotated = decls.filter((d) => d.decl.kind === "annotated");
  if (annotated.length) return { refused: `${target.symbol.name} takes its signature from a type annotation (${listSites(annotated.map((d) => `${d.file.rel}:${lineOf(d.file.text, d.decl.nameAt)}`))}); change it by hand` };
  return { files, decls, calls, target: targetDecl };
}

const site = (file: Parsed, at: number): string => `${file.rel}:${lineOf(file.text, at)}`;

/** The new content of every file the signature change edits, or why it cannot. */
export async function signatureContents(cw: CheckWorkspace, target: Extract<Target, { ok: true }>, change: SignatureChange): Promise<Contents> {
  const found = await family(cw, target);
  if ("refused" in found) return found;
  const names = found.target.params.elements.map(paramName);
  const n = names.length;
  const label = target.symbol.qualifiedName;
  const edits = new Map<Parsed, Edit[]>();
  const push = (file: Parsed, e: Edit | Edit[]) => edits.set(file, [...(edits.get(file) ?? []), ...(Array.isArray(e) ? e : [e])]);
  const otherArity = found.decls.filter((d) => d.decl.params.elements.length !== n);
  if (otherArity.length && change.op !== "remove-parameter") return { refused: `${listSites(otherArity.map((d) => site(d.file, d.decl.nameAt)))} declare${otherArity.length === 1 ? "s" : ""} a different number of parameters than ${label} (${n})` };
  const spreads = found.calls.filter((c) => c.call.args.elements.some((a) => a.kind === "spread_element"));

  if (change.op === "remove-parameter") {
    const i = names.indexOf(change.name);
    if (i < 0) return { refused: `${label} has no parameter named ${change.name} (parameters: ${names.map((x) => x ?? "<pattern>").join(", ") || "none"})` };
    const used: string[] = [];
    for (const { file, decl } of found.decls) {
      const param = decl.params.elements[i];
      if (!param) continue;
      if (decl.body) {
        const name = paramName(param);
        if (name === null) return { refused: `the parameter at ${site(file, param.start)} is a destructuring pattern` };
        const at = param.start + param.text.indexOf(name);
        const refs = await references(cw.engine, cw.abs(file.rel), positionOf(file.text, at), false);
        used.push(...refs.map((r) => `${toPosix(relative(cw.root, r.path))}:${r.line}`));
      }
      push(file, removeFromList(decl.params, i));
    }
    if (used.length) return { refused: `parameter ${change.name} is used in the body at ${listSites(used)}` };
    const effects: string[] = [];
    const spread: string[] = [];
    for (const { file, call } of found.calls) {
      const args = call.args.elements;
      if (args.slice(0, i + 1).some((a) => a.kind === "spread_element")) spread.push(site(file, call.nameAt));
      else if (args[i] && sideEffecting(args[i]!.node)) effects.push(`${site(file, args[i]!.start)} (${args[i]!.text.slice(0, 40)})`);
      else if (args[i]) push(file, removeFromList(call.args, i));
    }
    if (spread.length) return { refused: `a spread argument covers ${change.name} at ${listSites(spread)}` };
    if (effects.length) return { refused: `a call passes a side-effecting argument for ${change.name} at ${listSites(effects)}; removing it would drop the effect` };
  } else if (change.op === "add-parameter") {
    if (names.includes(change.name)) return { refused: `${label} already has a parameter named ${change.name}` };
    if (found.target.params.elements.some(isRest)) return { refused: `${label} ends with a rest parameter; a parameter cannot follow it` };
    if (spreads.length) return { refused: `spread arguments at ${listSites(spreads.map((c) => site(c.file, c.call.nameAt)))}; the new argument's position is unknown there` };
    const optional = found.target.params.elements.some((p) => p.kind === "optional_parameter" || p.node.field("value") !== null);
    for (const { file, decl } of found.decls) {
      const typed = /\.[cm]?tsx?$/.test(file.rel);
      const type = typed ? `: ${change.type ?? "unknown"}` : "";
      push(file, appendToList(file.text, decl.params, [`${change.name}${optional && typed ? "?" : ""}${type}`]));
    }
    const extra: string[] = [];
    for (const { file, call } of found.calls) {
      const k = call.args.elements.length;
      if (k > n) extra.push(site(file, call.nameAt));
      else push(file, appendToList(file.text, call.args, [...Array<string>(n - k).fill("undefined"), change.argument]));
    }
    if (extra.length) return { refused: `calls pass more arguments than ${label} declares at ${listSites(extra)}` };
  } else {
    const order = change.order.map((x) => names.indexOf(x));
    const unknown = change.order.filter((_, j) => order[j]! < 0);
    if (unknown.length || new Set(order).size !== n || order.length !== n) {
      return { refused: `newOrder must name each parameter of ${label} once (${names.map((x) => x ?? "<pattern>").join(", ")})${unknown.length ? `; unknown: ${unknown.join(", ")}` : ""}` };
    }
    if (order.every((from, j) => from === j)) return { refused: `the parameters of ${label} are already in that order` };
    if (spreads.length) return { refused: `spread arguments at ${listSites(spreads.map((c) => site(c.file, c.call.nameAt)))}` };
    for (const { file, decl } of found.decls) push(file, permuteList(decl.params, order));
    const partial: string[] = [];
    for (const { file, call } of found.calls) {
      const k = call.args.elements.length;
      const prefix = order.slice(0, k);
      if (prefix.some((from) => from >= k)) partial.push(site(file, call.nameAt));
      else push(file, permuteList(call.args, prefix));
    }
    if (partial.length) return { refused: `calls omit arguments the new order would move at ${listSites(partial)}` };
  }
  const contents = new Map<string, string>();
  for (const [file, list] of edits) if (list.length) contents.set(file.rel, applyOffsetEdits(file.text, list));
  if (!contents.size) return { refused: "nothing to edit" };
  return { contents };
}
