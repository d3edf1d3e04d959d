// Test helpers for import edges: parse + extract, and a resolver over an in-memory workspace.

import { parse } from "@ast-grep/napi";
import { ensureGrammars } from "../../../src/lang/grammars.ts";
import { grammarOf, languageOf, type CodeLanguage } from "../../../src/lang/languages.ts";
import { importsOf, type ImportRef } from "../../../src/index/imports/extract.ts";
import { createResolver } from "../../../src/index/imports/resolve.ts";

export function refsOf(language: CodeLanguage, source: string): ImportRef[] {
  ensureGrammars();
  return importsOf(language, parse(grammarOf(language), source).root(), source);
}

/** `specifier names…` per ref, for compact expectations. */
export function brief(refs: ImportRef[]): string[] {
  return refs.map((r) => [r.kind, r.specifier, ...r.names].join(" ") + (r.typeOnly ? " (type)" : ""));
}

/**
 * A workspace from a map of path → text (text "" for files whose content does not
 * matter): `resolve(from, specifier, names?)` extracts nothing, it builds the ref itself.
 */
export function workspace(files: Record<string, string>) {
  const resolver = createResolver({
    root: "/ws",
    paths: Object.keys(files),
    readText: (p) => files[p] ?? null,
  });
  return (from: string, specifier: string, names: string[] = [], kind: ImportRef["kind"] = "import"): string[] => {
    const language = languageOf(from) as CodeLanguage;
    return resolver.resolve(from, language, { specifier, line: 1, kind, names, typeOnly: false });
  };
}

/** Resolve every import a file's source declares, as `specifier → files`. */
export function edges(files: Record<string, string>, from: string): Record<string, string[]> {
  const resolver = createResolver({ root: "/ws", paths: Object.keys(files), readText: (p) => files[p] ?? null });
  const language = languageOf(from) as CodeLanguage;
  const out: Record<string, string[]> = {};
  for (const ref of refsOf(language, files[from] ?? "")) out[ref.specifier] = resolver.resolve(from, language, ref);
  return out;
}
