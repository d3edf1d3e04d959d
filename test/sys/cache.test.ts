// The compiled binary's extraction cache (src/sys/cache.ts): the OS loads or runs what is
// there, so a folder is used only when it is the user's own and private (else the per-uid
// temp fallback, else a prefixed refusal), and a cached file is used only when its bytes are
// the build's (SHA-256): a modified, truncated, symlinked or planted copy is replaced before
// anything runs it. Driven directly on real folders; no binary is built.

import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cacheDir, materialize, type EmbeddedFile } from "../../src/sys/cache.ts";
import { VERSION } from "../../src/version.ts";
import { tempDir } from "../helpers/repo.ts";

const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const saved = { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME, TMPDIR: process.env.TMPDIR };
let base: string;
let temp: string;

beforeEach(() => {
  base = join(tempDir(), "cache");
  temp = tempDir();
  process.env.XDG_CACHE_HOME = base;
  process.env.TMPDIR = temp;
});

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** An "embedded" file: a real file standing in for Bun's virtual FS path, with its digest. */
function embedded(content: string): EmbeddedFile {
  const path = join(tempDir(), "tsc");
  writeFileSync(path, content);
  return { path, size: Buffer.byteLength(content), sha256: createHash("sha256").update(content).digest("hex") };
}

const EXE = "#!/bin/sh\necho genuine\n";

describe("cached files", () => {
  test("extracted once into a private folder; an intact copy is kept as it is", () => {
    const file = embedded(EXE);
    const target = join(cacheDir("typescript"), "tsc");
    expect(target).toBe(join(base, "svc", VERSION, "typescript", "tsc"));
    materialize(file, target);
    expect(readFileSync(target, "utf8")).toBe(EXE);
    for (const dir of [join(base, "svc"), join(base, "svc", VERSION), join(base, "svc", VERSION, "typescript")]) {
      expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    }
    const inode = lstatSync(target).ino;
    materialize(file, target);
    expect(lstatSync(target).ino).toBe(inode);
    expect(readdirSync(join(base, "svc", VERSION, "typescript"))).toEqual(["tsc"]); // no temp file left
  });

  test("a same-size copy with other bytes is replaced, not run", () => {
    const file = embedded(EXE);
    const target = join(cacheDir("typescript"), "tsc");
    const planted = "#!/bin/sh\necho PLANTED\n".padEnd(EXE.length, "#");
    expect(planted.length).toBe(EXE.length);
    writeFileSync(target, planted, { mode: 0o755 });
    materialize(file, target);
    expect(readFileSync(target, "utf8")).toBe(EXE);
  });

  test("a truncated copy (an interrupted first run) is replaced", () => {
    const file = embedded(EXE);
    const target = join(cacheDir("typescript"), "tsc");
    writeFileSync(target, EXE.slice(0, 5));
    materialize(file, target);
    expect(readFileSync(target, "utf8")).toBe(EXE);
  });

  test("a symlink to a same-size file is replaced by a regular file; the file it pointed at is untouched", () => {
    const file = embedded(EXE);
    const target = join(cacheDir("typescript"), "tsc");
    const elsewhere = join(tempDir(), "planted");
    const planted = "#!/bin/sh\necho PLANTED\n".padEnd(EXE.length, "#");
    writeFileSync(elsewhere, planted, { mode: 0o755 });
    symlinkSync(elsewhere, target);
    materialize(file, target);
    expect(lstatSync(target).isSymbolicLink()).toBe(false);
    expect(readFileSync(target, "utf8")).toBe(EXE);
    expect(readFileSync(elsewhere, "utf8")).toBe(planted);
  });

  test("a folder planted at the file's name is replaced", () => {
    const file = embedded(EXE);
    const target = join(cacheDir("typescript"), "tsc");
    mkdirSync(join(target, "inner"), { recursive: true });
    materialize(file, target);
    expect(readFileSync(target, "utf8")).toBe(EXE);
  });

  test("a temp name planted as a symlink is never written through", () => {
    const file = embedded(EXE);
    const dir = cacheDir("typescript");
    const victim = join(tempDir(), "victim");
    writeFileSync(victim, "keep");
    symlinkSync(victim, join(dir, `tsc.${process.pid}.tmp`)); // the old, predictable temp name
    materialize(file, join(dir, "tsc"));
    expect(readFileSync(victim, "utf8")).toBe("keep");
    expect(readFileSync(join(dir, "tsc"), "utf8")).toBe(EXE);
  });

  test("embedded bytes that do not match the build digest are refused (a damaged binary)", () => {
    const file = { ...embedded(EXE), sha256: "0".repeat(64) };
    const target = join(cacheDir("typescript"), "tsc");
    expect(() => materialize(file, target)).toThrow(/^the embedded .* does not match its build digest/);
    expect(existsSync(target)).toBe(false);
  });

  test("extracting twice at once leaves one intact copy and no temp files", async () => {
    const big = "x".repeat(8 << 20);
    const file = embedded(big);
    const target = join(cacheDir("typescript"), "tsc");
    const script = `import { materialize } from ${JSON.stringify(join(import.meta.dir, "..", "..", "src", "sys", "cache.ts"))};
for (let i = 0; i < 5; i++) materialize(${JSON.stringify(file)}, ${JSON.stringify(target)}, 0o755);`;
    const runs = [0, 1, 2].map(() => Bun.spawn([process.execPath, "-e", script], { stderr: "pipe" }));
    const codes = await Promise.all(runs.map((r) => r.exited));
    expect(codes).toEqual([0, 0, 0]);
    expect(readFileSync(target, "utf8") === big).toBe(true);
    expect(readdirSync(join(base, "svc", VERSION, "typescript"))).toEqual(["tsc"]);
  }, 120_000);
});

describe("the cache folder", () => {
  test("a folder of ours that others may write is narrowed to 0700", () => {
    mkdirSync(join(base, "svc"), { recursive: true });
    chmodSync(join(base, "svc"), 0o777);
    cacheDir("typescript");
    expect(lstatSync(join(base, "svc")).mode & 0o777).toBe(0o700);
  });

  test("an unusable preferred base (cannot be created) falls back to the per-uid temp folder", () => {
    const file = join(tempDir(), "file");
    writeFileSync(file, "");
    process.env.XDG_CACHE_HOME = join(file, "cache");
    const dir = cacheDir("typescript");
    expect(dir).toBe(join(temp, `svc-${process.getuid?.()}`, "cache", "svc", VERSION, "typescript"));
    expect(lstatSync(join(temp, `svc-${process.getuid?.()}`)).mode & 0o777).toBe(0o700);
  });

  test("a symlinked svc folder is not used (the fallback is)", () => {
    mkdirSync(base, { recursive: true });
    symlinkSync(tempDir(), join(base, "svc"));
    expect(cacheDir("typescript")).toStartWith(join(temp, `svc-${process.getuid?.()}`));
    expect(readlinkSync(join(base, "svc"))).toBeTruthy();
  });

  test.if(asRoot)("a svc folder or fallback pre-created by another user is never used: a prefixed refusal naming the fix", () => {
    mkdirSync(join(base, "svc"), { recursive: true, mode: 0o700 });
    chownSync(join(base, "svc"), NOBODY, NOBODY);
    const fallback = join(temp, `svc-${process.getuid?.()}`);
    mkdirSync(fallback, { mode: 0o700 });
    chownSync(fallback, NOBODY, NOBODY);
    expect(() => cacheDir("typescript")).toThrow(/^no private cache folder for svc's embedded files: .*svc is owned by uid 65534.*svc-0 is owned by uid 65534.*Set XDG_CACHE_HOME/);
    expect(readdirSync(join(base, "svc"))).toEqual([]);
    expect(readdirSync(fallback)).toEqual([]);
  });
});
