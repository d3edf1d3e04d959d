// A rename re-checks the importers that bind one of its names, not every importer of a barrel
// that re-exports it: on mikro-orm a rename of Utils.isObject re-checked the 1689 files importing
// @mikro-orm/core's index (minutes; the engine's 30 s limit of one request cut it). An importer
// of the barrel that binds none of the names is no more reached than a file importing it through
// another module; one that names the holder (a subclass), or names it by a re-exported alias,
// is still re-checked and its new error refuses the rename.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const BASE = {
  "tsconfig.json": TSCONFIG,
  "src/utils.ts": "export class Utils {\n  static isObject(o: unknown): boolean {\n    return typeof o === \"object\" && o !== null;\n  }\n}\n",
  "src/other.ts": "export function other(): number {\n  return 1;\n}\n",
  "src/index.ts": 'export * from "./utils";\nexport * from "./other";\nexport { Utils as U } from "./utils";\n',
  "src/shape.ts": "export interface Shape {\n  isObject(o: unknown): boolean;\n}\n",
  "src/use.ts": 'import { Utils } from "./index";\nexport const yes = Utils.isObject({});\n',
  "src/unrelated1.ts": 'import { other } from "./index";\nexport const one = other();\n',
  "src/unrelated2.ts": 'import { other } from "./index";\nexport const two = other() + 1;\n',
};

async function workspace(extra: Record<string, string>): Promise<string> {
  useRuntimeDir();
  const root = gitRepo({ ...BASE, ...extra });
  await call("index", { path: root });
  return root;
}

describe("the files a rename re-checks", () => {
  test("importers of the barrel binding none of the names are not re-checked; the rename is staged", async () => {
    const root = await workspace({});
    const r = await call("refactor", { path: root, operation: "rename", symbol: "Utils.isObject", newName: "isPlainObj" });
    expect(r.text).toStartWith("staged rename: Utils.isObject -> isPlainObj (2 files changed");
    // utils.ts and use.ts edited; index.ts (export *) re-checked; unrelated1.ts, unrelated2.ts not (they were: 5)
    expect(r.text).toContain("verified: no new errors in 3 files re-checked");
  }, 120_000);

  test("an importer naming the holder (a subclass) or its re-exported alias is re-checked: the error the rename makes there refuses it", async () => {
    const sub = await workspace({ "src/sub.ts": 'import { Utils } from "./index";\nexport class Sub extends Utils {\n  static isPlainObj(): string {\n    return "";\n  }\n}\n' });
    const bySub = await call("refactor", { path: sub, operation: "rename", symbol: "Utils.isObject", newName: "isPlainObj" });
    expect(bySub.text).toStartWith("cannot rename: it would introduce Error TS2417 src/sub.ts");
    const alias = await workspace({ "src/alias.ts": 'import { U } from "./index";\nimport type { Shape } from "./shape";\nexport const s: Shape = U;\n' });
    const byAlias = await call("refactor", { path: alias, operation: "rename", symbol: "Utils.isObject", newName: "isPlainObj" });
    expect(byAlias.text).toStartWith("cannot rename: it would introduce Error TS2");
    expect(byAlias.text).toContain("src/alias.ts:3");
  }, 120_000);
});
