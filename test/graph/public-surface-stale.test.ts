// "public surface: no" rests on the checker's re-export edges; a changed file's edges are out
// of the store until its re-walk, so in that window the verdict is "unknown", not "no". On
// xstate, after an edit to packages/xstate-store/src/atom.ts, svc_impact createAtom answered
// "public surface: no — exported from packages/xstate-store/src/atom.ts but not re-exported
// by package @xstate/store's entry points (packages/xstate-store/src/index.ts, …)" above its
// own "[reexports] (module) packages/xstate-store/src/index.ts".

import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { gitRepo } from "../helpers/repo.ts";

describe("impact's public surface while a changed file waits for its re-walk", () => {
  test("unknown (and why) until the re-walk; yes after it", async () => {
    const root = gitRepo({
      "package.json": JSON.stringify({ name: "pkg", main: "src/index.ts" }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "esnext", moduleResolution: "bundler" }, include: ["src"] }),
      "src/a.ts": "export function alpha(): number {\n  return 1;\n}\n",
      "src/index.ts": 'export { alpha } from "./a";\n',
    });
    await call("index", { path: root });
    expect((await call("impact", { path: root, symbol: "alpha" })).text).toContain("public surface: yes — exported by package pkg through src/index.ts");
    // the declaring file changes; a reconcile re-extracts it and leaves its checker edges to the next semantic pass
    writeFileSync(join(root, "src/a.ts"), "export function alpha(): number {\n  return 2;\n}\n");
    await syncIndex(root);
    const pending = await call("impact", { path: root, symbol: "alpha" });
    expect(pending.text).toContain("1 changed file not re-walked yet");
    expect(pending.text).toContain("public surface: unknown — not known yet: 1 changed file is not re-walked yet, and re-exports from package pkg's entry points (src/index.ts) are followed through the checker's edges");
    expect(pending.data).toMatchObject({ publicSurface: { public: null } });
    await call("index", { path: root });
    expect((await call("impact", { path: root, symbol: "alpha" })).text).toContain("public surface: yes — exported by package pkg through src/index.ts");
  }, 120_000);
});
