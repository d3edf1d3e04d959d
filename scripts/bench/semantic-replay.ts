// The incremental semantic tier against a full rebuild, on real history: a repository's last
// N commits checked out one after another in one scratch clone, `svc index` (incremental)
// after each; the same commit in a second clone indexed with `svc index --force` (a full
// rebuild); the two stores compared by their id-independent digests (store-digest.ts). Prints
// per commit the files changed, the files the semantic pass walked, its time, and whether the
// stores are equal (the differing tables when not). Measures, never asserts; exit 1 on a
// difference other than a stated one (STATED: another tier's documented update/rebuild gap).
//
//   bun scripts/bench/semantic-replay.ts [repo=/work/repos/hono] [commits=21] [--keep]
//
// Both clones live in a temp folder (the repository itself is never written).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { storeDigest, type StoreDigest } from "./store-digest.ts";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const keep = process.argv.includes("--keep");
const repo = args[0] ?? "/work/repos/hono";
const n = Number(args[1] ?? 21);
const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const scratch = mkdtempSync(join(tmpdir(), "svc-semantic-replay-"));
const env = { ...(process.env as Record<string, string>), SVC_RUNTIME_DIR: join(scratch, "runtime"), SVC_TIMING: "1", NO_COLOR: "1" };

function run(cmd: string[], cwd: string): { code: number; out: string; err: string; ms: number } {
  const started = performance.now();
  const r = Bun.spawnSync(cmd, { cwd, env, stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode ?? -1, out: r.stdout.toString(), err: r.stderr.toString(), ms: performance.now() - started };
}

function git(cwd: string, ...a: string[]): string {
  const r = run(["git", ...a], cwd);
  if (r.code !== 0) throw new Error(`git ${a.join(" ")}: ${r.err}`);
  return r.out.trim();
}

interface Indexed {
  ms: number;
  semanticMs: number;
  walked: string;
}

function index(dir: string, force: boolean): Indexed {
  const r = run([process.execPath, "--no-install", MAIN, "index", dir, "--json", ...(force ? ["--force"] : [])], dir);
  if (r.code !== 0) throw new Error(`svc index ${force ? "--force " : ""}failed in ${dir}: ${r.err || r.out}`);
  const data = JSON.parse(r.out) as { data?: { semanticMs?: number } ; semanticMs?: number };
  const walked = /semantic walked (\d+ of \d+) files/.exec(r.err)?.[1] ?? "0";
  return { ms: r.ms, semanticMs: data.data?.semanticMs ?? data.semanticMs ?? 0, walked };
}

function differing(a: StoreDigest, b: StoreDigest): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((t) => a[t]?.sha256 !== b[t]?.sha256).map((t) => `${t} (${a[t]?.rows ?? 0} vs ${b[t]?.rows ?? 0} rows)`);
}

/** The rows only one of the two stores holds, a few per table. */
function showRows(tables: Set<string>): void {
  const ra = new Map<string, string[]>();
  const rb = new Map<string, string[]>();
  storeDigest(inc, { portable: true, rowsOf: tables }, ra);
  storeDigest(full, { portable: true, rowsOf: tables }, rb);
  for (const t of tables) {
    const sa = new Set(ra.get(t));
    const sb = new Set(rb.get(t));
    for (const r of [...sa].filter((x) => !sb.has(x)).slice(0, 4)) console.log(`    only incremental ${t}: ${r.slice(0, 300)}`);
    for (const r of [...sb].filter((x) => !sa.has(x)).slice(0, 4)) console.log(`    only full        ${t}: ${r.slice(0, 300)}`);
  }
}

const inc = join(scratch, "incremental");
const full = join(scratch, "full");
git(scratch, "clone", "-q", "--no-hardlinks", repo, inc);
git(scratch, "clone", "-q", "--no-hardlinks", repo, full);
const commits = git(inc, "log", "--first-parent", "--format=%H", `-${n + 1}`, "HEAD").split("\n").reverse();
git(inc, "checkout", "-q", "--detach", commits[0]!);
const cold = index(inc, false);
console.log(`${repo}: ${commits.length - 1} commits after ${commits[0]!.slice(0, 8)}; cold index ${(cold.ms / 1000).toFixed(1)} s (semantic ${(cold.semanticMs / 1000).toFixed(1)} s, walked ${cold.walked})`);
/** Tables where an update may differ from a rebuild by a stated design decision of another tier (not the semantic one). */
const STATED: Record<string, string> = {
  history_words: "the history tier's per-path cap on words (src/history/update.ts)",
  history_cochange: "the history tier's per-path cap on co-changed paths (src/history/update.ts)",
};
let equal = 0;
let statedOnly = 0;
let compared = 0;
for (let i = 1; i < commits.length; i++) {
  const commit = commits[i]!;
  const changed = git(inc, "diff", "--name-only", commits[i - 1]!, commit).split("\n").filter(Boolean).length;
  git(inc, "checkout", "-q", "--detach", commit);
  const step = index(inc, false);
  git(full, "checkout", "-q", "--detach", commit);
  const rebuilt = index(full, true);
  const a = storeDigest(inc, { portable: true });
  const b = storeDigest(full, { portable: true });
  const diff = differing(a, b);
  compared++;
  const unstated = Object.keys(a).filter((k) => a[k]?.sha256 !== b[k]?.sha256 && !STATED[k]);
  if (diff.length === 0) equal++;
  else if (unstated.length === 0) statedOnly++;
  console.log(
    `${commit.slice(0, 8)} ${String(changed).padStart(3)} files changed: incremental ${(step.ms / 1000).toFixed(1)} s (semantic ${(step.semanticMs / 1000).toFixed(1)} s, walked ${step.walked}); full rebuild ${(rebuilt.ms / 1000).toFixed(1)} s; ${diff.length === 0 ? `stores equal (edges ${a.edges?.sha256.slice(0, 12)})` : `DIFFER: ${diff.join(", ")}`}`,
  );
  if (diff.length) showRows(new Set(Object.keys(a).filter((t) => a[t]?.sha256 !== b[t]?.sha256)));
}
console.log(`${equal}/${compared} incremental stores equal to a full rebuild${statedOnly ? `; ${statedOnly} more differ only where stated: ${Object.entries(STATED).map(([k, why]) => `${k} (${why})`).join(", ")}` : ""}`);
if (keep) console.log(`kept: ${scratch}`);
else rmSync(scratch, { recursive: true, force: true });
process.exit(equal + statedOnly === compared ? 0 : 1);
