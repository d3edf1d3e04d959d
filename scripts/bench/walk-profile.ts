// Where the cold checker walk spends its time: the workspace loaded into a fresh engine, then
// every owned file walked as the semantic upgrade does (8 at a time), with the API calls the
// walker makes timed (each call's latency summed — calls overlap, so the sums show where the
// engine is waited on, not a partition of the wall time). Nothing is written to the store.
//
//   bun scripts/bench/walk-profile.ts <indexed workspace>

import { join, relative } from "node:path";
import { openReader } from "../../src/store/db.ts";
import { CheckerWalker } from "../../src/semantic/checker-walk.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { loadFromStore, storePaths } from "../../src/semantic/upgrade.ts";
import { toPosix } from "../../src/workspace/root.ts";

const root = process.argv[2];
if (!root) {
  console.error("usage: bun scripts/bench/walk-profile.ts <indexed workspace>");
  process.exit(2);
}
const db = openReader(root);
if (!db) throw new Error(`${root} has no index`);
const spent = new Map<string, { ms: number; calls: number }>();
function timedMethod(owner: Record<string, unknown>, name: string, label = name): void {
  const original = owner[name] as (...a: unknown[]) => Promise<unknown>;
  owner[name] = async (...a: unknown[]) => {
    const t = performance.now();
    try {
      return await original.apply(owner, a);
    } finally {
      const s = spent.get(label) ?? { ms: 0, calls: 0 };
      s.ms += performance.now() - t;
      s.calls++;
      spent.set(label, s);
    }
  };
}

const engine = new TsEngine({ root });
const t0 = performance.now();
const startedEngine = await engine.call("starting", async () => null);
void startedEngine;
const startMs = performance.now() - t0;
const loaded = await loadFromStore(engine, root, db);
const loadMs = performance.now() - t0 - startMs;
const known = new Set(storePaths(db));
const declared = new Set((db.query("SELECT DISTINCT name FROM symbols").all() as { name: string }[]).map((r) => r.name));
const byProject = new Map<string, string[]>();
for (const [file, wrapper] of loaded.owner) byProject.set(wrapper, [...(byProject.get(wrapper) ?? []), file]);
const snapshot = await engine.call("snapshot", async (_api, s) => s);
const walkStart = performance.now();
let refs = 0;
for (const [wrapper, files] of byProject) {
  const project = snapshot.getProject(wrapper);
  if (!project) continue;
  for (const m of ["getSymbolAtLocation", "getAliasedSymbol", "getTypeAtLocation", "typeToString"]) timedMethod(project.checker as unknown as Record<string, unknown>, m);
  timedMethod(project.program as unknown as Record<string, unknown>, "getSourceFile");
  const walker = new CheckerWalker(project, (abs) => known.has(toPosix(relative(root, abs))), declared);
  let next = 0;
  await engine.call("walking", async () => {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < files.length) {
          const r = await walker.walk(join(root, files[next++]!));
          refs += r?.refs.length ?? 0;
        }
      }),
    );
  }, 600_000);
}
const walkMs = performance.now() - walkStart;
console.log(`${root}: ${loaded.owner.size} owned files in ${byProject.size} projects, ${refs} references resolved`);
console.log(`engine start ${Math.round(startMs)} ms; load (discover, open projects, read file lists) ${Math.round(loadMs)} ms; walk ${Math.round(walkMs)} ms`);
console.log("API call latency summed over the walk (8 files in flight):");
for (const [name, s] of [...spent].sort((a, b) => b[1].ms - a[1].ms)) console.log(`  ${name.padEnd(22)} ${String(Math.round(s.ms)).padStart(8)} ms  ${String(s.calls).padStart(6)} calls  ${(s.ms / s.calls).toFixed(2)} ms/call`);
db.close();
await engine.close();
process.exit(0);
