// A dependency's text under node_modules when node_modules is a symbolic link out of the
// workspace (a pnpm store, a monorepo whose packages share the root's node_modules). The
// engine reads the dependency's files through the link, and "Implement interface" of the
// dependency's interface wrote its members into our class: refused as "a file outside the
// workspace" when node_modules was a link, staged when it was a folder. A dependency's text is
// the dependency's, link or not — an edit may spell its published names — and never ours to
// edit: a rename that would edit it is refused naming its node_modules path, while a rename of
// our own code that only uses it is staged.

import { describe, expect, test } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { asSvcError } from "../../src/errors.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const DEP = {
  "dep/package.json": JSON.stringify({ name: "dep", version: "1.0.0", types: "index.d.ts" }),
  "dep/index.d.ts": "export interface Plugin {\n  pluginName(): string;\n  setupPlugin(): number;\n}\n",
};
const SOURCES = {
  "tsconfig.json": TSCONFIG,
  ".gitignore": "node_modules\n",
  "src/impl.ts": 'import type { Plugin } from "dep";\nexport class Impl implements Plugin {}\n',
  "src/done.ts": 'import type { Plugin } from "dep";\nexport class Done implements Plugin {\n  pluginName(): string {\n    return "d";\n  }\n  setupPlugin(): number {\n    return 1;\n  }\n}\nexport const made = new Done().setupPlugin();\n',
};

/** The workspace with its node_modules a folder of its own, or a link to one outside it. */
async function workspace(linked: boolean): Promise<string> {
  useRuntimeDir();
  const root = gitRepo(SOURCES);
  if (linked) {
    const store = tempDir("svc-store-");
    writeFiles(store, DEP);
    symlinkSync(store, join(root, "node_modules"));
  } else {
    writeFiles(join(root, "node_modules"), DEP);
  }
  await call("index", { path: root });
  return root;
}

async function answer(params: Record<string, unknown>, root: string): Promise<string> {
  try {
    return (await call("refactor", { ...params, path: root })).text;
  } catch (error) {
    return asSvcError(error).formatted;
  }
}

describe("a dependency's text when node_modules is a link out of the workspace", () => {
  for (const linked of [false, true]) {
    test(`node_modules ${linked ? "a link out" : "a folder"}: implementing the dependency's interface is staged, a rename of our own class is staged, a rename that would edit the dependency is refused naming it`, async () => {
      const root = await workspace(linked);
      const implement = await answer({ operation: "apply-codefix", file: "src/impl.ts", diagnosticId: "TS2420" }, root);
      expect(implement).toStartWith("staged apply-codefix: src/impl.ts");
      expect(implement).toContain("setupPlugin(): number");
      const own = await answer({ operation: "rename", symbol: "Done", newName: "Finished" }, root);
      expect(own).toStartWith("staged rename: Done -> Finished");
      const member = await answer({ operation: "rename", symbol: "Done.setupPlugin", newName: "setup" }, root);
      expect(member).toBe("cannot rename: the rename would edit node_modules/dep/index.d.ts, not one of the workspace's own sources");
    }, 300_000);
  }
});
