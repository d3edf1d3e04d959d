// Content rebuilt from a reduced view, or from a view cut short. Only level none shows a file whole: context and ask
// show level standard (comments, imports and trailing comments left out), skeleton and
// publicApi leave bodies out (`{ … }`), aggressive compacts the code. Such a view written
// back — as shown, or with an edit — would silently drop everything the view left out, so
// apply refuses content that lacks every line a reduced view of the file drops while holding
// most of what that view shows, when that cannot be an ordinary edit: the content also holds
// a line as only that view renders it, or the dropped lines (four or more) are imports and
// something else (an edit that removes a file's every import and every comment at once is not
// one a person makes; organize-imports removing the imports alone still applies). A view that
// drops only comments (a file without imports) is not told from an edit deleting them: that
// one is not caught.

import { clipInput, validationError } from "../errors.ts";
import { secretsIn } from "../text/known-secrets.ts";
import { reduceFile, type Level } from "../render/reduce/index.ts";

const LEVELS: readonly Level[] = ["standard", "skeleton", "aggressive"];
const IMPORT = /^\s*(?:import\b|export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\b|from\s+\S+\s+import\b|use\s|using\s|#\s*include\b|require\b|.*=\s*require\()/;

/** A line holding a comment (or a docstring's quotes) or an import: what standard and aggressive views leave out. */
const COMMENT_OR_IMPORT = /\/\/|\/\*|^\s*\*|#|"""|'''|<!--|^\s*--|^\s*;|^\s*(?:import|from|use|using|require)\b|require\(/;

function nonBlank(text: string): string[] {
  return text.split("\n").map((l) => l.replace(/[ \t\r\f\v]+$/, "")).filter((l) => l.trim() !== "");
}


/** Refuse `content` for `rel` when it looks rebuilt from a reduced view of the file on disk (`disk`: its text). */
export function refuseReducedView(rel: string, content: string, disk: string): void {
  const sent = new Set(nonBlank(content));
  // Cheap conditions first (reducing a large file takes seconds): the lines a view drops are lines the content
  // lacks — two at least, comments or imports for standard and aggressive — and a skeleton's content has its `…`.
  const lines = new Set(nonBlank(disk));
  const missing = [...lines].filter((l) => !sent.has(l));
  if (missing.length < 2) return;
  // (or fewer than half the file's lines: a compacted view, JSON on one line)
  const commented = missing.filter((l) => COMMENT_OR_IMPORT.test(l)).length >= 2 || sent.size * 2 < lines.size;
  const levels = LEVELS.filter((level) => (level === "skeleton" ? content.includes("…") : commented));
  if (!levels.length) return;
  const wholeSet = new Set(nonBlank(reduceFile(disk, { path: rel, level: "none" })));
  for (const level of levels) {
    const view = nonBlank(reduceFile(disk, { path: rel, level }));
    const viewSet = new Set(view);
    const dropped = [...wholeSet].filter((l) => !viewSet.has(l));
    if (dropped.length < 2 || dropped.some((l) => sent.has(l))) continue;
    const rendered = view.find((l) => !wholeSet.has(l) && sent.has(l));
    // most of what the view shows (not a rewrite, nor a file cut in half); three lines at least unless one is the view's own rendering
    const shown = view.filter((l) => sent.has(l)).length;
    if (shown < Math.max(rendered === undefined ? 3 : 1, Math.floor(view.length * 0.8))) continue;
    const imports = dropped.filter((l) => IMPORT.test(l)).length;
    if (rendered === undefined && (imports === 0 || imports === dropped.length || dropped.length < 4)) continue;
    // a line of the file, quoted without its context and cut: its secrets (the whole file's) taken out before the cut, which could leave a token's head
    const known = secretsIn(disk, rel);
    const clip = (line: string) => clipInput(known.take(line.trim(), { path: rel }).text, 60);
    const evidence = rendered !== undefined ? `it has '${clip(rendered)}' as only that view renders it, and ` : "";
    throw validationError(
      `refusing to apply to '${rel}': the content looks rebuilt from a ${level}-level view of the file (${evidence}it lacks all ${dropped.length} lines that view leaves out, e.g. '${clip(dropped[0]!)}'); writing it would drop them. Only a level none view shows the whole file (svc_reduce files=['${rel}'] level=none): edit from that and send the whole file`,
    );
  }
}

/**
 * XML views wrap a file in `<file path=…>` … `</file>` without escaping it, so a file holding
 * a line `</file>` (a template, a test of svc) looks as if it ended there: content that keeps
 * most of the file up to that line and nothing after it is the file cut short by a reader of
 * the view, refused rather than written (everything after the line would go).
 */
export function refuseCutView(rel: string, content: string, disk: string): void {
  const lines = disk.split("\n").map((l) => l.replace(/[ \t\r\f\v]+$/, ""));
  const at = lines.findIndex((l) => l.trim() === "</file>");
  if (at < 0) return;
  const after = lines.slice(at + 1).filter((l) => l.trim() !== "");
  const before = lines.slice(0, at).filter((l) => l.trim() !== "");
  if (!after.length) return;
  const sent = new Set(nonBlank(content));
  if (sent.has(lines[at]!) || after.some((l) => sent.has(l))) return;
  if (before.filter((l) => sent.has(l)).length < Math.floor(before.length * 0.8)) return;
  throw validationError(
    `refusing to apply to '${rel}': the content stops where the file has a line '</file>' (line ${at + 1}) and lacks the ${after.length === 1 ? "line" : `${after.length} lines`} after it, as if read from an XML view up to that line, which is not the file's end; writing it would drop them. Take the file's content from svc_reduce files=['${rel}'] level=none format=json (entries[].content) and send the whole file`,
  );
}
