// Crash safety and contention with real processes: `svc index` killed with SIGKILL at
// several moments, and two writers racing for one root.

import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { runSvc, runSvcAsync } from "../helpers/cli.ts";
import { gitRepo } from "../helpers/repo.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

function bigRepo(files = 400): string {
  const tree: Record<string, string> = {};
  for (let i = 0; i < files; i++) {
    tree[`src/mod${i % 20}/service${i}.ts`] = [
      `import { Service${(i + 1) % files} } from "../mod${((i + 1) % files) % 20}/service${(i + 1) % files}";`,
      `/** Service number ${i}. */`,
      `export class Service${i} {`,
      ...Array.from({ length: 30 }, (_, k) => `  method${k}(input: string): string { return input + "${i}-${k}"; }`),
      "}",
      "",
    ].join("\n");
  }
  return gitRepo(tree);
}

function startIndex(root: string, ...args: string[]) {
  return Bun.spawn([process.execPath, "--no-install", MAIN, "index", root, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, NO_COLOR: "1", SVC_EXTRACT_BATCH: "60" },
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("crash safety", () => {
  test("SIGKILL at any moment of svc index leaves a store that is never served half-built", async () => {
    const root = bigRepo();
    for (const delay of [30, 250, 600, 1200]) {
      const child = startIndex(root, "--force");
      await sleep(delay);
      child.kill("SIGKILL");
      await child.exited;
      // Status reads meta only: the store is either ready (the build had finished), syntax with its semantic walk pending, or visibly not warm.
      const status = runSvc(["diagnostics", root, "--json"]);
      expect(status.code).toBe(0);
      const state = JSON.parse(status.stdout).indexState;
      expect(["ready", "upgrade_pending", "index_rebuilding", "building_syntax", "not_indexed"]).toContain(state);
      // The next read rebuilds (taking over the dead writer's lock) and answers correctly.
      const found = runSvc(["find", "Service399", root, "--kind", "symbol", "--json"], { env: { SVC_COLD_READ_DEADLINE_MS: "60000" } });
      expect(found.code).toBe(0);
      const data = JSON.parse(found.stdout);
      expect(data.indexState).toBe("ready");
      expect(data.symbols.hits[0]).toMatchObject({ qualifiedName: "Service399", path: "src/mod19/service399.ts" });
      const after = JSON.parse(runSvc(["diagnostics", root, "--json"]).stdout);
      // whole and sound; the killed build's semantic walk is still to do (no reader runs it), and status says so (h140)
      expect(after).toMatchObject({ files: 400, integrity: "ok" });
      expect(after.indexState === "ready" || (after.indexState === "upgrade_pending" && after.mode === "syntax")).toBe(true);
    }
  }, 120_000);
});

describe("one writer at a time", () => {
  test("two concurrent svc index runs: one indexes, the other waits for it and then runs (never index_busy); readers keep answering", async () => {
    const root = bigRepo();
    const first = startIndex(root, "--force");
    for (let i = 0; i < 200 && !existsSync(join(root, ".svc", "writer.lock")); i++) await sleep(10);
    const reader = runSvc(["find", "Service1", root, "--kind", "symbol"], { env: { SVC_COLD_READ_DEADLINE_MS: "0" } });
    const second = await runSvcAsync(["index", root, "--force"]);
    expect(second.stderr).not.toContain("index_busy");
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Indexed \[semantic\] 400 files/);
    expect(reader.code).toBe(0);
    expect(reader.stdout).toMatch(/^index_state: (building_syntax|ready)/);
    const status = runSvc(["diagnostics", root]);
    expect(status.code).toBe(0);
    const [firstCode, firstOut, firstErr] = await Promise.all([first.exited, new Response(first.stdout).text(), new Response(first.stderr).text()]);
    expect({ code: firstCode, stderr: firstErr }).toEqual({ code: 0, stderr: expect.not.stringContaining("_error") });
    // its answer is the store as it left it: the second --force run may already be rebuilding it
    expect(firstOut).toMatch(/^Indexed \[(syntax|partial|semantic)\] 400 files/);
  }, 120_000);
});
