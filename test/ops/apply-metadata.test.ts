// What apply keeps besides the bytes: the atomic write renames a new inode over the file, so
// its mode (exactly, not as the umask leaves it), owner and group are taken over or the edit
// is refused; content identical to the file writes nothing (inode and mtime stay); content
// UTF-8 cannot encode is refused, never written as U+FFFD.

import { describe, expect, test } from "bun:test";
import { chmodSync, chownSync, readFileSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { ApplyData } from "../../src/ops/apply.ts";
import { failure } from "../helpers/failure.ts";
import { gitRepo } from "../helpers/repo.ts";

const isRoot = process.getuid?.() === 0;

async function applied(root: string, file: string, content: string): Promise<ApplyData> {
  return (await call("apply", { path: root, file, content, write: true })).data as unknown as ApplyData;
}

describe("apply keeps the file's metadata", () => {
  test("the mode is kept exactly, whatever the umask would take from a new file (group-writable, 0777, set-id and sticky bits, 0600)", async () => {
    const modes = [0o664, 0o777, 0o775, 0o4755, 0o2755, 0o1755, 0o600, 0o640];
    const root = gitRepo(Object.fromEntries(modes.map((m) => [`bin/m${m.toString(8)}.sh`, "#!/bin/sh\necho a\n"])));
    const umask = process.umask(0o022);
    try {
      for (const mode of modes) {
        const file = `bin/m${mode.toString(8)}.sh`;
        chmodSync(join(root, file), mode);
        expect((await applied(root, file, "#!/bin/sh\necho b\n")).written).toBe(true);
        expect({ file, mode: (statSync(join(root, file)).mode & 0o7777).toString(8) }).toEqual({ file, mode: mode.toString(8) });
        expect(readFileSync(join(root, file), "utf8")).toBe("#!/bin/sh\necho b\n");
      }
    } finally {
      process.umask(umask);
    }
  }, 120_000);

  test.skipIf(!isRoot)("owner and group are kept (root writing a user's file)", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    chownSync(join(root, "src/a.ts"), 1234, 5678);
    await applied(root, "src/a.ts", "export const a = 2;\n");
    const stat = statSync(join(root, "src/a.ts"));
    expect({ uid: stat.uid, gid: stat.gid, text: readFileSync(join(root, "src/a.ts"), "utf8") }).toEqual({ uid: 1234, gid: 5678, text: "export const a = 2;\n" });
  }, 120_000);

  test.skipIf(!isRoot)("a file another user owns is refused, dry run too, when the writer cannot give it back (not root); the file survives", async () => {
    const root = gitRepo({ "shared/a.txt": "one\n" });
    chmodSync(root, 0o777);
    chmodSync(join(root, "shared"), 0o777);
    chmodSync(join(root, "shared/a.txt"), 0o666);
    const script = `import { call } from ${JSON.stringify(join(import.meta.dir, "../../src/engine.ts"))};
for (const write of [false, true]) {
  try { await call("apply", { path: ${JSON.stringify(root)}, file: "shared/a.txt", content: "two\\n", write }); console.log("written"); }
  catch (e) { console.log(e.formatted ?? e.message); }
}`;
    const run = Bun.spawnSync(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "-e", script], { env: { ...process.env, HOME: "/tmp" }, stdout: "pipe", stderr: "pipe" });
    const message = "validation_error: refusing to apply to 'shared/a.txt': it belongs to uid 0, and a rewrite (a new file renamed over it) would make it yours (uid 65534); edit it as its owner if it is meant to change";
    expect(run.stdout.toString().trim().split("\n")).toEqual([message, message]);
    const stat = statSync(join(root, "shared/a.txt"));
    expect({ uid: stat.uid, text: readFileSync(join(root, "shared/a.txt"), "utf8") }).toEqual({ uid: 0, text: "one\n" });
  }, 120_000);

  test("content identical to the file (once what apply keeps is put back) writes nothing: inode and mtime stay", async () => {
    const crlf = "export const a = 1;\r\nexport const b = 2;\r\n";
    const root = gitRepo({ "src/a.ts": crlf });
    const file = join(root, "src/a.ts");
    utimesSync(file, 1_000_000, 1_000_000);
    const before = statSync(file);
    for (const write of [false, true]) {
      const result = await call("apply", { path: root, file: "src/a.ts", content: "export const a = 1;\nexport const b = 2;\n", write });
      expect(result.text).toBe(`${write ? "unchanged" : "dry run (no write): unchanged"}: src/a.ts already has this content but for what apply keeps of the file (40 chars; keeping the file's CRLF line endings); nothing ${write ? "was" : "would be"} written.`);
      expect(result.data).toMatchObject({ written: false, unchanged: true, action: "overwrite" });
    }
    const after = statSync(file);
    expect({ ino: after.ino, mtime: after.mtimeMs, text: readFileSync(file, "utf8") }).toEqual({ ino: before.ino, mtime: before.mtimeMs, text: crlf });
    expect((await applied(root, "src/a.ts", "export const a = 3;\nexport const b = 2;\n")).unchanged).toBe(false);
  }, 120_000);

  test("content with a lone UTF-16 surrogate is refused, naming the line; the file survives", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = '😀';\n" });
    for (const [content, code] of [["export const a = '\ud83d';\n", "D83D"], ["// ok 😀\nexport const a = '\ude00';\n", "DE00"]] as const) {
      const error = await failure(call("apply", { path: root, file: "src/a.ts", content, write: true }));
      expect(error.formatted).toBe(`validation_error: refusing to apply to 'src/a.ts': content line ${content.startsWith("//") ? 2 : 1} holds a lone UTF-16 surrogate (\\u${code}), half of a character, which UTF-8 cannot encode (it would be written as U+FFFD); send the whole character`);
    }
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toBe("export const a = '😀';\n");
    expect((await applied(root, "src/a.ts", "export const a = '😁';\n")).written).toBe(true);
  }, 120_000);
});
