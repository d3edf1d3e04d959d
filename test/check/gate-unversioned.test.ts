// The gate's warning on committed files importing what no commit carries (check/gate-unversioned.ts), on a real git repo:
// only files the checker reads as code (sources, declarations, JSON) are named — an ignored stylesheet or a Python
// virtualenv's files are nothing the verdict rests on, and listing them by the hundred thousand cost seconds per gate.

import { describe, expect, test } from "bun:test";
import { unversionedImports } from "../../src/check/gate-unversioned.ts";
import { textReader } from "../../src/workspace/files.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

describe("unversionedImports", () => {
  test("names an ignored module and ignored JSON a committed file imports, not an ignored stylesheet or a virtualenv's Python files", async () => {
    const root = gitRepo({
      ".gitignore": "gen/\n.venv/\n",
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, resolveJsonModule: true, module: "esnext", moduleResolution: "bundler" } }),
      "a.ts": 'import "./gen/style.css";\nimport { g } from "./gen/g";\nimport data from "./gen/data.json";\nexport const a = g + data.n;\n',
      "b.ts": 'import "./gen/style.css";\nexport const b = 1;\n',
    });
    writeFiles(root, { "gen/g.ts": "export const g = 1;\n", "gen/data.json": '{"n": 1}\n', "gen/style.css": ".x {}\n", ".venv/lib/site.py": "x = 1\n" });
    expect(await unversionedImports(root, ["a.ts", "b.ts"], textReader(root), true)).toEqual([
      "a.ts imports gen/g.ts (ignored by git), gen/data.json (ignored by git): checked as the disk has them, which the commit does not carry",
    ]);
  }, 120_000);
});
