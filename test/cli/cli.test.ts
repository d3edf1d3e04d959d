import { describe, expect, test } from "bun:test";
import pkg from "../../package.json" with { type: "json" };
import { runSvc } from "../helpers/cli.ts";
import { gitRepo, plainDir } from "../helpers/repo.ts";

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+/);

describe("the CLI shell", () => {
  test("no command prints what svc is and what to run next", () => {
    const r = runSvc([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("local semantic code-context engine");
    expect(r.stdout).toContain("Three ways to use it");
    expect(r.stdout).toContain("svc toc .");
  }, 120_000);

  test("--version prints the package version", () => {
    const r = runSvc(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`svc ${pkg.version}`);
    expect(runSvc(["--json", "--version"]).stdout.trim()).toBe(`svc ${pkg.version}`);
  }, 120_000);

  test("--help lists the commands", () => {
    const r = runSvc(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}toc +Table of contents/m);
    expect(r.stdout).toContain("--json");
    const sub = runSvc(["toc", "--help"]);
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain("--max-tokens");
    expect(sub.stdout).toContain("--exclude-dir");
  }, 120_000);

  test("an unknown command exits 2 with a usage line", () => {
    const r = runSvc(["frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'frobnicate'");
    expect(r.stderr).toContain("usage: svc");
    expect(r.stdout).toBe("");
    noStack(r.stderr);
  }, 120_000);

  test("an unknown flag exits 2 with the command's usage", () => {
    const r = runSvc(["toc", "--bogus"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown option '--bogus'");
    expect(r.stderr).toContain("usage: svc toc [path]");
    noStack(r.stderr);
    // named as typed, not as cac camelCases it (`--excludeTestz`)
    expect(runSvc(["toc", "--exclude-testz"]).stderr).toStartWith("svc: Unknown option '--exclude-testz'\n");
    expect(runSvc(["hook", "install", "--with-hooks"]).stderr).toStartWith("svc: Unknown option '--with-hooks'\n");
    expect(runSvc(["--bogus"]).code).toBe(2);
  }, 120_000);

  test("a flag without its value exits 2", () => {
    const r = runSvc(["toc", ".", "--max-tokens"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--max-tokens");
  }, 120_000);

  test("extra positional arguments exit 2", () => {
    const r = runSvc(["toc", ".", "extra"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unused args");
  }, 120_000);

  test("svc reduce takes several files after --files (or as arguments), relative to the working directory", () => {
    const root = gitRepo({ "src/a.ts": "// note\nexport const a = 1;\n", "src/b.ts": "export const b = 2; // trailing\n" });
    const r = runSvc(["reduce", "--json", "--files", "a.ts", "b.ts"], { cwd: `${root}/src` });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).entries.map((e: { path: string }) => e.path)).toEqual(["src/a.ts", "src/b.ts"]);
    const positional = runSvc(["reduce", "--json", "src/b.ts"], { cwd: root });
    expect(JSON.parse(positional.stdout).entries.map((e: { path: string }) => e.path)).toEqual(["src/b.ts"]);
  }, 120_000);

  test("a nonexistent path is workspace_not_found, exit 1, no stack", () => {
    const dir = plainDir({});
    const r = runSvc(["toc", "missing"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(`workspace_not_found: directory not found: ${dir}/missing`);
    noStack(r.stderr);
  }, 120_000);

  test("a file instead of a folder and bad --max-tokens values are validation errors", () => {
    const dir = plainDir({ "a.ts": "export const a = 1;\n" });
    const file = runSvc(["toc", "a.ts"], { cwd: dir });
    expect(file.code).toBe(1);
    expect(file.stderr).toStartWith("validation_error: path 'a.ts' is a file, not a directory");
    const word = runSvc(["toc", ".", "--max-tokens", "lots"], { cwd: dir });
    expect(word.code).toBe(1);
    expect(word.stderr.trim()).toBe("validation_error: --max-tokens must be an integer (got 'lots')");
    const zero = runSvc(["toc", ".", "--max-tokens", "0"], { cwd: dir });
    expect(zero.stderr.trim()).toBe("validation_error: --max-tokens must be at least 50 (got 0)");
    const frac = runSvc(["toc", ".", "--max-tokens", "2.5"], { cwd: dir });
    expect(frac.code).toBe(1);
  }, 120_000);

  test("--cwd resolves relative paths; --json prints the structured result", () => {
    const root = gitRepo({ "src/order.service.ts": "export class OrderService {\n  place() {}\n}\n" });
    const r = runSvc(["toc", "src", "--cwd", root, "--json"]);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.root).toBe(root);
    expect(data.path).toBe("src");
    expect(data.entries[0].path).toBe("src/order.service.ts");
    expect(data.entries[0].tokens).toBeGreaterThan(0); // the outline is the text; the structured result lists files and costs
  }, 120_000);

  test("an invalid environment switch is a clear error", () => {
    const dir = plainDir({ "a.ts": "export const a = 1;\n" });
    const r = runSvc(["toc", "."], { cwd: dir, env: { SVC_TOKENIZER: "nope" } });
    expect(r.code).toBe(1);
    expect(r.stderr).toStartWith("validation_error: unknown tokenizer (SVC_TOKENIZER) 'nope'");
  }, 120_000);

  test("warnings go to stderr and --quiet silences them", () => {
    const root = gitRepo({ "svc.json": "{oops", "a.ts": "export const a = 1;\n" });
    const loud = runSvc(["toc", "."], { cwd: root });
    expect(loud.code).toBe(0);
    expect(loud.stderr).toContain("svc: warning: svc.json ignored");
    expect(loud.stdout).toContain("a.ts");
    expect(runSvc(["toc", ".", "--quiet"], { cwd: root }).stderr).toBe("");
  }, 120_000);
});
