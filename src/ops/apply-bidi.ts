// Apply takes back the bidi controls views showed escaped (text/bidi.ts): every text answer shows
// U+202E as `\u{202E}`, so content derived from a view holds the escape where the file holds the
// character. A line the file has with bidi controls, given back as the view showed it, takes the
// file's own line (and the answer says so: the agent may have meant the text); an escape on any
// other line is written as the text it is when the file holds no bidi control (a new file, or
// `"\u{202E}"` in source that means it), and is refused, naming what to pass, when the file holds
// one (the edit may mean the character or the text: which cannot be told). Two different lines of
// the file a view shows alike (one holds the character, one the text) are told apart by their
// order when the content has each as often as the file; otherwise the line is refused.
// takeBack is what apply takes back from the file, bidi controls then secrets (apply-fidelity.ts
// restoreMarkers): svc_check's content and a race's candidates go through it too (restoredAsApplied).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validationError } from "../errors.ts";
import { MARKER, restoreMarkers } from "./apply-fidelity.ts";
import { rememberedAt } from "../text/remembered-at.ts";
import { bidiNames, escapeBidi, hasBidi, hasEscapedBidi, unescapeBidi } from "../text/bidi.ts";

export interface RestoredBidi {
  text: string;
  /** What the answer says was kept ("" when no line took the file's characters back), for apply's `kept`. */
  kept: string;
}

/**
 * Proposed content for the workspace file `rel` as apply would write it — the bidi controls a
 * view escaped and the secrets it showed as markers taken back from the file on disk — or
 * apply's refusal (`action` naming what was asked: "check"): svc_check's single-file content
 * and a race's candidates check, and run the tests on, the bytes apply would write, not a view's
 * escape or marker as text. (Line endings, BOM and the whitespace views hide, which apply keeps
 * too, change no check.) A file that is not UTF-8 takes nothing back (apply refuses it).
 */
export function restoredAsApplied(root: string, rel: string, content: string, action: string): string {
  if (!hasEscapedBidi(content) && !MARKER.test(content)) return content;
  let disk: string | null = null;
  try {
    disk = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(readFileSync(join(root, rel)));
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOENT") return content;
  }
  return takeBack(root, rel, content, disk, action).text;
}

/** What apply takes back from the file on disk (`disk`: its text, null for a new file) into content a view gave: the bidi controls it escaped, then the secrets it showed as markers (restoreMarkers). */
export function takeBack(root: string, rel: string, content: string, disk: string | null, action = "apply to"): { text: string; bidiKept: string; secrets: number } {
  const shown = restoreBidi(rel, content, disk, action);
  const secrets = restoreMarkers(rel, shown.text, disk === null ? null : disk.replace(/^\uFEFF/, ""), rememberedAt(root), action);
  return { text: secrets.text, bidiKept: shown.kept, secrets: secrets.restored };
}

export function restoreBidi(rel: string, content: string, disk: string | null, action = "apply to"): RestoredBidi {
  if (!hasEscapedBidi(content) || disk === null || !hasBidi(disk)) return { text: content, kept: "" };
  // every line of the file that a view shows with an escape, by how it is shown, in the file's order
  const shownAs = new Map<string, string[]>();
  for (const line of disk.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)) {
    if (!hasBidi(line) && !hasEscapedBidi(line)) continue;
    const shown = escapeBidi(line);
    const alike = shownAs.get(shown);
    if (alike) alike.push(line);
    else shownAs.set(shown, [line]);
  }
  const lines = content.split("\n");
  const bare = lines.map((line, i) => (i === 0 ? line.replace(/^\uFEFF/, "") : line).replace(/\r$/, ""));
  const given = new Map<string, number>(); // how often the content has each line
  for (const l of bare) given.set(l, (given.get(l) ?? 0) + 1);
  const seen = new Map<string, number>();
  const restored: number[] = [];
  const out = lines.map((line, i) => {
    const shown = bare[i]!;
    if (!hasEscapedBidi(shown)) return line;
    const own = shownAs.get(shown);
    if (!own) {
      // a line the view showed with a secret as its marker too (keyed above with the value): its bidi controls back, the marker left to restoreMarkers
      const marked = withMarkers(shown, shownAs);
      if (marked !== null) {
        restored.push(i + 1);
        return line.slice(0, line.length - (line.endsWith("\r") ? 1 : 0) - shown.length) + marked + (line.endsWith("\r") ? "\r" : "");
      }
    }
    if (!own) throw refusal(action, rel, i + 1, shown, disk, "the file holds such characters");
    const nth = seen.get(shown) ?? 0;
    seen.set(shown, nth + 1);
    let back = own[0]!;
    if (own.some((l) => l !== back)) {
      // the file has this line both with the character and with the text: told apart by order, when each is there
      if (given.get(shown) !== own.length) throw refusal(action, rel, i + 1, shown, disk, "the file has lines shown alike that hold the character in one and the text in another");
      back = own[nth]!;
    }
    if (back === shown) return line;
    restored.push(i + 1);
    return line.slice(0, line.length - (line.endsWith("\r") ? 1 : 0) - shown.length) + back + (line.endsWith("\r") ? "\r" : "");
  });
  const where = restored.length > 5 ? `${restored.length} lines` : `line${restored.length > 1 ? "s" : ""} ${restored.join(", ")}`;
  const names = bidiNames(disk);
  const kept = restored.length ? `bidi controls (${names.join(", ")}) on ${where}, given as views show them ('\\u{…}'; to write that text there, spell it '\\u${names[0]!.slice(2)}' or in lowercase hex)` : "";
  return { text: out.join("\n"), kept };
}

/**
 * Whether `line` reads `parts` in order with at least one character between each two (a marker's value), from its start to
 * its end: leftmost placement of each part leaves the most room for the rest, so one pass tells. (A regular expression of
 * lazy gaps backtracked through every placement: three markers over a 3000-character line took 30 s, four never ended.)
 */
function readsWithGaps(line: string, parts: readonly string[]): boolean {
  const first = parts[0]!, last = parts[parts.length - 1]!;
  if (!line.startsWith(first)) return false;
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    const found = line.indexOf(part, at + 1);
    if (found < 0) return false;
    at = found + part.length;
  }
  return line.endsWith(last) && line.length - last.length >= at + 1;
}

/**
 * `shown` (a content line holding an escape and a redaction marker) with its bidi controls back,
 * when the file has a line shown so but for the secret values behind its markers, and no such
 * line holds an escape's text of its own (then which escape means the character cannot be told);
 * null otherwise.
 */
function withMarkers(shown: string, shownAs: ReadonlyMap<string, readonly string[]>): string | null {
  if (!MARKER.test(shown)) return null;
  const parts = shown.split(new RegExp(MARKER.source, "g"));
  const lines = [...shownAs].filter(([escaped]) => readsWithGaps(escaped, parts)).flatMap(([, own]) => own);
  return lines.length && !lines.some(hasEscapedBidi) ? unescapeBidi(shown) : null;
}

function refusal(action: string, rel: string, line: number, shown: string, disk: string, why: string) {
  const code = /\\u\{([0-9A-F]{4})\}/.exec(shown)?.[1] ?? "202E"; // the line's own, in what to pass
  return validationError(
    `refusing to ${action} '${rel}': line ${line} holds a bidi control escaped as svc views show one ('\\u{${code}}'), and ${why} (${bidiNames(disk).join(", ")}), so whether the edit means the character or that text cannot be told: keep the line as the view showed it, pass the character itself (the JSON escape \\u${code} in the tool's arguments), or spell a source escape another way (\\u${code} without braces)`,
  );
}
