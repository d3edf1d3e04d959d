// A compiler-executed refactor is verified where the compiler saw the code: a file that
// imports the declaring file and uses the name, but that no loaded project holds (a CommonJS
// script outside the tsconfig's include), is named as not verified, never passed over as if the
// change were complete; a declaration in a language the engine does not edit is refused by
// name, not by the engine's exit code.

import { expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { gitRepo } from "../helpers/repo.ts";

test("rename names the importers that use the name but were not edited; the verified line stays about the files checked", async () => {
  const root = gitRepo({
    "package.json": '{ "name": "r" }\n',
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }),
    "src/a.ts": "export function helper(): number {\n  return 1;\n}\n",
    "src/b.ts": 'import { helper } from "./a";\nexport const b = helper();\n',
    "scripts/c.js": 'const { helper } = require("../src/a");\nmodule.exports = helper();\n',
  });
  const r = await call("refactor", { path: root, operation: "rename", symbol: "helper", newName: "helper2" }, { cwd: root, surface: "mcp" });
  const data = r.data as { status: string; files: { file: string }[]; unreached?: string[] };
  expect(data.status).toBe("staged");
  expect(data.files.map((f) => f.file).sort()).toEqual(["src/a.ts", "src/b.ts"]);
  expect(data.unreached).toEqual(["scripts/c.js"]);
  expect(r.text).toContain("not verified: 1 file imports src/a.ts and mentions 'helper' but was not edited (scripts/c.js)");
  // nothing to name when every importer was edited
  const clean = gitRepo({ "package.json": '{ "name": "r" }\n', "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }), "src/a.ts": "export function helper(): number {\n  return 1;\n}\n", "src/b.ts": 'import { helper } from "./a";\nexport const b = helper();\n' });
  const ok = await call("refactor", { path: clean, operation: "rename", symbol: "helper", newName: "helper2" }, { cwd: clean, surface: "mcp" });
  expect((ok.data as { unreached?: string[] }).unreached).toBeUndefined();
  expect(ok.text).not.toContain("not verified");
}, 180_000);

test("a declaration in another language is refused by name, not by the engine's failure", async () => {
  const root = gitRepo({ "a.py": "def helper():\n    return 1\n", "b.py": "from a import helper\nhelper()\n" });
  const r = await call("refactor", { path: root, operation: "rename", symbol: "helper", newName: "helper2" }, { cwd: root, surface: "mcp" });
  expect(r.data).toMatchObject({ status: "refused" });
  expect(r.text).toBe("cannot rename: helper is declared in a.py, not a TypeScript or JavaScript file: the compiler-executed refactors edit TypeScript and JavaScript only");
}, 120_000);
