// File-to-file import edges, syntax tier: the import statements of one parsed file.
// Each language walks only the top-level statements that may import (stopping early where
// the language or the text says no more can follow) and reads each one's text once by
// offset. Nested imports (require(), import(), Python imports in bodies) and line-based
// directives (#include, Ruby require) are found in the text first, masked for strings
// and comments, so no extractor searches the whole tree.

import type { SgNode } from "@ast-grep/napi";
import type { CodeLanguage } from "../../lang/languages.ts";
import { cImports, csharpImports, goImports, jvmImports, phpImports, rubyImports, swiftImports } from "./extract-langs.ts";
import { pythonImports, rustImports } from "./extract-py-rs.ts";
import { tsImports } from "./extract-ts.ts";
import { Refs, type ImportRef } from "./refs.ts";

export type { ImportKind, ImportRef } from "./refs.ts";

type LangExtractor = (refs: Refs, root: SgNode) => void;

const EXTRACT: Record<CodeLanguage, LangExtractor> = {
  typescript: tsImports,
  tsx: tsImports,
  javascript: tsImports,
  python: pythonImports,
  go: goImports,
  rust: rustImports,
  java: jvmImports,
  kotlin: jvmImports,
  scala: jvmImports,
  csharp: csharpImports,
  ruby: rubyImports,
  php: phpImports,
  swift: swiftImports,
  c: cImports,
  cpp: cImports,
};

/** Imports of a parsed file, in source order. `root` is the parse root of `source`. Never throws. */
export function importsOf(language: CodeLanguage, root: SgNode, source: string): ImportRef[] {
  const refs = new Refs(source);
  try {
    EXTRACT[language]?.(refs, root);
  } catch {
    // keep what was found before the surprise
  }
  const list = refs.list;
  for (let i = 1; i < list.length; i++) {
    if (list[i]!.line < list[i - 1]!.line) return list.sort((a, b) => a.line - b.line);
  }
  return list;
}
