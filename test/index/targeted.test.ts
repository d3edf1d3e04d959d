// A targeted reconcile (syncIndex with `paths`) leaves the store as a full one would: after
// it, a full reconcile finds nothing to do. Too-large files move in and out of the skipped
// list; what it cannot settle alone is reconciled fully.

import { afterEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { syncIndex } from "../../src/indexing/sync.ts";
import { openWriter } from "../../src/store/db.ts";
import { gitRepo } from "../helpers/repo.ts";

afterEach(() => {
  delete process.env.SVC_MAX_FILE_BYTES;
});

async function expectFullFindsNothing(root: string): Promise<void> {
  const full = await syncIndex(root);
  expect(full).toMatchObject({ scope: "full", unchanged: true });
}

describe("targeted reconcile", () => {
  test("a changed and a deleted file: only those paths, same store as a full reconcile", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n", "b.ts": 'import { a } from "./a";\nexport const b = a;\n', "c.ts": "export const c = 3;\n" });
    await syncIndex(root);
    writeFileSync(join(root, "a.ts"), "export const a = 1;\nexport const a2 = 2;\n");
    const r = await syncIndex(root, { paths: ["a.ts"] });
    expect(r).toMatchObject({ scope: "paths", extracted: 1, changedPaths: ["a.ts"] });
    await expectFullFindsNothing(root);
    require("node:fs").rmSync(join(root, "c.ts"));
    expect(await syncIndex(root, { paths: ["c.ts", "gone-tmp.ts"] })).toMatchObject({ scope: "paths", removedPaths: ["c.ts"] });
    await expectFullFindsNothing(root);
  });

  test("a file growing past the size cap and shrinking back", async () => {
    process.env.SVC_MAX_FILE_BYTES = "100";
    const root = gitRepo({ "a.ts": "export const a = 1;\n", "big.ts": `export const big = "${"x".repeat(200)}";\n` });
    expect((await syncIndex(root)).skipped).toEqual([{ path: "big.ts", reason: "too-large" }]);
    writeFileSync(join(root, "a.ts"), `export const a = "${"y".repeat(200)}";\n`);
    const grown = await syncIndex(root, { paths: ["a.ts"] });
    expect(grown).toMatchObject({ scope: "paths", removedPaths: ["a.ts"] });
    expect(grown.skipped.map((s) => s.path)).toEqual(["a.ts", "big.ts"]);
    await expectFullFindsNothing(root);
    writeFileSync(join(root, "big.ts"), "export const big = 1;\n");
    const shrunk = await syncIndex(root, { paths: ["big.ts"] });
    expect(shrunk).toMatchObject({ scope: "paths", changedPaths: ["big.ts"] });
    expect(shrunk.skipped.map((s) => s.path)).toEqual(["a.ts"]);
    await expectFullFindsNothing(root);
  });

  test("a new file, a folder, or a store without the too-large record: a full reconcile", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    await syncIndex(root);
    writeFileSync(join(root, "src/new.ts"), "export const n = 1;\n");
    expect(await syncIndex(root, { paths: ["src/new.ts"] })).toMatchObject({ scope: "full", changedPaths: ["src/new.ts"] });
    expect(await syncIndex(root, { paths: ["src"] })).toMatchObject({ scope: "full", unchanged: true });
    const store = openWriter(root);
    store.db.run("DELETE FROM index_meta WHERE key = 'too_large_files'");
    store.db.close();
    expect(await syncIndex(root, { paths: ["src/a.ts"] })).toMatchObject({ scope: "full" });
    expect(await syncIndex(root, { paths: ["src/a.ts"] })).toMatchObject({ scope: "paths", unchanged: true });
  });
});
