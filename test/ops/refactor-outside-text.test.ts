// Refactors whose edits write text the engine took from a file outside the workspace. The
// compiler reads every file a program reaches (a symbolic link out, a `../` import), and its
// edits spell what it read: apply-codefix's "Implement interface" wrote an outside interface's
// members into an inside class, extract-interface printed a member's inferred type by its
// outside name — and the staged diff showed it (the write would have put it in the workspace).
// Such an edit is refused, saying why, naming nothing of the outside file; an edit whose new
// words are the workspace's own (or the caller's) is staged.

import { describe, expect, test } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { asSvcError } from "../../src/errors.ts";
import { OUTSIDE } from "../../src/check/diag-outside.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { git, gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";

const MARK = `Zq${Math.random().toString(36).slice(2, 10)}`;
const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });

async function fixture(): Promise<{ root: string; outside: string }> {
  useRuntimeDir();
  const outside = tempDir("svc-outside-");
  writeFiles(outside, { "linked.ts": `export interface ${MARK}Shape {\n  ${MARK}Field: string;\n  ${MARK}Count(): number;\n}\nexport function outsideL(): ${MARK}Shape {\n  return { ${MARK}Field: "v", ${MARK}Count: () => 1 };\n}\n` });
  const root = gitRepo({
    "tsconfig.json": TSCONFIG,
    "src/impl.ts": 'import { outsideL } from "./linked";\ntype Shape = ReturnType<typeof outsideL>;\nexport class Impl implements Shape {}\n',
    "src/holder.ts": 'import { outsideL } from "./linked";\nexport class Holder {\n  value = outsideL();\n  count(): number {\n    return 1;\n  }\n}\n',
    "src/own.ts": "interface Own {\n  ownCount(): number;\n}\nexport class Mine implements Own {}\n",
  });
  symlinkSync(join(outside, "linked.ts"), join(root, "src/linked.ts"));
  git(root, "add", "-A");
  git(root, "commit", "-qm", "reach outside");
  await call("index", { path: root });
  return { root, outside };
}

async function answer(params: Record<string, unknown>, root: string): Promise<string> {
  try {
    const r = await call("refactor", { ...params, path: root });
    return `${r.text}\n${JSON.stringify(r.data)}`;
  } catch (error) {
    return asSvcError(error).formatted;
  }
}

describe("refactor edits that would write an outside file's text", () => {
  test("apply-codefix implementing an outside interface and extract-interface printing an outside type are refused, naming nothing outside; the workspace's own are staged", async () => {
    const { root, outside } = await fixture();
    const leaks = (text: string) => text.toLowerCase().includes(MARK.toLowerCase()) || text.includes(outside);
    const implement = await answer({ operation: "apply-codefix", file: "src/impl.ts", diagnosticId: "TS2420" }, root);
    const extract = await answer({ operation: "extract-interface", symbol: "Holder" }, root);
    for (const [text, file] of [[implement, "src/impl.ts"], [extract, "src/holder.ts"]] as const) {
      expect(leaks(text)).toBe(false);
      expect(text).toContain(`the engine's edit would write a name or type of a declaration in a file ${OUTSIDE} into ${file}`);
    }
    // the workspace's own interface: its members are written
    const own = await answer({ operation: "apply-codefix", file: "src/own.ts", diagnosticId: "TS2420" }, root);
    expect(own).toStartWith("staged apply-codefix: src/own.ts");
    expect(own).toContain("ownCount(): number");
    // a rename in a file that uses the outside type: its new word is the caller's, the rest the file's own
    const rename = await answer({ operation: "rename", symbol: "Holder", newName: "Keeper" }, root);
    expect(rename).toStartWith("staged rename: Holder -> Keeper");
    expect(leaks(rename)).toBe(false);
  }, 300_000);
});
