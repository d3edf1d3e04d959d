// A test run (in place, or in a race's isolated copy) does not inherit the variables git hands a hook to name this moment's
// repository: a linked worktree's pre-commit hook has GIT_DIR, under which any git command takes its working directory for
// the repository's top — a test that makes a repository in its own folder (`git init`, `git add`, `git commit`) committed
// to the workspace's (h122). Driven with the real bun runner on a real repository.

import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { runFiles } from "../../src/testing/run-files.ts";
import { detectRunner } from "../../src/testing/runner.ts";
import { bunOnPath } from "../helpers/bun-on-path.ts";
import { git, gitRepo, plainDir } from "../helpers/repo.ts";

bunOnPath();

const saved = { dir: process.env.GIT_DIR, index: process.env.GIT_INDEX_FILE };
afterEach(() => {
  for (const [name, value] of [["GIT_DIR", saved.dir], ["GIT_INDEX_FILE", saved.index]] as const) value === undefined ? delete process.env[name] : (process.env[name] = value);
});

describe("test runs and git's hook variables", () => {
  test("a test that commits in its own folder commits there, not to the repository whose hook started svc", async () => {
    const repo = gitRepo({ "a.txt": "a\n" });
    const head = git(repo, "rev-parse", "HEAD").trim();
    // the copy a race runs a candidate's tests in: its own folder, outside the repository
    const copy = plainDir({
      "package.json": '{ "name": "c", "scripts": { "test": "bun test" } }\n',
      "own.test.ts": 'import { expect, test } from "bun:test";\nconst git = (...a: string[]) => Bun.spawnSync(["git", "-c", "user.email=t@e", "-c", "user.name=T", ...a]).exitCode;\ntest("commits here", async () => {\n  await Bun.write("made.txt", "x");\n  expect([git("init", "-q"), git("add", "made.txt"), git("commit", "-qm", "made")]).toEqual([0, 0, 0]);\n});\n',
    });
    process.env.GIT_DIR = join(repo, ".git");
    process.env.GIT_INDEX_FILE = join(repo, ".git", "index");
    const { runner } = detectRunner(copy, null);
    expect(runner).not.toBeNull();
    const [run] = await runFiles(copy, runner!, [{ path: "own.test.ts", hop: 0 }], 120_000);
    delete process.env.GIT_DIR;
    delete process.env.GIT_INDEX_FILE;
    expect(run?.outcome).toBe("pass");
    expect({ head: git(repo, "rev-parse", "HEAD").trim(), files: git(repo, "ls-files").trim() }).toEqual({ head, files: "a.txt" });
    expect(git(copy, "log", "--format=%s").trim()).toBe("made");
  }, 120_000);
});
