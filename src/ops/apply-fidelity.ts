// What apply keeps of the file it replaces, so an edit derived from an svc view changes only
// what the agent meant to change:
// - redaction markers (`[REDACTED:<kind>]`, what views show instead of a secret) are refused
//   unless the file on disk has that very line, marker included — writing one would replace
//   the real credential;
// - a file that is not valid UTF-8 is refused (a view showed it decoded with U+FFFD; writing
//   it back would corrupt every non-UTF-8 byte);
// - content without any `\r` (views drop it) takes the file's CRLF line endings back, and
//   content without a BOM the file's BOM; the file's final-newline state is kept.
// Line endings are restored per line: lines of the common prefix and suffix (the lines the
// edit did not touch) keep their own terminator, lines of the edited region take the one of
// the line they replace (position by position) and, beyond it, the file's dominant one.

import { validationError } from "../errors.ts";

const MARKER = /\[REDACTED:[A-Za-z0-9_-]+\]/;
const BOM = "\uFEFF";

export interface Fidelity {
  /** The text to write (UTF-8). */
  text: string;
  /** What was taken back from the file on disk ("CRLF line endings", "BOM", "final newline", "no final newline"). */
  kept: string[];
}

function lineNumberAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function clip(text: string, max = 80): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

/** Refuse content carrying a redaction marker on a line the file on disk does not have as it is. */
export function checkMarkers(rel: string, content: string, before: string | null): void {
  if (!MARKER.test(content)) return;
  const diskLines = new Set<string>();
  if (before !== null && MARKER.test(before)) for (const line of before.split("\n")) if (MARKER.test(line)) diskLines.add(line.replace(/\r$/, ""));
  let at = 0;
  for (const line of content.split("\n")) {
    const m = MARKER.exec(line);
    if (m && !diskLines.has(line.replace(/\r$/, ""))) {
      const n = lineNumberAt(content, at);
      throw validationError(
        `refusing to apply to '${rel}': line ${n} contains the redaction marker ${m[0]}, which the file on disk does not have there ('${clip(line)}'). svc views show secrets as markers; writing one would replace the real value. Keep that line as it is on disk (read the file itself) or write the value you mean.`,
      );
    }
    at += line.length + 1;
  }
}

/** Decode the file on disk strictly; refuse (naming where) when it is not valid UTF-8. */
export function decodeStrict(rel: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const lenient = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const bad = lenient.indexOf("\uFFFD");
    const line = bad === -1 ? 1 : lineNumberAt(lenient, bad);
    throw validationError(
      `refusing to apply to '${rel}': the file on disk is not valid UTF-8 (first invalid byte on line ${line}; Latin-1 or another encoding?). apply writes UTF-8 and would corrupt its other bytes; convert the file to UTF-8 first or edit it with a tool that knows its encoding.`,
    );
  }
}

interface Lines {
  bodies: string[];
  /** Terminator of each line: "\r\n", "\n" or "" (the last line without a newline). */
  ends: string[];
}

function splitLines(text: string): Lines {
  const bodies: string[] = [];
  const ends: string[] = [];
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", start)) {
    const cr = i > start && text.charCodeAt(i - 1) === 13;
    bodies.push(text.slice(start, cr ? i - 1 : i));
    ends.push(cr ? "\r\n" : "\n");
    start = i + 1;
  }
  if (start < text.length) {
    bodies.push(text.slice(start));
    ends.push("");
  }
  return { bodies, ends };
}

/** Give LF-only content the disk file's line endings: untouched lines keep theirs, edited ones take the dominant style. */
function restoreEndings(content: string, disk: Lines): string {
  const crlf = disk.ends.filter((e) => e === "\r\n").length;
  if (crlf === 0) return content;
  const lf = disk.ends.filter((e) => e === "\n").length;
  const dominant = crlf >= lf ? "\r\n" : "\n";
  const next = splitLines(content);
  const n = next.bodies.length;
  const m = disk.bodies.length;
  let prefix = 0;
  while (prefix < n && prefix < m && next.bodies[prefix] === disk.bodies[prefix]) prefix++;
  let suffix = 0;
  while (suffix < n - prefix && suffix < m - prefix && next.bodies[n - 1 - suffix] === disk.bodies[m - 1 - suffix]) suffix++;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const end = next.ends[i] as string;
    let term = end;
    if (end !== "") {
      if (i < prefix) term = disk.ends[i] || dominant;
      else if (i >= n - suffix) term = disk.ends[m - (n - i)] || dominant;
      else term = (i < m - suffix ? disk.ends[i] : "") || dominant; // the edited region: line by line while the file has lines there
    }
    parts.push(next.bodies[i] as string, term);
  }
  return parts.join("");
}

/** The bytes to write for `content` over a file whose current text is `disk` (null: a new file). */
export function keepFileStyle(content: string, disk: string | null): Fidelity {
  const kept: string[] = [];
  if (disk === null || disk.length === 0) return { text: content, kept };
  let text = content;
  const diskBom = disk.startsWith(BOM);
  const body = diskBom ? disk.slice(1) : disk;
  if (!text.includes("\r")) {
    const lines = splitLines(body);
    const restored = restoreEndings(text, lines);
    if (restored !== text) kept.push("CRLF line endings");
    text = restored;
    const diskFinal = lines.ends[lines.ends.length - 1] ?? "";
    if (diskFinal === "" && text.endsWith("\n") && text.length > 0) {
      text = text.slice(0, text.endsWith("\r\n") ? -2 : -1);
      kept.push("no final newline");
    } else if (diskFinal !== "" && text.length > 0 && !text.endsWith("\n")) {
      text += diskFinal;
      kept.push("final newline");
    }
  }
  if (diskBom && !text.startsWith(BOM)) {
    text = BOM + text;
    kept.push("BOM");
  }
  return { text, kept };
}
