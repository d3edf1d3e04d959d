// apply on a file whose last line follows a blank one, the last line deleted from the view (views show no final
// newline, so the file's final-newline state is apply's to keep): the blank line the caller kept stays, in every
// form of the file — with and without a final newline, LF and CRLF, with and without a BOM. Content whose last line
// is blank keeps its newline even where the file had none: taken off, the blank line would read as the final newline
// (an empty last line without a terminator is no line at all) — found deleting `last` from `one\ntwo\n\nlast`.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";

const text = (r: unknown) => ((r as { content: { text: string }[] }).content[0]?.text ?? "");

describe("apply: the last line deleted after a blank line", () => {
  test("through MCP, each form of the file: the caller's blank line is kept, and the answer claims no final-newline state it did not keep", async () => {
    const forms: { bom: string; eol: string; final: boolean }[] = [];
    for (const bom of ["", "\uFEFF"]) for (const eol of ["\n", "\r\n"]) for (const final of [true, false]) forms.push({ bom, eol, final });
    const files: Record<string, string> = {};
    forms.forEach((f, k) => (files[`src/f${k}.ts`] = `${f.bom}const one = 1;${f.eol}const two = 2;${f.eol}${f.eol}const last = 3;${f.final ? f.eol : ""}`));
    const root = gitRepo(files);
    const client = await mcpClientFor(root);
    try {
      for (const [k, f] of forms.entries()) {
        const file = `src/f${k}.ts`;
        const view = JSON.parse(text(await client.callTool({ name: "svc_reduce", arguments: { files: [file], level: "none", format: "json" } }))).entries[0].content as string;
        expect(view).toBe("const one = 1;\nconst two = 2;\n\nconst last = 3;");
        // the last line deleted, the blank line before it kept, the content ending in a newline
        const sent = view.replace(/const last = 3;$/, "");
        const answer = text(await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file, content: sent, write: true } }));
        const written = readFileSync(join(root, file), "utf8");
        expect({ f, written }).toEqual({ f, written: `${f.bom}const one = 1;${f.eol}const two = 2;${f.eol}${f.eol}` });
        expect(answer).not.toContain("no final newline");
      }
    } finally {
      await client.close();
    }
  }, 120_000);

  test("a file without a final newline still keeps it when the content's last line holds text or whitespace the view hid", async () => {
    const root = gitRepo({ "a.ts": "const a = 1;\n\nconst b = 2;", "b.ts": "const a = 1;\n  \nconst b = 2;" });
    const client = await mcpClientFor(root);
    try {
      await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file: "a.ts", content: "const a = 1;\n\nconst b = 3;\n", write: true } });
      expect(readFileSync(join(root, "a.ts"), "utf8")).toBe("const a = 1;\n\nconst b = 3;");
      // the blank line's own whitespace, put back, is its last line: no final newline still
      await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file: "b.ts", content: "const a = 1;\n\n", write: true } });
      expect(readFileSync(join(root, "b.ts"), "utf8")).toBe("const a = 1;\n  ");
    } finally {
      await client.close();
    }
  }, 120_000);
});
