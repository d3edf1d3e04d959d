// The public API delta of a change: exported declarations at a git ref against the work
// tree. Removed, signature changed or visibility reduced is BREAKING; added is additive.
// Here declarations are compared as text; review then re-judges the changed signatures of
// TypeScript files with the checker (check/api-compat.ts), and each entry says which.

import { fileAtRef } from "../git/changes.ts";
import { isCodeLanguage, languageOf } from "../lang/languages.ts";
import type { Decl } from "../lang/model.ts";
import { fullSignature, OVERLOADS } from "../lang/full-signature.ts";
import { outlineOf } from "../lang/outline.ts";
import { splitComments } from "../lang/comments.ts";
import { exportStatements } from "../lang/export-statements.ts";
import { fileSecrets, knownSecrets, type FileVersion, type KnownSecrets } from "../text/known-secrets.ts";

export interface ApiChange {
  /** value: a constant's or variable's initializer changed and nothing of its declared header (outside TypeScript and JavaScript, whose checker judges such changes). */
  kind: "removed" | "signature" | "visibility" | "added" | "value";
  breaking: boolean;
  path: string;
  name: string;
  before?: string;
  after?: string;
  /** How the entry was judged: the declarations' text, or the type checker (assignability of the old declaration's uses to the new one). */
  compared: "checker" | "text";
  /** What the comparison found, or why the checker could not judge it. */
  evidence?: string;
}

const RANK: Record<string, number> = { public: 3, protected: 2, internal: 1, package: 1, private: 0 };

/** Function-like kinds, whose bodiless declarations beside one with a body are overloads. */
const CALLABLE = new Set(["function", "method", "constructor"]);

/**
 * Each name's entry: its declarations' signatures in source order, joined as package mode
 * joins them (OVERLOADS) — an overloaded function shows its overloads (callers never see the
 * implementation's signature), merged declarations all of theirs. Only the first declaration
 * of a name was compared before, so a change to any other overload went unseen.
 */
function entries(path: string, text: string | null, exportedOnly: boolean): Map<string, SurfaceEntry> {
  const out = new Map<string, SurfaceEntry>();
  const language = languageOf(path);
  if (text === null || !isCodeLanguage(language)) return out;
  const byName = new Map<string, Decl[]>();
  for (const d of outlineOf(language, text).decls) {
    if (exportedOnly && !d.exported) continue;
    byName.set(d.qualifiedName, [...(byName.get(d.qualifiedName) ?? []), d]);
  }
  for (const [name, decls] of byName) {
    const overloads = decls.filter((d) => CALLABLE.has(d.kind) && d.bodyStart === undefined);
    const shown = overloads.length && decls.every((d) => CALLABLE.has(d.kind)) ? overloads : decls;
    const signatures = [...new Set(shown.map((d) => fullSignature(d, text)))];
    out.set(name, { signature: signatures.join(OVERLOADS), visibility: decls[0]!.visibility });
  }
  if (JS_FAMILY.has(language)) for (const [name, entry] of reexports(text)) if (!out.has(name)) out.set(name, entry);
  return out;
}

const JS_FAMILY = new Set(["typescript", "tsx", "javascript"]);

/**
 * What a module exports by statement rather than by declaration, keyed by public name: `export { a as b }`, `export default x`,
 * `export { x } from "…"`, `export * as ns from "…"`, and `export * from "…"` keyed by its statement (it names no one name).
 * Removing such a line removes public API as surely as removing a declaration.
 */
function reexports(text: string): Map<string, SurfaceEntry> {
  const out = new Map<string, SurfaceEntry>();
  const add = (name: string, signature: string): void => void (out.has(name) || out.set(name, { signature, visibility: "public" }));
  for (const st of exportStatements(splitComments(text, "c").code)) {
    if (st.kind === "local" || st.kind === "from") {
      const from = st.kind === "from" ? ` from ${JSON.stringify(st.spec)}` : "";
      for (const [local, as] of st.pairs) add(as, `export { ${local === as ? local : `${local} as ${as}`} }${from}`);
    } else if (st.kind === "default") add("default", st.text);
    else add(st.as ?? `* from ${JSON.stringify(st.spec)}`, st.text);
  }
  return out;
}

const surface = (path: string, text: string | null) => entries(path, text, true);
const allDecls = (path: string, text: string | null) => entries(path, text, false);

/** The shape diffSurfaces compares: a declaration's signature and visibility. */
export type SurfaceEntry = Pick<Decl, "signature" | "visibility">;

/**
 * One surface against another, keyed by name: a name gone from `after` is removed (or
 * visibility reduced when `afterAll` still declares it), a lower visibility or another
 * signature is BREAKING, a new name is additive. Shared by review (a file at a ref against
 * the work tree) and impact's package mode (a package's exports at two versions).
 */
export function diffSurfaces(path: string, before: ReadonlyMap<string, SurfaceEntry>, after: ReadonlyMap<string, SurfaceEntry>, afterAll: ReadonlyMap<string, SurfaceEntry> = after): ApiChange[] {
  const changes: ApiChange[] = [];
  for (const [name, d] of before) {
    const now = after.get(name);
    if (!now) {
      const still = afterAll.get(name);
      changes.push(still ? { kind: "visibility", breaking: true, path, name, before: d.visibility, after: still.visibility === d.visibility ? "not exported" : still.visibility, compared: "text" } : { kind: "removed", breaking: true, path, name, before: d.signature, compared: "text" });
    } else if ((RANK[now.visibility] ?? 3) < (RANK[d.visibility] ?? 3)) {
      changes.push({ kind: "visibility", breaking: true, path, name, before: d.visibility, after: now.visibility, compared: "text" });
    } else if (now.signature !== d.signature) {
      changes.push({ kind: "signature", breaking: true, path, name, before: d.signature, after: now.signature, compared: "text" });
    }
  }
  for (const [name, d] of after) if (!before.has(name)) changes.push({ kind: "added", breaking: false, path, name, after: d.signature, compared: "text" });
  return changes;
}

/** A signature change that keeps every overload it had and adds some is additive (`name (overload)`). */
export function overloadsAdded(c: ApiChange): ApiChange {
  if (c.kind !== "signature" || c.before === undefined || c.after === undefined) return c;
  const now = c.after.split(OVERLOADS);
  const added = now.filter((s) => !c.before?.split(OVERLOADS).includes(s));
  if (added.length === now.length - c.before.split(OVERLOADS).length && added.length > 0) return { kind: "added", breaking: false, path: c.path, name: `${c.name} (overload)`, after: added.join(OVERLOADS), compared: "text" };
  return c;
}

/** Declaration kinds whose signature ends in their value (`TIMEOUT = 30`, `const A = "x"`, `public static final int K = 3`). */
const VALUED = new Set(["const", "variable", "field"]);

/**
 * Outside TypeScript and JavaScript (whose checker re-judges a changed signature, the literal's type included): each exported
 * constant's or variable's header without its initializer (`X: int`, `const A`). The text comparison saw `TIMEOUT = 30` → `60`
 * as a BREAKING signature change; a changed value with the same name, annotation and visibility is a value change.
 */
function valueHeaders(path: string, text: string | null): Map<string, string> {
  const out = new Map<string, string>();
  const language = languageOf(path);
  if (text === null || !isCodeLanguage(language) || JS_FAMILY.has(language)) return out;
  for (const d of outlineOf(language, text).decls) {
    if (!d.exported || !VALUED.has(d.kind)) continue;
    const at = fullSignature(d, text).search(/=(?!=)/);
    if (at > 0 && !out.has(d.qualifiedName)) out.set(d.qualifiedName, fullSignature(d, text).slice(0, at).trim());
  }
  return out;
}

/** A signature change that only changed a value (valueHeaders): not BREAKING, said as what it is. */
function valueOnly(c: ApiChange, before: Map<string, string>, after: Map<string, string>): ApiChange {
  if (c.kind !== "signature" || !before.has(c.name) || before.get(c.name) !== after.get(c.name)) return c;
  return { ...c, kind: "value", breaking: false, evidence: "only the value changed: name, type annotation and visibility are as they were (compared as text; what callers do with the value is not judged)" };
}

/** Per changed path, its text at the ref (under its old path) and now: what hideDeltaSecrets takes secrets from. */
export type DeltaVersions = Map<string, FileVersion[]>;

/** The changed files whose public surface the delta compares: those in a language svc outlines. */
export function comparedFiles<F extends { path: string }>(files: readonly F[]): F[] {
  return files.filter((f) => isCodeLanguage(languageOf(f.path)));
}

/** The public API delta of `files` since `ref`; `versions`, when given, receives each compared file's two texts. */
export async function apiDelta(root: string, ref: string, files: readonly { path: string; oldPath?: string; status: string }[], readNow: (path: string) => string | null, versions?: DeltaVersions): Promise<ApiChange[]> {
  const changes: ApiChange[] = [];
  for (const file of comparedFiles(files)) {
    const beforeText = file.status === "added" || file.status === "untracked" ? null : await fileAtRef(root, ref, file.oldPath ?? file.path);
    const afterText = file.status === "deleted" ? null : readNow(file.path);
    versions?.set(file.path, [{ text: beforeText, path: file.oldPath ?? file.path }, { text: afterText, path: file.path }]);
    const [headersBefore, headersAfter] = [valueHeaders(file.path, beforeText), valueHeaders(file.path, afterText)];
    changes.push(...diffSurfaces(file.path, surface(file.path, beforeText), surface(file.path, afterText), allDecls(file.path, afterText)).map(overloadsAdded).map((c) => valueOnly(c, headersBefore, headersAfter)));
  }
  return sortApiDelta(changes);
}

/**
 * Every secret of a file's two versions taken out of its entries (signatures before and after, the checker's evidence):
 * a removed `export const pw = "…"` is a secret only where the old file says `password: pw`, a context the signature lacks.
 */
export function hideDeltaSecrets(changes: ApiChange[], versions: DeltaVersions): void {
  const known = new Map<string, KnownSecrets>();
  for (const c of changes) {
    let k = known.get(c.path);
    if (!k) known.set(c.path, (k = knownSecrets((versions.get(c.path) ?? []).flatMap((v) => (v.text ? fileSecrets(v.text, v.path) : [])))));
    if (c.before !== undefined) c.before = k.take(c.before, { path: c.path }).text;
    if (c.after !== undefined) c.after = k.take(c.after, { path: c.path }).text;
    if (c.evidence !== undefined) c.evidence = k.take(c.evidence).text;
  }
}

/** BREAKING first, then by path and name. */
export function sortApiDelta(changes: ApiChange[]): ApiChange[] {
  return changes.sort((a, b) => Number(b.breaking) - Number(a.breaking) || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.name < b.name ? -1 : 1));
}

const SHOWN = 240;

const clip = (t: string) => (t.length > SHOWN ? `${t.slice(0, SHOWN - 1)}…` : t);

/** Two signatures cut to SHOWN characters each, from a little before where they first differ (a difference past the cut stays visible). */
export function clipPair(before: string, after: string): [string, string] {
  if (before.length <= SHOWN && after.length <= SHOWN) return [before, after];
  let at = 0;
  while (at < before.length && before[at] === after[at]) at++;
  const from = Math.max(0, Math.min(at - 60, Math.max(before.length, after.length) - SHOWN));
  const cut = (t: string) => `${from > 0 ? "…" : ""}${t.slice(from, from + SHOWN)}${t.length > from + SHOWN ? "…" : ""}`;
  return [cut(before), cut(after)];
}

/** The delta's lines; `files` are the changed files it was computed over, so that an empty delta says what was compared. */
export function renderApiDelta(changes: readonly ApiChange[], files: readonly { path: string }[]): string[] {
  if (changes.length === 0) {
    const n = comparedFiles(files).length;
    if (files.length === 0) return [`public API delta: nothing to compare (no file changed)`];
    if (n === 0) return [`public API delta: nothing to compare (no changed file is in a language svc outlines)`];
    return [`public API delta: none — the exported declarations' headers and export statements of the ${n} changed code file${n === 1 ? "" : "s"} are as they were (compared as text: a change inside a body, or in a type they use, is not judged here)`];
  }
  const breaking = changes.filter((c) => c.breaking).length;
  const checked = changes.filter((c) => c.compared === "checker").length;
  const how = checked ? `; ${checked} compared by the checker, ${changes.length - checked} as text` : "; compared as text";
  const values = changes.filter((c) => c.kind === "value").length;
  const lines = [`public API delta: ${breaking} BREAKING, ${changes.length - breaking - values} additive${values ? `, ${values} value${values === 1 ? "" : "s"} changed` : ""}${how}`];
  for (const c of changes) {
    const by = c.compared === "checker" ? " [checker]" : c.kind === "signature" ? " [text]" : "";
    if (c.kind === "removed") lines.push(`  BREAKING removed: ${c.name} (${c.path}) — was \`${clip(c.before ?? "")}\``);
    else if (c.kind === "signature") {
      const [was, now] = clipPair(c.before ?? "", c.after ?? "");
      lines.push(`  ${c.breaking ? "BREAKING signature changed" : "additive signature change (compatible)"}: ${c.name} (${c.path})${by} — was \`${was}\`, now \`${now}\``);
    }
    else if (c.kind === "value") {
      const [was, now] = clipPair(c.before ?? "", c.after ?? "");
      lines.push(`  value changed: ${c.name} (${c.path}) [text] — was \`${was}\`, now \`${now}\`${was === now ? " (the difference is inside a redacted value)" : ""}`);
    }
    else if (c.kind === "visibility") lines.push(`  BREAKING visibility reduced: ${c.name} (${c.path}) — ${c.before} → ${c.after}`);
    else lines.push(`  additive: ${c.name} (${c.path}) — \`${clip(c.after ?? "")}\``);
    if ((c.kind === "signature" || c.kind === "value") && c.evidence) lines.push(`    ${c.evidence}`);
  }
  return lines;
}
