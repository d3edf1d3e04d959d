// Reduction never drops a declaration silently: for every .ts/.tsx/.mts/.cts file of each
// project and every level, each top-level declaration name the TypeScript parser reports
// must appear in the reduced output as a word (a body may be `{ … }`) or be named in its
// `// N declarations omitted (…): a, b` marker. Prints files and declarations covered per
// level and lists every loss. REDUCE_REDACTED=1 judges the output as the surfaces show it, after the output path's
// redaction (src/text/redact.ts): a declaration a secret rule swallowed counts as lost too.
// Usage: [REDUCE_REDACTED=1] bun scripts/bench/reduce-coverage.ts [project-dir …]   (default: /work/repos/{hono,zod,rxjs,effect} and svc)
// Figures (branch h144, redacted; hono 382 files / 1435 declarations, zod 482 / 3401, xstate, ky, zustand): no
//   declaration lost at any level, before (cf03718) and after h136's redaction changes (c36d3eb); redaction spans over
//   every inventory file identical (hono 121, zod 81, xstate 41, ky 4, zustand 0).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LEVELS, reduceFile, type Level } from "../../src/render/reduce/index.ts";
import { redact } from "../../src/text/redact.ts";
import { loadConfig } from "../../src/workspace/config.ts";
import { listInventory } from "../../src/workspace/inventory.ts";
import { findGitRoot } from "../../src/workspace/root.ts";
import { parserDeclarations } from "./ts-parser.ts";
import { runOverRoots } from "./real-repos.ts";

const TS_FILE = /\.(ts|tsx|mts|cts)$/;

/** Names of `names` neither present as a word in `output` nor listed in its omitted marker. */
export function lostNames(output: string, names: readonly string[]): string[] {
  const omitted = new Set<string>();
  for (const m of output.matchAll(/\/\/ \d+ declarations? omitted \([^)]*\): ([^\n]*)/g)) for (const n of (m[1] ?? "").split(", ")) omitted.add(n);
  const words = new Set(output.match(/[\w$]+/g) ?? []);
  // `declare module "../x"` augmentations are named by their specifier
  return names.filter((n) => !(/^[\w$]+$/.test(n) ? words.has(n) : output.includes(n)) && !omitted.has(n));
}

export async function reduceCoverage(root: string, redacted = process.env.REDUCE_REDACTED === "1") {
  const inventory = await listInventory({ root, dir: root, relDir: "", isGit: findGitRoot(root) === root }, loadConfig(root, root), {});
  const paths = inventory.files.map((e) => e.path).filter((p) => TS_FILE.test(p));
  const reference = await parserDeclarations(paths.map((p) => join(root, p)));
  const perLevel = new Map<Level, { files: number; decls: number; lost: { path: string; names: string[] }[] }>(LEVELS.map((l) => [l, { files: 0, decls: 0, lost: [] }]));
  for (const path of paths) {
    const names = [...new Set((reference.get(join(root, path)) ?? []).map((d) => d.name))];
    const text = readFileSync(join(root, path), "utf8");
    for (const level of LEVELS) {
      const row = perLevel.get(level)!;
      const reduced = reduceFile(text, { path, level });
      const lost = lostNames(redacted ? redact(reduced, { path }).text : reduced, names);
      row.files++;
      row.decls += names.length;
      if (lost.length) row.lost.push({ path, names: lost });
    }
  }
  return perLevel;
}

if (import.meta.main) {
  await runOverRoots(async (root, t) => {
    const perLevel = await reduceCoverage(root);
    console.log(`${root} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    let ok = true;
    for (const [level, row] of perLevel) {
      const lost = row.lost.reduce((n, l) => n + l.names.length, 0);
      if (lost) ok = false;
      console.log(`  ${level.padEnd(10)} ${row.files} files, ${row.decls - lost} / ${row.decls} declarations present or marked${lost ? `, ${lost} LOST` : ""}`);
      for (const l of row.lost.slice(0, 8)) console.log(`    lost in ${l.path}: ${l.names.slice(0, 8).join(", ")}`);
    }
    return ok;
  });
}
