// A file visitor: per-file work the syntax pass runs inside extraction, handed in from
// above (the wiring detectors; pass.ts). Its own file so that extraction needs nothing else
// of the pass contract.

import type { SgNode } from "@ast-grep/napi";
import type { LanguageId } from "../lang/languages.ts";
import type { Decl } from "../lang/model.ts";

/** Per-file work inside extraction: a cheap text gate, then a visit of the parsed file. Never throws out of extraction (see extract.ts). */
export interface FileVisitor {
  /** The name an extraction child looks the visitor up by (children get visitors by name, never as closures). */
  name: string;
  /** False when the file cannot have facts (no hints, no telling path): the visit is skipped when extraction can reuse a same-content file. */
  gate(path: string, text: string): boolean;
  /** The file's facts (`ExtractedFile.wiring`, stored in `wiring_facts` as one JSON value per file), null when none. */
  visit(path: string, text: string, language: LanguageId | null, tree: SgNode | null, decls: readonly Decl[]): unknown;
}
