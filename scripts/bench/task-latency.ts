// Task localization latency in process (issue 20: a warm task query ≤ 50 ms p50 on a
// 5,000-file repository): the store opened once and the collection and graph kept, as the
// host keeps them, then localize() per query — the part of `find --kind task` the host
// spends its time in. Queries are the subjects of the repository's recent fix/feat commits
// (as scale-bench.ts asks the host). With --phases, the time of each step of one query.
//
//   bun scripts/bench/task-latency.ts <root> [--queries 30] [--rounds 3] [--first]

import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { openCurrentIndex } from "../../src/indexing/fresh.ts";
import { collectFrom } from "../../src/plan/collect.ts";
import { loadFileGraph } from "../../src/graph/file-graph.ts";
import { localize } from "../../src/retrieve/localize.ts";
import { resolveWorkspace } from "../../src/workspace/root.ts";
import { fmt, loadAverage, percentile } from "./measure.ts";

const args = process.argv.slice(2);
const root = args[0] ? resolve(args[0]) : undefined;
if (!root || args[0]?.startsWith("--")) throw new Error("usage: task-latency.ts <root> [--queries 30] [--rounds 3]");
const pick = (flag: string, d: number) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : d);
const n = pick("--queries", 30);
const rounds = pick("--rounds", 3);

const queries = execFileSync("git", ["log", "--first-parent", "--no-merges", "--format=%s", "-600", "HEAD"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((s) => /^(fix|feat)\b/.test(s))
  .map((s) => s.replace(/\s*\(#\d+\)\s*$/, ""))
  .slice(0, n);

const index = await openCurrentIndex(root, { waitForBuild: true, longLived: true });
if (!index.available) throw new Error(`index of ${root} unavailable: ${index.detail}`);
const collection = collectFrom(index, resolveWorkspace(root, root), { template: null });
const graph = loadFileGraph(index.db, index.meta.index_completed_at ?? "");
// --first: each query timed on its first run (the caches hold only what earlier, other queries read); else after one warm-up run each.
const first = args.includes("--first");
if (!first) for (const query of queries) localize(collection, { query, limit: 50, graph, symbols: true });
const times: number[] = [];
/** CPU time of the call (user + system): on a machine loaded by others, wall time measures the others too. */
const cpu: number[] = [];
for (let r = 0; r < rounds; r++) {
  for (const query of queries) {
    const t = performance.now();
    const c = process.cpuUsage();
    localize(collection, { query, limit: 50, graph, symbols: true });
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
}
const line = (what: string, v: number[]) => `${what} p50 ${fmt(percentile(v, 50), 1)} ms, p95 ${fmt(percentile(v, 95), 1)} ms`;
console.log(`${root}: ${collection.files.length} files, ${queries.length} queries × ${rounds}${first ? " (each query's first run)" : ""}: localize ${line("wall", times)}; ${line("CPU", cpu)} [load ${loadAverage()}]`);
index.db.close();
