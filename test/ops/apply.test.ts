// svc_workspace action=apply: the one tree-write path (dry run, conflicts, confinement,
// atomic write, the index following at once).

import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, linkSync, readFileSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { SvcError } from "../../src/errors.ts";
import { sha256, type ApplyData } from "../../src/ops/apply.ts";
import type { FindData } from "../../src/ops/find.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { failure } from "../helpers/failure.ts";
import { git, gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";

const ORIGINAL = "export function total(a: number, b: number): number {\n  return a + b;\n}\n";
const EDITED = "export function total(a: number, b: number, c = 0): number {\n  return a + b + c;\n}\n";

describe("apply", () => {
  test("a dry run by default: says what would happen and writes nothing", async () => {
    const root = gitRepo({ "src/math.ts": ORIGINAL });
    const result = await call("apply", { path: root, file: "src/math.ts", content: EDITED });
    expect(result.text).toBe(`dry run (no write): would overwrite src/math.ts (${EDITED.length} chars). Re-run with write=true and expectedHash=${sha256(ORIGINAL)} (a change made to the file meanwhile is then refused, not overwritten) to apply.`);
    const hashed = await call("apply", { path: root, file: "src/math.ts", content: EDITED, expectedHash: sha256(ORIGINAL) });
    expect(hashed.text).toBe(`dry run (no write): would overwrite src/math.ts (${EDITED.length} chars). Re-run with write=true to apply.`);
    expect(readFileSync(join(root, "src/math.ts"), "utf8")).toBe(ORIGINAL);
    const created = await call("apply", { path: root, file: "src/new/util.ts", content: "export const x = 1;\n" });
    expect(created.text).toBe("dry run (no write): would create src/new/util.ts (20 chars). Re-run with write=true and expectedHash=absent (a change made to the file meanwhile is then refused, not overwritten) to apply.");
    expect(existsSync(join(root, "src/new"))).toBe(false);
  }, 120_000);

  test("a Windows-style file (src\\math.ts) is the file its '/' form names: overwritten there, never created as a file named with a backslash", async () => {
    const root = gitRepo({ "src/math.ts": ORIGINAL });
    const result = await call("apply", { path: root, file: "src\\math.ts", content: EDITED, expectedHash: sha256(ORIGINAL), write: true });
    expect(result.text).toStartWith("applied: ");
    expect(result.text).toContain("src/math.ts");
    expect(readFileSync(join(root, "src/math.ts"), "utf8")).toBe(EDITED);
    expect(readdirSync(root).filter((name) => name.includes("\\"))).toEqual([]);
  }, 120_000);

  test("write=true replaces atomically, keeps the mode, creates parents, leaves no temp file", async () => {
    const root = gitRepo({ "src/math.ts": ORIGINAL, "bin/run.sh": "#!/bin/sh\necho hi\n" });
    chmodSync(join(root, "bin/run.sh"), 0o755);
    const result = await call("apply", { path: root, file: "src/math.ts", content: EDITED, write: true, expectedHash: sha256(ORIGINAL) });
    const data = result.data as unknown as ApplyData;
    expect(result.text).toStartWith(`applied: overwrote src/math.ts (${EDITED.length} chars, sha256 `);
    expect(data).toMatchObject({ file: "src/math.ts", action: "overwrite", written: true, previousHash: sha256(ORIGINAL), hash: sha256(EDITED) });
    expect(readFileSync(join(root, "src/math.ts"), "utf8")).toBe(EDITED);
    await call("apply", { path: root, file: "bin/run.sh", content: "#!/bin/sh\necho bye\n", write: true });
    expect(statSync(join(root, "bin/run.sh")).mode & 0o777).toBe(0o755);
    await call("apply", { path: root, file: "src/deep/er/util.ts", content: "export const x = 1;\n", write: true });
    expect(readFileSync(join(root, "src/deep/er/util.ts"), "utf8")).toBe("export const x = 1;\n");
    expect(readdirSync(join(root, "src")).filter((n) => n.includes(".tmp"))).toEqual([]);
  }, 120_000);

  test("a file with hard links is refused, dry run too: a write would change its other names or cut it from them; nothing is written", async () => {
    const root = gitRepo({ "src/math.ts": ORIGINAL });
    linkSync(join(root, "src/math.ts"), join(root, "lib-math.ts"));
    for (const write of [false, true]) {
      const error = await failure(call("apply", { path: root, file: "src/math.ts", content: EDITED, write }));
      expect(error).toBeInstanceOf(SvcError);
      expect((error as SvcError).message).toBe("refusing to apply to 'src/math.ts': the file has 2 hard links (other names for the same bytes, which may be outside the workspace): a write would change them too or cut this name from them; give it its own copy first (cp 'src/math.ts' 'src/math.ts.own' && mv 'src/math.ts.own' 'src/math.ts') if it is meant to change alone");
    }
    for (const name of ["src/math.ts", "lib-math.ts"]) expect({ name, text: readFileSync(join(root, name), "utf8"), links: statSync(join(root, name)).nlink }).toEqual({ name, text: ORIGINAL, links: 2 });
  }, 120_000);

  test("expectedHash must match the file now, on dry runs too; nothing is written on a conflict", async () => {
    const root = gitRepo({ "src/math.ts": ORIGINAL });
    const stale = sha256("something else\n");
    for (const write of [false, true]) {
      const error = await failure(call("apply", { path: root, file: "src/math.ts", content: EDITED, write, expectedHash: stale }));
      expect(error.formatted).toBe(`validation_error: conflict: src/math.ts changed since the edit was derived (expected ${stale}, found ${sha256(ORIGINAL)})`);
    }
    expect(readFileSync(join(root, "src/math.ts"), "utf8")).toBe(ORIGINAL);
    const missing = await failure(call("apply", { path: root, file: "src/gone.ts", content: EDITED, expectedHash: stale }));
    expect(missing.formatted).toContain("found no file");
    const bad = await failure(call("apply", { path: root, file: "src/math.ts", content: EDITED, expectedHash: "abc" }));
    expect(bad.formatted).toStartWith("validation_error: expectedHash must be a SHA-256 hex digest");
    // Upper-case hex is the same digest.
    const ok = await call("apply", { path: root, file: "src/math.ts", content: EDITED, expectedHash: sha256(ORIGINAL).toUpperCase() });
    expect(ok.text).toStartWith("dry run");
    // "absent": the edit creates the file, so one that has appeared since is a conflict
    const appeared = await failure(call("apply", { path: root, file: "src/math.ts", content: EDITED, expectedHash: "absent", write: true }));
    expect(appeared.formatted).toStartWith("validation_error: conflict: src/math.ts was created since the edit was derived");
    expect(readFileSync(join(root, "src/math.ts"), "utf8")).toBe(ORIGINAL);
    expect((await call("apply", { path: root, file: "src/new.ts", content: EDITED, expectedHash: "absent" })).text).toStartWith("dry run (no write): would create src/new.ts");
  }, 120_000);

  test("paths outside the root, into .git or .svc, directories and missing arguments are refused", async () => {
    const root = gitRepo({ "src/math.ts": ORIGINAL });
    const outside = tempDir();
    symlinkSync(outside, join(root, "out"));
    const cases: [Record<string, unknown>, string][] = [
      [{ file: "../escape.ts", content: "x" }, "validation_error: refusing to apply to '../escape.ts': it resolves outside the workspace root"],
      [{ file: "/etc/passwd", content: "x" }, "validation_error: refusing to apply to '/etc/passwd': it resolves outside the workspace root"],
      [{ file: "out/evil.ts", content: "x", write: true }, "validation_error: refusing to apply to 'out/evil.ts': it resolves outside the workspace root"],
      [{ file: ".git/config", content: "x" }, "validation_error: refusing to apply to '.git/config'"],
      [{ file: ".svc/svc.db", content: "x" }, "validation_error: refusing to apply to '.svc/svc.db'"],
      [{ file: "src", content: "x" }, "validation_error: cannot apply to 'src': it is not a regular file"],
      // a trailing '/' names a folder: the file was written (created) all the same
      [{ file: "src/math.ts/", content: "x", write: true }, "validation_error: cannot apply to 'src/math.ts/': a path ending in '/' names a folder"],
      [{ file: "src/new.ts/", content: "x", write: true }, "validation_error: cannot apply to 'src/new.ts/': a path ending in '/' names a folder"],
      // a shell's home folder and a file: URI name no folder '~' or 'file:' in the workspace (apply created them)
      [{ file: "~/x.ts", content: "x", write: true }, "validation_error: file must not start with '~'"],
      [{ file: "file:///etc/passwd", content: "x", write: true }, "validation_error: file must be a path, not a file: URI"],
      // percent-encoding as in a URL names no '..' or '/' here: apply created a folder '%2e%2e' in the workspace
      [{ file: "%2e%2e/escape.ts", content: "x", write: true }, "validation_error: refusing to apply to '%2e%2e/escape.ts': it holds URL percent-encoding of a separator, a NUL or a '.'/'..' segment"],
      [{ file: "src/%2E%2e/%2e%2e/escape.ts", content: "x", write: true }, "validation_error: refusing to apply to 'src/%2E%2e/%2e%2e/escape.ts': it holds URL percent-encoding"],
      [{ file: "src%2fnew.ts", content: "x", write: true }, "validation_error: refusing to apply to 'src%2fnew.ts': it holds URL percent-encoding"],
      [{ file: "src/new.ts%00.md", content: "x", write: true }, "validation_error: refusing to apply to 'src/new.ts%00.md': it holds URL percent-encoding"],
      [{ content: "x" }, "validation_error: apply needs file"],
      [{ file: "src/math.ts" }, "validation_error: apply needs content"],
    ];
    for (const [args, message] of cases) {
      const error = await failure(call("apply", { path: root, ...args }));
      expect(error.formatted).toStartWith(message);
    }
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(join(root, "src/math.ts"), "utf8")).toBe(ORIGINAL);
    expect(git(root, "status", "--porcelain", "--untracked-files=all")).toBe("?? out\n"); // the link the test made, nothing apply made
    // a file really named so is written all the same
    writeFiles(root, { "%2e%2e/kept.ts": "old\n" });
    await call("apply", { path: root, file: "%2e%2e/kept.ts", content: "new\n", write: true });
    expect(readFileSync(join(root, "%2e%2e/kept.ts"), "utf8")).toBe("new\n");
  }, 120_000);

  test("a read-only file is refused, not replaced (the atomic rename would succeed in a writable folder)", async () => {
    const root = gitRepo({ "src/math.ts": ORIGINAL });
    chmodSync(join(root, "src/math.ts"), 0o444);
    for (const write of [false, true]) {
      const error = await failure(call("apply", { path: root, file: "src/math.ts", content: EDITED, write }));
      expect(error.formatted).toBe("validation_error: refusing to apply to 'src/math.ts': the file is read-only (mode 444); make it writable first if it is meant to change");
    }
    expect(readFileSync(join(root, "src/math.ts"), "utf8")).toBe(ORIGINAL);
    expect(statSync(join(root, "src/math.ts")).mode & 0o777).toBe(0o444);
  }, 120_000);

  test("an empty content is a valid edit (the file becomes empty)", async () => {
    const root = gitRepo({ "src/math.ts": ORIGINAL });
    await call("apply", { path: root, file: "src/math.ts", content: "", write: true });
    expect(readFileSync(join(root, "src/math.ts"), "utf8")).toBe("");
  }, 120_000);
});

describe("apply with a host serving the root", () => {
  let host: RunningHost | null = null;
  afterAll(async () => {
    await host?.stop("test done");
  });

  test("the host re-indexes before apply answers: the next find sees the new declaration", async () => {
    useRuntimeDir();
    const root = gitRepo({ "src/math.ts": ORIGINAL });
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
    await call("index", { path: root });
    const result = await call("apply", { path: root, file: "src/tax.ts", content: "export function applyTax(x: number) { return x * 1.2; }\n", write: true });
    expect((result.data as unknown as ApplyData).indexedByHost).toBe(true);
    const found = await call("find", { path: root, query: "applyTax", kind: "symbol" });
    expect((found.data as unknown as FindData).symbols?.hits.map((h) => h.path)).toEqual(["src/tax.ts"]);
  }, 120_000);
});
