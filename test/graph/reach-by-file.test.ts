// A walk stepping more modules than FILES_ASKED reads every module's importers (and every file's statements) at once
// instead of one query per module (graph/by-file.ts): the answer must be the one the queries by module give — each module's
// importers, a type-only import still running nothing, a test importing a name through a barrel still selected.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { FILES_ASKED } from "../../src/graph/by-file.ts";
import type { ImpactData } from "../../src/ops/impact.ts";
import { gitRepo } from "../helpers/repo.ts";

const TSCONFIG = { compilerOptions: { strict: true, target: "es2022", module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] };
const MODULES = FILES_ASKED + 8;
const ids = Array.from({ length: MODULES }, (_, i) => i);

function files(): Record<string, string> {
  const out: Record<string, string> = {
    "package.json": JSON.stringify({ name: "many", type: "module" }),
    "tsconfig.json": JSON.stringify(TSCONFIG),
    "src/core.ts": "export function seed(): number {\n  return 1;\n}\n",
    // a barrel re-exporting every module's value: a test takes one by name through it
    "src/index.ts": ids.map((i) => `export { value${i} } from "./use${i}";`).join("\n") + "\n",
    "test/barrel.test.js": 'import { value3 } from "../src/index";\n\nif (value3 !== 1) throw new Error("value3");\n',
    // a type-only import runs nothing: not a dependent
    "test/types.test.ts": 'import type { Value0 } from "../src/use0";\n\nexport const typed: Value0 = 1;\n',
  };
  for (const i of ids) {
    out[`src/use${i}.ts`] = `import { seed } from "./core";\n\nexport type Value${i} = number;\nexport const value${i}: Value${i} = seed();\n`;
    out[`test/use${i}.test.js`] = `import { value${i} } from "../src/use${i}";\n\nif (value${i} !== 1) throw new Error("use${i}");\n`;
  }
  return out;
}

describe("a walk past FILES_ASKED modules", () => {
  test(`impact of a function ${MODULES} modules call at load lists each module's importers, as asked one by one`, async () => {
    const root = gitRepo(files());
    expect((await call("index", { path: root })).text).toStartWith("Indexed [semantic]");
    const r = await call("impact", { path: root, symbol: "seed", limit: 1000 });
    const data = r.data as unknown as ImpactData;
    const tests = data.tests.map((t) => t.path).sort();
    expect(tests).toEqual([...ids.map((i) => `test/use${i}.test.js`), "test/barrel.test.js"].sort());
    expect(tests).not.toContain("test/types.test.ts");
    const hop1 = data.dependents.filter((d) => d.hop === 1).map((d) => d.path);
    expect(new Set(hop1)).toEqual(new Set(ids.map((i) => `src/use${i}.ts`)));
    expect(r.text).not.toContain("none reach it");
  }, 180_000);
});
