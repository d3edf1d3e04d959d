// Failures the environment causes answer a specific one-line prefixed error, never a bare
// internal_error: a name too long for the file system, a read-only store, SQLite's LIKE
// limit, a regex too large; and no message ever carries a huge input.

import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../src/engine.ts";
import { asSvcError, clipInput, MAX_ERROR_MESSAGE, SvcError, validationError } from "../src/errors.ts";
import { gitRepo } from "./helpers/repo.ts";
import { failure } from "./helpers/failure.ts";

const canChattr = process.getuid?.() === 0 && Bun.spawnSync(["which", "chattr"]).exitCode === 0;

describe("specific errors", () => {
  test("apply: a 300-character file name is refused before anything is tried; a 250-byte name works", async () => {
    const root = gitRepo({ "a.ts": "a\n" });
    const error = await failure(call("apply", { path: root, file: `src/${"a".repeat(300)}.ts`, content: "x", write: true }));
    expect(error.formatted).toStartWith("validation_error: cannot apply to 'src/aaaa");
    expect(error.formatted).toContain("is 303 bytes, over the 255-byte limit of file names");
    expect(error.formatted.length).toBeLessThan(300);
    const name = `${"b".repeat(247)}.ts`;
    await call("apply", { path: root, file: name, content: "ok\n", write: true });
    expect(readFileSync(join(root, name), "utf8")).toBe("ok\n");
  }, 120_000);

  test("check: proposed content for a file whose name no file system takes is refused as apply refuses it (h136: it answered diagnostics)", async () => {
    const root = gitRepo({ "tsconfig.json": "{}\n", "a.ts": "export const a = 1;\n" });
    const file = `src/${"a".repeat(300)}.ts`;
    for (const op of ["check", "checkOverlay", "checkCapture"]) {
      const error = await failure(call(op, { path: root, file, content: "export const x: number = 1;\n" }));
      expect({ op, message: error.formatted.slice(0, 30) }).toEqual({ op, message: "validation_error: cannot check" });
      expect(error.formatted).toContain("is 303 bytes, over the 255-byte limit of file names");
    }
  }, 120_000);

  test.skipIf(!canChattr)("a read-only store (immutable .svc/) answers a validation_error naming .svc, not internal_error", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    await call("index", { path: root });
    writeFileSync(join(root, "src/b.ts"), "export const b = 1;\n");
    Bun.spawnSync(["sh", "-c", `chattr +i "${root}/.svc"/* "${root}/.svc"`]);
    try {
      for (const op of ["index", "toc"]) {
        const error = await failure(call(op, { path: root }));
        expect(error.formatted).toStartWith(`validation_error: cannot write the index store ${root}/.svc: operation not permitted (EPERM)`);
      }
    } finally {
      Bun.spawnSync(["sh", "-c", `chattr -i "${root}/.svc" "${root}/.svc"/*`]);
    }
  }, 60_000);

  test.skipIf(!canChattr)("a read of a store whose folder cannot be written (no -shm can be made) says what to fix, not 'being rebuilt, retry'", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    await call("index", { path: root });
    Bun.spawnSync(["sh", "-c", `rm -f "${root}/.svc/svc.db-wal" "${root}/.svc/svc.db-shm"; chattr +i "${root}/.svc"`]);
    try {
      const read = await failure(call("find", { path: root, query: "a", kind: "symbol" }));
      expect(read.formatted).toStartWith("validation_error: cannot write the index");
    } finally {
      Bun.spawnSync(["sh", "-c", `chattr -i "${root}/.svc"`]);
    }
  }, 60_000);

  test("SQLite and regex limits, errno failures and read-only databases map to one-line validation errors", () => {
    const sqlite = Object.assign(new Error("attempt to write a readonly database"), { code: "SQLITE_READONLY" });
    expect(asSvcError(sqlite).formatted).toStartWith("validation_error: cannot write the index: its store (.svc/svc.db) is read-only");
    expect(asSvcError(new Error("LIKE or GLOB pattern too complex")).formatted).toStartWith("validation_error: the query is too complex");
    expect(asSvcError(new SyntaxError("Invalid regular expression: regular expression too large")).formatted).toStartWith("validation_error: a pattern is too large to compile");
    const errno = Object.assign(new Error("EEXIST: file already exists, mkdir '/x/y'"), { code: "EEXIST", path: "/x/y", syscall: "mkdir" });
    expect(asSvcError(errno).formatted).toBe("validation_error: cannot mkdir '/x/y': something already exists there (EEXIST)");
    expect(asSvcError(new Error("something unexpected")).formatted).toBe("internal_error: something unexpected");
  }, 120_000);

  test("a message built from a huge input is cut to one bounded line", () => {
    const error = validationError(`no seed matched (${"config seed 'x' matched nothing; ".repeat(10_000)})`);
    expect(error.message.length).toBeLessThan(MAX_ERROR_MESSAGE + 80);
    expect(error.message).toContain("message cut");
    expect(validationError("two\nlines").message).toBe("two lines");
  }, 120_000);

  test("an echoed input is redacted before it is clipped: no token's head, no marker cut in half, a word's head kept", () => {
    const token = "ghp_" + "Zq8Lm2Xv7Kd4Rt9Wp3Ny6Hb1Fc5Js0Gu3Ea7Qo";
    expect(clipInput(`${"k".repeat(50)}-${token}`)).toBe(`${"k".repeat(50)}-[REDACTED:github-token]`);
    expect(clipInput(`${"k".repeat(70)}-${token}-${"k".repeat(40)}`)).toBe(`${"k".repeat(70)}-[REDACTED:github-token]… (154 characters)`);
    // a run of letters and digits the cut falls in (a token no detector knows): left out; a plain word's head stays
    expect(clipInput(`${"k".repeat(60)}-Zq8Lm2Xv7Kd4Rt9Wp3Ny6Hb1Fc5Js0Gu3`)).toBe(`${"k".repeat(60)}-… (94 characters)`);
    expect(clipInput(`src/${"a".repeat(300)}.ts`)).toBe(`src/${"a".repeat(76)}… (307 characters)`);
  }, 120_000);
});

test("reduce names why a file cannot be read: missing, a directory, a name too long", async () => {
  const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
  const cases: [string, string][] = [
    ["missing.ts", `validation_error: cannot read 'missing.ts': no such file (${root}/missing.ts)`],
    ["src", "validation_error: cannot reduce 'src': it is a directory (files takes files; svc_skeleton or svc_toc take a directory)"],
    ["x".repeat(300), "validation_error: cannot open '…xxxx"],
  ];
  for (const [file, message] of cases) expect((await failure(call("reduce", { path: root, files: [file] }))).formatted).toStartWith(message);
}, 120_000);

test("a long path a system error names is redacted before its head is cut: no token's tail", () => {
  const token = "ghp_" + "Zq8Lm2Xv7Kd4Rt9Wp3Ny6Hb1Fc5Js0Gu3Ea7Qo";
  const error = Object.assign(new Error("ENOTDIR"), { code: "ENOTDIR", syscall: "open", path: `/work/${"d".repeat(40)}/${token}/${"e".repeat(70)}.ts` });
  expect(asSvcError(error).formatted).toBe(`validation_error: cannot open '…dd/[REDACTED:github-token]/${"e".repeat(70)}.ts': a parent of the path is not a directory (ENOTDIR)`);
  const plain = Object.assign(new Error("ENOTDIR"), { code: "ENOTDIR", syscall: "open", path: `/work/${"d".repeat(40)}/Zq8Lm2Xv7Kd4Rt9Wp3Ny6Hb1Fc5Js0Gu3Ea7Qo/${"e".repeat(70)}.ts` });
  expect(asSvcError(plain).formatted).toBe(`validation_error: cannot open '…/${"e".repeat(70)}.ts': a parent of the path is not a directory (ENOTDIR)`);
}, 120_000);
