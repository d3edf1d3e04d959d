// The exported API of an unpacked npm package, syntax tier: start at its types entry
// (`types`/`typings`, the `types` condition of `exports`, the `.d.ts` beside `main`) and
// follow `export * from`, `export { x as y } from`, `export { x }`, `export default x` and
// imports re-exported through the package's own files (bounded). Without an entry, the
// exports of all its `.d.ts` files; without types, the exports of its JS entry (compared
// by name only: JS has no signatures).

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { inside } from "../workspace/allowed.ts";
import { splitComments } from "../lang/comments.ts";
import type { Decl, Visibility } from "../lang/model.ts";
import { fullSignature } from "../lang/full-signature.ts";
import { outlineOf } from "../lang/outline.ts";
import { clausePairs, exportStatements } from "../lang/export-statements.ts";

/** How an entry's overloads (and merged declarations) are joined in its signature. */
export const OVERLOADS = " ; ";

export interface ApiEntry {
  /** Public name: `parse`, `Options.strict`, `default`. */
  name: string;
  kind: string;
  /** Declaration headers without `export`/`default`/`declare`; overloads joined by ` ; `. */
  signature: string;
  visibility: Visibility;
  /** Package-relative file and line of the (first) declaration. */
  file: string;
  line: number;
}

export interface PackageApi {
  version: string;
  /** Compared with signatures (types shipped) or by name only (JS). */
  typed: boolean;
  /** Package-relative entry file, or null when every `.d.ts` file was read. */
  entry: string | null;
  entries: Map<string, ApiEntry>;
  filesRead: number;
  /** The file budget ran out (the API may be incomplete). */
  truncated: boolean;
  /** Bare specifiers the package re-exports from (other packages: not followed). */
  foreign: string[];
}

const MAX_FILES = 300;
const MAX_DTS_SCAN = 200;
const DTS = /\.d\.[mc]?ts$/;

interface Manifest {
  version?: string;
  types?: unknown;
  typings?: unknown;
  main?: unknown;
  module?: unknown;
  exports?: unknown;
}

/** The root export target of `exports` (`"."`, or the conditions object itself). */
function rootExport(exports: unknown): unknown {
  if (exports && typeof exports === "object" && !Array.isArray(exports)) {
    const keys = Object.keys(exports);
    if (keys.some((k) => k.startsWith("."))) return (exports as Record<string, unknown>)["."];
  }
  return exports;
}

/** First target under the conditions satisfying `want`, `types` conditions first when `types`. */
function conditionTarget(node: unknown, types: boolean): string | null {
  if (typeof node === "string") return types === DTS.test(node) ? node : null;
  if (Array.isArray(node)) {
    for (const n of node) {
      const t = conditionTarget(n, types);
      if (t) return t;
    }
    return null;
  }
  if (!node || typeof node !== "object") return null;
  const record = node as Record<string, unknown>;
  const order = types ? ["types", ...Object.keys(record)] : ["import", "require", "node", "default", ...Object.keys(record).filter((k) => k !== "types")];
  for (const key of order) {
    if (!(key in record)) continue;
    const t = conditionTarget(record[key], types);
    if (t) return t;
  }
  return null;
}

/** `./index.js` → `./index.d.ts` (`.mjs` → `.d.mts`, `.cjs` → `.d.cts`). */
function dtsBeside(path: string): string {
  const m = /\.([mc]?)js$/.exec(path);
  return m ? `${path.slice(0, m.index)}.d.${m[1]}ts` : /\.[mc]?ts$/.test(path) ? path.replace(/\.([mc]?)ts$/, ".d.$1ts") : `${path}.d.ts`;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Strictly below `dir` (not `dir` itself). */
function below(dir: string, path: string): boolean {
  return relative(dir, path) !== "" && inside(dir, path);
}

function typesEntry(dir: string, m: Manifest): string | null {
  const main = typeof m.main === "string" ? m.main : null;
  const js = conditionTarget(rootExport(m.exports), false);
  const candidates = [m.types, m.typings, conditionTarget(rootExport(m.exports), true), js && dtsBeside(js), main && dtsBeside(main), "index.d.ts"];
  for (const c of candidates) {
    if (typeof c !== "string") continue;
    const abs = join(dir, c);
    if (below(dir, abs) && isFile(abs)) return abs;
    if (below(dir, abs) && isFile(join(abs, "index.d.ts"))) return join(abs, "index.d.ts");
  }
  return null;
}

function jsEntry(dir: string, m: Manifest): string | null {
  const candidates = [conditionTarget(rootExport(m.exports), false), m.main, m.module, "index.js"];
  for (const c of candidates) {
    if (typeof c !== "string") continue;
    const found = resolveFile(dir, join(dir, c), false);
    if (found) return found;
  }
  return null;
}

function resolveFile(dir: string, base: string, typed: boolean): string | null {
  const candidates = typed
    ? [DTS.test(base) ? base : null, dtsBeside(base), `${base}.d.ts`, `${base}.d.mts`, `${base}.d.cts`, join(base, "index.d.ts")]
    : [base, `${base}.js`, `${base}.mjs`, `${base}.cjs`, join(base, "index.js")];
  for (const c of candidates) if (c && below(dir, c) && isFile(c)) return c;
  return null;
}

const IMPORT = /(?<![\w$.])import\s+(?:type\s+)?([^;'"]*?)\s*from\s*(["'])([^"'\n]+)\2/g;

function normalizeSignature(signature: string): string {
  return signature.replace(/^export\s+/, "").replace(/^default\s+/, "").replace(/^declare\s+/, "");
}

/** Reads a package's files and memoizes each module's exports. */
class Reader {
  readonly memo = new Map<string, Map<string, ApiEntry>>();
  readonly foreign = new Set<string>();
  filesRead = 0;
  truncated = false;
  constructor(
    readonly dir: string,
    readonly typed: boolean,
  ) {}

  module(file: string): Map<string, ApiEntry> {
    const known = this.memo.get(file);
    if (known) return known;
    const out = new Map<string, ApiEntry>();
    this.memo.set(file, out); // a cycle sees the partial map
    if (this.filesRead >= MAX_FILES) {
      this.truncated = true;
      return out;
    }
    this.filesRead++;
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return out;
    }
    const rel = relative(this.dir, file);
    const decls = outlineOf(this.typed || /\.[mc]?ts$/.test(file) ? "typescript" : "javascript", text).decls;
    const code = splitComments(text, "c").code;
    const byTop = new Map<string, Decl[]>();
    for (const d of decls) {
      const top = d.container === null ? d.name : (d.qualifiedName.split(".")[0] as string);
      if (!byTop.has(top)) byTop.set(top, []);
      byTop.get(top)!.push(d);
    }
    const imported = this.imports(code);
    const exportLocal = (local: string, as: string): void => {
      const own = byTop.get(local);
      if (own) return this.addDecls(out, own, local, as, rel, text);
      const imp = imported.get(local);
      if (!imp) return;
      const target = this.resolve(file, imp.spec);
      if (!target) return;
      const api = this.module(target);
      if (imp.name === "*") this.addPrefixed(out, api, as);
      else this.addRenamed(out, api, imp.name, as);
    };
    for (const d of decls) {
      if (d.container !== null) continue;
      if (/^export\s+default\b/.test(d.signature)) exportLocal(d.name, "default");
      else if (/^export\s/.test(d.signature) || (!this.typed && d.exported)) exportLocal(d.name, d.name);
    }
    for (const st of exportStatements(code)) {
      if (st.kind === "local") for (const [local, as] of st.pairs) exportLocal(local, as);
      else if (st.kind === "default") exportLocal(st.local, "default");
      else {
        const target = this.resolve(file, st.spec);
        if (!target) continue;
        const api = this.module(target);
        if (st.kind === "from") for (const [name, as] of st.pairs) this.addRenamed(out, api, name, as);
        else if (st.as) this.addPrefixed(out, api, st.as);
        else for (const [name, e] of api) if (name !== "default" && !name.startsWith("default.") && !out.has(name)) out.set(name, e);
      }
    }
    return out;
  }

  /** Local name → {module specifier, imported name (`*` for a namespace)}. */
  private imports(code: string): Map<string, { spec: string; name: string }> {
    const out = new Map<string, { spec: string; name: string }>();
    for (const m of code.matchAll(IMPORT)) {
      const clause = m[1]!;
      const spec = m[3]!;
      const brace = clause.indexOf("{");
      const head = (brace < 0 ? clause : clause.slice(0, brace)).replace(/,\s*$/, "").trim();
      const ns = /\*\s*as\s+([\w$]+)/.exec(head);
      if (ns) out.set(ns[1]!, { spec, name: "*" });
      else if (/^[\w$]+$/.test(head)) out.set(head, { spec, name: "default" });
      if (brace >= 0) for (const [name, local] of clausePairs(clause.slice(brace + 1, clause.indexOf("}", brace)))) out.set(local, { spec, name });
    }
    return out;
  }

  private resolve(from: string, spec: string): string | null {
    if (!spec.startsWith(".")) {
      this.foreign.add(spec);
      return null;
    }
    return resolveFile(this.dir, join(dirname(from), spec), this.typed);
  }

  private addDecls(out: Map<string, ApiEntry>, decls: readonly Decl[], local: string, as: string, file: string, text: string): void {
    for (const d of decls) {
      if (d.container !== null && d.visibility === "private") continue;
      const name = as + d.qualifiedName.slice(local.length);
      const signature = normalizeSignature(fullSignature(d, text));
      const prior = out.get(name);
      if (prior && prior.file === file) {
        if (!prior.signature.split(OVERLOADS).includes(signature)) prior.signature += `${OVERLOADS}${signature}`; // overloads, merged declarations
      } else if (!prior) out.set(name, { name, kind: d.kind, signature, visibility: d.visibility, file, line: d.startLine });
    }
  }

  private addRenamed(out: Map<string, ApiEntry>, api: ReadonlyMap<string, ApiEntry>, name: string, as: string): void {
    for (const [key, e] of api) {
      if (key !== name && !key.startsWith(`${name}.`)) continue;
      const renamed = as + key.slice(name.length);
      if (!out.has(renamed)) out.set(renamed, { ...e, name: renamed });
    }
  }

  private addPrefixed(out: Map<string, ApiEntry>, api: ReadonlyMap<string, ApiEntry>, ns: string): void {
    if (!out.has(ns)) out.set(ns, { name: ns, kind: "namespace", signature: `namespace ${ns}`, visibility: "public", file: "", line: 0 });
    for (const [key, e] of api) if (!out.has(`${ns}.${key}`)) out.set(`${ns}.${key}`, { ...e, name: `${ns}.${key}` });
  }
}

/** `.d.ts` files of the package outside nested node_modules, bounded. */
function dtsFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    let names: string[];
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const n of names) {
      if (out.length >= MAX_DTS_SCAN || n === "node_modules" || n.startsWith(".")) continue;
      const p = join(d, n);
      if (DTS.test(n) && isFile(p)) out.push(p);
      else if (!n.includes(".") && existsSync(p) && statSync(p).isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

export function packageApi(dir: string): PackageApi {
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
  } catch {
    // a package folder without a readable manifest: the fallbacks below still apply
  }
  const version = typeof manifest.version === "string" ? manifest.version : "?";
  const types = typesEntry(dir, manifest);
  const scan = types ? [] : dtsFiles(dir);
  const typed = types !== null || scan.length > 0;
  const reader = new Reader(dir, typed);
  let entries = new Map<string, ApiEntry>();
  let entry: string | null = null;
  if (types) {
    entries = reader.module(types);
    entry = relative(dir, types);
  } else if (scan.length) {
    for (const f of scan) for (const [k, e] of reader.module(f)) if (!entries.has(k)) entries.set(k, e);
  } else {
    const js = jsEntry(dir, manifest);
    if (js) {
      entries = reader.module(js);
      entry = relative(dir, js);
    }
  }
  return { version, typed, entry, entries, filesRead: reader.filesRead, truncated: reader.truncated || scan.length >= MAX_DTS_SCAN, foreign: [...reader.foreign].sort() };
}
