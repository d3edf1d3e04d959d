// Where extraction time goes on a corpus, single-threaded and in-process: per file-size
// bucket (files, ms, µs per KB), the slowest files, per extension, a SHA-256 over every
// extraction result in inventory order (equal before and after a change that must not
// alter what is extracted), and with SVC_TIMING=1 the per-phase totals (x:parse, …).
// Usage: SVC_TIMING=1 bun scripts/bench/extract-profile.ts <workspace>

import { createHash } from "node:crypto";
import { extractFile } from "../../src/index/extract.ts";
import { wiringVisitor } from "../../src/wiring/pass.ts";
import { reportTimings } from "../../src/sys/timing.ts";
import { loadConfig } from "../../src/workspace/config.ts";
import { listInventory } from "../../src/workspace/inventory.ts";
import { findGitRoot } from "../../src/workspace/root.ts";

const root = process.argv[2];
if (!root) {
  console.error("usage: bun scripts/bench/extract-profile.ts <workspace>");
  process.exit(2);
}
const inventory = await listInventory({ root, dir: root, relDir: "", isGit: findGitRoot(root) === root }, loadConfig(root, root), {});
const hash = createHash("sha256");
const rows: { path: string; size: number; ms: number }[] = [];
const started = performance.now();
for (const entry of inventory.files) {
  const t = performance.now();
  const result = extractFile(root, entry, { visitor: wiringVisitor });
  rows.push({ path: entry.path, size: entry.size, ms: performance.now() - t });
  hash.update(JSON.stringify(result));
}
const total = performance.now() - started;
console.log(`${rows.length} files, ${(total / 1000).toFixed(2)} s (${((rows.length / total) * 1000).toFixed(0)} files/s single-threaded), results sha256 ${hash.digest("hex").slice(0, 16)}`);
reportTimings("extract-profile");
const sum = (list: typeof rows, key: "ms" | "size") => list.reduce((a, r) => a + r[key], 0);
for (const [lo, hi] of [[0, 4e3], [4e3, 16e3], [16e3, 64e3], [64e3, 256e3], [256e3, Infinity]] as const) {
  const bucket = rows.filter((r) => r.size >= lo && r.size < hi);
  if (bucket.length === 0) continue;
  const ms = sum(bucket, "ms");
  console.log(`size ${lo}–${hi} B: ${bucket.length} files, ${ms.toFixed(0)} ms (${((ms / total) * 100).toFixed(0)}%), ${(ms / bucket.length).toFixed(2)} ms/file, ${((ms * 1000) / (sum(bucket, "size") / 1024)).toFixed(0)} µs/KB`);
}
console.log("slowest:");
for (const r of [...rows].sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${r.ms.toFixed(0).padStart(5)} ms ${String(r.size).padStart(8)} B  ${r.path}`);
const byExt = new Map<string, { n: number; ms: number }>();
for (const r of rows) {
  const ext = r.path.endsWith(".d.ts") ? ".d.ts" : (/\.[^./]+$/.exec(r.path)?.[0] ?? "(none)");
  const v = byExt.get(ext) ?? { n: 0, ms: 0 };
  v.n++;
  v.ms += r.ms;
  byExt.set(ext, v);
}
console.log(`by extension: ${[...byExt].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8).map(([e, v]) => `${e} ${v.n} files ${v.ms.toFixed(0)} ms`).join(", ")}`);
