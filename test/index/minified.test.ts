// Bounded work for minified bundles (issue 15): a one-line bundle is listed, costed and
// flagged generated, never parsed for declarations, and a skeleton names it in one line.
// Timings are measured in scripts/bench/minified-bench.ts, not asserted here.

import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractFile } from "../../src/index/extract.ts";
import { reduceFile } from "../../src/render/reduce/index.ts";
import { isMinified } from "../../src/workspace/classify.ts";
import { minifiedBundle } from "../../scripts/bench/minified-bench.ts";

const dir = mkdtempSync(join(tmpdir(), "svc-minified-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a one-line bundle is flagged generated, costed and not parsed; ordinary code is parsed", () => {
  const bundle = minifiedBundle(200_000);
  const code = Array.from({ length: 200 }, (_, i) => `export function f${i}(a: number): number {\n  return a + ${i};\n}\n`).join("");
  writeFileSync(join(dir, "bundle.js"), bundle);
  writeFileSync(join(dir, "code.ts"), code);
  const b = extractFile(dir, { path: "bundle.js", size: bundle.length, mtimeMs: 0 });
  const c = extractFile(dir, { path: "code.ts", size: code.length, mtimeMs: 0 });
  if (!b.ok || !c.ok) throw new Error("not extracted");
  expect(b).toMatchObject({ isGenerated: true, parseStatus: "none", decls: [], language: "javascript" });
  expect(b.tokens).toBeGreaterThan(10_000);
  expect(c).toMatchObject({ isGenerated: false, parseStatus: "ok" });
  expect(c.decls.length).toBe(200);
  expect(reduceFile(bundle, { path: "bundle.js", level: "skeleton" })).toBe(`// svc: minified file (${bundle.length} characters on 1 line): not outlined; read it at level none`);
});

test("the threshold: a long line or a high mean line length, not a long file of short lines", () => {
  expect(isMinified(`${"x".repeat(6000)}\n${"y\n".repeat(100)}`)).toBe(true);
  expect(isMinified("const a = 1;\n".repeat(10_000))).toBe(false);
  expect(isMinified("short")).toBe(false);
});
