// Resident overlay-check and session-delta latency on a check corpus (in-process resident engine):
//   bun scripts/bench/check-latency.ts rxjs|zod|effect
import { readFileSync } from "node:fs";
import { join } from "node:path";
process.env.SVC_RESIDENT = "1";
const { call } = await import("../../src/engine.ts");
const { percentile } = await import("./measure.ts");
const { checkProject } = await import("./check-corpus.ts");
const name = process.argv[2] ?? "rxjs";
const p = checkProject(join(import.meta.dir, "..", ".."), name);
const files = Bun.spawnSync(["git", "ls-files", "src"], { cwd: p.dir }).stdout.toString().split("\n").filter((f) => p.sources.test(f) && !f.endsWith(".d.ts"));
let t = performance.now();
let r = await call("check", { path: p.dir, file: files[0], content: readFileSync(join(p.dir, files[0]!), "utf8") + "\n// x\n" });
console.log(name, files.length, "files; first (loads resident)", Math.round(performance.now() - t), "ms:", r.text.split("\n")[0]);
const times: number[] = [];
for (let i = 1; i <= 20; i++) {
  const f = files[(i * 37) % files.length]!;
  t = performance.now();
  r = await call("check", { path: p.dir, file: f, content: readFileSync(join(p.dir, f), "utf8") + "\nconst svcBenchX: number = 'x';\n" });
  times.push(performance.now() - t);
}
console.log("overlay check resident p50", Math.round(percentile(times, 50)), "p95", Math.round(percentile(times, 95)), "ms; last:", r.text.split("\n").slice(0, 3).join(" | "));
t = performance.now(); r = await call("check", { path: p.dir, session: "bench", markGreen: true }); console.log("delta baseline", Math.round(performance.now() - t), "ms");
const f = join(p.dir, files[5]!); const orig = readFileSync(f, "utf8");
await Bun.write(f, orig + "\nconst svcBenchY: number = 'y';\n");
t = performance.now(); r = await call("check", { path: p.dir, session: "bench" }); console.log("delta after one-file edit", Math.round(performance.now() - t), "ms:", r.text.split("\n")[0]);
await Bun.write(f, orig);
process.exit(0);
