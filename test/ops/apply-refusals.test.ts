// What apply refuses before anything is written, dry run too, with a reason that names the
// file or folder: a binary file (views skip it, so writing back what a view showed would empty
// it), a new name that differs from an existing one only in case or Unicode normalization, a
// folder the write cannot create its file in. A failing write names the file, not its temp file.

import { describe, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { failure } from "../helpers/failure.ts";
import { gitRepo } from "../helpers/repo.ts";
import { view } from "../helpers/view.ts";

const isRoot = process.getuid?.() === 0;

async function refusals(root: string, file: string, content: string): Promise<string[]> {
  const out: string[] = [];
  for (const write of [false, true]) out.push((await failure(call("apply", { path: root, file, content, write }))).formatted);
  return out;
}

describe("apply refuses, naming why", () => {
  test("a file views take for binary (a NUL byte; UTF-16 without a BOM): writing back what the view showed would have emptied it", async () => {
    const nul = "export const a = 'x\0y';\nexport const b = 1;\n";
    const utf16 = Buffer.from("export const c = 1;\n", "utf16le");
    const root = gitRepo({ "src/nul.ts": nul, "src/wide.ts": utf16 });
    const shown = await view(root, "src/nul.ts");
    expect(shown.content).toBe("");
    expect(shown.text).toContain("skipped src/nul.ts: binary");
    const why = (file: string, line: number) =>
      `validation_error: refusing to apply to '${file}': the file on disk holds a NUL byte (line ${line}), so svc takes it for binary (or UTF-16 without a byte order mark): views skip it, so no edit can have been derived from one, and apply would write text over every byte; edit it with a tool that knows its format, or remove it first if a text file is to replace it`;
    expect(await refusals(root, "src/nul.ts", shown.content)).toEqual([why("src/nul.ts", 1), why("src/nul.ts", 1)]);
    expect(await refusals(root, "src/wide.ts", "export const c = 2;\n")).toEqual([why("src/wide.ts", 1), why("src/wide.ts", 1)]);
    expect(readFileSync(join(root, "src/nul.ts"), "utf8")).toBe(nul);
    expect(readFileSync(join(root, "src/wide.ts")).equals(utf16)).toBe(true);
    // a NUL in the content of a text file is written as sent
    await call("apply", { path: root, file: "src/b.ts", content: "export const z = '\0';\n", write: true });
    expect(readFileSync(join(root, "src/b.ts"), "utf8")).toBe("export const z = '\0';\n");
  }, 120_000);

  test("a new file (or folder) named like an existing one but for case or NFC/NFD normalization; the exact name is written", async () => {
    const nfd = "cafe\u0301.ts";
    const nfc = "caf\u00e9.ts";
    const root = gitRepo({ "src/Util.ts": "export const u = 1;\n", [`src/${nfd}`]: "export const c = 1;\n" });
    const msg = (file: string, existing: string, part: string, how: string) =>
      `validation_error: refusing to create '${file}': '${existing}' exists, a name that differs from '${part}' ${how}; a checkout on a case-insensitive or normalizing file system (macOS, Windows) could not hold both. Name the existing one ('${existing}') if it is the one meant`;
    const caseOnly = msg("src/util.ts", "src/Util.ts", "util.ts", "only in case");
    expect(await refusals(root, "src/util.ts", "export const u = 2;\n")).toEqual([caseOnly, caseOnly]);
    const folder = msg("SRC/x.ts", "src", "SRC", "only in case");
    expect(await refusals(root, "SRC/x.ts", "export const x = 1;\n")).toEqual([folder, folder]);
    const normalized = msg(`src/${nfc}`, `src/${nfd}`, nfc, "only in Unicode normalization (NFC vs NFD: the two look the same)");
    expect(await refusals(root, `src/${nfc}`, "export const c = 2;\n")).toEqual([normalized, normalized]);
    expect(readdirSync(root).filter((n) => n !== ".git")).toEqual(["src"]);
    expect(readdirSync(join(root, "src")).sort()).toEqual(["Util.ts", nfd].sort());
    await call("apply", { path: root, file: `src/${nfd}`, content: "export const c = 2;\n", write: true });
    expect(readFileSync(join(root, "src", nfd), "utf8")).toBe("export const c = 2;\n");
  }, 120_000);

  test("a file in a read-only folder (mode 555), or a new one under it: refused naming the folder", async () => {
    const root = gitRepo({ "locked/a.txt": "one\n" });
    chmodSync(join(root, "locked"), 0o555);
    try {
      const old = "validation_error: refusing to apply to 'locked/a.txt': its folder 'locked' is read-only (mode 555), and apply writes a new file there and renames it over the old one; make the folder writable first if the file is meant to change";
      expect(await refusals(root, "locked/a.txt", "two\n")).toEqual([old, old]);
      const made = "validation_error: refusing to apply to 'locked/deep/b.txt': its folder 'locked' is read-only (mode 555), and apply creates the file there; make the folder writable first if the file is meant to change";
      expect(await refusals(root, "locked/deep/b.txt", "two\n")).toEqual([made, made]);
      expect(readdirSync(join(root, "locked"))).toEqual(["a.txt"]);
      expect(readFileSync(join(root, "locked/a.txt"), "utf8")).toBe("one\n");
    } finally {
      chmodSync(join(root, "locked"), 0o755);
    }
  }, 120_000);

  test.skipIf(!isRoot)("a file of this user's in a folder it may not write in (another user's, mode 755): refused naming it, not a temp file", async () => {
    const root = gitRepo({ "theirs/a.txt": "one\n" });
    mkdirSync(join(root, "mine"));
    writeFileSync(join(root, "mine/b.txt"), "one\n");
    chmodSync(root, 0o755);
    chownSync(join(root, "mine"), 65534, 65534);
    chownSync(join(root, "mine/b.txt"), 65534, 65534);
    chownSync(join(root, "theirs/a.txt"), 65534, 65534); // the user's own file, in root's folder
    const script = `import { call } from ${JSON.stringify(join(import.meta.dir, "../../src/engine.ts"))};
for (const [file, write] of [["theirs/a.txt", false], ["theirs/a.txt", true], ["mine/b.txt", true]]) {
  try { const r = await call("apply", { path: ${JSON.stringify(root)}, file, content: "two\\n", write }); console.log(r.text.split(" (")[0]); }
  catch (e) { console.log(e.formatted ?? e.message); }
}`;
    const run = Bun.spawnSync(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "-e", script], { env: { ...process.env, HOME: "/tmp" }, stdout: "pipe", stderr: "pipe" });
    const message = "validation_error: refusing to apply to 'theirs/a.txt': its folder 'theirs' is not writable by this user (permission denied), and apply writes a new file there and renames it over the old one; make the folder writable first if the file is meant to change";
    expect(run.stdout.toString().trim().split("\n")).toEqual([message, message, "applied: overwrote mine/b.txt"]);
    expect(readFileSync(join(root, "theirs/a.txt"), "utf8")).toBe("one\n");
  }, 120_000);
});
