// A real operation through the real MCP server (in process): svc_find over a file of
// connection strings with short passwords answers within the MCP default budget counted
// after redaction — the markers are longer than the secrets, so fitting before redacting
// would go over — and no password comes back.

import { expect, test } from "bun:test";
import { DEFAULT_BUDGET } from "../../src/engine.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { gitRepo } from "../helpers/repo.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";

const urls = Array.from({ length: 2500 }, (_, i) => `export const url${i} = "postgres://app:q${i}@db${i}.internal/main";`).join("\n");

test("svc_find without maxTokens stays within the MCP default budget after redaction", async () => {
  const root = gitRepo({ "package.json": '{ "name": "urls" }\n', "src/urls.ts": `${urls}\n` });
  const client = await mcpClientFor(root);
  try {
    const counter = await tokenCounter();
    for (const args of [{ query: "postgres internal main", kind: "text", limit: 1000 }, { query: "url", kind: "symbol", limit: 1000 }]) {
      const result = await client.callTool({ name: "svc_find", arguments: { path: root, ...args } });
      const text = (result.content as { text: string }[]).map((c) => c.text).join("");
      expect(result.isError ?? false).toBe(false);
      const all = text + JSON.stringify(result.structuredContent);
      expect(all).not.toMatch(/app:q\d+@/);
      const used = counter.count(text) + counter.count(JSON.stringify(result.structuredContent));
      if (used > DEFAULT_BUDGET.mcp) throw new Error(`${JSON.stringify(args)}: ${used} tokens over the ${DEFAULT_BUDGET.mcp}-token default`);
      if (args.kind === "text") expect(all).toContain("[REDACTED:connection-string]");
    }
  } finally {
    await client.close();
  }
}, 300_000);
