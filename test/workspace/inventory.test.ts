import { describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/workspace/config.ts";
import { loadText } from "../../src/workspace/files.ts";
import { listInventory } from "../../src/workspace/inventory.ts";
import { resolveWorkspace } from "../../src/workspace/root.ts";
import { git, gitRepo, plainDir, writeFiles } from "../helpers/repo.ts";
import { readdirSync, readFileSync } from "node:fs";
import { call } from "../../src/engine.ts";
import { CANARY, leaksIn } from "../helpers/canary.ts";

async function inventoryOf(dir: string, maxFileBytes?: number) {
  const ws = resolveWorkspace(dir, "/");
  return listInventory(ws, loadConfig(ws.root, ws.dir), maxFileBytes === undefined ? {} : { maxFileBytes });
}

const paths = (inv: { files: { path: string }[] }) => inv.files.map((f) => f.path);

describe("inventory inside git", () => {
  test("a file whose path holds a credential (a token as its name) is not listed, so the store never holds that path", async () => {
    const root = gitRepo({ [`secrets/${CANARY.githubToken}.txt`]: "hello\n", [`${CANARY.stripeKey}/a.ts`]: "export const a = 1;\n", "src/keys.ts": "export const b = 2;\n" });
    const ws = resolveWorkspace(root, root);
    const inv = await listInventory(ws, loadConfig(ws.root, ws.dir));
    expect(inv.files.map((f) => f.path)).toEqual(["src/keys.ts"]);
    expect(inv.warnings).toEqual(["2 files left out of the index: their paths hold a credential (a token as a file or folder name)"]);
    const built = await call("index", { path: root }, { cwd: root });
    expect(built.warnings).toContain("2 files left out of the index: their paths hold a credential (a token as a file or folder name)");
    const store = join(root, ".svc");
    const bytes = readdirSync(store).filter((f) => f.startsWith("svc.db")).map((f) => readFileSync(join(store, f)).toString("latin1")).join("\n");
    expect(bytes.length).toBeGreaterThan(1000);
    expect(leaksIn(bytes)).toEqual([]);
  }, 120_000);

  test("tracked plus untracked not ignored; ignored files are not listed", async () => {
    const root = gitRepo({ ".gitignore": "*.log\nsecret/\n", "src/a.ts": "a", "src/b.ts": "b" });
    writeFiles(root, { "src/new.ts": "n", "debug.log": "x", "secret/key.ts": "k" });
    const inv = await inventoryOf(root);
    expect(inv.source).toBe("git");
    expect(paths(inv)).toEqual([".gitignore", "src/a.ts", "src/b.ts", "src/new.ts"]);
  });

  test("pruned folders are dropped even when tracked", async () => {
    const root = gitRepo({
      "src/a.ts": "a",
      "node_modules/x/index.js": "x",
      "dist/out.js": "d",
      "packages/p/build/gen.ts": "g",
      "vendor/lib.go": "v",
      ".vscode/settings.json": "{}",
    });
    expect(paths(await inventoryOf(root))).toEqual(["src/a.ts"]);
  });

  test("nested git roots are pruned (untracked nested repo and a tracked folder that became its own repo)", async () => {
    const root = gitRepo({ "src/a.ts": "a", "tools/t.ts": "t" });
    writeFiles(root, { "other/inner.ts": "i" });
    git(join(root, "other"), "init", "-q");
    git(join(root, "tools"), "init", "-q");
    const inv = await inventoryOf(root);
    expect(paths(inv)).toEqual(["src/a.ts"]);
    expect(inv.nestedRoots).toContain("tools");
  });

  test("files deleted from the work tree are not listed; symlinks are not listed", async () => {
    const root = gitRepo({ "src/a.ts": "a", "src/gone.ts": "g" });
    rmSync(join(root, "src/gone.ts"));
    symlinkSync(join(root, "src/a.ts"), join(root, "src/alias.ts"));
    symlinkSync("/etc/passwd", join(root, "src/escape.txt"));
    const inv = await inventoryOf(root);
    expect(paths(inv)).toEqual(["src/a.ts"]);
    // the link out is named (not followed); the alias of a workspace file is not worth a word
    expect(inv.warnings).toEqual(["1 symbolic link leading out of the workspace not followed (nothing outside it is indexed or shown): src/escape.txt"]);
  });

  test("outside git too, links leading out are named in a warning, never followed", async () => {
    const outside = plainDir({ "secret.ts": "export const s = 1;\n" });
    const root = plainDir({ "src/a.ts": "a" });
    symlinkSync(join(outside, "secret.ts"), join(root, "src/out.ts"));
    symlinkSync(outside, join(root, "linked-dir"));
    symlinkSync(join(outside, "not-yet.ts"), join(root, "dangling.ts"));
    symlinkSync("a.ts", join(root, "src/alias.ts"));
    const inv = await inventoryOf(root);
    expect(paths(inv)).toEqual(["src/a.ts"]);
    expect(inv.warnings).toEqual(["3 symbolic links leading out of the workspace not followed (nothing outside it is indexed or shown): dangling.ts, linked-dir, src/out.ts"]);
  });

  test("files over the size cap are skipped and recorded", async () => {
    const root = gitRepo({ "src/small.ts": "x", "src/big.ts": "y".repeat(2000) });
    const inv = await inventoryOf(root, 1000);
    expect(paths(inv)).toEqual(["src/small.ts"]);
    expect(inv.skipped).toEqual([{ path: "src/big.ts", reason: "too-large" }]);
  });

  test("SVC_MAX_FILE_BYTES sets the cap", async () => {
    const root = gitRepo({ "a.ts": "x".repeat(50), "b.ts": "x" });
    process.env.SVC_MAX_FILE_BYTES = "10";
    try {
      const inv = await inventoryOf(root);
      expect(paths(inv)).toEqual(["b.ts"]);
    } finally {
      delete process.env.SVC_MAX_FILE_BYTES;
    }
  });

  test("an svc.json tsconfig pin git ignores is listed (else the pin reads as missing and another config is checked); one outside the root is not", async () => {
    const outside = plainDir({ "tsconfig.json": "{}\n" });
    const root = gitRepo({
      ".gitignore": "tsconfig.local.json\nlocal/\nout\n",
      "svc.json": JSON.stringify({ tsconfig: ["tsconfig.local.json", "./local", "../x/tsconfig.json", "out/tsconfig.json"] }),
      "tsconfig.json": '{ "compilerOptions": { "strict": true, "noEmit": true } }\n',
      "src/a.ts": "export const a: number = 1;\n",
      "test/t.ts": 'export const t: number = "s";\n',
    });
    writeFiles(root, { "tsconfig.local.json": '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }\n', "local/tsconfig.json": "{}\n" });
    symlinkSync(outside, join(root, "out"));
    expect(paths(await inventoryOf(root))).toEqual([".gitignore", "local/tsconfig.json", "src/a.ts", "svc.json", "test/t.ts", "tsconfig.json", "tsconfig.local.json"]);
    await call("index", { path: root }, { cwd: root });
    const doctor = await call("doctor", { path: root }, { cwd: root });
    expect(doctor.text).toContain("loaded  tsconfig.local.json  (1 file; svc.json pin)");
    expect(doctor.text).toContain("problem: svc.json pin names ../x/tsconfig.json, which is outside the root\n");
    expect(doctor.text).toContain("problem: svc.json pin names out/tsconfig.json, which is not a workspace file (outside the root");
    expect(doctor.text).not.toContain("tsconfig.local.json, which");
  }, 120_000);

  test(".svcignore and svc.json ignore entries are honoured", async () => {
    const root = gitRepo({
      ".svcignore": "# comment\nfixtures/\n*.snap.ts\n",
      "svc.json": JSON.stringify({ ignore: ["legacy", "**/*.stories.tsx"] }),
      "src/a.ts": "a",
      "src/a.snap.ts": "s",
      "fixtures/f.ts": "f",
      "legacy/old.ts": "o",
      "src/ui/button.stories.tsx": "b",
    });
    expect(paths(await inventoryOf(root))).toEqual([".svcignore", "src/a.ts", "svc.json"]);
  });

  test("an invalid svc.json is reported as a warning, not ignored silently", async () => {
    const root = gitRepo({ "svc.json": "{ not json", "a.ts": "a" });
    const inv = await inventoryOf(root);
    expect(inv.warnings.join("\n")).toContain("svc.json is not valid JSON");
  });

  test("stats taken ahead for the paths a store knows give the same inventory as listing first", async () => {
    const root = gitRepo({
      "src/a.ts": "a",
      "src/edited.ts": "e",
      "src/gone.ts": "g",
      "src/old-name.ts": "o",
      "src/big.ts": "b",
      "tools/t.ts": "t",
      "dist/out.js": "d",
    });
    // What a store indexed then, and what changed since: an edit, a deletion, a rename, a new file, a symlink,
    // a file grown past the cap, an untracked folder that became its own repo, a tracked folder that did too.
    const known = ["src/a.ts", "src/edited.ts", "src/gone.ts", "src/old-name.ts", "src/big.ts", "tools/t.ts", "other/inner.ts", "dist/out.js", "never/was.ts"];
    writeFiles(root, { "src/edited.ts": "edited", "src/new.ts": "n", "src/big.ts": "b".repeat(2000), "other/inner.ts": "i" });
    rmSync(join(root, "src/gone.ts"));
    git(root, "mv", "src/old-name.ts", "src/new-name.ts");
    symlinkSync(join(root, "src/a.ts"), join(root, "src/alias.ts"));
    git(join(root, "other"), "init", "-q");
    git(join(root, "tools"), "init", "-q");
    const ws = resolveWorkspace(root, "/");
    const listedFirst = await listInventory(ws, loadConfig(ws.root, ws.dir), { maxFileBytes: 1000 });
    const statsAhead = await listInventory(ws, loadConfig(ws.root, ws.dir), { maxFileBytes: 1000, expected: known });
    expect(statsAhead).toEqual(listedFirst);
    expect(paths(statsAhead)).toEqual(["src/a.ts", "src/edited.ts", "src/new-name.ts", "src/new.ts"]);
    expect(statsAhead.files.find((f) => f.path === "src/edited.ts")?.size).toBe(6);
    expect(statsAhead.skipped).toEqual([{ path: "src/big.ts", reason: "too-large" }]);
    expect(statsAhead.nestedRoots).toEqual(["tools"]);
  });

  test("paths with spaces and non-ASCII names come through unquoted", async () => {
    const root = gitRepo({ "src/my file.ts": "a", "src/über.ts": "b" });
    expect(paths(await inventoryOf(root))).toEqual(["src/my file.ts", "src/über.ts"]);
  });
});

describe("inventory outside git", () => {
  test("walks the folder honouring .gitignore files and pruned folders", async () => {
    const dir = plainDir({
      ".gitignore": "*.tmp\n",
      "src/a.ts": "a",
      "src/x.tmp": "t",
      "src/sub/.gitignore": "local.ts\n",
      "src/sub/local.ts": "l",
      "src/sub/kept.ts": "k",
      "node_modules/m/index.js": "m",
      "coverage/lcov.info": "c",
    });
    const inv = await inventoryOf(dir);
    expect(inv.source).toBe("walk");
    expect(paths(inv)).toEqual([".gitignore", "src/a.ts", "src/sub/.gitignore", "src/sub/kept.ts"]);
  });

  test("nested git roots are not entered", async () => {
    const dir = plainDir({ "a.ts": "a", "checkout/b.ts": "b" });
    mkdirSync(join(dir, "checkout", ".git"));
    const inv = await inventoryOf(dir);
    expect(paths(inv)).toEqual(["a.ts"]);
    expect(inv.nestedRoots).toEqual(["checkout"]);
  });
});

describe("reading files", () => {
  test("binary files are reported, not decoded", () => {
    const dir = plainDir({ "img.png": new Uint8Array([137, 80, 78, 71, 0, 1, 2, 3]) });
    expect(loadText(dir, "img.png")).toEqual({ ok: false, reason: "binary" });
  });

  test("unreadable files are reported", () => {
    const dir = plainDir({});
    expect(loadText(dir, "missing.ts")).toEqual({ ok: false, reason: "unreadable" });
  });

  test("non-UTF-8 bytes decode leniently; a BOM is dropped; CRLF is kept", () => {
    const dir = plainDir({
      "latin1.ts": new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      "bom.ts": new Uint8Array([0xef, 0xbb, 0xbf, 0x78, 0x0d, 0x0a]),
    });
    const latin = loadText(dir, "latin1.ts");
    expect(latin.ok && latin.text).toBe("caf\uFFFD\n");
    const bom = loadText(dir, "bom.ts");
    expect(bom.ok && bom.text).toBe("x\r\n");
  });

  test("generated files are flagged by name, marker and minification", () => {
    const dir = plainDir({
      "api.generated.ts": "export const a = 1;\n",
      "marked.ts": "// Code generated by protoc. DO NOT EDIT.\nexport const b = 2;\n",
      "min.js": `${"var a=1;".repeat(400)}\n`,
      "plain.ts": "export const c = 3;\n",
    });
    const flag = (p: string) => {
      const r = loadText(dir, p);
      return r.ok && r.generated;
    };
    expect([flag("api.generated.ts"), flag("marked.ts"), flag("min.js"), flag("plain.ts")]).toEqual([true, true, true, false]);
  });
});

test("unreadable file in the inventory does not crash a listing", async () => {
  const root = gitRepo({ "a.ts": "a" });
  writeFileSync(join(root, "b.ts"), "b");
  const inv = await inventoryOf(root);
  expect(paths(inv)).toEqual(["a.ts", "b.ts"]);
});
