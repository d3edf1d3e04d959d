// Bidirectional controls in text a surface prints, shown as `\u{202E}`, never sent: a file name,
// a symbol or a line of code holding U+202E (RIGHT-TO-LEFT OVERRIDE) or another bidi control
// displays in another order than it reads (Trojan Source, CVE-2021-42574): `src/evil\u{202E}st.ts`
// shows as a different name, a comment can seem to close where it does not. The engine escapes
// every answer's text and warnings (engine.ts invoke), every error (errors.ts) and every line a
// log or a terminal gets (text/control-chars.ts), so a new operation cannot forget it.
// Structured data keeps the characters (JSON carries them as they are, for programs).
//
// The escaped form goes back in: a path parameter takes `\u{202E}` for the character
// (validate.ts), and apply puts the file's own characters back for the lines a view showed
// escaped (ops/apply.ts restoreBidi), or refuses naming what to pass.

/** The bidi controls: embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the marks LRM, RLM and ALM. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const BIDI_ONE = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** The escaped form of one, exactly as escapeBidi writes it. */
const ESCAPED = /\\u\{(061C|200E|200F|202[A-E]|206[6-9])\}/g;
const ESCAPED_ONE = /\\u\{(061C|200E|200F|202[A-E]|206[6-9])\}/;

const hex = (c: string) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");

export function hasBidi(text: string): boolean {
  return BIDI_ONE.test(text);
}

export function hasEscapedBidi(text: string): boolean {
  return ESCAPED_ONE.test(text);
}

/** Every bidi control as `\u{XXXX}` (idempotent: an escape holds none). */
export function escapeBidi(text: string): string {
  return BIDI_ONE.test(text) ? text.replace(BIDI, (c) => `\\u{${hex(c)}}`) : text;
}

/** The escapes escapeBidi writes, as the characters again. */
export function unescapeBidi(text: string): string {
  return ESCAPED_ONE.test(text) ? text.replace(ESCAPED, (_, code: string) => String.fromCharCode(parseInt(code, 16))) : text;
}

/** The code points of the bidi controls `text` holds, as `U+202E` (first seen first). */
export function bidiNames(text: string): string[] {
  return [...new Set([...text.matchAll(BIDI)].map((m) => `U+${hex(m[0])}`))];
}

/** JSON text with every bidi control in JSON's own escape (`\u202E`): the same value once parsed, never displayed reordered. */
export function jsonEscapeBidi(json: string): string {
  return BIDI_ONE.test(json) ? json.replace(BIDI, (c) => `\\u${hex(c)}`) : json;
}
