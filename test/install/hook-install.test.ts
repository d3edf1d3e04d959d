// svc hook install: a pre-commit hook that runs svc gate; hook managers get the line to add;
// a foreign hook is never overwritten without --force, and is kept (and run first) with it.

import { describe, expect, test } from "bun:test";
import { existsSync, linkSync, readFileSync, readlinkSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { installHook } from "../../src/install/hook-install.ts";
import { VERSION } from "../../src/version.ts";
import { runSvc } from "../helpers/cli.ts";
import { git, gitRepo, plainDir, tempDir, writeFiles } from "../helpers/repo.ts";

const hookOf = (root: string) => join(root, ".git", "hooks", "pre-commit");

describe("svc hook install", () => {
  test("writes an executable pre-commit hook that runs svc gate, idempotently", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const first = await installHook({ root, force: false });
    expect(first).toMatchObject({ action: "created", file: ".git/hooks/pre-commit" });
    const script = readFileSync(hookOf(root), "utf8");
    expect(script).toStartWith("#!/bin/sh\n");
    expect(script).toContain(`exec ${first.command}\n`);
    expect(first.command).toEndWith(" gate --staged --strict");
    expect(statSync(hookOf(root)).mode & 0o111).toBe(0o111);
    // git merge runs pre-merge-commit, not pre-commit, for a merge it commits itself: it runs the same hook
    expect(first.mergeHook).toEqual({ action: "created", file: ".git/hooks/pre-merge-commit" });
    expect(first.detail).toEndWith("; .git/hooks/pre-merge-commit runs it for merges git commits itself");
    expect(readFileSync(join(root, ".git/hooks/pre-merge-commit"), "utf8")).toContain('exec "$(dirname "$0")/pre-commit" "$@"\n');
    expect(statSync(join(root, ".git/hooks/pre-merge-commit")).mode & 0o111).toBe(0o111);
    const again = await installHook({ root, force: false });
    expect(again.action).toBe("unchanged");
    expect(again.mergeHook?.action).toBe("unchanged");
    // a foreign pre-merge-commit is left as it is, and said
    const foreign = gitRepo({ "a.ts": "export const a = 1;\n" });
    writeFiles(foreign, { ".git/hooks/pre-merge-commit": "#!/bin/sh\necho theirs\n" });
    const left = await installHook({ root: foreign, force: false });
    expect(left.mergeHook).toEqual({ action: "left", file: ".git/hooks/pre-merge-commit" });
    expect(left.detail).toContain(".git/hooks/pre-merge-commit was not written by svc and is left as it is");
    expect(readFileSync(join(foreign, ".git/hooks/pre-merge-commit"), "utf8")).toBe("#!/bin/sh\necho theirs\n");
  }, 120_000);

  test("a foreign hook is refused without --force; with --force it is kept and run first", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    writeFiles(root, { ".git/hooks/pre-commit": "#!/bin/sh\necho mine\n" });
    await expect(installHook({ root, force: false })).rejects.toThrow(/already exists and was not written by svc; nothing changed/);
    expect(readFileSync(hookOf(root), "utf8")).toBe("#!/bin/sh\necho mine\n");
    const forced = await installHook({ root, force: true });
    expect(forced.keptAs).toBe(".git/hooks/pre-commit.before-svc");
    expect(readFileSync(join(root, ".git/hooks/pre-commit.before-svc"), "utf8")).toBe("#!/bin/sh\necho mine\n");
    const script = readFileSync(hookOf(root), "utf8");
    expect(script.indexOf("pre-commit.before-svc")).toBeGreaterThan(0);
    expect(script.indexOf("pre-commit.before-svc")).toBeLessThan(script.indexOf("exec "));
    // Installing again keeps the chain.
    expect((await installHook({ root, force: false })).action).toBe("unchanged");
  }, 120_000);

  test("--force never replaces a different hook an earlier --force kept: refused, both hooks survive; a dangling link is a hook too", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    writeFiles(root, { ".git/hooks/pre-commit": "#!/bin/sh\necho first\n" });
    await installHook({ root, force: true });
    writeFiles(root, { ".git/hooks/pre-commit": "#!/bin/sh\necho second\n" });
    await expect(installHook({ root, force: true })).rejects.toThrow(
      ".git/hooks/pre-commit was not written by svc, and .git/hooks/pre-commit.before-svc already holds another hook kept by an earlier --force; nothing changed.",
    );
    expect(readFileSync(join(root, ".git/hooks/pre-commit.before-svc"), "utf8")).toBe("#!/bin/sh\necho first\n");
    expect(readFileSync(hookOf(root), "utf8")).toBe("#!/bin/sh\necho second\n");
    // the same hook again (restored by hand) is kept as it was: nothing is lost
    writeFiles(root, { ".git/hooks/pre-commit": "#!/bin/sh\necho first\n" });
    expect((await installHook({ root, force: true })).keptAs).toBe(".git/hooks/pre-commit.before-svc");
    expect(readFileSync(join(root, ".git/hooks/pre-commit.before-svc"), "utf8")).toBe("#!/bin/sh\necho first\n");
    const dangling = gitRepo({ "a.ts": "export const a = 1;\n" });
    symlinkSync("../../scripts/gone-hook", hookOf(dangling));
    await expect(installHook({ root: dangling, force: false })).rejects.toThrow(/already exists and was not written by svc; nothing changed/);
    expect(readlinkSync(hookOf(dangling))).toBe("../../scripts/gone-hook");
  }, 120_000);

  test("svc's own hook with another hard link (a hook shared by clones) is refused: the rewrite would cut it from its other name, which would keep the old hook", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const old = "#!/bin/sh\n# installed by `svc hook install`\nexec svc-old gate\n";
    const shared = join(tempDir(), "pre-commit");
    writeFiles(shared.replace(/pre-commit$/, ""), { "pre-commit": old });
    linkSync(shared, hookOf(root));
    await expect(installHook({ root, force: false })).rejects.toThrow(
      ".git/hooks/pre-commit: the file has 2 hard links (other names for the same bytes, which may be outside this folder): a write would change them too or cut this name from them; nothing changed.",
    );
    expect({ text: readFileSync(hookOf(root), "utf8"), links: statSync(hookOf(root)).nlink, shared: readFileSync(shared, "utf8") }).toEqual({ text: old, links: 2, shared: old });
    // svc's pre-merge-commit with another name likewise, and before the pre-commit hook is written
    const merging = gitRepo({ "a.ts": "export const a = 1;\n" });
    const oldMerge = "#!/bin/sh\n# installed by `svc hook install`\nexec old\n";
    const sharedMerge = join(tempDir(), "pre-merge-commit");
    writeFiles(sharedMerge.replace(/pre-merge-commit$/, ""), { "pre-merge-commit": oldMerge });
    linkSync(sharedMerge, join(merging, ".git/hooks/pre-merge-commit"));
    await expect(installHook({ root: merging, force: false })).rejects.toThrow(".git/hooks/pre-merge-commit: the file has 2 hard links");
    expect(existsSync(hookOf(merging))).toBe(false);
    expect(readFileSync(sharedMerge, "utf8")).toBe(oldMerge);
  }, 120_000);

  test("husky, lefthook and pre-commit setups get the line to add; nothing is written", async () => {
    const setups: [Record<string, string>, RegExp][] = [
      [{ ".husky/pre-commit": "npx lint-staged\n" }, /husky; nothing written\. add this line to \.husky\/pre-commit:\n {2}.+ gate --staged --strict\n\(git runs pre-merge-commit, not pre-commit, for a merge it commits itself: add the same line there too\)(; it runs npx -y svc-engine@\S+, which needs .*)?$/],
      [{ "package.json": JSON.stringify({ devDependencies: { husky: "9.0.0" } }) }, /husky/],
      [{ "lefthook.yml": "pre-commit:\n  commands: {}\n" }, /lefthook; nothing written\. add to lefthook\.yml:[\s\S]*run: .+ gate --staged --strict\n\(git runs pre-merge-commit/],
      [{ ".pre-commit-config.yaml": "repos: []\n" }, /pre-commit; nothing written[\s\S]*entry: .+ gate[\s\S]*language: system/],
    ];
    for (const [files, detail] of setups) {
      const root = gitRepo({ "a.ts": "export const a = 1;\n", ...files });
      const result = await installHook({ root, force: false });
      expect(result.action).toBe("printed");
      // These files are committed: the line is portable and pinned.
      expect(result.command).toBe(`npx -y svc-engine@${VERSION} gate --staged --strict`);
      expect(result.detail).toMatch(detail);
      expect(result.detail).toContain(`needs svc-engine@${VERSION} on the npm registry`);
      expect(existsSync(hookOf(root))).toBe(false);
    }
  }, 120_000);

  test("core.hooksPath is honoured", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    git(root, "config", "core.hooksPath", "githooks");
    const result = await installHook({ root, force: false });
    expect(result.file).toBe("githooks/pre-commit");
    expect(existsSync(join(root, "githooks/pre-commit"))).toBe(true);
    // A hooks folder in the work tree is committed and shared: the portable, pinned command, never this machine's path.
    expect(result.command).toBe(`npx -y svc-engine@${VERSION} gate --staged --strict`);
    expect(readFileSync(join(root, "githooks/pre-commit"), "utf8")).toContain(`exec npx -y svc-engine@${VERSION} gate --staged --strict\n`);
    // One outside the work tree stays on this machine: it may name this svc by absolute path, as .git/hooks does.
    const elsewhere = plainDir({});
    git(root, "config", "core.hooksPath", elsewhere);
    const local = await installHook({ root, force: false });
    const clone = gitRepo({ "a.ts": "export const a = 1;\n" });
    expect(local.command).toBe((await installHook({ root: clone, force: false })).command);
    expect(local.command).not.toStartWith("npx ");
  }, 120_000);

  test("CLI: prints what it changed; outside git it is a validation error; bad actions are usage errors", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const ok = runSvc(["hook", "install"], { cwd: root });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^created \.git\/hooks\/pre-commit: pre-commit runs .+ gate --staged --strict; \.git\/hooks\/pre-merge-commit runs it for merges git commits itself\n$/);
    const plain = runSvc(["hook", "install"], { cwd: plainDir({ "a.ts": "x\n" }) });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^validation_error: svc hook install needs a git repository/);
    const bad = runSvc(["hook", "remove"], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("usage: svc hook install [--force]");
  }, 120_000);
});
