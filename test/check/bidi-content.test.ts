// svc_check's single-file content and a race's candidates go through apply's bidi restoration
// (ops/apply-bidi.ts): content derived from a view holds `\u{202E}` where the file holds the
// character, and apply writes the character back, so check must check that — not the escape as
// text. Found with a regular expression holding U+202E: as text, `/a\u{202E}b/` is TS1538 (a
// Unicode escape without the u flag); with the character, apply's bytes, it is clean.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import type { TestData } from "../../src/ops/test.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";

const RLO = "\u202E";
const FILES: Record<string, string> = {
  "package.json": '{ "name": "rx" }\n',
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] }),
  "src/rx.ts": `export const mark = /a${RLO}b/;\n\nexport function limit(): number {\n  return 1;\n}\n`,
  // a type that holds only for the real value: the view's marker as text is an error
  "src/key.ts": `export const key = "AKIAIOSFODNN7EXAMPLF";\ntype Aws = typeof key extends \`AKIA\${string}\` ? true : never;\nexport const isAws: Aws = true;\nexport const retries = 3;\n`,
};

let root: string;
beforeAll(async () => {
  useRuntimeDir();
  root = gitRepo(FILES);
  await call("index", { path: root });
}, 120_000);
afterAll(() => undefined);

const text = (r: unknown) => ((r as { content: { text: string }[] }).content[0]?.text ?? "");
/** The file's lines as the text view (level none) shows them to an agent: between `<file path=…>` and `</file>`. */
const shownFile = (view: string, file = "src/rx.ts") => view.slice(view.indexOf("\n", view.indexOf(`<file path="${file}">`)) + 1, view.lastIndexOf("\n</file>"));

describe("check and race check what apply writes: a view's bidi escape taken back", () => {
  test("svc_check of content from a view (the escape on a line the edit kept) is clean, as the bytes apply writes are", async () => {
    const client = await mcpClientFor(root);
    try {
      const view = shownFile(text(await client.callTool({ name: "svc_reduce", arguments: { files: ["src/rx.ts"], level: "none" } })));
      expect(view).toStartWith("export const mark = /a\\u{202E}b/;\n");
      const content = `${view.replace("return 1;", "return 2;")}\n`;
      const checked = await client.callTool({ name: "svc_check", arguments: { file: "src/rx.ts", content } });
      const data = (checked as { structuredContent?: FileCheckData }).structuredContent ?? (JSON.parse(text(checked)) as FileCheckData);
      expect({ text: text(checked).slice(0, 400), clean: data.clean }).toMatchObject({ clean: true });
      expect(data.introducedErrors).toBe(0);
      // apply writes the character, as check checked
      await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file: "src/rx.ts", content, write: true } });
      expect(readFileSync(join(root, "src/rx.ts"), "utf8")).toBe(FILES["src/rx.ts"]!.replace("return 1;", "return 2;"));
      await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file: "src/rx.ts", content: `${view}\n`, write: true } });
      expect(readFileSync(join(root, "src/rx.ts"), "utf8")).toBe(FILES["src/rx.ts"]!);
    } finally {
      await client.close();
    }
  }, 180_000);

  test("format=json is JSON still: the file's bidi control in JSON's own escape, the character once parsed (it was \\u{202E}, an invalid JSON escape)", async () => {
    const client = await mcpClientFor(root);
    try {
      const json = text(await client.callTool({ name: "svc_reduce", arguments: { files: ["src/rx.ts"], level: "none", format: "json" } }));
      expect(json).not.toContain(RLO);
      expect(json).toContain("/a\\u202Eb/");
      expect(JSON.parse(json).entries[0].content).toBe(FILES["src/rx.ts"]!.trimEnd());
    } finally {
      await client.close();
    }
  }, 120_000);

  test("svc_check of content from a view holding a secret's marker checks the file's value, as apply writes it; a marker apply would refuse is refused", async () => {
    const content = shownFile((await call("reduce", { path: root, files: ["src/key.ts"], level: "none" })).text, "src/key.ts");
    expect(content).toStartWith('export const key = "[REDACTED:aws-access-key]";\n');
    const checked = await call("check", { path: root, file: "src/key.ts", content: `${content.replace("retries = 3", "retries = 5")}\n` });
    expect({ text: checked.text.slice(0, 300), clean: (checked.data as unknown as FileCheckData).clean }).toMatchObject({ clean: true });
    expect(checked.text).not.toContain("AKIAIOSFODNN7EXAMPLF");
    const error = await call("check", { path: root, file: "src/new.ts", content: 'export const k = "[REDACTED:aws-access-key]";\n' }).then(() => null, (e: Error) => e.message);
    expect(error).toStartWith("refusing to check 'src/new.ts': line 1 contains the redaction marker [REDACTED:aws-access-key] and a new file has no value to put back");
  }, 180_000);

  test("an escape the file's characters cannot tell is refused by check as apply refuses it, naming check", async () => {
    const content = `export const mark = /a${RLO}b/;\nexport const other = "\\u{202E}";\n`;
    const error = await call("check", { path: root, file: "src/rx.ts", content }).then(() => null, (e: Error) => e.message);
    expect(error).toStartWith("refusing to check 'src/rx.ts': line 2 holds a bidi control escaped as svc views show one");
  }, 120_000);

  test("race candidates from the view typecheck as apply would write them (no covering test: the typecheck decides)", async () => {
    const content = shownFile((await call("reduce", { path: root, files: ["src/rx.ts"], level: "none" })).text);
    expect(content).toContain("\\u{202E}");
    const good = `${content.replace("return 1;", "return 2;")}\n`;
    const bad = `${content.replace("return 1;", 'return "2";')}\n`;
    const r = await call("test", { path: root, symbol: "limit", candidates: [{ id: "good", file: "src/rx.ts", content: good }, { id: "bad", file: "src/rx.ts", content: bad }], budgetSeconds: 120 });
    const race = (r.data as unknown as TestData).race!;
    expect(race.candidates.map((c) => [c.id, c.typecheck, c.introducedErrors])).toEqual([["good", "clean", 0], ["bad", "errors", 1]]);
    expect(race.verdict).toMatchObject({ status: "winner", winner: "good", basis: "typecheck" });
  }, 180_000);
});
