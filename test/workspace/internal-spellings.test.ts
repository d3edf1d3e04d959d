// The guard that keeps writes out of `.git/` and `.svc/` refuses every spelling some file system
// takes for them: case (macOS, Windows: `.GIT/config` is `.git/config` there), Unicode
// normalization (NFC/NFD), the code points HFS+ ignores (`.g\u200Cit`), NTFS's trailing dots and
// spaces and its 8.3 short name (`GIT~1`). This machine's file system is case-sensitive, so apply
// created `.SVC/svc.db` and `x/.GIT/y` here — on a case-insensitive one, the store and a nested
// repository's git data. Each write surface is driven: apply, refactor (a move's new file),
// check's proposed file, and mcp install through a folder link.

import { describe, expect, test } from "bun:test";
import { readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { installMcp } from "../../src/install/mcp-install.ts";
import { internalFolder } from "../../src/workspace/internal-folders.ts";
import { failure } from "../helpers/failure.ts";
import { gitRepo } from "../helpers/repo.ts";

const SPELLINGS: [string, string][] = [
  [".GIT/config", ".git"],
  [".Git/hooks/pre-commit", ".git"],
  [".gIT/HEAD", ".git"],
  [".SVC/svc.db", ".svc"],
  [".Svc/svc.db", ".svc"],
  [".g\u200Cit/config", ".git"],
  [".\uFEFFsvc/svc.db", ".svc"],
  [".git./config", ".git"],
  [".GIT /hooks/pre-commit", ".git"],
  ["GIT~1/config", ".git"],
  ["svc~1/svc.db", ".svc"],
  ["pkg/.GIT/config", ".git"],
];

describe("writes into .git/ and .svc/ by any spelling a file system takes for them", () => {
  test("the rule: what names .git or .svc somewhere, and what does not", () => {
    expect(SPELLINGS.map(([path]) => internalFolder(path.split("/").find((p) => internalFolder(p))!))).toEqual(SPELLINGS.map(([, folder]) => folder));
    for (const name of [".github", ".gitignore", "git", ".git-blame-ignore-revs", ".svcignore", "svc", ".gi", ".gitt", "src"]) expect(internalFolder(name)).toBeUndefined();
    // NFD and NFC spellings of one name are one name (APFS, HFS+)
    expect(internalFolder(".svc".normalize("NFD"))).toBe(".svc");
  });

  test("apply, refactor's new file and check's proposed file refuse every spelling; nothing is created", async () => {
    const root = gitRepo({ "src/a.ts": "export function hello(): number {\n  return 1;\n}\n", "tsconfig.json": '{ "compilerOptions": { "strict": true }, "include": ["src"] }\n' });
    for (const [file, folder] of SPELLINGS) {
      const apply = await failure(call("apply", { path: root, file, content: "x\n", write: true }));
      expect(apply.formatted).toStartWith(`validation_error: refusing to apply to '${file}': ${file} is inside ${folder}/`);
      const check = await failure(call("check", { path: root, file, content: "export const x = 1;\n" }));
      expect(check.formatted).toContain(`is inside ${folder}/`);
    }
    const move = await failure(call("refactor", { path: root, operation: "move-to-file", symbol: "hello", file: "src/a.ts", newName: ".GIT/hooks/a.ts" }));
    expect(move.formatted).toContain("is inside .git/");
    expect(readdirSync(root).filter((n) => n !== ".svc").sort()).toEqual([".git", "src", "tsconfig.json"]);
  }, 120_000);

  test("mcp install does not write its project config through a folder link to another spelling of .git", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    symlinkSync(".GIT/hooks", join(root, ".cursor"));
    expect(() => installMcp({ root, client: "cursor", scope: "project", withHooks: false })).toThrow("is inside .git/");
    expect(readdirSync(join(root, ".git"))).not.toContain("mcp.json");
    expect(readdirSync(root).sort()).toEqual([".cursor", ".git", "a.ts"]);
  });
});
