// A copy of svc that outlives the call (the host an MCP server starts, a background index) does not inherit the index file
// git hands a hook: during `git commit -a` it is `.git/index.lock`, gone when the commit ends, and a host reading it for
// its next 30 minutes would see a repository with nothing tracked.

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { servingHostPid } from "../../src/host/endpoint.ts";
import { ensureHost } from "../../src/host/spawn.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";

const saved = { runtime: process.env.SVC_RUNTIME_DIR, index: process.env.GIT_INDEX_FILE, idle: process.env.SVC_DAEMON_IDLE_MINUTES, dir: process.env.GIT_DIR, prefix: process.env.GIT_PREFIX, params: process.env.GIT_CONFIG_PARAMETERS };
const restore = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));

afterEach(() => {
  restore("SVC_RUNTIME_DIR", saved.runtime);
  restore("GIT_INDEX_FILE", saved.index);
  restore("SVC_DAEMON_IDLE_MINUTES", saved.idle);
  restore("GIT_DIR", saved.dir);
  restore("GIT_PREFIX", saved.prefix);
  restore("GIT_CONFIG_PARAMETERS", saved.params);
});

describe("detached copies of svc", () => {
  test.skipIf(!existsSync("/proc/self/environ"))("a host started from a git hook's environment does not take the hook's index file", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    process.env.SVC_RUNTIME_DIR = tempDir("svc-run-");
    process.env.GIT_INDEX_FILE = join(root, ".git", "index.lock");
    process.env.SVC_DAEMON_IDLE_MINUTES = "1";
    // a linked worktree's hook also names the git directory (then git takes any working directory for the top: a test the
    // host runs in its isolated copy would commit to this repository), the prefix and `git -c` settings (h122)
    process.env.GIT_DIR = join(root, ".git");
    process.env.GIT_PREFIX = "";
    process.env.GIT_CONFIG_PARAMETERS = "'core.hookspath'='x'";
    const client = await ensureHost(root);
    expect(client).not.toBeNull();
    const pid = servingHostPid(root);
    try {
      expect(pid).not.toBeNull();
      const env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      expect(env.some((e) => e.startsWith("SVC_RUNTIME_DIR="))).toBe(true); // the rest of the environment is passed on
      expect(env.filter((e) => /^GIT_(?:INDEX_FILE|DIR|PREFIX|CONFIG_PARAMETERS)=/.test(e))).toEqual([]);
    } finally {
      client?.close();
      if (pid) process.kill(pid, "SIGTERM");
    }
  }, 120_000);
});
