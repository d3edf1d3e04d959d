// The SDK client checks every tool result against the tool's outputSchema (when it has listed
// the tools) and rejects one that does not conform: each mode a tool has — not just its
// default — must answer structuredContent of that schema, and an error result none at all.

import { expect, test } from "bun:test";
import { SHOP } from "../fixtures/shop.ts";
import { mcpClientFor } from "../helpers/mcp-client.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";

/** Calls beyond each tool's default: the modes and flags that answer a differently shaped result. */
const MODES: [string, Record<string, unknown>][] = [
  ["svc_review", { changedSince: "HEAD~1", planOnly: true }],
  ["svc_review", { changedSince: "HEAD~1", handoff: true }],
  ["svc_review", { changedSince: "HEAD~1", maxChangedFiles: 1 }],
  ["svc_context", { seeds: ["OrderService"], planOnly: true }],
  ["svc_context", { seeds: ["OrderService"], format: "json" }],
  ["svc_check", { session: "s1" }],
  ["svc_check", { session: "s1", full: true }],
  ["svc_impact", { package: "left-pad", fromVersion: "1.0.0", toVersion: "1.1.0" }],
  ["svc_find", { query: "OrderService", kind: "neighbors" }],
  ["svc_find", { query: "OrderService", kind: "signatures" }],
  ["svc_workspace", { action: "map" }],
];

test("every mode's structuredContent passes the SDK client's outputSchema check; error results carry none", async () => {
  const root = gitRepo(SHOP);
  writeFiles(root, { "src/orders/order.service.ts": `${SHOP["src/orders/order.service.ts"]}\nexport const changed = 1;\n` });
  git(root, "commit", "-qam", "change");
  const client = await mcpClientFor(root);
  try {
    await client.listTools(); // the client validates results only for tools it has listed
    const problems: string[] = [];
    for (const [name, args] of MODES) {
      try {
        const result = await client.callTool({ name, arguments: { path: root, ...args } });
        if (result.isError) problems.push(`${name} ${JSON.stringify(args)}: ${JSON.stringify(result.content).slice(0, 200)}`);
      } catch (error) {
        problems.push(`${name} ${JSON.stringify(args)}: ${String(error).slice(0, 300)}`);
      }
    }
    expect(problems).toEqual([]);
    const failed = await client.callTool({ name: "svc_review", arguments: { path: root, changedSince: "no-such-ref" } });
    expect(failed.isError).toBe(true);
    expect(failed.structuredContent).toBeUndefined();
  } finally {
    await client.close();
  }
}, 300_000);
