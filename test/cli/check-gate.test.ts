// svc check --delta and svc gate without a host: the hook commands' exit codes and silence.

import { describe, expect, test } from "bun:test";
import { runSvc } from "../helpers/cli.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { git, gitRepo, plainDir, writeFiles } from "../helpers/repo.ts";

const runtime = useRuntimeDir();
const env = { SVC_RUNTIME_DIR: runtime };

describe("svc check --delta without a host", () => {
  test("silent, exit 0; without --delta it is a validation error", () => {
    const root = gitRepo({ "a.ts": "export const a: number = 1;\n" });
    const r = runSvc(["check", "--delta", "--fast"], { cwd: root, env });
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    const bare = runSvc(["check"], { cwd: root, env });
    expect(bare.code).toBe(1);
    expect(bare.stderr).toStartWith("validation_error: svc check needs --delta");
    expect(runSvc(["check", "--delta", "--session", "bad id"], { cwd: root, env }).stderr).toStartWith("validation_error: --session must be");
  }, 120_000);
});

describe("svc gate without a host", () => {
  test("outside git it abstains: exit 0, exit 1 with --strict", () => {
    const root = plainDir({ "a.ts": "export const a = 1;\n" });
    const r = runSvc(["gate"], { cwd: root, env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^svc gate: cannot verify \(abstain\): .* is not a git repository and no host serves it; not blocking/);
    expect(r.stdout).toBe("");
    const strict = runSvc(["gate", "--strict"], { cwd: root, env });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain("blocking because of --strict");
  }, 120_000);

  test("no source change since HEAD passes; a changed tsconfig abstains; a bad ref is a validation error", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n", "tsconfig.json": "{}\n", "README.md": "x\n" });
    writeFiles(root, { "README.md": "y\n" });
    const ok = runSvc(["gate"], { cwd: root, env });
    expect(ok.code).toBe(0);
    // the README's change is named as not checked, never counted as no change
    expect(ok.stdout).toBe("svc gate: ok, no introduced errors (since HEAD: no changed TypeScript or JavaScript file, nothing checked: 1 other changed file not checked (not TypeScript or JavaScript: README.md))\n");
    writeFiles(root, { "tsconfig.json": '{"compilerOptions":{"strict":true}}\n' });
    const config = runSvc(["gate"], { cwd: root, env });
    expect(config.code).toBe(0);
    expect(config.stderr).toContain("tsconfig.json changed since HEAD");
    // a check that could not run is never a pass, in the JSON either (exit 0: not blocking)
    const configJson = runSvc(["gate", "--json"], { cwd: root, env });
    expect(configJson.code).toBe(0);
    expect(JSON.parse(configJson.stdout)).toMatchObject({ passed: false, blocking: false, mode: "abstain" });
    expect(JSON.parse(runSvc(["gate", "--json", "--strict"], { cwd: root, env }).stdout)).toMatchObject({ passed: false, blocking: true, mode: "abstain" });
    const bad = runSvc(["gate", "--since", "nope"], { cwd: root, env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toStartWith("validation_error:");
  }, 120_000);

  test("a change the gate cannot check (Python) is named, since a ref and staged, beside what it did check", () => {
    const root = gitRepo({ "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }), "a.ts": "export const a: number = 1;\n", "tool.py": "def f():\n    return 1\n" });
    writeFiles(root, { "tool.py": "def f(:\n" });
    const tree = runSvc(["gate", "--json"], { cwd: root, env });
    // only Python changed: nothing of it was checked, which is no pass (never "ok, no introduced errors"), and never blocks, --strict or not
    expect(JSON.parse(tree.stdout)).toMatchObject({ passed: false, blocking: false, mode: "ref", files: 0, checked: 0, note: "1 other changed file not checked (not TypeScript or JavaScript: tool.py)" });
    const text = runSvc(["gate", "--strict"], { cwd: root, env });
    expect(text).toEqual({ code: 0, stderr: "", stdout: "svc gate: not verified, not blocking: the gate checks TypeScript and JavaScript only (since HEAD: no changed TypeScript or JavaScript file, nothing checked: 1 other changed file not checked (not TypeScript or JavaScript: tool.py))\n" });
    Bun.spawnSync(["git", "add", "tool.py"], { cwd: root });
    expect(runSvc(["gate", "--staged"], { cwd: root, env }).stdout).toStartWith("svc gate: not verified, not blocking: the gate checks TypeScript and JavaScript only (staged changes against HEAD: ");
    expect(runSvc(["review", "--handoff"], { cwd: root, env }).stdout).toContain("compiler status: not verified (the compiler checks TypeScript and JavaScript only; ");
    writeFiles(root, { "a.ts": "export const a: number = 2;\n" });
    Bun.spawnSync(["git", "add", "a.ts"], { cwd: root });
    const staged = runSvc(["gate", "--staged"], { cwd: root, env });
    expect(staged.stdout).toMatch(/^svc gate: ok, no introduced errors \(staged changes against HEAD: 1 changed file, \d+ files? checked in \d+ ms: 1 other changed file not checked \(not TypeScript or JavaScript: tool\.py\)\)\n$/);
  }, 120_000);

  test("changed files no project holds: the check could not run, so no pass — an abstain, blocking with --strict, in the JSON too", () => {
    const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, allowJs: true }, include: ["src/**/*.ts"] });
    const root = gitRepo({ "tsconfig.json": tsconfig, "src/a.ts": "export const a: number = 1;\n", "src/m.mts": "export const m: number = 1;\n", "other/o.ts": "export const o: number = 1;\n" });
    writeFiles(root, { "src/m.mts": 'export const m: number = "s";\n', "other/o.ts": 'export const o: number = "s";\n' });
    const reason = "no loaded TypeScript project holds the changed files (other/o.ts, src/m.mts), so nothing of the change could be checked: add them to a tsconfig's include, or run svc doctor to see the projects loaded";
    const text = runSvc(["gate"], { cwd: root, env });
    expect({ code: text.code, stderr: text.stderr }).toEqual({ code: 0, stderr: `svc gate: cannot verify (abstain): ${reason}; not blocking (pass --strict to block when the gate cannot run)\n` });
    expect(runSvc(["gate", "--strict"], { cwd: root, env }).code).toBe(1);
    const json = runSvc(["gate", "--json"], { cwd: root, env });
    expect(JSON.parse(json.stdout)).toEqual({ passed: false, blocking: false, mode: "abstain", introduced: [], reason, since: "HEAD" });
  }, 120_000);

  test("a partial gate (changed files no project holds beside files it checked) passes naming them, and blocks with --strict: CLI since a ref, staged, and the pre-commit hook's real commit", () => {
    const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] });
    const root = gitRepo({ "tsconfig.json": tsconfig, "src/a.ts": "export const a: number = 1;\n", "other/o.ts": "export const o: number = 1;\n" });
    // src/a.ts is checked and clean; other/o.ts has an error no loaded project sees
    writeFiles(root, { "src/a.ts": "export const a: number = 2;\n", "other/o.ts": 'export const o: number = "s";\n' });
    const loose = runSvc(["gate", "--json"], { cwd: root, env });
    expect(loose.code).toBe(0);
    expect(JSON.parse(loose.stdout)).toMatchObject({ passed: true, mode: "ref", files: 2, checked: 1, note: "not checked: no loaded TypeScript project holds other/o.ts", unverified: ["other/o.ts"] });
    const strict = runSvc(["gate", "--strict"], { cwd: root, env });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe("");
    expect(strict.stderr).toStartWith("svc gate: not verified, blocking because of --strict: no loaded TypeScript project holds the changed file other/o.ts, so the compiler never checked it (the rest has no introduced errors: since HEAD: 2 changed files, 1 file checked in ");
    expect(strict.stderr).toContain("add it to a tsconfig's include (svc doctor shows the projects loaded), or gate without --strict (a commit: git commit --no-verify) to let it through unverified\n");
    expect(JSON.parse(runSvc(["gate", "--strict", "--json"], { cwd: root, env }).stdout)).toMatchObject({ passed: false, blocking: true, mode: "ref", introduced: [], unverified: ["other/o.ts"] });
    git(root, "add", "-A");
    expect(runSvc(["gate", "--staged"], { cwd: root, env }).code).toBe(0);
    const staged = runSvc(["gate", "--staged", "--strict"], { cwd: root, env });
    expect(staged.code).toBe(1);
    expect(staged.stderr).toContain("blocking because of --strict: no loaded TypeScript project holds the changed file other/o.ts");
    // the installed hook runs `svc gate --staged --strict`: the commit is refused, and lands once the file is in a project
    expect(runSvc(["hook", "install"], { cwd: root, env }).code).toBe(0);
    const commit = () => Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "commit", "-qm", "change"], { cwd: root, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
    const refused = commit();
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr.toString()).toContain("no loaded TypeScript project holds the changed file other/o.ts");
    expect(git(root, "rev-list", "--count", "HEAD").trim()).toBe("1");
    writeFiles(root, { "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src", "other"] }), "other/o.ts": "export const o: number = 3;\n" });
    git(root, "add", "-A");
    const landed = commit();
    expect(landed.stderr.toString()).toStartWith("svc gate: ok, no introduced errors (staged changes against HEAD: ");
    expect(landed.exitCode).toBe(0);
    expect(git(root, "rev-list", "--count", "HEAD").trim()).toBe("2");
  }, 180_000);

  test("an engine that cannot start (a compiled binary with no usable cache folder, say) abstains, never passes: exit 1 with --strict, staged too", () => {
    const root = gitRepo({ "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }), "src/a.ts": "export const a: number = 1;\n" });
    writeFiles(root, { "src/a.ts": 'export const a: number = "s";\n' });
    const broken = { ...env, SVC_TSC: `${root}/no-such-tsc` };
    const r = runSvc(["gate"], { cwd: root, env: broken });
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^svc gate: cannot verify \(abstain\): src\/a\.ts could not be checked: the project that would hold it did not load \(tsconfig\.json: .*the TypeScript engine failed to start/);
    expect(r.code).toBe(0);
    expect(runSvc(["gate", "--strict"], { cwd: root, env: broken }).code).toBe(1);
    Bun.spawnSync(["git", "add", "src/a.ts"], { cwd: root });
    const staged = runSvc(["gate", "--staged", "--strict"], { cwd: root, env: broken });
    expect(staged.code).toBe(1);
    expect(staged.stderr).toContain("could not be checked");
    expect(runSvc(["gate", "--staged"], { cwd: root, env }).stderr).toContain("TS2322"); // the same change with the engine: the error
  }, 120_000);

  test("SVC_GATE_TIMEOUT_MS must be a positive integer", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const r = runSvc(["gate"], { cwd: root, env: { ...env, SVC_GATE_TIMEOUT_MS: "soon" } });
    expect(r.code).toBe(1);
    expect(r.stderr).toStartWith("validation_error: SVC_GATE_TIMEOUT_MS must be an integer");
  }, 120_000);
});
