// Changelog parsing for the localization benchmark: a CHANGELOG.md → version → the change
// entries listed under it. Three real styles are recognised (headings carry the version):
//  - changesets (`## 6.13.7` / `### Patch Changes` / `-   [hash](…) [#12](…) Thanks [@x](…)! - Fix …`)
//  - conventional-changelog (`## [7.8.1](…) (2023-04-26)` / `### Bug Fixes` / `- **scope:** text ([#1](…)) ([abc](…))`)
//  - gcanti style (`# 2.16.11` / `**Bug Fix**` or `- **Bug Fix**` / plain lines or `  - text, #1963 (@user)`)
//  - History.md (express, body-parser: `4.18.2 / 2022-10-08` or `4.22.3` on a line of its
//    own, underlined by `===`, then `  * text` bullets; bullets nested deeper than the
//    first are details of the one above; `deps: x@1.2` bumps and `docs:`, `test:`, `chore:`,
//    `ci:`, `build:`, `types:` lines are not entries)
// Sub-sections are `###`/`####` headings, `## ` headings that start with an emoji (axios:
// `## 🐛 Bug Fixes`) or bold-only lines. Release-date lines (moment: `_Released May 4,
// 2020_`) and setext underlines (`===`) are not entries.
// An entry is its first line of prose with links, hashes, PR numbers and credits removed.

export interface ChangelogEntry {
  /** The section it sat under ("Bug Fixes", "Patch Changes", "Polish" …), lower-case. */
  section: string;
  text: string;
}

const VERSION_HEADING = /^#{1,3}\s+\[?v?(\d+\.\d+\.\d+(?:-[\w.]+)?)\]?|^v?(\d+\.\d+\.\d+(?:-[\w.]+)?)(?: \/ \d{4}-\d\d-\d\d)?\s*$/;
/** Sections whose entries are not code changes of their own. */
const SKIP_SECTIONS = /breaking changes|reverts|documentation|docs|dependencies|dependency updates|chore|build|ci\b|contributors/;

/** Strip markdown links, commit hashes, PR/issue numbers and "Thanks @x!" credits. */
export function cleanEntry(raw: string): string {
  let s = raw.replace(/^\s*[-*]\s+/, "");
  s = s.replace(/^(\s*(\[[^\]]*\]\([^)]*\)|`?[0-9a-f]{7,40}`?)\s*)+/, ""); // leading [hash](…) [#12](…)
  s = s.replace(/^\s*Thanks\s+(\[@[^\]]+\]\([^)]*\)(,\s*|\s+and\s+)?)+!\s*-\s*/, "");
  s = s.replace(/\(\[#?\w+\]\([^)]*\)\)/g, ""); // ([#123](…)) ([abc123](…))
  s = s.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"); // remaining links keep their text
  s = s.replace(/,?\s*(closes|fixes|fix)?\s*#\d+(\s*\(@[\w-]+\))?/gi, "");
  s = s.replace(/\s*\(@[\w-]+(,\s*@[\w-]+)*\)/g, "");
  s = s.replace(/\*\*([^*]+):\*\*/g, "$1:"); // **scope:** → scope:
  return s.replace(/\s+/g, " ").trim().replace(/^[-–:,\s]+/, "").replace(/[.,;:]$/, "");
}

/** version → entries, in file order (newest first as written). */
export function parseChangelog(text: string): Map<string, ChangelogEntry[]> {
  const out = new Map<string, ChangelogEntry[]>();
  let version: string | null = null;
  let section = "";
  let inEntry = false;
  /** History.md style: the indent of the version's top-level bullets (-1 until the first). */
  let history = false;
  let topIndent = -1;
  let notEntry = false;
  for (const line of text.split(/\r?\n/)) {
    const heading = VERSION_HEADING.exec(line);
    if (heading) {
      version = (heading[1] ?? heading[2]) as string;
      history = heading[2] !== undefined;
      topIndent = -1;
      notEntry = false;
      section = "";
      inEntry = false;
      if (!out.has(version)) out.set(version, []);
      continue;
    }
    if (version === null) continue;
    const entries = out.get(version) as ChangelogEntry[];
    const sub = /^#{3,4}\s+(.+)$/.exec(line) ?? /^##\s+\p{Extended_Pictographic}\S*\s+(.+)$/u.exec(line) ?? /^\s*(?:[-*]\s+)?\*\*([^*]+)\*\*\s*$/.exec(line);
    if (sub) {
      section = (sub[1] as string).trim().toLowerCase();
      inEntry = false;
      continue;
    }
    if (!line.trim() || /^(_Released [^_]+_|={3,})\s*$/.test(line)) {
      inEntry = false;
      continue;
    }
    if (SKIP_SECTIONS.test(section)) continue;
    const bullet = /^\s*[-*]\s+\S/.test(line);
    if (history && bullet) {
      const indent = line.search(/\S/);
      if (topIndent < 0) topIndent = indent;
      if (indent > topIndent) continue;
      notEntry = /^\s*[-*]\s+(deps|docs|test|tests|chore|ci|build|types)(\([^)]*\))?:/.test(line);
    }
    if (history && notEntry) continue;
    const indentedText = /^\s{2,}\S/.test(line) && !bullet;
    if (bullet || (!inEntry && !indentedText && !line.startsWith(">") && !line.startsWith("```"))) {
      // History.md entries end in "(#12)", which leaves " ()" behind
      const text = history ? cleanEntry(line).replace(/\s+\(\s*\)(?=\s|$)/g, "") : cleanEntry(line);
      if (text && !entries.some((e) => e.text === text)) entries.push({ section, text });
      inEntry = true;
    }
    // continuation lines (wrapped prose, code samples) belong to the entry already taken
  }
  return out;
}
