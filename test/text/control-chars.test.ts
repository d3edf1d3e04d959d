// Control characters in what a text surface prints are shown (`\x1b`), never sent: an echoed
// query, symbol or path could carry a terminal escape sequence. Structured data keeps the bytes.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { runCli } from "../../src/surfaces/cli/run.ts";
import { escapeControls, escapeShown } from "../../src/text/control-chars.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gitRepo } from "../helpers/repo.ts";

const ESC = "\x1b";
/** C0 but tab, LF, FF and a CRLF's CR; DEL; C1 (CSI 0x9b). */
const RAW = /[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]|\r(?!\n)/;

describe("escapeShown", () => {
  test("a JSON text (format=json) takes JSON's own escapes, parsing to the same value; other text the shown forms", () => {
    const value = { content: `a\u202Eb\x7fc\x9bd${ESC}` };
    const json = JSON.stringify(value);
    for (const terminal of [false, true]) {
      const shown = escapeShown(json, terminal);
      expect(RAW.test(shown) || /\u202E/.test(shown)).toBe(false);
      expect(JSON.parse(shown)).toEqual(value);
    }
    expect(escapeShown("a\u202Eb\x7f", true)).toBe("a\\u{202E}b\\x7f");
    expect(escapeShown("{ not json \u202E", false)).toBe("{ not json \\u{202E}");
  });
});

describe("escapeControls", () => {
  test("escape sequences, BEL, a lone CR, DEL and C1 become \\xNN; tab, LF, FF and CRLF stay", () => {
    expect(escapeControls(`a${ESC}[31mred${ESC}[0m${ESC}]0;title\x07`)).toBe("a\\x1b[31mred\\x1b[0m\\x1b]0;title\\x07");
    expect(escapeControls("over\rwrite\x7f\x9b2J")).toBe("over\\x0dwrite\\x7f\\x9b2J");
    expect(escapeControls("a\tb\r\nc\n\fd é 🙂")).toBe("a\tb\r\nc\n\fd é 🙂");
    expect(escapeControls(escapeControls(`${ESC}[2J`))).toBe("\\x1b[2J"); // idempotent
  });
});

describe("control characters: shown on a terminal and in messages, kept in what goes back through apply", () => {
  const root = gitRepo({ "src/a.ts": "export function alpha(): number {\n  return 1;\n}\n", "src/color.ts": `export const red = "${ESC}[31m";\nexport const a = 1;\n` });
  const query = `zz${ESC}[2J${ESC}]0;pwned\x07\rq`;

  test("a query echoed in 'no matches for …', an unknown symbol in an error: a terminal's stdout and stderr show them escaped", async () => {
    await call("index", { path: root });
    for (const argv of [["find", query, root], ["find", query, root, "--kind", "text"], ["impact", query, root]]) {
      const out: string[] = [];
      await runCli([...argv, "--cwd", root], { out: (t) => out.push(t), err: (t) => out.push(t), errIsTty: true, outIsTty: true });
      const printed = out.join("\n");
      expect({ argv, raw: RAW.test(printed) }).toEqual({ argv, raw: false });
      expect(printed).toContain("zz\\x1b[2J\\x1b]0;pwned\\x07\\x0dq");
    }
    // an error message is escaped on every surface: it echoes the caller's input
    const error = await call("impact", { path: root, symbol: query }).then(() => null, (e: { formatted: string }) => e.formatted);
    expect(error).toContain("\\x1b[2J");
    expect(RAW.test(error ?? "")).toBe(false);
  }, 120_000);

  test("a view of a file holding ESC keeps the byte (MCP, RPC, a piped CLI), so apply writes back what the file had", async () => {
    const view = await call("context", { path: root, seeds: ["src/color.ts"], maxTokens: 0 });
    expect(view.text).toContain(`export const red = "${ESC}[31m";`);
    const piped: string[] = [];
    await runCli(["reduce", "--files", "src/color.ts", "--cwd", root], { out: (t) => piped.push(t), err: (t) => piped.push(t), errIsTty: false });
    expect(piped.join("\n")).toContain(`"${ESC}[31m"`);
    const body = `export const red = "${ESC}[31m";\nexport const a = 2;\n`;
    await call("apply", { path: root, file: "src/color.ts", content: body, write: true });
    expect(readFileSync(join(root, "src/color.ts"), "utf8")).toBe(body);
  }, 120_000);
});
