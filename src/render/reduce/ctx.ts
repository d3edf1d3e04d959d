// The per-file context every structural (syntax-tree) reduction pass reads and edits.

import type { CodeLanguage } from "../../lang/languages.ts";
import type { Decl } from "../../lang/model.ts";
import type { Edits } from "./edits.ts";
import type { Literal } from "./lexer.ts";
import type { Protector } from "./protect.ts";

export interface Ctx {
  text: string;
  /** Same offsets as `text`; literals filled, comments blanked. */
  code: string;
  lang: CodeLanguage;
  skeleton: boolean;
  publicApi: boolean;
  decls: Decl[];
  children: Map<Decl, Decl[]>;
  literalAt: Map<number, Literal>;
  p: Protector;
  edits: Edits;
  keepWhole: ReadonlySet<string>;
  /** keepWhole names and every enclosing qualified name: never dropped. */
  wanted: ReadonlySet<string>;
  markers: boolean;
  /** Declarations whose bodies collapse as generated code. */
  collapse: ReadonlySet<Decl>;
  /** Top-level declaration names the level leaves out (named in one closing marker, never silently). */
  omitted: string[];
}
