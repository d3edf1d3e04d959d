// unifiedDiff against `git diff --no-index -U<n> --no-indent-heuristic`. Compared: every line
// from the first `@@` on, with the optional function-context text after the closing `@@`
// removed (our hunk headers carry only the ranges); the `---`/`+++` headers are not compared
// (git prints the temp file names). The indent heuristic is off because we implement
// xdiff's compaction without it. Random cases, where several minimal diffs may exist, are
// checked for minimality (same +/- counts as `git diff --minimal`) and for applying cleanly.

import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_EDIT_DISTANCE, unifiedDiff } from "../../src/render/diff.ts";
import { tempDir } from "../helpers/repo.ts";

const dir = tempDir("svc-diff-");
let seq = 0;

function gitDiff(oldText: string, newText: string, extra: string[] = [], context = 3): string {
  const a = join(dir, `a${seq}`);
  const b = join(dir, `b${seq++}`);
  writeFileSync(a, oldText);
  writeFileSync(b, newText);
  const args = ["git", "-c", "core.quotepath=off", "diff", "--no-index", "--no-color", "--no-ext-diff", `-U${context}`];
  const r = Bun.spawnSync([...args, "--no-indent-heuristic", ...extra, a, b], { cwd: dir, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode > 1) throw new Error(r.stderr.toString());
  return r.stdout.toString();
}

function body(patch: string): string {
  const at = patch.indexOf("@@");
  if (at === -1) return "";
  return patch
    .slice(at)
    .split("\n")
    .map((l) => l.replace(/^(@@ -\S+ \+\S+ @@).*$/, "$1"))
    .join("\n");
}

function same(oldText: string, newText: string, context = 3): void {
  const ours = unifiedDiff(oldText, newText, { path: "f.txt", context });
  expect(body(ours)).toBe(body(gitDiff(oldText, newText, [], context)));
  if (ours) expect(ours.startsWith("--- a/f.txt\n+++ b/f.txt\n@@ ")).toBe(true);
}

const lines = (n: number, p = "line"): string => Array.from({ length: n }, (_, i) => `${p} ${i + 1}\n`).join("");

describe("unifiedDiff matches git diff", () => {
  const base = lines(20);
  const cases: [string, string, string][] = [
    ["identical", base, base],
    ["both empty", "", ""],
    ["empty old", "", "a\nb\nc\n"],
    ["empty new", "a\nb\nc\n", ""],
    ["insert at start", base, `new\n${base}`],
    ["insert at end", base, `${base}new 1\nnew 2\n`],
    ["delete in middle", base, base.replace("line 10\nline 11\n", "")],
    ["replace one line", base, base.replace("line 7\n", "LINE 7\n")],
    ["two nearby changes share a hunk", base, base.replace("line 5\n", "X\n").replace("line 10\n", "Y\n")],
    ["two far changes make two hunks", base, base.replace("line 2\n", "X\n").replace("line 18\n", "Y\n")],
    ["no trailing newline in both", "a\nb\nc", "a\nB\nc"],
    ["newline removed at end", "a\nb\nc\n", "a\nb\nc"],
    ["newline added at end", "a\nb\nc", "a\nb\nc\n"],
    ["single line without newline", "x", "y"],
    ["CRLF vs LF", "a\r\nb\r\nc\r\n", "a\r\nb\nc\r\n"],
    ["duplicate line insert slides like git", "a\nb\nb\nc\n", "a\nb\nb\nb\nc\n"],
    ["blank-line block insert", "f() {\n}\n\ng() {\n}\n", "f() {\n}\n\nh() {\n}\n\ng() {\n}\n"],
    ["unicode", "ünïcode\nzwei\n", "ünïcöde\nzwei\n"],
  ];
  for (const [name, a, b] of cases) test(name, () => same(a, b), 120_000);

  test("identical input gives an empty string", () => {
    expect(unifiedDiff(base, base, { path: "x" })).toBe("");
  }, 120_000);

  test("context 0 and 1", () => {
    same(base, base.replace("line 5\n", "X\n").replace("line 9\n", ""), 0);
    same(base, `${base.replace("line 3\n", "")}tail\n`, 1);
  }, 120_000);

  test("exact header shape", () => {
    expect(unifiedDiff("a\n", "b\n", { path: "src/x y.ts" })).toBe("--- a/src/x y.ts\n+++ b/src/x y.ts\n@@ -1 +1 @@\n-a\n+b\n");
    expect(unifiedDiff("", "a", { path: "n" })).toBe("--- a/n\n+++ b/n\n@@ -0,0 +1 @@\n+a\n\\ No newline at end of file\n");
  }, 120_000);
});

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function applyPatch(patch: string): string {
  // Rebuilds the new text from a whole-file patch (context large enough to cover the file).
  const out: string[] = [];
  let kept = false;
  for (const l of patch.split("\n").slice(3)) {
    if (l.startsWith("\\")) {
      if (kept) out[out.length - 1] = (out[out.length - 1] ?? "").slice(0, -1);
      continue;
    }
    kept = l.startsWith(" ") || l.startsWith("+");
    if (kept) out.push(`${l.slice(1)}\n`);
  }
  return out.join("");
}

describe("unifiedDiff on random edits", () => {
  test("minimal like git --minimal, and applies back to the new text", () => {
    const rnd = lcg(42);
    for (let round = 0; round < 40; round++) {
      const alphabet = ["a\n", "b\n", "c\n", "d\n", "\n", "}\n"];
      const cut = (t: string): string => (rnd() < 0.3 ? t.slice(0, -1) : t); // sometimes no final newline
      const a = cut(Array.from({ length: Math.floor(rnd() * 30) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join(""));
      const b = cut(Array.from({ length: Math.floor(rnd() * 30) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join(""));
      const ours = unifiedDiff(a, b, { path: "f", context: 1000 });
      const count = (p: string, c: string): number => body(p).split("\n").filter((l) => l.startsWith(c)).length;
      const theirs = gitDiff(a, b, ["--minimal"], 1000);
      expect([count(ours, "+"), count(ours, "-")]).toEqual([count(theirs, "+"), count(theirs, "-")]);
      if (ours) expect(applyPatch(ours)).toBe(b);
    }
  }, 120_000);
});

describe("unifiedDiff performance", () => {
  test("5,000-line file with a few changes is exact", () => {
    const big = lines(5000);
    const edited = big.replace("line 100\n", "changed\n").replace("line 2500\n", "").replace("line 4999\n", "line 4999\nextra\n");
    const ours = unifiedDiff(big, edited, { path: "big" });
    expect(body(ours)).toBe(body(gitDiff(big, edited)));
  }, 120_000);

  test("a huge edit distance falls back to one replace hunk in bounded time", () => {
    const a = lines(6000, "old");
    const b = lines(6000, "new");
    // no timing assertion (the suite runs on busy machines): one replace hunk over every line is
    // the fallback's shape, which the edit-distance search never produces for this input
    const ours = unifiedDiff(`head\n${a}tail\n`, `head\n${b}tail\n`, { path: "big" });
    expect(ours.split("\n").filter((l) => l.startsWith("@@"))).toEqual(["@@ -1,6002 +1,6002 @@"]);
    expect(ours.split("\n").filter((l) => l.startsWith("-")).length).toBe(6001); // 6000 lines + the `---` header
    expect(MAX_EDIT_DISTANCE).toBe(2000);
  }, 120_000);
});
