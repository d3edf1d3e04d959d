// TAP 13 as ava --tap prints it on stdout: `ok N - title`, `not ok N - title`, `# SKIP` /
// `# TODO` directives, a YAML block (indented, between `---` and `...`) after a failure with
// name, assertion, message, details and at, and the plan `1..N`.

import type { ParsedReport, RawCase } from "./test-cases.ts";

const RESULT = /^(not )?ok\b\s*(\d+)?\s*(?:-\s*)?(.*)$/;

/** The tests of a TAP stream; null when it has no TAP version line, plan or result line. */
export function parseTap(text: string): ParsedReport | null {
  const lines = text.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const cases: RawCase[] = [];
  let seen = false;
  let yaml: string[] | null = null;
  for (const line of lines) {
    if (yaml) {
      if (/^\s+\.\.\.\s*$/.test(line)) {
        const last = cases[cases.length - 1];
        if (last?.status === "fail") last.failure = yamlMessage(yaml);
        yaml = null;
      } else yaml.push(line);
      continue;
    }
    if (/^\s+---\s*$/.test(line)) {
      yaml = [];
      continue;
    }
    if (/^TAP version \d+/.test(line) || /^1\.\.\d+/.test(line)) {
      seen = true;
      continue;
    }
    const m = RESULT.exec(line);
    if (!m) continue;
    seen = true;
    const [, not, , rest = ""] = m;
    const directive = /\s#\s*(SKIP|TODO)\b.*$/i.exec(rest);
    const title = (directive ? rest.slice(0, directive.index) : rest).trim();
    cases.push({ ancestors: [], title, status: directive ? "skip" : not ? "fail" : "pass", file: null, line: null, failure: not && !directive ? "(no message in the TAP stream)" : null });
  }
  return seen ? { cases, fileError: null } : null;
}

/** A failure's YAML block as message lines: everything but the `at:` location (an `at` frame is looked for in it separately). */
function yamlMessage(block: string[]): string {
  const indent = Math.min(...block.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  const out: string[] = [];
  const at: string[] = [];
  let inAt = false;
  for (const raw of block) {
    const line = raw.slice(Number.isFinite(indent) ? indent : 0);
    if (/^\S/.test(line)) inAt = /^at:/.test(line);
    if (inAt) at.push(line.replace(/^at:\s*[>|]?-?\s*/, ""));
    else if (line.trim() && !/^message: ''$/.test(line)) out.push(line);
  }
  // shapeMessage keeps the lines before the first frame and then looks for a workspace frame
  return [...out, ...(at.length ? [`    at ${at.join(" ").trim()}`] : [])].join("\n");
}
