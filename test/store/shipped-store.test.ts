// A `.svc/` svc did not make for the workspace it is in — committed to the repository (by mistake
// or planted), or a copy of another folder's — is never used: it is moved aside whole (never
// deleted: it may be someone's data), a fresh store is built, and the caller is told why in one
// line. The shipped stores here claim the clone's own path (an attacker can guess a CI runner's)
// and have their graph edges deleted: answered from, they said "none reach it"; their runtime
// files (a writer lock, a host marker naming a live process) kept every build "busy" and the
// host from starting. Surfaces: CLI, MCP, the host (RPC) and the pre-commit hook.

import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { connectHost, type HostClient } from "../../src/host/client.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { runSvc } from "../helpers/cli.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { commitFiles, git, gitRepo, tempDir } from "../helpers/repo.ts";

const FILES = {
  "tsconfig.json": '{"compilerOptions":{"strict":true},"include":["src"]}\n',
  "src/a.ts": "export function alpha(x: number): number {\n  return x + 1;\n}\n",
  "src/b.ts": 'import { alpha } from "./a";\nexport function beta(): number {\n  return alpha(2);\n}\n',
};

const NOTICE = "was not built by svc for this workspace";
const sleeper = Bun.spawn(["sleep", "600"], { stdout: "ignore", stderr: "ignore" });
let host: RunningHost | undefined;
let client: HostClient | undefined;

afterAll(async () => {
  client?.close();
  await host?.stop("test done");
  sleeper.kill();
  delete process.env.SVC_RUNTIME_DIR;
});

/** Index `root` and delete every graph edge from its store: a store that answers "none reach it" for what the code calls. */
function poisonedIndex(root: string): void {
  const built = runSvc(["index", root, "--quiet"]);
  expect(built.code).toBe(0);
  const db = new Database(join(root, ".svc", "svc.db"));
  expect((db.query("SELECT count(*) AS n FROM edges").get() as { n: number }).n).toBeGreaterThan(0);
  db.run("DELETE FROM edges");
  db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}

/** A clone at the very path the shipped store was built at: the store claims this root, and (pre-rule) answered as ready. */
function shippedClone(extra: (root: string) => void = () => {}): string {
  const base = tempDir("svc-shipped-");
  const root = join(base, "ws");
  mkdirSync(root);
  git(root, "init", "-q");
  commitFiles(root, FILES, "initial");
  poisonedIndex(root);
  extra(root);
  git(root, "add", "-f", ".svc");
  git(root, "commit", "-qm", "ship the index");
  renameSync(root, join(base, "origin"));
  git(base, "clone", "-q", join(base, "origin"), root);
  return root;
}

/** The clone's shipped identity rewritten to claim its own folder: an attacker's right guess of the inode a CI runner gives the clone. */
function claimFolder(root: string): void {
  const path = join(root, ".svc", "identity.json");
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, "utf8")), root, ino: statSync(root).ino }));
}

const asideDirs = (root: string) => readdirSync(root).filter((name) => name.startsWith(".svc-untrusted-"));

describe("a .svc/ svc did not make for this workspace", () => {
  test("CLI: a store committed to the repository is moved aside with a one-line notice, never answered from; nothing of it is lost", () => {
    const root = shippedClone();
    const shipped = readFileSync(join(root, ".svc", "svc.db"));
    const impact = runSvc(["impact", "alpha", root]);
    expect(impact.code).toBe(0);
    expect(impact.stdout).toContain("src/b.ts");
    expect(impact.stdout).not.toContain("none (checker-complete)");
    const warnings = impact.stderr.split("\n").filter((line) => line.includes(NOTICE));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("git tracks");
    expect(warnings[0]).toContain("it came with the repository");
    expect(warnings[0]).toContain("git rm -r --cached .svc");
    // moved whole, byte for byte, and kept out of git status
    const [aside] = asideDirs(root);
    expect(aside).toBeDefined();
    expect(warnings[0]).toContain(aside!);
    expect(readFileSync(join(root, aside!, "svc.db")).equals(shipped)).toBe(true);
    expect(git(root, "status", "--porcelain", "--untracked-files=all")).not.toContain(".svc-untrusted-");
    // the fresh store is svc's own: said once, then used quietly
    const again = runSvc(["find", "alpha", root]);
    expect(again.stderr).not.toContain(NOTICE);
    expect(asideDirs(root)).toHaveLength(1);
  }, 120_000);

  test("CLI: a shipped identity that guessed this folder's inode is still not trusted: git checked it out", () => {
    const root = shippedClone();
    const origin = join(root, "..", "origin");
    // the repository's next commit claims the clone's own folder (as on a CI runner whose inodes repeat)
    const identity = JSON.parse(readFileSync(join(origin, ".svc", "identity.json"), "utf8")) as { ino: number; root: string };
    writeFileSync(join(origin, ".svc", "identity.json"), JSON.stringify({ ...identity, root, ino: statSync(root).ino }));
    git(origin, "commit", "-qam", "claim the clone's folder");
    git(root, "pull", "-q");
    const impact = runSvc(["impact", "alpha", root]);
    expect(impact.stdout).toContain("src/b.ts");
    expect(impact.stderr).toContain(NOTICE);
    expect(impact.stderr).toContain("is the one git checked out");
  }, 120_000);

  test("CLI: a clone another user owns (git's safe.directory would answer nothing) whose shipped identity guessed this folder's inode is not trusted", () => {
    const root = shippedClone();
    claimFolder(root);
    expect(Bun.spawnSync(["chown", "-R", "nobody", root]).exitCode).toBe(0);
    expect(Bun.spawnSync(["git", "ls-files", "--", ".svc"], { cwd: root }).exitCode).not.toBe(0);
    const impact = runSvc(["impact", "alpha", root]);
    expect(impact.stdout).toContain("src/b.ts");
    expect(impact.stderr).toContain(NOTICE);
    expect(impact.stderr).toContain("it came with the repository");
  }, 120_000);

  test("CLI: a .svc/ that is a submodule is not trusted, whatever inode its identity claims", () => {
    const base = tempDir("svc-submodule-");
    const built = join(base, "built");
    cpSync(gitRepo(FILES), built, { recursive: true });
    poisonedIndex(built);
    // the store as a repository of its own, added to the project as the submodule .svc
    const store = join(base, "store");
    cpSync(join(built, ".svc"), store, { recursive: true });
    git(store, "init", "-q");
    git(store, "add", "-f", ".");
    git(store, "commit", "-qm", "the index");
    const origin = join(base, "origin");
    mkdirSync(origin);
    git(origin, "init", "-q");
    commitFiles(origin, FILES, "initial");
    git(origin, "-c", "protocol.file.allow=always", "submodule", "add", "-q", store, ".svc");
    git(origin, "commit", "-qm", "ship the index");
    const root = join(base, "ws");
    git(base, "-c", "protocol.file.allow=always", "clone", "-q", "--recurse-submodules", origin, root);
    claimFolder(root);
    const impact = runSvc(["impact", "alpha", root]);
    expect(impact.stdout).toContain("src/b.ts");
    expect(impact.stderr).toContain(NOTICE);
    expect(impact.stderr).toContain("it is a repository of its own (a submodule's checkout): it came with the repository");
    expect(runSvc(["find", "alpha", root]).stderr).not.toContain(NOTICE);
    expect(asideDirs(root)).toHaveLength(1);
  }, 120_000);

  for (const [attribute, id] of [["text eol=crlf", null], ["ident", "$Id$"]] as const) {
    test(`CLI: a shipped identity that guessed this folder's inode and is checked out in other bytes than git's (${attribute}) is still not trusted`, () => {
      const root = shippedClone();
      const origin = join(root, "..", "origin");
      const identity = JSON.parse(readFileSync(join(origin, ".svc", "identity.json"), "utf8")) as { id: string; ino: number; root: string };
      writeFileSync(join(origin, ".svc", "identity.json"), `${JSON.stringify({ ...identity, id: id ?? identity.id, root, ino: statSync(root).ino })}\n`);
      // git's blob is not the checkout's bytes (CRLF; `$Id$` expanded to `$Id: <blob> $`), yet git put them there
      writeFileSync(join(origin, ".gitattributes"), `.svc/identity.json ${attribute}\n`);
      git(origin, "add", "-f", ".gitattributes", ".svc/identity.json");
      git(origin, "commit", "-qm", "claim the clone's folder, checked out converted");
      git(root, "pull", "-q");
      expect(readFileSync(join(root, ".svc", "identity.json"), "utf8")).toContain(id === null ? "\r\n" : "$Id: ");
      const impact = runSvc(["impact", "alpha", root]);
      expect(impact.stdout).toContain("src/b.ts");
      expect(impact.stderr).toContain(NOTICE);
      // svc's fresh store, whose identity git's index still lists, is its own: said once
      expect(runSvc(["find", "alpha", root]).stderr).not.toContain(NOTICE);
      expect(asideDirs(root)).toHaveLength(1);
    }, 120_000);
  }

  test("CLI: judging a shipped identity runs no filter the repository's config names (a folder unpacked with its .git: git hash-object --path ran it)", () => {
    const root = shippedClone();
    const ran = join(tempDir("svc-filter-"), "ran");
    git(root, "config", "filter.planted.clean", `touch '${ran}'; cat`);
    writeFileSync(join(root, ".git", "info", "attributes"), ".svc/identity.json filter=planted\n");
    claimFolder(root);
    const impact = runSvc(["impact", "alpha", root]);
    expect(impact.stderr).toContain(NOTICE);
    expect(existsSync(ran)).toBe(false);
  }, 120_000);

  test("CLI: a copy of another folder's store (not tracked, same path, same timestamps) is moved aside, not served", () => {
    const base = tempDir("svc-copied-");
    const root = join(base, "ws");
    cpSync(gitRepo(FILES), root, { recursive: true });
    poisonedIndex(root);
    // the folder moves away and a copy takes its place: the store's recorded root, the same timestamps
    renameSync(root, join(base, "was"));
    cpSync(join(base, "was"), root, { recursive: true, preserveTimestamps: true });
    const impact = runSvc(["impact", "alpha", root]);
    expect(impact.stdout).toContain("src/b.ts");
    expect(impact.stderr).toContain(NOTICE);
    expect(impact.stderr).toContain("made for another folder");
    expect(impact.stderr).not.toContain("git rm");
    expect(asideDirs(root)).toHaveLength(1);
  }, 120_000);

  test("CLI: the store of a workspace svc built here is used as it is (one without an identity is rebuilt: store-identity.test.ts)", () => {
    const root = gitRepo(FILES);
    expect(runSvc(["index", root, "--quiet"]).code).toBe(0);
    expect(existsSync(join(root, ".svc", "identity.json"))).toBe(true);
    const stamp = readFileSync(join(root, ".svc", "svc.db"));
    const find = runSvc(["find", "alpha", root]);
    expect(find.stderr).not.toContain(NOTICE);
    expect(asideDirs(root)).toEqual([]);
    expect(readFileSync(join(root, ".svc", "svc.db")).length).toBe(stamp.length);
  }, 120_000);

  test("CLI: a shipped writer lock naming a live process neither blocks the build nor gets that process signalled", () => {
    const root = shippedClone((at) => writeFileSync(join(at, ".svc", "writer.lock"), JSON.stringify({ pid: sleeper.pid, nonce: "planted" })));
    const built = runSvc(["index", root]);
    expect(built.stderr).not.toContain("index_busy");
    expect(built.code).toBe(0);
    expect(built.stderr).toContain(NOTICE);
    expect(sleeper.exitCode).toBeNull();
    expect(() => process.kill(sleeper.pid, 0)).not.toThrow();
  }, 120_000);

  test("MCP: the answer carries the notice and the rebuilt graph", async () => {
    const root = shippedClone();
    const mcp = await mcpClientFor(root);
    try {
      const result = (await mcp.callTool({ name: "svc_impact", arguments: { path: root, symbol: "alpha" } })) as { content: { text: string }[] };
      const text = result.content.map((c) => c.text).join("\n");
      expect(text).toContain(NOTICE);
      expect(text).toContain("src/b.ts");
    } finally {
      await mcp.close();
    }
    expect(asideDirs(root)).toHaveLength(1);
  }, 120_000);

  test("host: a shipped marker naming a live process does not keep the host from serving; the notice is in its log; its RPC answers come from its own store", async () => {
    useRuntimeDir();
    const root = shippedClone((at) => writeFileSync(join(at, ".svc", "host.json"), JSON.stringify({ pid: sleeper.pid, socket: "/tmp/planted.sock", startedAt: "", version: "0" })));
    const logged: string[] = [];
    host = await startHost({ root, idleMinutes: 0, log: (line) => logged.push(line) });
    expect(logged.filter((line) => line.includes(NOTICE))).toHaveLength(1);
    client = (await connectHost(root, 2000)) as HostClient;
    // the shipped store has no edges: the host's graph shows b importing a from its own
    const graph = await client.call<{ edges: unknown[] }>("svc/graph", {});
    expect(graph.edges.length).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(root, ".svc", "host.json"), "utf8")).pid).toBe(process.pid);
    expect(() => process.kill(sleeper.pid, 0)).not.toThrow();
  }, 120_000);

  test("pre-commit hook: the gate of a commit in a clone that shipped .svc/ sets it aside and says so", () => {
    const root = shippedClone();
    expect(runSvc(["hook", "install"], { cwd: root }).code).toBe(0);
    writeFileSync(join(root, "src/c.ts"), 'import { beta } from "./b";\nexport const gamma: number = beta();\n');
    git(root, "add", "src/c.ts");
    const commit = Bun.spawnSync(["git", "commit", "-qm", "add c"], { cwd: root, stdout: "pipe", stderr: "pipe", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
    const stderr = commit.stderr.toString();
    expect(stderr).toContain(NOTICE);
    expect(commit.exitCode).toBe(0);
    expect(asideDirs(root)).toHaveLength(1);
  }, 180_000);
});
