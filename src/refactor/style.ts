// The style of text a refactor writes itself (not through the engine): semicolons and the
// quote of module specifiers from the shared detection (code-style.ts: Prettier, then
// .editorconfig, then the file), and the file's line endings.

import { detectCodeStyle } from "./code-style.ts";

/** Whether statements written into `rel` end with `;` (the detected style; `;` when unknown). */
export function usesSemicolons(root: string, rel: string, text: string): boolean {
  return detectCodeStyle(root, rel, text).semicolons ?? true;
}

/** The quote of module specifiers written into `rel` (double when unknown). */
export function importQuote(root: string, rel: string, text: string): "'" | '"' {
  return detectCodeStyle(root, rel, text).quote === "single" ? "'" : '"';
}

/** New content with the original's line endings when the original uses CRLF throughout (the refactors write `\n`). */
export function keepLineEndings(original: string, content: string): string {
  const crlf = (original.match(/\r\n/g) ?? []).length;
  const lf = (original.match(/\n/g) ?? []).length;
  return crlf > 0 && crlf === lf ? content.replace(/\r?\n/g, "\r\n") : content;
}
