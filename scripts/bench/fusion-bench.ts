// Fusion benchmarks: skeleton and publicApi token ratios against the raw source, next to
// `repomix --compress` on the same files, every exported declaration name kept; and the
// p50 wall time of each catalog B operation on the corpus (in-process, warm index).

import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { outlineOf } from "../../src/lang/outline.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { fmt, percentile } from "./measure.ts";

export const REPOMIX = "repomix@1.18.1";

export interface FusionBench {
  corpus: string;
  files: number;
  rawTokens: number;
  skeletonTokens: number;
  publicApiTokens: number;
  repomixCompressTokens: number | null;
  exportedNames: number;
  exportedNamesMissing: number;
  opsP50Ms: Record<string, number>;
}

function repomixBin(base: string): string | null {
  const dir = join(base, ".bench", "tools");
  const bin = join(dir, "node_modules", ".bin", "repomix");
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const r = Bun.spawnSync(["npm", "install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error", REPOMIX], { stdout: "ignore", stderr: "pipe" });
  return r.exitCode === 0 && existsSync(bin) ? bin : null;
}

export async function benchFusion(base: string, corpusName: string, root: string, sourceDir: string): Promise<FusionBench> {
  const counter = await tokenCounter();
  const files = Bun.spawnSync(["git", "ls-files", `${sourceDir}/*.ts`, `${sourceDir}/**/*.ts`], { cwd: root }).stdout.toString().trim().split("\n").filter((p) => p && !p.endsWith(".d.ts"));
  let rawTokens = 0;
  const exported = new Set<string>();
  for (const p of files) {
    const text = readFileSync(join(root, p), "utf8");
    rawTokens += counter.count(text);
    for (const d of outlineOf("typescript", text).decls) if (d.exported && d.container === null) exported.add(d.name);
  }
  // format json: the text is the full result, entries with their content
  const asJson = async (extra: Record<string, unknown>) => JSON.parse((await call("skeleton", { path: join(root, sourceDir), excludePatterns: ["*.d.ts", "*.js", "*.md", "*.json", "*.mjs", "*.cjs"], format: "json", ...extra })).text) as Omit<FusionData, "entries"> & { entries: { content: string }[] };
  const skeleton = await asJson({});
  const publicApi = await asJson({ publicApi: true });
  const skeletonText = skeleton.entries.map((e) => e.content).join("\n");
  const missing = [...exported].filter((name) => !skeletonText.includes(name));
  let repomixTokens: number | null = null;
  const bin = repomixBin(base);
  if (bin) {
    const out = join(base, ".bench", `repomix-${corpusName.replace(/\W+/g, "-")}.txt`);
    const r = Bun.spawnSync([bin, "--compress", "--style", "plain", "--include", `${sourceDir}/**/*.ts`, "--ignore", "**/*.d.ts", "--no-file-summary", "--no-directory-structure", "--output", out, root], { cwd: root, stdout: "ignore", stderr: "pipe" });
    if (r.exitCode === 0) repomixTokens = counter.count(readFileSync(out, "utf8"));
  }
  const ops: Record<string, Record<string, unknown>> = {
    toc: {},
    skeleton: { maxTokens: 20000 },
    focus: { focus: "index.ts", maxTokens: 20000 },
    search: { query: "create order payment", maxTokens: 20000 },
    changes: { changedSince: "HEAD", maxTokens: 20000 },
    ask: { task: "how are orders archived", tokenBudget: 20000 },
    fuse: { query: "repository", maxTokens: 20000 },
  };
  const opsP50Ms: Record<string, number> = {};
  for (const [op, extra] of Object.entries(ops)) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      try {
        await call(op, { path: root, ...extra });
      } catch {
        // a corpus may not have a match for a sample scope; the time still counts
      }
      times.push(performance.now() - t0);
    }
    opsP50Ms[op] = percentile(times, 50);
  }
  return {
    corpus: corpusName,
    files: files.length,
    rawTokens,
    skeletonTokens: skeleton.totalTokens,
    publicApiTokens: publicApi.totalTokens,
    repomixCompressTokens: repomixTokens,
    exportedNames: exported.size,
    exportedNamesMissing: missing.length,
    opsP50Ms,
  };
}

export function printFusionBench(b: FusionBench): void {
  console.log(`\n## fusion — ${b.corpus} (${b.files} .ts files, ${b.rawTokens} raw tokens)`);
  const ratio = (n: number | null) => (n === null ? "n/a" : `${fmt(n / b.rawTokens, 3)} × raw (${n} tokens)`);
  console.log(`${"skeleton / raw".padEnd(40)} ${ratio(b.skeletonTokens).padEnd(34)} ≤ 0.25 × raw`);
  console.log(`${"publicApi / raw".padEnd(40)} ${ratio(b.publicApiTokens)}`);
  console.log(`${"repomix --compress / raw".padEnd(40)} ${ratio(b.repomixCompressTokens)}`);
  console.log(`${"exported names kept by skeleton".padEnd(40)} ${b.exportedNames - b.exportedNamesMissing}/${b.exportedNames}`);
  for (const [op, ms] of Object.entries(b.opsP50Ms)) console.log(`${`svc ${op} p50 (warm, in-process)`.padEnd(40)} ${fmt(ms, 0)} ms`);
}
