// apply and the trailing whitespace views hide (the only thing on a line a level-none view hides: tabs, indentation,
// non-breaking and zero-width spaces are shown as they are), through MCP on real git repos:
// - a short line heavily rewritten, one for one (`Hi.  ` → `Hello there.`), is the line at that place: ending as the
//   old one did, it keeps the markdown hard break the caller could not see (it got none: too unlike to pair);
// - two lines alike but for their indentation, moved past each other, each take their own hidden whitespace (moved
//   lines were matched by their stripped text, so the first took the other's);
// - lines alike in every shown character, moved: both hidden endings are still in the file.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { gitRepo } from "../helpers/repo.ts";

const text = (r: unknown) => ((r as { content: { text: string }[] }).content[0]?.text ?? "");

async function viewed(client: Client, file: string): Promise<string> {
  return JSON.parse(text(await client.callTool({ name: "svc_reduce", arguments: { files: [file], level: "none", format: "json" } }))).entries[0].content as string;
}

async function applied(client: Client, root: string, file: string, content: string): Promise<string> {
  const answer = text(await client.callTool({ name: "svc_workspace", arguments: { action: "apply", file, content, write: true } }));
  expect(answer).toStartWith("applied:");
  return readFileSync(join(root, file), "utf8");
}

describe("apply: whitespace the view hid, on lines rewritten or moved", () => {
  test("a short line heavily rewritten keeps the hard break the view hid; a zero-width or non-breaking space the view showed stays as the caller wrote", async () => {
    const root = gitRepo({ "NOTES.md": "# Notes\n\nHi.  \nBring the laptop.\n", "z.ts": "const a\u200B = 1;\nconst b = 2;\u00A0\nconst c = 3;  \n" });
    const client = await mcpClientFor(root);
    try {
      const notes = await viewed(client, "NOTES.md");
      expect(notes).toBe("# Notes\n\nHi.\nBring the laptop.");
      expect(await applied(client, root, "NOTES.md", `${notes.replace("Hi.", "Hello there.")}\n`)).toBe("# Notes\n\nHello there.  \nBring the laptop.\n");
      // ending otherwise, the edit touched where the break stood: as sent
      expect(await applied(client, root, "NOTES.md", "# Notes\n\nHello there, and\nBring the laptop.\n")).toBe("# Notes\n\nHello there, and\nBring the laptop.\n");
      const z = await viewed(client, "z.ts");
      expect(z).toBe("const a\u200B = 1;\nconst b = 2;\u00A0\nconst c = 3;");
      expect(await applied(client, root, "z.ts", `${z.replace("\u200B", "").replace("\u00A0", "").replace("c = 3", "cc = 33")}\n`)).toBe("const a = 1;\nconst b = 2;\nconst cc = 33;  \n");
    } finally {
      await client.close();
    }
  }, 120_000);

  test("lines alike but for their indentation, moved past each other, each keep their own hidden whitespace; lines alike in all the view shows keep both", async () => {
    const root = gitRepo({ "a.ts": "run();  \n  run();\t\nstop();\n", "b.ts": "let a = 1;  \nstop();\nlet a = 1;\t\n" });
    const client = await mcpClientFor(root);
    try {
      expect(await viewed(client, "a.ts")).toBe("run();\n  run();\nstop();");
      expect(await applied(client, root, "a.ts", "stop();\n  run();\nrun();\n")).toBe("stop();\n  run();\t\nrun();  \n");
      expect(await viewed(client, "b.ts")).toBe("let a = 1;\nstop();\nlet a = 1;");
      const out = await applied(client, root, "b.ts", "stop();\nlet a = 1;\nlet a = 1;\n");
      expect(out.split("\n").sort()).toEqual(["", "let a = 1;\t", "let a = 1;  ", "stop();"]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
