// A declaration whose file another file imports through a symbolic link to it (src/alias.ts ->
// real.ts, tracked): the inventory lists no link, so the import graph has no edge from the
// importer, and the engine reads the link as a file of its own that the language service's
// edits and the checker's references never reach. A rename was staged "verified: no new
// errors" and, applied, broke the importer; impact said "checker-complete" without it. The
// rename re-checks the importer with the link seeing the new content and abstains naming the
// error; impact names the importer as a gap.

import { describe, expect, test } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { RefactorData } from "../../src/ops/refactor.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { git, gitRepo } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });

async function aliased(): Promise<string> {
  useRuntimeDir();
  const root = gitRepo({
    "tsconfig.json": TSCONFIG,
    "src/real.ts": "export function total(a: number): number {\n  return a + 1;\n}\nexport function other(): number {\n  return 2;\n}\n",
    "src/direct.ts": 'import { total } from "./real";\nexport const t = total(2);\n',
    "src/through.ts": 'import { total } from "./alias";\nexport const u = total(3);\n',
  });
  symlinkSync("real.ts", join(root, "src/alias.ts"));
  git(root, "add", "-A");
  git(root, "commit", "-qm", "alias");
  await call("index", { path: root });
  return root;
}

describe("symbolic links to a declaration's file inside the workspace", () => {
  test("a rename whose symbol an importer reaches through a link to its file abstains, naming the error there; one the importer does not use is staged", async () => {
    const root = await aliased();
    const rename = await call("refactor", { path: root, operation: "rename", symbol: "total", newName: "sum" });
    expect((rename.data as unknown as RefactorData).status).toBe("refused");
    expect(rename.text).toStartWith("cannot rename: it would introduce Error TS2305 src/through.ts:1:10");
    const unused = await call("refactor", { path: root, operation: "rename", symbol: "other", newName: "another" });
    expect(unused.text).toStartWith("staged rename: other -> another");
  }, 120_000);

  test("impact names the importer through the link as a gap: not checker-complete; a name it does not import stays complete", async () => {
    const root = await aliased();
    const total = await call("impact", { path: root, symbol: "total" });
    expect(total.text).toContain("coverage: 1 reference, all from the checker; partial: 1 file the checker did not resolve could reference it (1 file importing it through a symbolic link to its file (the index follows no link; the engine reads the link as a file of its own): src/through.ts:1)");
    expect(total.text).not.toContain("checker-complete");
    expect((await call("impact", { path: root, symbol: "other" })).text).toContain("(checker-complete)");
  }, 120_000);
});
