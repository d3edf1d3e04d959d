// Wiring facts of one file outside the index (the pattern summary over files that were not
// extracted): parse only when the text can hold wiring.

import { isCodeLanguage, languageOf } from "../../lang/languages.ts";
import { declarationsOf, parseRoot } from "../../lang/outline.ts";
import type { FileFacts } from "../model.ts";
import { detectWiring, mayHaveWiring } from "./index.ts";

const JS = new Set(["typescript", "tsx", "javascript"]);

export function factsFromText(path: string, text: string): FileFacts | null {
  const language = languageOf(path);
  try {
    if (!isCodeLanguage(language) || !JS.has(language)) return detectWiring(path, text, language, null, []);
    if (!mayHaveWiring(path, text)) return null;
    const root = parseRoot(language, text);
    const decls = root ? declarationsOf(language, root, text).decls : [];
    return detectWiring(path, text, language, root, decls);
  } catch {
    return null;
  }
}
