// Latency of the checks on a check corpus, in-process with a resident workspace (as the
// host holds it): the first overlay check (loads the projects), the session baseline (every
// file's diagnostics), overlay checks of edits that change what importers see (a new
// top-level declaration with a type error: dependents rechecked) and of edits inside an
// annotated function body (dependents skipped), the session delta after a one-file edit on
// disk, and cold checks (an engine loaded for the call).
//   bun scripts/bench/check-latency.ts rxjs|zod|effect [samples]

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkProject } from "./check-corpus.ts";
import { percentile } from "./measure.ts";
import { printLatency, type LatencyResult } from "./check-report.ts";

process.env.SVC_RESIDENT = "1";
const { call } = await import("../../src/engine.ts");
const { coldOverlay } = await import("../../src/check/file-check.ts");
const { surfaceOf } = await import("../../src/check/surface.ts");
const { generateEdits } = await import("./check-edits.ts");

const ctx = { longLived: true };
const round = (values: number[]) => ({ p50: Math.round(percentile(values, 50)), p95: Math.round(percentile(values, 95)), n: values.length });

/** An edit inside the body of a function with a written return type (the surface stays), or null. */
function bodyEdit(path: string, text: string): string | null {
  const m = /\)\s*:\s*[\w<>[\], |.]+\s*\{\n(\s*)/.exec(text);
  if (!m) return null;
  const at = m.index + m[0].length;
  const edited = `${text.slice(0, at)}const svcBenchBody: number = "x";\n${m[1]}${text.slice(at)}`;
  return surfaceOf(path, edited) !== null && surfaceOf(path, edited) === surfaceOf(path, text) ? edited : null;
}

export async function checkLatency(base: string, name: string, samples = 20): Promise<LatencyResult> {
  const p = checkProject(base, name);
  await call("index", { path: p.dir }, ctx);
  const files = Bun.spawnSync(["git", "ls-files", "src"], { cwd: p.dir }).stdout.toString().split("\n").filter((f) => p.sources.test(f) && !f.endsWith(".d.ts"));
  const text = (f: string) => readFileSync(join(p.dir, f), "utf8");
  let t = performance.now();
  await call("check", { path: p.dir, file: files[0], content: `${text(files[0]!)}\n// x\n` }, ctx);
  const firstMs = performance.now() - t;
  t = performance.now();
  await call("check", { path: p.dir, session: "bench", markGreen: true }, ctx);
  const baselineMs = performance.now() - t;
  const surface: number[] = [];
  const body: number[] = [];
  for (let i = 1; surface.length < samples && i < files.length * 2; i++) {
    const f = files[(i * 37) % files.length]!;
    t = performance.now();
    await call("check", { path: p.dir, file: f, content: `${text(f)}\nconst svcBenchX: number = 'x';\n` }, ctx);
    surface.push(performance.now() - t);
  }
  for (let i = 1; body.length < samples && i < files.length * 2; i++) {
    const f = files[(i * 41) % files.length]!;
    const edited = bodyEdit(f, text(f));
    if (!edited) continue;
    t = performance.now();
    await call("check", { path: p.dir, file: f, content: edited }, ctx);
    body.push(performance.now() - t);
  }
  // The honesty benchmark's kinds of edits (half meant to break, half neutral) on this project.
  const sources = new Map(files.map((f) => [f, text(f)]));
  const mix: number[] = [];
  for (const edit of generateEdits(name, sources, samples * 3, 11)) {
    t = performance.now();
    await call("check", { path: p.dir, file: edit.file, content: edit.content }, ctx);
    mix.push(performance.now() - t);
  }
  // One-file edits on disk, then the delta (the baseline is current: nothing else changed).
  const delta: LatencyResult["delta"]["samples"] = [];
  for (let i = 0; i < Math.min(samples, 10); i++) {
    const f = files[(i * 53 + 5) % files.length]!;
    const orig = text(f);
    writeFileSync(join(p.dir, f), i % 2 ? `${orig}\nconst svcBenchY: number = 'y';\n` : (bodyEdit(f, orig) ?? `${orig}\nconst svcBenchY: number = 'y';\n`));
    t = performance.now();
    const r = await call("check", { path: p.dir, session: "bench" }, ctx);
    delta.push({ file: f, ms: performance.now() - t, first: r.text.split("\n")[0]! });
    writeFileSync(join(p.dir, f), orig);
    await call("check", { path: p.dir, session: "bench", markGreen: true }, ctx); // back to the baseline
  }
  const cold: number[] = [];
  for (let i = 0; i < 3; i++) {
    const f = files[(i * 61 + 3) % files.length]!;
    t = performance.now();
    await coldOverlay(p.dir, f, `${text(f)}\nconst svcBenchZ: number = 'z';\n`);
    cold.push(performance.now() - t);
  }
  return {
    project: name,
    files: files.length,
    firstMs: Math.round(firstMs),
    baselineMs: Math.round(baselineMs),
    surfaceEdit: round(surface),
    bodyEdit: round(body),
    editMix: round(mix),
    delta: { ...round(delta.map((d) => d.ms)), samples: delta.map((d) => ({ ...d, ms: Math.round(d.ms) })) },
    cold: round(cold),
  };
}

if (import.meta.main) {
  const r = await checkLatency(join(import.meta.dir, "..", ".."), process.argv[2] ?? "rxjs", Number(process.argv[3] ?? 20));
  printLatency(r);
  if (process.argv.includes("--verbose")) for (const s of r.delta.samples) console.log(`  delta ${s.file}: ${s.ms} ms — ${s.first}`);
  process.exit(0);
}
