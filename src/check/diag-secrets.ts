// The secrets a compiler diagnostic may quote: a literal type (`Type '"…"' is not assignable to
// type '5'`) comes from the file diagnosed or from any file it imports, however far (the type
// flows through imports and re-exports); the message carries none of the names (`password`)
// beside the value there. So a message is redacted, then loses every secret of those files.
// Relative imports (`./db`, `../config.js`) and path aliases (`@/settings`: the nearest tsconfig.json or
// jsconfig.json's `paths` and `baseUrl`, along relative `extends`) read from the text as the engine sees it, and the
// imports the check's import graph resolved (the index's resolution: workspace packages too) when it has been built.

import { dirname, join } from "node:path";
import { parseJsonc } from "../index/imports/file-index.ts";
import { pathTargets } from "../index/imports/tsconfig.ts";
import { fileSecrets, knownSecrets, type KnownSecrets } from "../text/known-secrets.ts";
import type { SecretKind } from "../text/redact.ts";

/** At most this many files are read for one diagnosed file. */
const REACH = 64;
const SPECIFIER = /(?:\bfrom|\bimport|\brequire\(|\bimport\()[ \t]*["']([^"'\r\n]+)["']/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];

/** A config's module lookup: `paths` (targets relative to `pathsBase`) and `baseUrl`, absolute. */
interface Aliases { paths: [string, string[]][]; pathsBase: string; baseUrl: string | null }

/** The aliases of the tsconfig.json/jsconfig.json nearest above `dir` (within `root`), merged along relative `extends`. */
function aliasesAt(dir: string, root: string, textOf: (abs: string) => string | null): Aliases | null {
  for (let d = dir; d.startsWith(root); d = dirname(d)) {
    for (const name of ["tsconfig.json", "jsconfig.json"]) {
      const config = join(d, name);
      if (textOf(config) !== null) return configAliases(config, textOf, 0);
    }
    if (d === root || dirname(d) === d) break;
  }
  return null;
}

function configAliases(file: string, textOf: (abs: string) => string | null, depth: number): Aliases | null {
  const json = parseJsonc(textOf(file) ?? "") as { extends?: unknown; compilerOptions?: { baseUrl?: unknown; paths?: unknown } } | null;
  if (!json || typeof json !== "object" || depth > 8) return null;
  const dir = dirname(file);
  let out: Aliases = { paths: [], pathsBase: dir, baseUrl: null };
  for (const spec of typeof json.extends === "string" ? [json.extends] : Array.isArray(json.extends) ? json.extends : []) {
    if (typeof spec !== "string" || !spec.startsWith(".")) continue;
    const parent = [spec, `${spec}.json`].map((s) => join(dir, s)).find((p) => textOf(p) !== null);
    const inherited = parent ? configAliases(parent, textOf, depth + 1) : null;
    if (inherited) out = inherited;
  }
  const options = json.compilerOptions ?? {};
  if (typeof options.baseUrl === "string") out = { ...out, baseUrl: join(dir, options.baseUrl), pathsBase: join(dir, options.baseUrl) };
  if (options.paths && typeof options.paths === "object") {
    const paths = Object.entries(options.paths as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.filter((t): t is string => typeof t === "string") : []] as [string, string[]]);
    out = { ...out, paths, pathsBase: out.baseUrl ?? dir };
  }
  return out;
}

/** The imports of `text` (the file `abs`) that name workspace files (relative or through a path alias), as absolute paths of files `textOf` can read. */
function importsOf(abs: string, text: string, root: string, textOf: (abs: string) => string | null): string[] {
  const out: string[] = [];
  let aliases: Aliases | null | undefined;
  SPECIFIER.lastIndex = 0;
  for (let m = SPECIFIER.exec(text); m; m = SPECIFIER.exec(text)) {
    const spec = m[1]!;
    let bases: string[];
    if (/^\.{1,2}\//.test(spec)) bases = [join(dirname(abs), spec)];
    else {
      if (aliases === undefined) aliases = aliasesAt(dirname(abs), root, textOf);
      if (!aliases) continue;
      bases = pathTargets(aliases.paths, spec).map((t) => join(aliases!.pathsBase, t));
      if (aliases.baseUrl) bases.push(join(aliases.baseUrl, spec));
    }
    for (const base of bases.map((b) => b.replace(/\.[cm]?jsx?$/, ""))) {
      const hit = [...EXTENSIONS, ".js", ".jsx"].map((e) => base + e).find((p) => textOf(p) !== null);
      if (hit) {
        out.push(hit);
        break;
      }
    }
  }
  return out;
}

/** Per reader (a batch of diagnostics reads each file once): the answer for each diagnosed file. */
const batches = new WeakMap<(abs: string) => string | null, Map<string, KnownSecrets>>();

/** Absolute paths of the files a file (absolute) imports, as an import graph resolved them (aliases, workspace packages). */
export type ResolvedImports = (abs: string) => readonly string[];

/** The secrets of `abs` (path `rel` in the workspace) and of the files it imports, to take out of a diagnostic's message. */
export function diagnosticSecrets(abs: string, rel: string, textOf: (abs: string) => string | null, resolved?: ResolvedImports): KnownSecrets {
  let batch = batches.get(textOf);
  if (!batch) batches.set(textOf, (batch = new Map()));
  const hit = batch.get(abs);
  if (hit) return hit;
  const known = reachedSecrets(abs, rel, textOf, resolved);
  batch.set(abs, known);
  return known;
}

function reachedSecrets(abs: string, rel: string, textOf: (abs: string) => string | null, resolved?: ResolvedImports): KnownSecrets {
  const values: [string, SecretKind][] = [];
  const root = abs.endsWith(rel) && rel ? abs.slice(0, abs.length - rel.length).replace(/[\\/]+$/, "") || "/" : dirname(abs); // the workspace: where configs are looked for
  const seen = new Set([abs]);
  const queue = [abs];
  while (queue.length) {
    const file = queue.shift()!, text = textOf(file);
    if (text === null) continue;
    values.push(...fileSecrets(text, file === abs ? rel : file));
    for (const next of [...importsOf(file, text, root, textOf), ...(resolved?.(file) ?? [])]) {
      if (seen.size >= REACH || seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return knownSecrets(values);
}
