// Control characters in text a surface prints, made visible: a query, a path or a file's line
// echoed to a terminal could otherwise carry an escape sequence (`ESC [ 2 J` clears the screen,
// `ESC ] 0 ; … BEL` retitles the window, a lone CR overwrites what the line said). Every C0 control
// but tab, line feed, form feed and the CR of a CRLF, DEL and every C1 control (CSI 0x9b) becomes
// `\xNN`. Text only: structured data keeps the bytes (JSON escapes them), so content an edit
// round-trips stays exact there. Bidi controls too, as `\u{202E}` (text/bidi.ts).

import { escapeBidi, hasBidi, jsonEscapeBidi } from "./bidi.ts";

const CONTROL = /[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]|\r(?!\n)/g;

export function escapeControls(text: string): string {
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(text)) return escapeBidi(text);
  return escapeBidi(text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`));
}

/** DEL and the C1 controls, which JSON.stringify leaves as they are. */
const JSON_RAW_CONTROL = /[\x7f-\x9f]/g;

/**
 * An answer's text as shown: bidi controls escaped (a terminal's control characters too), and a
 * text that is a JSON document (format=json) escaped as JSON escapes them (`\u202E`): the same
 * value once parsed — `\u{202E}` or `\x1b` there made it invalid JSON, so content taken from
 * `entries[].content` for apply could not be read at all.
 */
export function escapeShown(text: string, terminal: boolean): string {
  JSON_RAW_CONTROL.lastIndex = 0;
  const raw = hasBidi(text) || (terminal && JSON_RAW_CONTROL.test(text));
  if (raw && /^\s*[{[]/.test(text) && isJson(text)) return jsonEscapeBidi(text.replace(JSON_RAW_CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
  return terminal ? escapeControls(text) : escapeBidi(text);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
