// Semantic-tier benchmarks:
//  - a real TypeScript project from the npm registry (rxjs 7.8.2, which ships its sources and
//    tsconfig): the engine's cold load (start tsc --lsp + open the projects), warm queries
//    (find-all-references p50/p95 over the exported API, checker signatures), the compiled
//    binary's `svc index` (syntax + semantic) and `svc find --kind neighbors` one-shots;
//  - the generated 5,000-file corpus: the semantic upgrade after the syntax index (load and
//    walk), and the RSS of a host and its engine once the resident workspace is ready.

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SymbolFlags } from "typescript/unstable/async";
import { connectHost } from "../../src/host/client.ts";
import { endpointFor } from "../../src/host/endpoint.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { openReader } from "../../src/store/db.ts";
import { TsEngine } from "../../src/semantic/engine.ts";
import { references, signatureLines } from "../../src/semantic/queries.ts";
import { loadFromStore, semanticUpgrade } from "../../src/semantic/upgrade.ts";
import { corpusRoot } from "./corpus.ts";
import { fmt, measureRun, percentile } from "./measure.ts";

export const REAL_TS = "rxjs@7.8.2";

export interface SemanticBench {
  real: {
    corpus: string;
    files: number;
    engineColdLoadMs: number;
    /** The first query after the load (the checker builds lazily). */
    firstQueryMs: number;
    referencesMs: { p50: number; p95: number; n: number };
    signatureMs: { p50: number; p95: number; n: number };
    indexOneShotMs: number;
    neighborsOneShotMs: { p50: number; p95: number };
  };
  generated: { files: number; upgradeMs: number; loadMs: number; walkMs: number; edges: number; hostReadyMs: number; hostRssMb: number; engineRssMb: number };
}

function sh(argv: string[], cwd: string): string {
  const r = Bun.spawnSync(argv, { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} failed: ${r.stderr.toString().slice(0, 400)}`);
  return r.stdout.toString();
}

/** One npm package unpacked as a git repository under .bench/corpus. */
function packageCorpus(base: string, spec: string): string {
  const dir = join(corpusRoot(base), spec.replace(/[@/]/g, "-").replace(/^-/, ""));
  if (existsSync(join(dir, ".git"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = sh(["npm", "pack", spec, "--silent", "--pack-destination", dir], dir).trim().split("\n").pop() as string;
  sh(["tar", "xzf", file, "-C", dir], dir);
  rmSync(join(dir, file));
  for (const entry of readdirSync(join(dir, "package"))) renameSync(join(dir, "package", entry), join(dir, entry));
  rmSync(join(dir, "package"), { recursive: true });
  sh(["git", "init", "-q"], dir);
  sh(["git", "add", "-A"], dir);
  sh(["git", "-c", "user.email=bench@svc", "-c", "user.name=bench", "commit", "-qm", "corpus"], dir);
  return dir;
}

const stats = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95), n: xs.length });

async function benchReal(svc: string, base: string): Promise<SemanticBench["real"]> {
  const root = packageCorpus(base, REAL_TS);
  rmSync(join(root, ".svc"), { recursive: true, force: true });
  const index = await measureRun([svc, "index", root, "--quiet"]);
  const db = openReader(root);
  if (!db) throw new Error("no index");
  const exported = db.query("SELECT f.path, s.name, s.start_line AS line, s.start_offset AS off FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.exported = 1 AND s.container IS NULL AND f.path LIKE 'src/internal/%' AND f.path LIKE '%.ts' ORDER BY f.path LIMIT 40").all() as { path: string; name: string; line: number }[];
  const files = Number((db.query("SELECT count(*) AS n FROM files").get() as { n: number }).n);
  db.close();

  const t0 = performance.now();
  const engine = new TsEngine({ root });
  const rdb = openReader(root);
  const loaded = await loadFromStore(engine, root, rdb!);
  rdb!.close();
  await engine.call("first snapshot", async (_api, s) => s);
  const engineColdLoadMs = performance.now() - t0;
  const refs: number[] = [];
  const sigs: number[] = [];
  const wrapper = loaded.projects[0]?.wrapper as string;
  for (const sym of exported) {
    const text = await Bun.file(join(root, sym.path)).text();
    const lineText = text.split("\n")[sym.line - 1] ?? "";
    const column = lineText.indexOf(sym.name) + 1;
    if (column <= 0) continue;
    let s = performance.now();
    await references(engine, join(root, sym.path), { line: sym.line, column });
    refs.push(performance.now() - s);
    s = performance.now();
    await engine.call("signature", async (_api, snapshot) => {
      const p = snapshot.getProject(wrapper);
      const symbol = p ? await p.checker.resolveName(sym.name, SymbolFlags.Value | SymbolFlags.Type | SymbolFlags.Namespace, { document: join(root, sym.path), position: 0 }) : undefined;
      return symbol && p ? signatureLines(p.checker, p.emitter, symbol, sym.name) : [];
    });
    sigs.push(performance.now() - s);
  }
  await engine.close();
  const firstQueryMs = refs.shift() ?? Number.NaN;
  const neighbors: number[] = [];
  for (const sym of exported.slice(0, 10)) neighbors.push((await measureRun([svc, "find", sym.name, root, "--kind", "neighbors"])).wallMs);
  return { corpus: REAL_TS, files, engineColdLoadMs, firstQueryMs, referencesMs: stats(refs), signatureMs: stats(sigs), indexOneShotMs: index.wallMs, neighborsOneShotMs: stats(neighbors) };
}

async function benchGenerated(svc: string, root: string): Promise<SemanticBench["generated"]> {
  rmSync(join(root, ".svc"), { recursive: true, force: true });
  const sync = await syncIndex(root);
  const t0 = performance.now();
  const upgrade = await semanticUpgrade(root);
  const upgradeMs = performance.now() - t0;

  const runtime = join(root, "..", `.run-semantic-${Date.now()}`);
  process.env.SVC_RUNTIME_DIR = runtime;
  const env = { ...process.env, SVC_RUNTIME_DIR: runtime };
  rmSync(join(root, ".svc"), { recursive: true, force: true });
  const h0 = performance.now();
  const child = Bun.spawn([svc, "host", "--directory", root, "--quiet"], { env, stdout: "ignore", stderr: "ignore" });
  for (let i = 0; i < 600 && !existsSync(endpointFor(root).registry); i++) await Bun.sleep(25);
  let host = await connectHost(root, 1000);
  let s: { rssBytes: number; engineRssBytes: number | null; semantic: string; mode: string } | undefined;
  for (let i = 0; i < 2400; i++) {
    host ??= await connectHost(root, 1000);
    s = await host?.call("svc/stats");
    if (s?.semantic === "ready" && s.mode !== "syntax") break;
    await Bun.sleep(50);
  }
  const hostReadyMs = performance.now() - h0;
  await host?.call("svc/shutdown");
  host?.close();
  await child.exited;
  delete process.env.SVC_RUNTIME_DIR;
  return {
    files: sync.files,
    upgradeMs,
    loadMs: upgrade.loadMs,
    walkMs: upgrade.walkMs,
    edges: upgrade.edges,
    hostReadyMs,
    hostRssMb: (s?.rssBytes ?? 0) / 2 ** 20,
    engineRssMb: (s?.engineRssBytes ?? 0) / 2 ** 20,
  };
}

export async function benchSemantic(svc: string, base: string, generatedRoot: string): Promise<SemanticBench> {
  return { real: await benchReal(svc, base), generated: await benchGenerated(svc, generatedRoot) };
}

export function printSemanticBench(b: SemanticBench): void {
  const row = (what: string, value: string, budget = "") => console.log(`${what.padEnd(52)} ${value.padEnd(30)} ${budget}`);
  const r = b.real;
  console.log(`\n## semantic — ${r.corpus} (${r.files} indexed files, real TypeScript from the npm registry)`);
  row("engine cold load (start tsc --lsp, open projects)", `${fmt(r.engineColdLoadMs, 0)} ms`);
  row("first find-all-references after the load (cold)", `${fmt(r.firstQueryMs, 0)} ms`);
  row(`find-all-references, warm (${r.referencesMs.n} exported symbols)`, `p50 ${fmt(r.referencesMs.p50, 1)} ms, p95 ${fmt(r.referencesMs.p95, 1)} ms`);
  row("checker signature of a name, warm", `p50 ${fmt(r.signatureMs.p50, 1)} ms, p95 ${fmt(r.signatureMs.p95, 1)} ms`);
  row("`svc index` one-shot (syntax + semantic)", `${fmt(r.indexOneShotMs, 0)} ms`);
  row("`svc find --kind neighbors` one-shot (stored edges)", `p50 ${fmt(r.neighborsOneShotMs.p50, 0)} ms, p95 ${fmt(r.neighborsOneShotMs.p95, 0)} ms`, "≤ 150 ms");
  const g = b.generated;
  console.log(`\n## semantic — generated-${g.files}`);
  row("semantic upgrade after the syntax index", `${fmt(g.upgradeMs / 1000, 2)} s (load ${fmt(g.loadMs / 1000, 2)} s, walk ${fmt(g.walkMs / 1000, 2)} s)`);
  row("checker edges written", `${g.edges}`);
  row("host start → resident workspace ready", `${fmt(g.hostReadyMs / 1000, 2)} s`);
  row("host RSS / engine RSS (resident)", `${fmt(g.hostRssMb, 0)} MB / ${fmt(g.engineRssMb, 0)} MB`, "≤ 500 MB (host)");
}
