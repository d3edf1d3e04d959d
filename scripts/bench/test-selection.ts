// Mutation audit of svc's test selection and impact claims against the tests that really fail.
// For each mutation of a top-level function or a class's method (throw at entry, flip
// its first `if`, break its first `return`), the repository's own runner runs the whole suite in
// a scratch copy; the test files that fail beyond the unmutated baseline are compared with what
// `svc impact <path:line> --json` (against the unmutated, indexed copy, host running) selects and
// claims (a failing file svc did not select is run again alone, with and without the mutation, to
// rule out a test failing under load). A false claim: a failing test file not selected while impact said checker-complete, or
// "none reach it" (checker-complete) with a failing file. A miss under an honest partial is counted apart.
//
//   bun scripts/bench/test-selection.ts --repo /tmp/ky --work /tmp/mut-ky --runner ava \
//     --sources source --tests test/main.ts,test/hooks.ts --max 30 --out /tmp/ky.json
//   --runner vitest runs `vitest run --reporter=json`; ava runs `ava --tap <tests>`; jest runs `jest --json`.
//   --runner-args "…": more arguments for the runner, split on spaces (a monorepo's package: `--project xstate`,
//   or a config of its own: `--config vitest.audit.mjs`). --exclude <regex>: source paths not mutated (test files never are).
//   --failing <an earlier --out>: the suite is not run again; its failing files, svc asked again (after a fix).
//   --timeout <seconds> (600): a run that outlasts it is killed and the mutation's verdict is "error".
//   --symbols Name,Other: only those functions (a re-run of the misses); --list prints the chosen mutations and stops.

import { parse, Lang, type SgNode } from "@ast-grep/napi";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

interface Args { repo: string; work: string; runner: "ava" | "vitest" | "jest"; runnerArgs: string[]; sources: string; exclude: RegExp | null; tests: string[]; max: number; timeout: number; out: string; symbols: string[] | null; svc: string; failing: string | null }

function args(): Args {
  const a = process.argv.slice(2);
  const get = (k: string, d?: string) => {
    const i = a.indexOf(`--${k}`);
    if (i < 0 || i + 1 >= a.length) {
      if (d === undefined) throw new Error(`--${k} is required`);
      return d;
    }
    return a[i + 1]!;
  };
  const runner = get("runner");
  if (runner !== "ava" && runner !== "vitest" && runner !== "jest") throw new Error("--runner must be ava, vitest or jest");
  const symbols = get("symbols", "");
  const exclude = get("exclude", "");
  return { repo: get("repo"), work: get("work"), runner, runnerArgs: get("runner-args", "").split(" ").filter(Boolean), sources: get("sources", "src"), exclude: exclude ? new RegExp(exclude) : null, tests: get("tests", "").split(",").filter(Boolean), max: Number(get("max", "40")), timeout: Number(get("timeout", "600")), out: get("out"), symbols: symbols ? symbols.split(",") : null, svc: get("svc", join(import.meta.dir, "../svc")), failing: get("failing", "") || null };
}

interface Mutation { id: string; file: string; symbol: string; line: number; kind: "throw" | "flip" | "return"; start: number; end: number; replacement: string }

/** The TypeScript sources under `dir`, test files and their folders left out. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return /^(node_modules|tests?|__tests__)$/.test(n) ? [] : walk(p);
    return /\.tsx?$/.test(n) && !n.endsWith(".d.ts") && !/\.(test|spec)\.tsx?$/.test(n) ? [p] : [];
  });
}

const THROW = `throw new Error("svc-mutant");`;

/** The mutations of one function body: throw at entry, the first `if` flipped, the first `return` broken. */
function mutationsOf(file: string, symbol: string, line: number, body: SgNode): Mutation[] {
  const out: Mutation[] = [];
  const r = body.range();
  const base = { file, symbol, line };
  if (body.kind() === "statement_block") out.push({ ...base, id: `${symbol}:throw`, kind: "throw", start: r.start.index + 1, end: r.start.index + 1, replacement: ` ${THROW} ` });
  else out.push({ ...base, id: `${symbol}:throw`, kind: "throw", start: r.start.index, end: r.end.index, replacement: `(() => { ${THROW} })()` });
  const cond = body.find({ rule: { kind: "parenthesized_expression", inside: { kind: "if_statement", field: "condition" } } });
  if (cond) out.push({ ...base, id: `${symbol}:flip`, kind: "flip", start: cond.range().start.index, end: cond.range().end.index, replacement: `(!${cond.text()})` });
  const ret = body.find({ rule: { kind: "return_statement", has: { kind: "expression", stopBy: "end" } } }) ?? body.find({ rule: { kind: "return_statement" } });
  if (ret && ret.text() !== "return;") out.push({ ...base, id: `${symbol}:return`, kind: "return", start: ret.range().start.index, end: ret.range().end.index, replacement: "return undefined as any;" });
  return out;
}

/** Top-level functions, arrow-valued consts and class methods (exported or the implementations behind an export: `const fooImpl = …; export const foo = fooImpl as Foo`). */
function mutations(root: string, sources: string): Mutation[] {
  const out: Mutation[] = [];
  for (const abs of walk(join(root, sources))) {
    const file = relative(root, abs);
    if (a.exclude?.test(file)) continue;
    const ast = parse(abs.endsWith(".tsx") ? Lang.Tsx : Lang.TypeScript, readFileSync(abs, "utf8")).root();
    for (const top of ast.children()) {
      const decl = top.kind() === "export_statement" ? top.field("declaration") : top;
      if (!decl) continue;
      if (decl.kind() === "function_declaration") {
        const name = decl.field("name");
        const body = decl.field("body");
        if (name && body) out.push(...mutationsOf(file, name.text(), name.range().start.line + 1, body));
      } else if (decl.kind() === "lexical_declaration") {
        for (const v of decl.children().filter((c) => c.kind() === "variable_declarator")) {
          const name = v.field("name");
          const fn = v.field("value")?.find({ rule: { any: [{ kind: "arrow_function" }, { kind: "function_expression" }] } });
          const body = fn?.field("body");
          if (name?.kind() === "identifier" && body) out.push(...mutationsOf(file, name.text(), name.range().start.line + 1, body));
        }
      } else if (decl.kind() === "class_declaration") {
        const cname = decl.field("name")?.text();
        for (const m of decl.findAll({ rule: { kind: "method_definition" } })) {
          const name = m.field("name");
          const body = m.field("body");
          if (cname && name && body) out.push(...mutationsOf(file, `${cname}.${name.text()}`, name.range().start.line + 1, body));
        }
      }
    }
  }
  return out;
}

/** A deterministic spread: every kind's mutations interleaved, files in turn. */
function pick(all: Mutation[], max: number, symbols: string[] | null): Mutation[] {
  if (symbols) return all.filter((m) => symbols.includes(m.symbol) || symbols.includes(m.id));
  const kinds: Mutation["kind"][] = ["throw", "flip", "return"];
  const ordered = kinds.flatMap((k) => all.filter((m) => m.kind === k));
  const step = Math.max(1, Math.floor(ordered.length / max));
  return ordered.filter((_, i) => i % step === 0).slice(0, max);
}

/** The failing tests (`file › title`) of one run of the whole suite; files whose run broke count as `file › (suite)`. */
function runSuite(a: Args, files: readonly string[] = a.tests): Set<string> {
  if (a.runner === "vitest" || a.runner === "jest") {
    const out = `/tmp/test-selection-${process.pid}.json`;
    rmSync(out, { force: true });
    const argv = a.runner === "vitest" ? ["run", "--reporter=json", `--outputFile=${out}`] : ["--json", `--outputFile=${out}`];
    const run = spawnSync(`node_modules/.bin/${a.runner}`, [...argv, ...a.runnerArgs, ...files], { cwd: a.work, stdio: "ignore", timeout: a.timeout * 1000, killSignal: "SIGKILL" });
    // a mutant that leaves a test waiting forever (xstate's getAllStateNodes) gets no report: that run is no answer
    if (!existsSync(out)) throw new Error(`the suite ${run.error ? `ran past --timeout ${a.timeout}s` : `wrote no report (exit ${run.status})`}`);
    // jest and vitest write the same report shape (vitest's json reporter is jest's)
    const r = JSON.parse(readFileSync(out, "utf8")) as { testResults: { name: string; status: string; assertionResults: { fullName: string; status: string }[] }[] };
    const failed = new Set<string>();
    for (const f of r.testResults) {
      const file = relative(a.work, f.name);
      if (f.status !== "passed" && !f.assertionResults.some((t) => t.status === "failed")) failed.add(`${file} › (suite)`);
      for (const t of f.assertionResults) if (t.status === "failed") failed.add(`${file} › ${t.fullName}`);
    }
    return failed;
  }
  const r = spawnSync("node_modules/.bin/ava", ["--tap", ...a.runnerArgs, ...files], { cwd: a.work, encoding: "utf8", timeout: a.timeout * 1000 });
  const failed = new Set<string>();
  for (const line of (r.stdout ?? "").split("\n")) {
    const m = /^not ok \d+ - (.+?)(?: › (.*))?$/.exec(line);
    if (!m) continue;
    // one file run alone: ava leaves its name out of the titles
    if (files.length === 1) failed.add(`${files[0]} › ${line.replace(/^not ok \d+ - /, "")}`);
    else failed.add(`${avaFile(m[1]!)} › ${m[2] ?? "(suite)"}`);
  }
  return failed;
}

/** The test file of an ava TAP title: `main` (a test's file, its extension and folder dropped) or `test/main.ts exited with a non-zero exit code: 1` (a crash). */
function avaFile(title: string): string {
  return a.tests.find((t) => title === t.replace(/^test\//, "").replace(/\.ts$/, "") || title.startsWith(`${t} `)) ?? title;
}

interface Claim { tests: string[]; complete: boolean; empty: string | null; coverage: string; error: string | null }

function svcImpact(a: Args, m: Mutation): Claim {
  const r = spawnSync(a.svc, ["impact", `${m.file}:${m.line}`, "--json", "--limit", "1000", "--quiet", "--cwd", a.repo], { encoding: "utf8", timeout: 120_000 });
  try {
    const d = JSON.parse(r.stdout) as { tests?: { path: string }[]; coverage?: { complete: boolean; line: string }; symbol?: { name: string } };
    if (!d.tests || !d.coverage) return { tests: [], complete: false, empty: null, coverage: "", error: `no symbol answer: ${r.stdout.slice(0, 200)}` };
    return { tests: d.tests.map((t) => t.path), complete: d.coverage.complete, empty: d.tests.length ? null : "none reach it", coverage: d.coverage.line, error: null };
  } catch {
    return { tests: [], complete: false, empty: null, coverage: "", error: `${r.stderr || r.stdout}`.slice(0, 300) };
  }
}

const a = args();
const all = mutations(a.repo, a.sources);
const chosen = pick(all, a.max, a.symbols);
console.log(`${all.length} candidate mutations, ${chosen.length} chosen`);
if (process.argv.includes("--list")) {
  for (const m of chosen) console.log(`${m.id}  ${m.file}:${m.line}  ${m.replacement}`);
  process.exit(0);
}
/** Runs `files` (the whole suite by default) with the mutation applied; the file is restored after. */
function mutatedRun(m: Mutation, files?: readonly string[]): Set<string> {
  const path = join(a.work, m.file);
  const original = readFileSync(path, "utf8");
  // ast-grep's offsets count UTF-16 units, as the string does (not the file's bytes: a `→` before the body misplaced the mutant)
  writeFileSync(path, original.slice(0, m.start) + m.replacement + original.slice(m.end));
  try {
    return runSuite(a, files);
  } finally {
    writeFileSync(path, original);
  }
}

const filesOf = (tests: Iterable<string>) => [...new Set([...tests].map((t) => t.split(" › ")[0]!))].sort();

/**
 * The missed files whose failure is the mutation's: run again alone, with the mutation and without, a test that fails
 * only with it, twice (a timing test failing under load fails both ways, or not again; on a loaded machine, once
 * by chance: xstate's interpreter.test.ts under getDescription).
 */
function confirmed(m: Mutation, missed: string[]): string[] {
  if (!missed.length) return [];
  const clean = runSuite(a, missed);
  const once = [...mutatedRun(m, missed)].filter((t) => !clean.has(t));
  if (!once.length) return [];
  const again = mutatedRun(m, filesOf(once));
  return filesOf(once.filter((t) => again.has(t)));
}

const earlier = a.failing ? new Map((JSON.parse(readFileSync(a.failing, "utf8")) as { id: string; failing: string[] }[]).map((r) => [r.id, [...new Set(r.failing.map(avaFile))].sort()])) : null;
const baseline = earlier ? new Set<string>() : runSuite(a);
if (!earlier) console.log(`baseline: ${baseline.size} failing tests`);
const results: (Mutation & { failing: string[]; selected: string[]; complete: boolean; coverage: unknown; missed: string[]; flaky: string[]; verdict: string; error: string | null })[] = [];
for (const m of earlier ? chosen.filter((c) => earlier.has(c.id)) : chosen) {
  let failing: string[];
  let missed: string[];
  const claim = svcImpact(a, m);
  const unselected = () => failing.filter((f) => !claim.tests.includes(f));
  try {
    failing = earlier ? earlier.get(m.id)! : filesOf([...mutatedRun(m)].filter((t) => !baseline.has(t)));
    missed = confirmed(m, unselected());
  } catch (e) {
    failing = [];
    missed = [];
    claim.error = `${(e as Error).message}`;
  }
  const flaky = unselected().filter((f) => !missed.includes(f));
  const verdict = claim.error ? "error" : !missed.length ? "ok" : claim.complete ? "FALSE_CLAIM" : "partial_miss";
  results.push({ ...m, failing, selected: claim.tests, complete: claim.complete, coverage: claim.coverage, missed, flaky, verdict, error: claim.error });
  console.log(`${m.id} (${m.file}:${m.line}): failing ${failing.length} [${failing.join(", ")}], selected ${claim.tests.length}, ${claim.complete ? "checker-complete" : "partial"} → ${verdict}${missed.length ? ` missed ${missed.join(", ")}` : ""}${flaky.length ? ` (not failing again alone: ${flaky.join(", ")})` : ""}${claim.error ? ` ${claim.error}` : ""}`);
  writeFileSync(a.out, JSON.stringify(results, null, 2));
}
const count = (v: string) => results.filter((r) => r.verdict === v).length;
const killed = results.filter((r) => r.failing.length);
const mean = (xs: number[]) => (xs.length ? (xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(1) : "0");
console.log(`\n${a.repo}: ${results.length} mutations, ${killed.length} killed; false claims ${count("FALSE_CLAIM")}, partial misses ${count("partial_miss")}, errors ${count("error")}; mean selected ${mean(results.map((r) => r.selected.length))}, mean failing ${mean(killed.map((r) => r.failing.length))}`);
