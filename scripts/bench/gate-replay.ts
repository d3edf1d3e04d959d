// Replays real commits through `svc gate --staged` (the pre-commit hook's check) and judges
// every verdict against the compiler the repository uses.
//
//   node_modules/.bin/bun scripts/bench/gate-replay.ts --repo <path> [--commits 20] [--index] [--only <sha>] [--keep]
//
// --index: `svc index .` once at the clone's HEAD (--index-at <rev>: at that commit) and never
// again, so every replayed state is newer or older than the store (the import graph must not be
// read from stale edges).
//
// On a scratch clone (tsc-baseline.ts: @types/node linked in, svc.json pinning the config tsc
// checks), for each of the N most recent first-parent commits that touch TypeScript: check out
// the parent, stage exactly the commit's changes (`git diff parent commit | git apply --index`),
// and run cases:
//   commit          the commit staged, the disk the same
//   commit/disk=P   the commit staged, the changed files' parent content left on disk (unstaged)
//   <mutation>      the commit plus a mutation staged (an exported function renamed without its
//                   importers, a required parameter added, an export dropped, a required member
//                   added to an exported interface, an imported file removed), the disk the same
//   <mutation>/disk=C  the same staged, the mutation absent from the disk (the commit's content,
//                   or for a removal the file kept on disk untracked)
//   <mutation>/disk=none  the same staged, the mutated file deleted from the disk (not staged)
// Ground truth: `tsc --noEmit -p <config> --pretty false` on the parent tree and on the staged
// tree (the working tree made equal to the index), introduced = staged minus parent, matched by
// code + file + message (never line). Verdicts (`svc gate --staged --json`, from source, no host):
// true pass, true block, FALSE PASS (gate ok, tsc introduced errors), false block (gate blocked,
// tsc introduced none), abstain (with its reason). A false pass is a bug; the run exits 1 on one.
//
// Figures (2 shared cores, TypeScript 7.0.2, ~15 s a commit; hono = honojs/hono at 28a9c128 with
// tsconfig.build.json, ky = sindresorhus/ky at 3419113 with tsc-baseline's inline config):
//   before the fixes of branch gate-replay (code at 32bbe78), hono, 8 commits: 39 verdicts, true pass 16, true block 18,
//     FALSE PASS 5 (every <mutation>/disk=none: the mutated file staged, deleted on disk — the engine, which takes
//     programs' files from disk, checked neither it nor its importers: "0 checked" or its importers missed), abstain 0.
//   after, hono, 20 commits: 96 verdicts, true pass 38, true block 40, FALSE PASS 0, false block 0, abstain 18
//     (16 disk=none, 2 commit/disk=P of a commit adding a file — "in the commit but not on disk"; one of them a test
//     file tsc's config excludes: an abstain the gate could have avoided).
//   after, ky, 10 commits: 48 verdicts, true pass 23, true block 16, FALSE PASS 0, false block 0, abstain 9 (same causes).
//   --index-at HEAD~150 (a store 150 commits old), hono, 12 commits: no false pass before or after (the mutations'
//   importers are old; the stale-index false pass is shown by the fixture test in test/cli/gate-staged.test.ts).
//   A true block's list can differ from tsc's (hono 79677607 remove-file src/request.ts: 11 listed, tsc 6) — the
//   verdict is right; the count is reported as "block listing differs".
//   zustand (pmndrs/zustand at f094eebe, tsc-baseline's inline config over src), 8 commits, 39 verdicts: before branch
//     h59-claims, true pass 10, true block 12, FALSE PASS 0, false block 5, abstain 12 — the pinned config is written and
//     git-ignored, so svc reported the pin missing and checked the root tsconfig (tests included); after (an ignored pin
//     is listed), true pass 15, true block 12, FALSE PASS 0, false block 0, abstain 12 (disk=none, tsconfig changes, and a
//     commit adding a test the pinned config excludes: "in the commit but not on disk"). ky's pin is written the same way:
//     its figures above were most likely taken with svc on ky's own tsconfig (not re-run here).
//   branch h69 (more commits; immer = immerjs/immer at 061c242 with its own tsconfig.json), before (code at 89e81f5) and
//     after (b87509b) the same: hono 30 commits 144 verdicts (true pass 62, true block 56, FALSE PASS 0, false block 0,
//     abstain 26); ky 16: 77 (37, 26, 0, 0, 14); zustand 12: 58 (23, 20, 0, 0, 15); immer 12: 52 (26, 18, 0, 0, 8).
//     After (ab5a304), more: hono 60 commits 288 verdicts (120, 108, 0, 0, abstain 60), ky 30: 144 (70, 48, 0, 0, 26),
//     zustand 25: 120 (52, 42, 0, 0, 26), immer 25: 103 (48, 34, 0, 0, 21). The abstains: "in the commit but not on disk"
//     (every <mutation>/disk=none, and commit/disk=P of a commit adding a file) 115 of 133; a config edit whose commit has
//     errors (the engine cannot load the old config) 13; a config differing from the index 5. The five mutations never
//     reach what h69 fixed (globals in scripts, symbolic links, `files` lists, extended configs, side-effect imports,
//     unreadable baselines, unmerged paths): gate-probe.ts and test/cli/gate-staged.test.ts construct those.

import { readFileSync, rmSync, writeFileSync, appendFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join, relative, basename } from "node:path";
import { BUN, cloneForTsc, git, MAIN, sh, TSC } from "./tsc-baseline.ts";

interface TscError {
  code: string;
  file: string;
  line: number;
  message: string;
}

type Verdict = "true pass" | "true block" | "FALSE PASS" | "false block" | "abstain";

interface Row {
  commit: string;
  kind: string;
  introduced: TscError[];
  gate: string;
  verdict: Verdict;
  detail: string;
}

function args(): { repo: string; commits: number; keep: boolean; only: string | null; index: string | null } {
  const a = process.argv.slice(2);
  const get = (flag: string) => {
    const i = a.indexOf(flag);
    return i >= 0 ? a[i + 1] : undefined;
  };
  const repo = get("--repo");
  if (!repo) throw new Error("usage: gate-replay.ts --repo <path> [--commits N] [--only <commit-prefix>] [--index [--index-at <rev>]] [--keep]");
  return { repo, commits: Number(get("--commits") ?? 20), keep: a.includes("--keep"), only: get("--only") ?? null, index: get("--index-at") ?? (a.includes("--index") ? "HEAD" : null) };
}

/** tsc's errors on the working tree; null when tsc could not check the project (config missing, types unresolved). */
function tscErrors(dir: string, config: string): TscError[] | null {
  if (!existsSync(join(dir, config))) return null;
  const r = sh([TSC, "--noEmit", "-p", config, "--pretty", "false"], dir);
  if (/error TS(2688|6053|5083|5058)/.test(r.out)) return null;
  const errors: TscError[] = [];
  for (const line of r.out.split("\n")) {
    const m = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (m) errors.push({ file: m[1]!, line: Number(m[2]), code: m[4]!, message: m[5]! });
    else if (/^\s/.test(line) && errors.length) errors[errors.length - 1]!.message += `\n${line.trim()}`;
  }
  if (r.code !== 0 && !errors.length) return null;
  return errors;
}

/** The errors of `after` not in `before`, as a multiset by code + file + message. */
function introducedErrors(before: TscError[], after: TscError[]): TscError[] {
  const count = new Map<string, number>();
  const key = (e: TscError) => `${e.code}\0${e.file}\0${e.message}`;
  for (const e of before) count.set(key(e), (count.get(key(e)) ?? 0) + 1);
  const out: TscError[] = [];
  for (const e of after) {
    const n = count.get(key(e)) ?? 0;
    if (n > 0) count.set(key(e), n - 1);
    else out.push(e);
  }
  return out;
}

interface GateRun {
  mode: string;
  passed: boolean;
  line: string;
  /** How many errors the gate lists as introduced. */
  count: number;
  reason?: string;
}

function runGate(dir: string): GateRun {
  const r = sh([BUN, "--no-install", MAIN, "gate", "--staged", "--json"], dir);
  let data: { passed?: boolean; mode?: string; reason?: string; introduced?: { path: string; line: number; code: string }[]; checked?: number; note?: string };
  try {
    data = JSON.parse(r.out);
  } catch {
    return { mode: "crash", passed: false, count: 0, line: `exit ${r.code}: ${(r.err || r.out).split("\n").slice(0, 3).join(" | ")}` };
  }
  const intro = (data.introduced ?? []).map((d) => `${d.path}:${d.line} ${d.code}`);
  const line =
    data.mode === "abstain"
      ? `abstain: ${data.reason}`
      : data.passed
        ? `ok (${data.checked} checked${data.note ? `; ${data.note}` : ""})`
        : `blocked: ${intro.length} introduced (${intro.slice(0, 2).join(", ")})`;
  return { mode: data.mode ?? "?", passed: data.passed === true, line, count: intro.length, ...(data.reason ? { reason: data.reason } : {}) };
}

function classify(introduced: TscError[], g: GateRun): Verdict {
  if (g.mode === "abstain" || g.mode === "crash") return "abstain";
  if (g.passed) return introduced.length ? "FALSE PASS" : "true pass";
  return introduced.length ? "true block" : "false block";
}

// ---- mutations -------------------------------------------------------------------------

interface Mutation {
  kind: string;
  file: string;
  /** The staged content of `file` (null: the file removed). */
  staged: string | null;
}

const IDENT = "[A-Za-z_$][\\w$]*";

/** Files of the project (tsc --listFilesOnly), root-relative, outside node_modules. */
function projectFiles(dir: string, config: string): string[] {
  const r = sh([TSC, "--listFilesOnly", "-p", config], dir);
  return r.out
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.includes("/node_modules/") && l.startsWith(dir))
    .map((l) => relative(dir, l))
    .filter((l) => /\.(ts|tsx|mts|cts)$/.test(l) && !l.endsWith(".d.ts"));
}

/** Project files that import `file` (a relative specifier naming it) and mention `name`. */
function importersOf(dir: string, files: readonly string[], file: string, name: string | null): string[] {
  const stem = basename(file).replace(/\.(ts|tsx|mts|cts)$/, "");
  const out: string[] = [];
  for (const f of files) {
    if (f === file) continue;
    const text = readFileSync(join(dir, f), "utf8");
    const specs = [...text.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
    const hits = specs.some((s) => {
      const target = join(dirname(f), s).replace(/\.(js|ts|mjs|mts)$/, "");
      return target === file.replace(/\.(ts|tsx|mts|cts)$/, "") || (stem === "index" && target === dirname(file));
    });
    if (hits && (name === null || new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`).test(text))) out.push(f);
  }
  return out;
}

function mutationsFor(dir: string, files: readonly string[], candidates: readonly string[], kind: string): Mutation | null {
  for (const file of candidates) {
    if (!existsSync(join(dir, file))) continue;
    const text = readFileSync(join(dir, file), "utf8");
    if (kind === "remove-file") {
      if (importersOf(dir, files, file, null).length) return { kind, file, staged: null };
      continue;
    }
    const decl =
      kind === "add-member"
        ? new RegExp(`^export (?:declare )?interface (${IDENT})(?:<[^{]*>)?(?: extends [^{]+)? \\{`, "gm")
        : kind === "add-param"
          ? new RegExp(`^export (?:async )?function\\*? ?(${IDENT})(?:<[^(]*>)?\\(`, "gm")
          : new RegExp(`^export (?:declare )?(?:async )?(?:function\\*?|const|let|class|abstract class|interface|type|enum) ?(${IDENT})`, "gm");
    for (const m of text.matchAll(decl)) {
      const name = m[1]!;
      if (!importersOf(dir, files, file, name).length) continue;
      const at = m.index!;
      const head = m[0];
      let staged: string;
      if (kind === "rename-export") staged = text.replace(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"), `${name}Renamed`);
      else if (kind === "drop-export") staged = text.slice(0, at) + head.replace(/^export (?:declare )?/, "") + text.slice(at + head.length);
      else if (kind === "add-param") {
        const closes = text.startsWith(")", at + head.length);
        staged = `${text.slice(0, at + head.length)}benchExtra: symbol${closes ? "" : ", "}${text.slice(at + head.length)}`;
      } else staged = `${text.slice(0, at + head.length)}\n  benchRequired: symbol;${text.slice(at + head.length)}`;
      return { kind, file, staged };
    }
  }
  return null;
}

const KINDS = ["rename-export", "add-param", "drop-export", "add-member", "remove-file"];

// ---- the replay ------------------------------------------------------------------------

function applyCommit(dir: string, parent: string, commit: string): void {
  git(dir, "checkout", "-q", "-f", "--detach", parent);
  git(dir, "clean", "-fdq");
  const diff = sh(["git", "diff", "--binary", parent, commit], dir).out;
  if (!diff.trim()) return;
  const r = Bun.spawnSync(["git", "apply", "--index", "--whitespace=nowarn"], { cwd: dir, stdin: new TextEncoder().encode(diff), stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`git apply ${commit}: ${r.stderr.toString()}`);
}

function main(): void {
  const { repo, commits: wanted, keep, only, index } = args();
  const clone = cloneForTsc(repo);
  const { dir } = clone;
  const config = clone.project.config;
  appendFileSync(join(dir, ".git", "info", "exclude"), "\n/node_modules\n/.bench-runtime\n/.svc\n");
  mkdirSync(join(dir, ".bench-runtime"), { recursive: true });
  if (index) {
    // one index, never refreshed: the store a user has when no host keeps it current
    git(dir, "checkout", "-q", "-f", "--detach", index);
    const r = sh([BUN, "--no-install", MAIN, "index", "."], dir);
    if (r.code !== 0) throw new Error(`svc index: ${r.err || r.out}`);
    console.log(`indexed once at ${index} (${Math.round(r.ms)} ms), never refreshed`);
    git(dir, "checkout", "-q", "-f", "--detach", "HEAD@{1}");
  }
  console.log(`${clone.name}: tsc --noEmit -p ${config} (${clone.version}); ${clone.probe.files} files at HEAD, ${clone.probe.errors} errors`);
  const log = git(dir, "log", "--first-parent", "--no-merges", "--format=%H %P", `-${wanted * 4}`, "HEAD", "--", "*.ts", "*.tsx", "*.mts").trim().split("\n");
  const picked: { commit: string; parent: string }[] = [];
  for (const l of log) {
    const [commit, parent] = l.split(" ");
    if (!commit || !parent) continue;
    if (only && !commit.startsWith(only)) continue;
    if (picked.length < wanted) picked.push({ commit, parent });
  }
  const rows: Row[] = [];
  /** True blocks whose list of introduced errors is not tsc's (the verdict right, the listing not). */
  const partial: string[] = [];
  const record = (commit: string, kind: string, introduced: TscError[], g: GateRun) => {
    const verdict = classify(introduced, g);
    const first = introduced[0];
    const detail = introduced.length ? `tsc: ${introduced.length} introduced (first ${first!.file}:${first!.line} ${first!.code})` : "tsc: none introduced";
    if (verdict === "true block" && g.count !== introduced.length) partial.push(`${commit.slice(0, 8)} ${kind}: gate lists ${g.count}, tsc ${introduced.length}`);
    rows.push({ commit: commit.slice(0, 8), kind, introduced, gate: g.line, verdict, detail });
    console.log(`${commit.slice(0, 8)} ${kind.padEnd(24)} ${verdict.padEnd(11)} ${detail}; gate ${g.line}`);
  };
  let files: string[] | null = null;
  for (const [i, { commit, parent }] of picked.entries()) {
    applyCommit(dir, parent, parent); // the parent, clean
    const before = tscErrors(dir, config);
    if (!before) {
      console.log(`${commit.slice(0, 8)} skipped: tsc cannot check the parent with ${config}`);
      continue;
    }
    files ??= projectFiles(dir, config);
    applyCommit(dir, parent, commit);
    const changed = git(dir, "diff", "--cached", "--name-only", "HEAD").trim().split("\n").filter(Boolean);
    const after = tscErrors(dir, config);
    if (!after) {
      console.log(`${commit.slice(0, 8)} skipped: tsc cannot check the commit with ${config}`);
      continue;
    }
    const real = introducedErrors(before, after);
    record(commit, "commit", real, runGate(dir));
    // the parent's content back on disk for the changed files: the commit stays staged
    const committed = new Map(changed.map((f) => [f, existsSync(join(dir, f)) ? readFileSync(join(dir, f)) : null]));
    for (const f of changed) {
      const old = sh(["git", "cat-file", "-p", `${parent}:${f}`], dir);
      if (old.code === 0) {
        mkdirSync(dirname(join(dir, f)), { recursive: true });
        writeFileSync(join(dir, f), old.out);
      } else rmSync(join(dir, f), { force: true });
    }
    record(commit, "commit/disk=P", real, runGate(dir));
    for (const [f, bytes] of committed) if (bytes) writeFileSync(join(dir, f), bytes);
    else rmSync(join(dir, f), { force: true });
    // a mutation on top of the commit: the changed files first, then the rest of the project
    const kind = KINDS[i % KINDS.length]!;
    const current = files.filter((f) => existsSync(join(dir, f)));
    const rot = current.length ? i % current.length : 0;
    const candidates = [...changed.filter((f) => current.includes(f)), ...current.slice(rot), ...current.slice(0, rot)];
    const m = mutationsFor(dir, current, candidates, kind);
    if (!m) {
      console.log(`${commit.slice(0, 8)} no ${kind} mutation found`);
      continue;
    }
    const original = readFileSync(join(dir, m.file));
    if (m.staged === null) git(dir, "rm", "-q", "--cached", m.file), rmSync(join(dir, m.file));
    else writeFileSync(join(dir, m.file), m.staged), git(dir, "add", m.file);
    const mutated = tscErrors(dir, config);
    if (!mutated) {
      console.log(`${commit.slice(0, 8)} ${m.kind}: tsc could not check`);
      continue;
    }
    const intro = introducedErrors(before, mutated);
    const label = `${m.kind} ${m.file}`;
    record(commit, label, intro, runGate(dir));
    writeFileSync(join(dir, m.file), original); // the disk without the mutation (a removed file: kept, untracked)
    record(commit, `${m.kind}/disk=C ${m.file}`, intro, runGate(dir));
    if (m.staged !== null) {
      rmSync(join(dir, m.file)); // the mutated file staged, gone from the disk
      record(commit, `${m.kind}/disk=none ${m.file}`, intro, runGate(dir));
    }
  }
  const tally = new Map<Verdict, number>();
  for (const r of rows) tally.set(r.verdict, (tally.get(r.verdict) ?? 0) + 1);
  console.log(`\n${clone.name}: ${rows.length} verdicts over ${picked.length} commits: ${["true pass", "true block", "FALSE PASS", "false block", "abstain"].map((v) => `${v} ${tally.get(v as Verdict) ?? 0}`).join(", ")}`);
  for (const r of rows.filter((r) => r.verdict !== "true pass" && r.verdict !== "true block")) console.log(`- ${r.verdict}: ${r.commit} ${r.kind}: ${r.detail}; gate ${r.gate}`);
  for (const p of partial) console.log(`- block listing differs: ${p}`);
  if (keep) console.log(`kept: ${dir}`);
  else clone.cleanup();
  if (tally.get("FALSE PASS")) process.exitCode = 1;
}

if (import.meta.main) main();
