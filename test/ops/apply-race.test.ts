// apply between its read and its rename: another writer's change (an editor saving, a second
// apply on the same file) lands after apply read the file and before its new file replaces
// it. SVC_TEST_APPLY_RACE plays that writer (its bytes written into the file at that moment).
// The change is refused, never silently overwritten, whether or not an expectedHash was given;
// nothing of apply's is left behind. Two svc processes writing one file take turns (a lock
// file beside it) between that check and the rename, so neither renames over the other unseen.

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { sha256 } from "../../src/ops/apply.ts";
import { failure } from "../helpers/failure.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";

const ORIGINAL = "export const a = 1;\r\nexport const b = 2;\r\n";
const THEIRS = "export const a = 1;\r\nexport const b = 2;\r\nexport const theirs = 3;\r\n";

afterEach(() => {
  delete process.env.SVC_TEST_APPLY_RACE;
  delete process.env.SVC_TEST_APPLY_LINK;
});

describe("apply refuses a file that changed while it was writing", () => {
  for (const hashed of [true, false]) {
    test(`the other writer's change survives (expectedHash ${hashed ? "given" : "not given"}); no temp file is left`, async () => {
      const root = gitRepo({ "src/a.ts": ORIGINAL });
      process.env.SVC_TEST_APPLY_RACE = THEIRS;
      const error = await failure(call("apply", { path: root, file: "src/a.ts", content: "export const a = 10;\nexport const b = 2;\n", write: true, ...(hashed ? { expectedHash: sha256(ORIGINAL) } : {}) }));
      expect(error.formatted).toBe(`validation_error: conflict: src/a.ts changed while apply was writing it (expected ${sha256(ORIGINAL)}, found ${sha256(THEIRS)}); nothing was written. Derive the edit again from the file as it is now`);
      expect(readFileSync(join(root, "src/a.ts"), "utf8")).toBe(THEIRS);
      expect(readdirSync(join(root, "src"))).toEqual(["a.ts"]);
    }, 120_000);
  }

  test("a file created meanwhile where apply creates one is kept", async () => {
    const root = gitRepo({ "src/a.ts": ORIGINAL });
    process.env.SVC_TEST_APPLY_RACE = THEIRS;
    const error = await failure(call("apply", { path: root, file: "src/new.ts", content: "export const n = 1;\n", write: true, expectedHash: "absent" }));
    expect(error.formatted).toBe(`validation_error: conflict: src/new.ts changed while apply was writing it (expected no file, found ${sha256(THEIRS)}); nothing was written. Derive the edit again from the file as it is now`);
    expect(readFileSync(join(root, "src/new.ts"), "utf8")).toBe(THEIRS);
    expect(readdirSync(join(root, "src")).sort()).toEqual(["a.ts", "new.ts"]);
  }, 120_000);

  test("without another writer the same write goes through (the check compares with what apply read)", async () => {
    const root = gitRepo({ "src/a.ts": ORIGINAL });
    await call("apply", { path: root, file: "src/a.ts", content: "export const a = 10;\nexport const b = 2;\n", write: true });
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toBe("export const a = 10;\r\nexport const b = 2;\r\n");
    await call("apply", { path: root, file: "src/b.ts", content: "export const n = 1;\n", write: true, expectedHash: "absent" });
    expect(existsSync(join(root, "src/b.ts"))).toBe(true);
  }, 120_000);
});

describe("apply never follows a symbolic link that appears out of the workspace while it writes", () => {
  // SVC_TEST_APPLY_LINK plays another process replacing the file (or the name apply creates) by a link to its path after apply's checks
  test("a new file's name turned into a link to a missing file outside: nothing is created there; an existing file's into a link to one with the same bytes: it is not written", async () => {
    const outside = tempDir("svc-apply-out-");
    const root = gitRepo({ "src/a.ts": ORIGINAL });
    process.env.SVC_TEST_APPLY_LINK = join(outside, "planted.ts");
    const created = await failure(call("apply", { path: root, file: "src/new.ts", content: "export const n = 1;\n", write: true }));
    expect(created.formatted).toStartWith(`validation_error: refusing to apply to 'src/new.ts': it now leads outside the workspace root ${root} (a symbolic link appeared on the way); nothing was written`);
    writeFileSync(join(outside, "same.ts"), ORIGINAL);
    process.env.SVC_TEST_APPLY_LINK = join(outside, "same.ts");
    const replaced = await failure(call("apply", { path: root, file: "src/a.ts", content: "export const a = 10;\nexport const b = 2;\n", write: true, expectedHash: sha256(ORIGINAL) }));
    expect(replaced.formatted).toStartWith("validation_error: refusing to apply to 'src/a.ts': it now leads outside the workspace root");
    expect(readdirSync(outside)).toEqual(["same.ts"]);
    expect(readFileSync(join(outside, "same.ts"), "utf8")).toBe(ORIGINAL);
  }, 120_000);
});

describe("svc writers of one file take turns", () => {
  test("a lock held by a live svc process is waited for, then named; the file and the lock stay as they were", async () => {
    const root = gitRepo({ "src/a.ts": ORIGINAL });
    const holder = Bun.spawn(["sleep", "60"]);
    try {
      writeFileSync(join(root, "src/.a.ts.svc-lock"), String(holder.pid));
      const error = await failure(call("apply", { path: root, file: "src/a.ts", content: "export const a = 10;\nexport const b = 2;\n", write: true }));
      expect(error.formatted).toBe(`validation_error: cannot write 'src/a.ts': another svc process has been writing ${join(root, "src/a.ts")} for over 5 s (its lock ${join(root, "src/.a.ts.svc-lock")}, pid ${holder.pid}); retry, or remove the lock if no svc is running; nothing was written, the file is as it was`);
      expect(readFileSync(join(root, "src/a.ts"), "utf8")).toBe(ORIGINAL);
      expect(readdirSync(join(root, "src")).sort()).toEqual([".a.ts.svc-lock", "a.ts"]);
    } finally {
      holder.kill();
    }
    await holder.exited;
    // its process gone, the lock is stale: taken over, the write goes through, no lock is left
    await call("apply", { path: root, file: "src/a.ts", content: "export const a = 10;\nexport const b = 2;\n", write: true });
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toBe("export const a = 10;\r\nexport const b = 2;\r\n");
    expect(readdirSync(join(root, "src"))).toEqual(["a.ts"]);
  }, 120_000);
});
