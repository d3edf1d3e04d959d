// Index benchmarks: cold build, re-index after one change, warm find per kind (in-process
// engine calls, as a host serves them), and the CLI one-shot on a warm store.

import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { findPaths, findSymbols, findText } from "../../src/retrieve/lookup.ts";
import { openReader } from "../../src/store/db.ts";
import { fmt, measureRun, percentile, timeAsync } from "./measure.ts";

export interface IndexBench {
  corpus: string;
  files: number;
  /** `svc index --force` wall time, process start to exit (syntax pass and semantic upgrade). */
  coldMs: number;
  /** The syntax pass inside it (from then on the index answers) and the semantic upgrade after it. */
  syntaxMs: number;
  semanticMs: number;
  /** Syntax-tier throughput. */
  filesPerSecond: number;
  peakRssMb: number;
  peakTreeRssMb: number;
  reindexOneChangeMs: number;
  /** Through the read path of a one-shot (reconcile on read: inventory + stat compare). */
  find: Record<string, { p50: number; p95: number; queries: number }>;
  /** The query alone on an open store: what a host with a file watcher serves. */
  query: Record<string, { p50: number; p95: number; queries: number }>;
  cliOneShotMs: { p50: number; p95: number };
}

const QUERIES: Record<string, string[]> = {
  symbol: ["Service", "OrderService12", "create", "find", "Repository", "equals", "pipe", "format", "Entity", "validate"],
  path: ["service", "orders", "index.ts", "controller", "src/", "entity", "util", "spec", "format", "repository"],
  text: ["create order", "where is the payment validated", "repository find by id", "not found error", "format date", "subscribe observable", "archive customer", "sync inventory", "session token", "export report"],
  all: ["order", "Payment", "date", "customer", "invoice"],
};

export async function benchIndex(svc: string, corpusName: string, root: string): Promise<IndexBench> {
  const cold = await measureRun([svc, "index", root, "--force", "--json"], { env: { SVC_TIMING: "1" } });
  if (cold.exitCode !== 0) throw new Error(`svc index failed: ${cold.stderr}`);
  const built = JSON.parse(cold.stdout) as { files: number; mode: string; syntaxMs: number; semanticMs: number };
  const files = built.files;
  process.stderr.write(`  [${built.mode}] ${files} files: syntax ${built.syntaxMs} ms, semantic ${built.semanticMs} ms\n  ${cold.stderr.trim()}\n`);

  // One change: append a declaration to one file, re-index, then restore it.
  const target = Bun.spawnSync(["git", "ls-files", "*.ts"], { cwd: root }).stdout.toString().split("\n")[0]!;
  const path = join(root, target);
  const original = readFileSync(path, "utf8");
  appendFileSync(path, "\nexport const benchTouched = 1;\n");
  const again = await measureRun([svc, "index", root]);
  writeFileSync(path, original);
  await measureRun([svc, "index", root]);

  const find: IndexBench["find"] = {};
  for (const [kind, queries] of Object.entries(QUERIES)) {
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const query of queries) times.push((await timeAsync(() => call("find", { path: root, query, kind, limit: 50 }))).ms);
    }
    find[kind] = { p50: percentile(times, 50), p95: percentile(times, 95), queries: times.length };
  }
  const query: IndexBench["query"] = {};
  const db = openReader(root)!;
  const run: Record<string, (q: string) => unknown> = {
    symbol: (q) => findSymbols(db, q, 50),
    path: (q) => findPaths(db, q, 50),
    text: (q) => findText(db, q, 50),
    all: (q) => [findSymbols(db, q, 50), findPaths(db, q, 50), findText(db, q, 50)],
  };
  for (const [kind, queries] of Object.entries(QUERIES)) {
    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const q of queries) {
        const start = performance.now();
        run[kind]!(q);
        times.push(performance.now() - start);
      }
    }
    query[kind] = { p50: percentile(times, 50), p95: percentile(times, 95), queries: times.length };
  }
  db.close();
  const oneShot: number[] = [];
  for (let i = 0; i < 15; i++) oneShot.push((await measureRun([svc, "find", "Service", root, "--kind", "symbol", "--limit", "5"])).wallMs);
  return {
    corpus: corpusName,
    files,
    coldMs: cold.wallMs,
    syntaxMs: built.syntaxMs,
    semanticMs: built.semanticMs,
    filesPerSecond: files / (built.syntaxMs / 1000),
    peakRssMb: cold.peakRssMb,
    peakTreeRssMb: cold.peakTreeRssMb,
    reindexOneChangeMs: again.wallMs,
    find,
    query,
    cliOneShotMs: { p50: percentile(oneShot, 50), p95: percentile(oneShot, 95) },
  };
}

export function printIndexBench(b: IndexBench): void {
  const rows = [
    ["cold syntax index (in svc index --force)", `${fmt(b.syntaxMs / 1000, 2)} s, ${fmt(b.filesPerSecond, 0)} files/s (${b.files} files)`, "≥ 1,500 files/s; 5k files ≤ 5 s"],
    ["+ semantic upgrade; whole command wall", `${fmt(b.semanticMs / 1000, 2)} s; ${fmt(b.coldMs / 1000, 2)} s`, ""],
    ["peak RSS (indexer / with children)", `${fmt(b.peakRssMb, 0)} MB / ${fmt(b.peakTreeRssMb, 0)} MB`, ""],
    ["re-index after one change", `${fmt(b.reindexOneChangeMs, 0)} ms`, ""],
    ...Object.entries(b.query).map(([kind, s]) => [`find kind=${kind}: query on open store`, `p50 ${fmt(s.p50)} ms, p95 ${fmt(s.p95)} ms`, "host: p50 ≤ 10 ms, p95 ≤ 50 ms"]),
    ...Object.entries(b.find).map(([kind, s]) => [`find kind=${kind}: with reconcile-on-read`, `p50 ${fmt(s.p50)} ms, p95 ${fmt(s.p95)} ms`, ""]),
    ["CLI one-shot find (warm store)", `p50 ${fmt(b.cliOneShotMs.p50, 0)} ms, p95 ${fmt(b.cliOneShotMs.p95, 0)} ms`, "≤ 150 ms"],
  ];
  console.log(`\n## index — ${b.corpus}`);
  for (const [what, value, budget] of rows) console.log(`${what!.padEnd(40)} ${value!.padEnd(34)} ${budget}`);
}
