// Bidi controls (U+202E RIGHT-TO-LEFT OVERRIDE and the rest: Trojan Source) in a file name or a file's
// line are shown escaped (`\u{202E}`) in every text answer, every tool's, and on a terminal; the
// escaped form goes back in: a path parameter takes it for the character, and apply puts the
// file's own line back for a line given as the view showed it, or refuses naming what to pass.

import { describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { runCli } from "../../src/surfaces/cli/run.ts";
import { escapeBidi, unescapeBidi } from "../../src/text/bidi.ts";
import { escapeControls } from "../../src/text/control-chars.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";

const RLO = "\u202E", LRI = "\u2066", PDI = "\u2069";
const RAW = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const NAME = `src/l${RLO}og.ts`;
const SHOWN = "src/l\\u{202E}og.ts";
const TRICK = `  if (role !== "user${RLO} ${LRI}// admin${PDI} ${LRI}") return;`;

describe("escapeBidi", () => {
  test("every bidi control becomes \\u{XXXX}, and back; escapeControls shows them too; other text stays", () => {
    expect(escapeBidi(`a${RLO}b${LRI}c${PDI}\u200F\u061C`)).toBe("a\\u{202E}b\\u{2066}c\\u{2069}\\u{200F}\\u{061C}");
    expect(unescapeBidi(escapeBidi(`a${RLO}b${LRI}c`))).toBe(`a${RLO}b${LRI}c`);
    expect(escapeBidi("é 🙂 \u200D x")).toBe("é 🙂 \u200D x");
    expect(escapeControls(`\x1b[2J${RLO}`)).toBe("\\x1b[2J\\u{202E}");
    expect(unescapeBidi("\\u{0041} \\u{202e}")).toBe("\\u{0041} \\u{202e}"); // only what escapeBidi writes
  });
});

/** A value of the schema's type for every required parameter, so a call gets past argument validation. */
function filler(tool: Tool): Record<string, unknown> {
  const props = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string; enum?: string[] }>;
  const out: Record<string, unknown> = {};
  for (const name of tool.inputSchema.required ?? []) {
    const p = props[name] ?? {};
    out[name] = p.enum ? p.enum[0] : p.type === "integer" || p.type === "number" ? 1 : p.type === "boolean" ? false : p.type === "array" ? ["x"] : p.type === "object" ? {} : "log";
  }
  return out;
}

async function text(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, text: (result.content as { text?: string }[]).map((c) => c.text ?? "").join("\n") };
}

describe("bidi controls in a file name and a file's lines", () => {
  const body = `export function check(role: string): void {\n${TRICK}\n  console.log("ok");\n}\n`;
  const root = gitRepo({ [NAME]: body, "src/main.ts": `import { check } from "./l${RLO}og";\ncheck("x");\n` });

  test("every tool's text answer (and error) shows them escaped; the structured result keeps them; a path given escaped names the file", async () => {
    await call("index", { path: root });
    const client = await mcpClientFor(root);
    try {
      const tools = (await client.listTools()).tools;
      let calls = 0;
      for (const tool of tools) {
        const props = (tool.inputSchema.properties ?? {}) as Record<string, { enum?: string[] }>;
        for (const action of props.action?.enum ?? [undefined]) {
          if (action === "apply") continue; // below
          const answer = await text(client, tool.name, { ...filler(tool), ...(action ? { action } : {}), ...(props.path ? { path: root } : {}) });
          calls++;
          expect({ tool: tool.name, action, raw: RAW.test(answer.text) }).toEqual({ tool: tool.name, action, raw: false });
        }
      }
      expect(calls).toBeGreaterThanOrEqual(20);
      // the name and the line are there, escaped (the walk above could pass on answers that named neither)
      const toc = await text(client, "svc_toc", { path: root });
      expect(toc.text).toContain("l\\u{202E}og.ts");
      const reduce = await client.callTool({ name: "svc_reduce", arguments: { path: root, files: [SHOWN], level: "none" } });
      const shown = (reduce.content as { text: string }[])[0]!.text;
      expect(shown).toContain(escapeBidi(TRICK));
      expect(RAW.test(shown)).toBe(false);
      expect(JSON.stringify(reduce.structuredContent)).toContain(RLO); // data keeps the characters
      const find = await text(client, "svc_find", { path: root, query: "og.ts", kind: "path" });
      expect(find.text).toContain(SHOWN);
      // an error echoing the name: escaped too
      const missing = await text(client, "svc_reduce", { path: root, files: [`src/x${RLO}.ts`] });
      expect(missing.isError).toBe(true);
      expect(RAW.test(missing.text)).toBe(false);
    } finally {
      await client.close();
    }
  }, 240_000);

  test("the CLI shows them escaped, on a terminal and piped", async () => {
    for (const outIsTty of [true, false]) {
      const out: string[] = [];
      await runCli(["reduce", "--files", SHOWN, "--level", "none", "--cwd", root], { out: (t) => out.push(t), err: (t) => out.push(t), errIsTty: outIsTty, outIsTty });
      expect({ outIsTty, raw: RAW.test(out.join("\n")), shown: out.join("\n").includes(escapeBidi(TRICK)) }).toEqual({ outIsTty, raw: false, shown: true });
      // --json: JSON's own escape, the same data once parsed
      const json: string[] = [];
      await runCli(["reduce", "--files", SHOWN, "--level", "none", "--json", "--cwd", root], { out: (t) => json.push(t), err: () => undefined, errIsTty: outIsTty, outIsTty });
      expect(RAW.test(json.join(""))).toBe(false);
      expect(JSON.parse(json.join("")).entries[0].path).toBe(NAME);
    }
  }, 120_000);

  test("apply: a line given back as the view showed it keeps the file's characters; an edited line holding the escape is refused, naming what to pass", async () => {
    const viewed = escapeBidi(body).replace('console.log("ok")', 'console.log("fine")');
    await call("apply", { path: root, file: SHOWN, content: viewed, write: true });
    expect(readFileSync(join(root, NAME), "utf8")).toBe(body.replace('console.log("ok")', 'console.log("fine")'));
    const edited = escapeBidi(body).replace('"user', '"member');
    const refused = await call("apply", { path: root, file: NAME, content: edited, write: true }).then(() => "", (e: { formatted: string }) => e.formatted);
    expect(refused).toStartWith(`validation_error: refusing to apply to '${SHOWN}': line 2 holds a bidi control escaped as svc views show one`);
    expect(refused).toContain("U+202E, U+2066, U+2069");
    // a file holding no bidi control takes the escape as the text it is (`"\u{202E}"` in JavaScript means the character)
    const plain = 'export const rlo = "\\u{202E}";\n';
    await call("apply", { path: root, file: "src/plain.ts", content: plain, write: true });
    expect(readFileSync(join(root, "src/plain.ts"), "utf8")).toBe(plain);
  }, 120_000);
});

describe("apply: a file a view shows ambiguously", () => {
  test("a line holding the character and one holding the text, shown alike, keep each; a line put back is said; a count that differs is refused", async () => {
    const body = `const s = "${RLO}";\nconst s2 = "\\u{202E}";\nconst t = "\\u{202E}";\nconst u = "${RLO}";\nlet z = 1;\n`.replace("s2", "s");
    const root = gitRepo({ "src/y.ts": body });
    // an edit of line 5 only, from the view: lines 1 and 2 read alike there, the file's own order tells them apart
    const done = await call("apply", { path: root, file: "src/y.ts", content: escapeBidi(body).replace("z = 1", "z = 2"), write: true });
    expect(readFileSync(join(root, "src/y.ts"), "utf8")).toBe(body.replace("z = 1", "z = 2"));
    // the answer says which lines took the file's characters back (the agent may have meant the text)
    expect(done.text).toContain("keeping the file's bidi controls (U+202E) on lines 1, 4, given as views show them");
    // one of the two alike lines dropped: which one cannot be told
    const edited = escapeBidi(body).replace(`const s = "\\u{202E}";\n`, "");
    const refused = await call("apply", { path: root, file: "src/y.ts", content: edited, write: true }).then(() => "", (e: { formatted: string }) => e.formatted);
    expect(refused).toStartWith("validation_error: refusing to apply to 'src/y.ts': line 1 holds a bidi control escaped");
    expect(refused).toContain("lines shown alike");
  }, 120_000);
});

describe("--json under a budget", () => {
  test("the CLI's --json, which prints each bidi control as six characters (\\u200F), stays within --max-tokens", async () => {
    const R = "\u200F";
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`src/m${R}a${R}b${R}c${R}d${R}e${R}f${R}${i}.ts`] = `export type T${i} = "${R}a${R}b${R}c${R}d${R}e${R}f${R}g${R}h${R}";\nexport function f${i}(x: "${R}q${R}r${R}s${R}t"): void {}\n`;
    const root = gitRepo(files);
    await call("index", { path: root });
    const counter = await tokenCounter();
    const over: number[] = [];
    for (let budget = 60; budget < 600; budget += 37) {
      const out: string[] = [];
      const code = await runCli(["skeleton", "--json", "--max-tokens", String(budget), "--cwd", root], { out: (t) => out.push(t), err: (t) => out.push(t), errIsTty: false, outIsTty: false });
      expect(code).toBe(0);
      if (counter.count(out.join("\n")) > budget) over.push(budget);
    }
    expect(over).toEqual([]);
  }, 120_000);
});

describe("apply: Hebrew UI text holding RLM (U+200F)", () => {
  test("another line's edit is written, the marks kept and said; an edit of a marked line given escaped is refused naming the mark's own escape", async () => {
    const RLM = "\u200F";
    const body = `export const he = {\n  greet: "${RLM}שלום${RLM}",\n};\nexport const n = 1;\n`;
    const root = gitRepo({ "src/he.ts": body });
    const done = await call("apply", { path: root, file: "src/he.ts", content: escapeBidi(body).replace("n = 1", "n = 2"), write: true });
    expect(readFileSync(join(root, "src/he.ts"), "utf8")).toBe(body.replace("n = 1", "n = 2"));
    expect(done.text).toContain("bidi controls (U+200F) on line 2, given as views show them ('\\u{…}'; to write that text there, spell it '\\u200F'");
    const refused = await call("apply", { path: root, file: "src/he.ts", content: escapeBidi(body).replace("שלום", "היי"), write: true }).then(() => "", (e: { formatted: string }) => e.formatted);
    expect(refused).toContain("line 2 holds a bidi control escaped as svc views show one ('\\u{200F}')");
    expect(refused).toContain("pass the character itself (the JSON escape \\u200F in the tool's arguments)");
  }, 120_000);
});

describe("a path given escaped", () => {
  test("names a file called with that text when only it exists (a backslash is a file-name character here); both existing is refused", async () => {
    const root = gitRepo({ "src/lit\\u{202E}.ts": "export const literal = 1;\n" });
    const read = (files: string[]) => call("reduce", { path: root, files, level: "none" }).then((a) => a.text, (e: { formatted: string }) => e.formatted);
    // the file's own name (the view shows it so): it was read as U+202E and not found
    expect(await read(["src/lit\\u{202E}.ts"])).toContain("export const literal = 1;");
    writeFileSync(join(root, `src/lit${RLO}.ts`), "export const rlo = 1;\n");
    expect(await read(["src/lit\\u{202E}.ts"])).toStartWith("validation_error: refusing to reduce 'src/lit\\u{202E}.ts': it names two files");
    expect(await read([`src/lit${RLO}.ts`])).toContain("export const rlo = 1;");
  }, 120_000);

  test("a workspace folder named with that text is the workspace a path given so names", async () => {
    const parent = gitRepo({ "README.md": "parent\n" });
    const inner = gitRepo({ "src/inner.ts": "export const innerOnly = 1;\n" });
    renameSync(inner, join(parent, "ws\\u{202E}"));
    const answer = await call("find", { path: join(parent, "ws\\u{202E}"), query: "innerOnly" });
    expect(answer.text).toContain("src/inner.ts");
  }, 120_000);

  test("apply makes no name holding a bidi control: a new name given escaped is refused; a new file in a folder shown escaped is made there", async () => {
    const root = gitRepo({ [`l${RLO}ib/a.ts`]: "export const a = 1;\n" });
    const refused = await call("apply", { path: root, file: "l\\u{202E}ib/new\\u{202E}.ts", content: "export const b = 2;\n", write: true }).then(() => "", (e: { formatted: string }) => e.formatted);
    expect(refused).toStartWith("validation_error: refusing to apply to 'l\\u{202E}ib/new\\u{202E}.ts': no such file, and its name holds a bidi control escaped");
    expect(readdirSync(join(root, `l${RLO}ib`))).toEqual(["a.ts"]);
    await call("apply", { path: root, file: "l\\u{202E}ib/b.ts", content: "export const b = 2;\n", write: true });
    expect(readFileSync(join(root, `l${RLO}ib`, "b.ts"), "utf8")).toBe("export const b = 2;\n");
  }, 120_000);
});

describe("a line holding a bidi control and a secret", () => {
  test("given back as the view showed it (escape and marker), through MCP: the character and the value both put back — it was refused as a line the file does not have", async () => {
    const AWS = "AKIAIOSFODNN7EXAMPLF";
    const disk = `const k = "${AWS}"; // ${RLO} note\nconst b = 2;\n`;
    const root = gitRepo({ "k.ts": disk, "l.ts": `const k = "${AWS}"; // ${RLO} "\\u{202E}"\nconst t = 1;\n` });
    const client = await mcpClientFor(root);
    try {
      const shown = async (file: string) => {
        const v = ((await client.callTool({ name: "svc_reduce", arguments: { files: [file], level: "none" } })) as { content: { text: string }[] }).content[0]!.text;
        return v.slice(v.indexOf("\n", v.indexOf(`<file path="${file}">`)) + 1, v.lastIndexOf("\n</file>"));
      };
      const k = await shown("k.ts");
      expect(k).toStartWith('const k = "[REDACTED:aws-access-key]"; // \\u{202E} note\n');
      const answer = ((await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file: "k.ts", content: `${k.replace("b = 2", "b = 3")}\n`, write: true } })) as { content: { text: string }[] }).content[0]!.text;
      expect(answer).toContain("keeping the file's bidi controls (U+202E) on line 1");
      expect(readFileSync(join(root, "k.ts"), "utf8")).toBe(disk.replace("b = 2", "b = 3"));
      // the line edited where the file holds such characters: which escape means one cannot be told, refused as before
      const edited = ((await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file: "k.ts", content: `${k.replace("const k", "const key")}\n`, write: true } })) as { content: { text: string }[] }).content[0]!.text;
      expect(edited).toStartWith("validation_error: refusing to apply to 'k.ts': line 1 holds a bidi control escaped");
      // a line that holds an escape's text too (shown alike with the character): which is which cannot be told, refused, never guessed
      const l = await shown("l.ts");
      expect(l).toStartWith('const k = "[REDACTED:aws-access-key]"; // \\u{202E} "\\u{202E}"\n');
      const mixed = ((await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file: "l.ts", content: `${l.replace("t = 1", "t = 2")}\n`, write: true } })) as { content: { text: string }[] }).content[0]!.text;
      expect(mixed).toStartWith("validation_error: refusing to apply to 'l.ts': line 1 holds a bidi control escaped");
    } finally {
      await client.close();
    }
  }, 120_000);

  test("an edited line with several markers and an escape, over a long line of the file holding the character, is refused at once (a pattern of lazy gaps backtracked: four markers never ended)", async () => {
    const root = gitRepo({ "m.ts": `// ${RLO}${"x".repeat(3000)}\nconst b = 2;\n` });
    const content = `// \\u{202E}${"[REDACTED:aws-access-key]x".repeat(6)}END\nconst b = 2;\n`;
    await expect(call("apply", { path: root, file: "m.ts", content, write: true })).rejects.toMatchObject({ prefix: "validation_error" });
  }, 120_000);
});
