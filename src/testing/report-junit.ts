// JUnit XML as bun test (--reporter=junit) and node --test (--test-reporter=junit) write it:
// nested <testsuite>s (a suite per describe; bun's outermost one is the file) around
// <testcase name classname file? line?>, whose <failure>/<error> child marks a failure and
// <skipped> a skipped test. A small tag scanner, not a general XML parser: elements,
// attributes, text, CDATA, comments, the five named entities and numeric references. A
// report whose root element never closes was cut short and is not read.

import type { ParsedReport, RawCase } from "./test-cases.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e] ?? whole;
  });
}

function attributes(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[m[1] as string] = decode(m[3] ?? m[4] ?? "");
  return out;
}

interface OpenCase {
  raw: RawCase;
  /** The message attribute of <failure>/<error> (or node's failure="…" on the testcase). */
  message: string;
  /** The text inside <failure>/<error>: the message again with its stack, preferred when present. */
  body: string[];
  inFailure: boolean;
}

/** The tests of a JUnit XML report; null when the text is not one (no <testsuites>/<testsuite> root). */
export function parseJunit(xml: string): ParsedReport | null {
  if (!/<testsuites?[\s>]/.test(xml)) return null;
  const suites: { name: string; counted: boolean }[] = [];
  /** <testsuites>/<testsuite> elements open; the report is whole only when the root closed. */
  let depth = 0;
  let closed = false;
  const cases: RawCase[] = [];
  let open: OpenCase | null = null;
  const tag = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  for (const m of xml.matchAll(tag)) {
    const [, cdata, closing, name, attrText, selfClosing, text] = m;
    if (cdata !== undefined || text !== undefined) {
      if (open?.inFailure) open.body.push(cdata ?? decode(text ?? ""));
      continue;
    }
    if (!name) continue;
    if (name === "testsuites" || name === "testsuite") {
      if (closing) closed = --depth === 0;
      else if (selfClosing) closed ||= depth === 0;
      else depth++;
    }
    if (name === "testsuite") {
      if (closing) suites.pop();
      else if (!selfClosing) {
        const a = attributes(attrText ?? "");
        // bun's outermost suite is the file itself (name = file): not a describe title
        suites.push({ name: a.name ?? "", counted: Boolean(a.name) && a.name !== a.file });
      }
      continue;
    }
    if (name === "testcase") {
      if (closing) {
        if (open) cases.push(finish(open));
        open = null;
        continue;
      }
      const a = attributes(attrText ?? "");
      const line = a.line ? Number.parseInt(a.line, 10) : Number.NaN;
      const raw: RawCase = { ancestors: suites.filter((s) => s.counted).map((s) => s.name), title: a.name ?? "", status: "pass", file: a.file || null, line: Number.isFinite(line) && line > 0 ? line : null, failure: null };
      open = { raw, message: a.failure ?? "", body: [], inFailure: false };
      if (a.failure !== undefined) raw.status = "fail"; // node also puts the message on the testcase
      if (selfClosing) {
        cases.push(finish(open));
        open = null;
      }
      continue;
    }
    if (!open) continue;
    if (name === "failure" || name === "error") {
      if (closing) {
        open.inFailure = false;
        continue;
      }
      const a = attributes(attrText ?? "");
      open.raw.status = "fail";
      if (a.message) open.message = a.message;
      open.inFailure = !selfClosing;
    } else if (name === "skipped" && !closing && open.raw.status !== "fail") open.raw.status = "skip";
  }
  // cut short (a runner that died while writing it): what it lists so far is no evidence
  if (!closed || depth !== 0 || open) return null;
  return { cases, fileError: null };
}

function finish(open: OpenCase): RawCase {
  const failure = open.body.join("").trim() || open.message.trim();
  return { ...open.raw, failure: open.raw.status === "fail" ? failure || null : null };
}
