// svc_review's map names a changed file's callers as the checker knows them: the files whose
// code uses its declarations, through re-export chains too — not only the files that import it.
// On xstate a change to packages/xstate-store/src/atom.ts (createAtom) was reviewed with
// "callers (2): packages/xstate-store/src/index.ts, packages/xstate-store/src/store.ts", while
// thirteen files of seven packages call it through `export * from '@xstate/store'`.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

describe("svc_review's callers", () => {
  test("a file that uses the changed file's declaration through a barrel is a caller; each caller is named once", async () => {
    const root = gitRepo({
      "package.json": JSON.stringify({ name: "pkg", main: "src/index.ts" }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "esnext", moduleResolution: "bundler" }, include: ["src"] }),
      "src/a.ts": "export function alpha(): number {\n  return 1;\n}\n",
      "src/index.ts": 'export * from "./a";\n',
      "src/use.ts": 'import { alpha } from "./index";\nexport const one = alpha() + alpha();\n',
    });
    await call("index", { path: root });
    writeFiles(root, { "src/a.ts": "export function alpha(): number {\n  return 2;\n}\n" });
    await call("index", { path: root }); // the semantic pass over the change (a host does it on its own)
    const r = await call("review", { path: root, changedSince: "HEAD" });
    expect(r.text).toContain("=== review: src/a.ts (+1 -1) ===\ncallers (2): src/index.ts, src/use.ts\n");
  }, 120_000);
});
