// Which extractor handles which language, with the language's annotation syntax (for
// signatures that skip leading decorators/attributes).

import type { SgNode } from "@ast-grep/napi";
import type { CodeLanguage } from "../languages.ts";
import { extractC } from "./c.ts";
import { TOP, type Outline } from "./core.ts";
import { CSHARP } from "./csharp.ts";
import { extractGo } from "./go.ts";
import { JAVA, SCALA, walkMembers, type ClassSpec } from "./jvm.ts";
import { KOTLIN } from "./kotlin.ts";
import { PHP } from "./php.ts";
import { extractPython } from "./python.ts";
import { extractRuby } from "./ruby.ts";
import { extractRust } from "./rust.ts";
import type { AnnotationStyle } from "./signature.ts";
import { SWIFT } from "./swift.ts";
import { extractTypeScript } from "./typescript.ts";

export interface Extractor {
  annotations: AnnotationStyle;
  extract(o: Outline, root: SgNode): void;
}

function table(spec: ClassSpec, annotations: AnnotationStyle): Extractor {
  return { annotations, extract: (o, root) => walkMembers(spec, o, root, { scope: TOP, kind: null }) };
}

const AT: AnnotationStyle = { at: true, slashComments: true };
const PLAIN: AnnotationStyle = { slashComments: true };

export const EXTRACTORS: Record<CodeLanguage, Extractor> = {
  typescript: { annotations: AT, extract: (o, root) => extractTypeScript(o, root, false) },
  tsx: { annotations: AT, extract: (o, root) => extractTypeScript(o, root, false) },
  javascript: { annotations: AT, extract: (o, root) => extractTypeScript(o, root, true) },
  python: { annotations: { at: true, hashComments: true }, extract: extractPython },
  go: { annotations: PLAIN, extract: extractGo },
  rust: { annotations: { hash: true, slashComments: true }, extract: extractRust },
  java: table(JAVA, AT),
  kotlin: table(KOTLIN, AT),
  scala: table(SCALA, AT),
  csharp: table(CSHARP, { bracket: true, slashComments: true }),
  ruby: { annotations: { hashComments: true }, extract: extractRuby },
  php: table(PHP, { hash: true, slashComments: true }),
  swift: table(SWIFT, AT),
  c: { annotations: PLAIN, extract: extractC },
  cpp: { annotations: PLAIN, extract: extractC },
};
