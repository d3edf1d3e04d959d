// scripts/bench: the benchmark (never a timed test). Prints a table and writes JSON with
// the machine, commit and corpus to .bench/results/. Usage:
//   bun scripts/bench.ts [--corpus generated|npm-mix|all] [--section index,fusion,host,localize,semantic,wiring,check] [--no-build]
// It measures the compiled binary (dist/svc, rebuilt unless --no-build) as users run it.
// The localize section (scripts/bench/localize/) scores `find --kind task` on tasks from real
// history next to BM25 and BM25F baselines; it runs once, not per corpus. So does the semantic
// section (scripts/bench/semantic-bench.ts): a real TypeScript package and the 5k corpus. So does the
// check section (scripts/bench/check-section.ts): svc_check's honesty on ≥ 500 tsc-labelled edits
// and the check latencies on a 572-file project, in-process with a resident workspace.

import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { generatedCorpus, npmMixCorpus } from "./bench/corpus.ts";
import { benchFusion, printFusionBench } from "./bench/fusion-bench.ts";
import { benchHost, printHostBench } from "./bench/host-bench.ts";
import { benchIndex, printIndexBench } from "./bench/index-bench.ts";
import { benchWiring, printWiringBench } from "./bench/wiring-bench.ts";
import { benchSemantic, printSemanticBench } from "./bench/semantic-bench.ts";
import { benchLocalize, printLocalizeBench } from "./bench/localize/run.ts";
import { benchCheck, printCheckBench } from "./bench/check-section.ts";

const root = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const corpusArg = args[args.indexOf("--corpus") + 1] && args.includes("--corpus") ? args[args.indexOf("--corpus") + 1]! : "all";

if (!args.includes("--no-build")) {
  const build = Bun.spawnSync([process.execPath, "run", "build"], { cwd: root, stdout: "ignore", stderr: "inherit" });
  if (build.exitCode !== 0) process.exit(1);
}
const svc = join(root, "dist", "svc");
const commit = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: root }).stdout.toString().trim();
const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? "?", memGb: Math.round(totalmem() / 2 ** 30), platform: `${process.platform}-${process.arch}`, bun: Bun.version };
console.log(`svc bench — commit ${commit}, ${machine.cpus} × ${machine.cpu}, ${machine.memGb} GiB, bun ${machine.bun}`);

/** [name, prepare, TypeScript source folders for the skeleton ratio] */
const corpora: [string, () => string, string[]][] = [];
if (corpusArg === "generated" || corpusArg === "all") corpora.push(["generated-5000 (TypeScript app)", () => generatedCorpus(root, 5000), ["src"]]);
if (corpusArg === "npm-mix" || corpusArg === "all") corpora.push(["npm-mix (date-fns, typeorm, @mui/material, rxjs, effect)", () => npmMixCorpus(root), ["rxjs/src", "effect/src"]]);
const sections = args.includes("--section") ? (args[args.indexOf("--section") + 1] ?? "").split(",") : ["index", "fusion", "host", "localize", "semantic", "wiring", "check"];

const results: unknown[] = [];
if (sections.includes("localize")) {
  const localize = await benchLocalize(root);
  printLocalizeBench(localize);
  results.push({ corpus: "localization tasks from real history", localize: { ...localize, results: undefined, perTask: localize.results.map(({ top: _top, ...r }) => r) } });
}
for (const [name, prepare, sources] of sections.some((s) => s !== "localize" && s !== "semantic" && s !== "check") ? corpora : []) {
  process.stderr.write(`preparing ${name}…\n`);
  const dir = prepare();
  const result: Record<string, unknown> = { corpus: name };
  if (sections.includes("index")) {
    result.index = await benchIndex(svc, name, dir);
    printIndexBench(result.index as never);
  }
  if (sections.includes("fusion")) {
    result.fusion = [];
    for (const source of sources) {
      const fusion = await benchFusion(root, `${name} ${source}`, dir, source);
      printFusionBench(fusion);
      (result.fusion as unknown[]).push(fusion);
    }
  }
  if (sections.includes("wiring") && name.startsWith("generated")) {
    result.wiring = await benchWiring(name, dir);
    printWiringBench(result.wiring as never);
  }
  if (sections.includes("host")) {
    result.host = await benchHost(svc, name, dir);
    printHostBench(result.host as never);
  }
  results.push(result);
}
if (sections.includes("semantic")) {
  process.stderr.write("preparing the semantic bench…\n");
  const semantic = await benchSemantic(svc, root, generatedCorpus(root, 5000));
  printSemanticBench(semantic);
  results.push({ corpus: "semantic", semantic });
}
if (sections.includes("check")) {
  process.stderr.write("preparing the check bench…\n");
  const check = await benchCheck(root);
  printCheckBench(check);
  results.push({ corpus: "check", check });
}
const outDir = join(root, ".bench", "results");
mkdirSync(outDir, { recursive: true });
const file = join(outDir, `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, JSON.stringify({ commit, machine, date: new Date().toISOString(), results }, null, 2));
console.log(`\nwrote ${file}`);
