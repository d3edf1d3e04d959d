// svc stopped by a signal while a test runner runs: the runner's process group (its own, so
// a terminal's Ctrl-C does not reach it) is killed and the report folder removed; without
// this the runner ran on, orphaned, and its svc-report-* folder stayed in the temp folder.

import { expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { bunOnPath } from "../helpers/bun-on-path.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";

bunOnPath();

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (check()) return;
    await Bun.sleep(50);
  }
  throw new Error(`never: ${what}`);
}

test("svc test interrupted (SIGINT): the runner is killed and its report folder removed", async () => {
  const root = gitRepo({
    "package.json": '{ "name": "k", "scripts": { "test": "bun test" } }\n',
    "src/add.ts": "export function slowAdd(a: number, b: number) {\n  return a + b;\n}\n",
    "test/add.test.ts": 'import { expect, test } from "bun:test";\nimport { writeFileSync } from "node:fs";\nimport { slowAdd } from "../src/add";\n\ntest("slow", async () => {\n  writeFileSync("runner.pid", String(process.pid));\n  await Bun.sleep(600_000);\n  expect(slowAdd(1, 1)).toBe(2);\n}, 900_000);\n',
  });
  await call("index", { path: root });
  const tmp = join(tempDir("svc-int-"), "tmp");
  mkdirSync(tmp);
  const svc = Bun.spawn([process.execPath, "--no-install", MAIN, "test", "slowAdd"], { cwd: root, env: { ...process.env, TMPDIR: tmp }, stdout: "ignore", stderr: "ignore" });
  await until(() => existsSync(join(root, "runner.pid")), "the runner started");
  const runner = Number(readFileSync(join(root, "runner.pid"), "utf8"));
  expect(readdirSync(tmp).filter((d) => d.startsWith("svc-report-"))).toHaveLength(1);
  svc.kill("SIGINT");
  await svc.exited;
  await until(() => !alive(runner), "the runner was killed");
  expect(readdirSync(tmp)).toEqual([]);
}, 120_000);
