// Concurrent use, replayed: check out a repository's last N commits one after another while
// an MCP server (and the host it starts) serves it, and run `svc index` after each checkout,
// as an agent's hook would. Reports how many `svc index` runs failed and how many claimed
// "already up to date". Measures, never asserts.
//
//   bun scripts/bench/replay-index.ts <scratch copy of a git repo> [commits=12] [svc main.ts]
//
// The repository is checked out (detached) commit by commit: pass a throwaway copy.
// Figures (2 cores, busy machine, a copy of hono, 12 commits):
//   before (main 4f78baf):  2/11 runs failed with index_busy; 8 said "already up to date",
//                           one of them after 50.7 s of semantic work
//   after  (confine):       0/11 failed (3 waited 0.0–1.4 s for the host's write, then
//                           delegated); none claimed "already up to date" while it did work

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const [repoArg, nArg, mainArg] = process.argv.slice(2);
if (!repoArg) {
  console.error("usage: bun scripts/bench/replay-index.ts <scratch copy of a git repo> [commits=12] [svc main.ts]");
  process.exit(2);
}
const repo = resolve(repoArg);
const n = Number(nArg ?? 12);
const main = resolve(mainArg ?? join(import.meta.dir, "..", "..", "src", "main.ts"));
const runtime = mkdtempSync(join(tmpdir(), "svc-replay-run-"));
const env = { ...(process.env as Record<string, string>), SVC_RUNTIME_DIR: runtime };
const git = (...args: string[]) => Bun.spawnSync(["git", ...args], { cwd: repo }).stdout.toString().trim();
const commits = git("log", "--format=%H", `-${n}`, "HEAD").split("\n").reverse();
git("checkout", "-q", "--detach", commits[0] as string);

const client = new Client({ name: "replay", version: "1" });
await client.connect(new StdioClientTransport({ command: process.execPath, args: ["--no-install", main, "mcp", "serve"], cwd: repo, env, stderr: "ignore" }));
await client.callTool({ name: "svc_toc", arguments: { path: repo } });
let failed = 0;
let upToDate = 0;
for (const commit of commits.slice(1)) {
  git("checkout", "-q", "--detach", commit);
  // an agent's question racing with the host's reconcile of the checkout
  void client.callTool({ name: "svc_search", arguments: { path: repo, query: "request options" } }).catch(() => undefined);
  const run = Bun.spawnSync([process.execPath, "--no-install", main, "index"], { cwd: repo, env, stdout: "pipe", stderr: "pipe" });
  const out = run.stdout.toString().trim();
  const err = run.stderr.toString().trim();
  if (run.exitCode !== 0) failed++;
  if (out.includes("already up to date")) upToDate++;
  console.log(`${commit.slice(0, 8)} exit ${run.exitCode} ${out.slice(out.indexOf(" in ") + 1, out.indexOf(" in ") + 120)}${err ? ` | ${err.split("\n")[0]?.slice(0, 160)}` : ""}`);
}
console.log(`svc index: ${failed}/${commits.length - 1} failed; ${upToDate} said "already up to date"`);
await client.close();
const { connectHost } = await import(join(main, "..", "host", "client.ts"));
process.env.SVC_RUNTIME_DIR = runtime;
const host = await connectHost(repo, 2000);
await host?.call("svc/shutdown").catch(() => undefined);
host?.close();
rmSync(runtime, { recursive: true, force: true });
