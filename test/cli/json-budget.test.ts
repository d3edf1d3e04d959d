// `--json` prints the structured result the engine fitted to the budget. Pretty-printing adds
// indentation tokens the fit never counted, so an answer near its budget is printed compact:
// what the caller limits is what stdout holds, counted with the configured tokenizer.

import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tokenCounter } from "../../src/text/tokens.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo } from "../helpers/repo.ts";

// data and docs files of many kinds: the structured result lists them, one row per extension
const aside = Object.fromEntries(["json", "md", "yml", "toml", "txt", "css", "html", "sql", "csv", "xml", "yaml", "ini", "scss", "less", "graphql", "proto", "svg", "rst", "adoc", "tsv"].flatMap((ext) => [1, 2, 3].map((n) => [`assets/${ext}/file-${n}.${ext}`, `entry ${n} of ${ext}\n`])));

const files = Object.fromEntries(
  Array.from({ length: 80 }, (_, i) => [`src/module-${i}/service-${i}.ts`, `export class Service${i} {\n${Array.from({ length: 40 }, (_, j) => `  step${j}(value: number): number {\n    return value * ${j} + ${i};\n  }`).join("\n")}\n}\n`]),
);

test("--json stays within --max-tokens (compact when the indented form would exceed it), and is still one JSON value", async () => {
  const root = gitRepo({ "package.json": '{ "name": "many" }\n', ...files, ...aside });
  const counter = await tokenCounter();
  for (const budget of [300, 400, 600]) {
    const r = runSvc(["skeleton", root, "--max-tokens", String(budget), "--json"], { cwd: root });
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as { dropped: unknown[] };
    expect(data.dropped.length).toBeGreaterThan(0);
    const used = counter.count(r.stdout) + counter.count(r.stderr);
    if (used > budget) throw new Error(`--max-tokens ${budget} --json: stdout and stderr hold ${used} tokens`);
  }
  // a small answer within its budget keeps the readable indented form
  const roomy = runSvc(["skeleton", root, "--max-tokens", "20000", "--json"], { cwd: root });
  expect(roomy.stdout).toContain('\n  "mode": "skeleton"');
}, 120_000);

test("--json is the structured result alone: it has the budget, not the third a text it never prints would leave it (review's changed files were cut to fit beside its hunks)", async () => {
  const body = (name: string) => `export function ${name}(value: number): number {\n${Array.from({ length: 60 }, (_, i) => `  value += ${i};`).join("\n")}\n  return value;\n}\n`;
  const root = gitRepo({ "package.json": '{ "name": "four" }\n', "src/a.ts": body("a"), "src/b.ts": body("b"), "src/c.ts": body("c"), "src/d.ts": body("d") });
  for (const name of ["a", "b", "c", "d"]) writeFileSync(join(root, `src/${name}.ts`), body(name).replace(/value \+= /g, "value -= "));
  const counter = await tokenCounter();
  const r = runSvc(["review", root, "--max-tokens", "400", "--json"], { cwd: root });
  expect(r.code).toBe(0);
  expect(counter.count(r.stdout) + counter.count(r.stderr)).toBeLessThanOrEqual(400);
  const data = JSON.parse(r.stdout) as { changed: { path: string }[] };
  expect(data.changed.map((c) => c.path)).toEqual(["src/a.ts", "src/b.ts", "src/c.ts", "src/d.ts"]);
}, 120_000);
