// Declaration coverage of the syntax tier: for every .ts/.tsx/.mts/.cts file of each
// project, the top-level declaration names svc's extraction indexes (src/index/extract.ts,
// the code the index runs) against those the TypeScript parser reports. 100 % is required;
// every name the parser reports and svc misses is listed, with the files svc marks partial.
// Usage: bun scripts/bench/decl-coverage.ts [project-dir …]   (default: /work/repos/{hono,zod,rxjs,effect} and svc)

import { join } from "node:path";
import { extractFile } from "../../src/index/extract.ts";
import { loadConfig } from "../../src/workspace/config.ts";
import { listInventory } from "../../src/workspace/inventory.ts";
import { findGitRoot } from "../../src/workspace/root.ts";
import { parserDeclarations } from "./ts-parser.ts";
import { runOverRoots } from "./real-repos.ts";

const TS_FILE = /\.(ts|tsx|mts|cts)$/;

export interface ProjectCoverage {
  project: string;
  files: number;
  parserDecls: number;
  indexedDecls: number;
  partialFiles: string[];
  /** Minified files: not parsed, declarations listed from line heads. */
  minifiedFiles: string[];
  missing: { path: string; names: string[] }[];
}

export async function declCoverage(root: string): Promise<ProjectCoverage> {
  const inventory = await listInventory({ root, dir: root, relDir: "", isGit: findGitRoot(root) === root }, loadConfig(root, root), {});
  const entries = inventory.files.filter((e) => TS_FILE.test(e.path));
  const reference = await parserDeclarations(entries.map((e) => join(root, e.path)));
  const result: ProjectCoverage = { project: root, files: 0, parserDecls: 0, indexedDecls: 0, partialFiles: [], minifiedFiles: [], missing: [] };
  for (const entry of entries) {
    const expected = reference.get(join(root, entry.path));
    const extracted = extractFile(root, entry);
    if (!expected || !extracted.ok) continue;
    result.files++;
    if (extracted.parseStatus === "partial" || extracted.parseStatus === "failed") result.partialFiles.push(entry.path);
    else if (extracted.parseStatus === "none") result.minifiedFiles.push(entry.path);
    const indexed = new Set(extracted.decls.filter((d) => d.container === null).map((d) => d.name));
    const names = [...new Set(expected.map((d) => d.name))];
    const lost = names.filter((n) => !indexed.has(n));
    result.parserDecls += names.length;
    result.indexedDecls += names.length - lost.length;
    if (lost.length > 0) result.missing.push({ path: entry.path, names: lost });
  }
  return result;
}

if (import.meta.main) {
  await runOverRoots(async (root, t) => {
    const c = await declCoverage(root);
    const pct = c.parserDecls === 0 ? 100 : (100 * c.indexedDecls) / c.parserDecls;
    console.log(`${root}: ${c.files} files, indexed ${c.indexedDecls} / parser-reported ${c.parserDecls} top-level declarations (${pct.toFixed(2)} %), ${c.partialFiles.length} files marked partial, ${c.minifiedFiles.length} minified (not parsed) (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    for (const m of c.missing.slice(0, 15)) console.log(`  missing in ${m.path}: ${m.names.slice(0, 8).join(", ")}${m.names.length > 8 ? ` … (${m.names.length})` : ""}`);
    if (c.missing.length > 15) console.log(`  … ${c.missing.length - 15} more files with missing declarations`);
    for (const p of c.partialFiles.slice(0, 10)) console.log(`  partial: ${p}`);
    return c.indexedDecls >= c.parserDecls;
  });
}
