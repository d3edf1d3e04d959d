// Control characters in text a surface prints, made visible: a query, a path or a file's line
// echoed to a terminal could otherwise carry an escape sequence (`ESC [ 2 J` clears the screen,
// `ESC ] 0 ; … BEL` retitles the window, a lone CR overwrites what the line said). Every C0 control
// but tab, line feed, form feed and the CR of a CRLF, DEL and every C1 control (CSI 0x9b) becomes
// `\xNN`. Text only: structured data keeps the bytes (JSON escapes them), so content an edit
// round-trips stays exact there. Bidi controls too, as `\u{202E}` (text/bidi.ts).

import { escapeBidi } from "./bidi.ts";

const CONTROL = /[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]|\r(?!\n)/g;

export function escapeControls(text: string): string {
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(text)) return escapeBidi(text);
  return escapeBidi(text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`));
}
