// The secrets a compiler diagnostic may quote: a literal type (`Type '"…"' is not assignable to
// type '5'`) comes from the file diagnosed or from any file it imports, however far (the type
// flows through imports and re-exports); the message carries none of the names (`password`)
// beside the value there. So a message is redacted, then loses every secret of those files.
// Relative imports (`./db`, `../config.js`) read from the text as the engine sees it (a proposed import too), and the
// imports the check's import graph resolved (the index's resolver: path aliases and workspace packages).

import { dirname, join } from "node:path";
import { fileSecrets, knownSecrets, type KnownSecrets } from "../text/known-secrets.ts";
import type { SecretKind } from "../text/redact.ts";

/** At most this many files are read for one diagnosed file. */
const REACH = 64;
const RELATIVE = /(?:\bfrom|\bimport|\brequire\(|\bimport\()[ \t]*["'](\.{1,2}\/[^"'\r\n]+)["']/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];

/** The relative imports of `text` (the file `abs`), as absolute paths of files `textOf` can read (the text as the engine sees it: a proposed import too). */
function importsOf(abs: string, text: string, textOf: (abs: string) => string | null): string[] {
  const out: string[] = [];
  RELATIVE.lastIndex = 0;
  for (let m = RELATIVE.exec(text); m; m = RELATIVE.exec(text)) {
    const base = join(dirname(abs), m[1]!).replace(/\.[cm]?jsx?$/, "");
    const hit = [...EXTENSIONS, ".js", ".jsx"].map((e) => base + e).find((p) => textOf(p) !== null);
    if (hit) out.push(hit);
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

/** Per reader: each file's secrets (by the path it is judged under) and relative imports, found once for every file diagnosed with it. */
const perFile = new WeakMap<(abs: string) => string | null, { secrets: Map<string, [string, SecretKind][]>; imports: Map<string, string[]> }>();

function fileCache(textOf: (abs: string) => string | null): { secrets: Map<string, [string, SecretKind][]>; imports: Map<string, string[]> } {
  let cache = perFile.get(textOf);
  if (!cache) perFile.set(textOf, (cache = { secrets: new Map(), imports: new Map() }));
  return cache;
}

function reachedSecrets(abs: string, rel: string, textOf: (abs: string) => string | null, resolved?: ResolvedImports): KnownSecrets {
  const values: [string, SecretKind][] = [];
  const { secrets } = fileCache(textOf);
  for (const [file, text] of reachedFiles(abs, textOf, resolved)) {
    const path = file === abs ? rel : file;
    const key = `${file}\0${path}`;
    let found = secrets.get(key);
    if (!found) secrets.set(key, (found = fileSecrets(text, path)));
    values.push(...found);
  }
  return knownSecrets(values);
}

/** `abs` and the files it imports, however far (at most REACH; through the files `follow` takes), each with its text as the engine sees it: a proposed import too. */
export function reachedFiles(abs: string, textOf: (abs: string) => string | null, resolved?: ResolvedImports, follow: (abs: string) => boolean = () => true): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Set([abs]);
  const queue = [abs];
  while (queue.length) {
    const file = queue.shift()!, text = textOf(file);
    if (text === null) continue;
    out.set(file, text);
    const { imports } = fileCache(textOf);
    let relative = imports.get(file);
    if (!relative) imports.set(file, (relative = importsOf(file, text, textOf)));
    for (const next of [...relative, ...(resolved?.(file) ?? [])]) {
      if (seen.size >= REACH || seen.has(next) || !follow(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return out;
}
