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
  const b = extractFile(dir, { path: "bundle.js", size: bundle.length, stampMs: 0 });
  const c = extractFile(dir, { path: "code.ts", size: code.length, stampMs: 0 });
  if (!b.ok || !c.ok) throw new Error("not extracted");
  expect(b).toMatchObject({ isGenerated: true, parseStatus: "none", decls: [], language: "javascript" });
  expect(b.tokens).toBeGreaterThan(10_000);
  expect(c).toMatchObject({ isGenerated: false, parseStatus: "ok" });
  expect(c.decls.length).toBe(200);
  // a TypeScript module holding a huge asset string: its top-level declarations are listed from line heads
  const asset = `/** @internal */\nexport const javascript = "${"a".repeat(50_000)}"\n\nexport const css = \`${"b".repeat(9000)}\`\nconst local = 1\n`;
  writeFileSync(join(dir, "asset.ts"), asset);
  const a = extractFile(dir, { path: "asset.ts", size: asset.length, stampMs: 0 });
  if (!a.ok) throw new Error("not extracted");
  expect(a.decls.map((d) => `${d.kind} ${d.name} ${d.exported} ${d.startLine}`)).toEqual(["const javascript true 2", "const css true 4", "const local false 5"]);
  expect(reduceFile(bundle, { path: "bundle.js", level: "skeleton" })).toBe(`// svc: minified file (${bundle.length} characters on 1 line): not outlined; read it at level none`);
}, 120_000);

test("the threshold: a high mean line length, not one long line among short ones", () => {
  expect(isMinified(`${"x".repeat(6000)}\n${"y\n".repeat(100)}`)).toBe(false);
  expect(isMinified(`${"x".repeat(6000)}\n${"y\n".repeat(10)}`)).toBe(true);
  expect(isMinified("const a = 1;\n".repeat(10_000))).toBe(false);
  // padding a bundle with short lines does not hide it
  expect(isMinified(`${";\n".repeat(10_000)}${"var a=1;".repeat(20_000)}\n`)).toBe(true);
  expect(isMinified("short")).toBe(false);
}, 120_000);
