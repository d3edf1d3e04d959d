// The agent loop through MCP (SDK Client over stdio, the real engine): check a bad edit →
// an error with a repair packet → apply the packet's fix with svc_workspace apply → clean.

import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gitRepo } from "../helpers/repo.ts";
import { useRuntimeDir } from "../helpers/host.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

test("svc_check → repair packet → svc_workspace apply → clean", async () => {
  const runtime = useRuntimeDir();
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const root = gitRepo({
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] }),
    "src/order.ts": "export class Order {\n  total = 0;\n}\n",
    "src/use.ts": "export const one = 1;\n",
  });
  const transport = new StdioClientTransport({ command: process.execPath, args: ["--no-install", MAIN, "mcp", "serve"], cwd: root, env: { ...(process.env as Record<string, string>), SVC_DAEMON: "0", SVC_RUNTIME_DIR: runtime } });
  const client = new Client({ name: "t", version: "1" });
  await client.connect(transport);
  try {
    // The agent forgot the import.
    const proposed = "export const totalOf = (o: Order): number => o.total;\n";
    const bad = await client.callTool({ name: "svc_check", arguments: { path: root, file: "src/use.ts", content: proposed } });
    const badText = (bad.content as { text: string }[])[0]!.text;
    expect(badText).toMatch(/^verification grade: cold \(loaded the project for this call, [\d.]+s\)\n/);
    expect(badText).toContain("Error TS2304 src/use.ts:1:28 Cannot find name 'Order'.");
    expect(badText).toContain('apply: Add import from "./order"');
    const data = bad.structuredContent as { clean: boolean; repairs: { code: string; fixes: { title: string; content?: string }[] }[] };
    expect(data.clean).toBe(false);
    const fix = data.repairs.find((p) => p.code === "TS2304")!.fixes[0]!;
    expect(fix.content).toBe(`import { Order } from "./order";\n\n${proposed}`);
    // Nothing was written by the check.
    expect(readFileSync(join(root, "src/use.ts"), "utf8")).toBe("export const one = 1;\n");
    const good = await client.callTool({ name: "svc_check", arguments: { path: root, file: "src/use.ts", content: fix.content } });
    expect((good.content as { text: string }[])[0]!.text).toContain("clean: no errors in src/use.ts");
    const applied = await client.callTool({ name: "svc_workspace", arguments: { action: "apply", path: root, file: "src/use.ts", content: fix.content, write: true } });
    expect(applied.isError).toBeFalsy();
    expect(readFileSync(join(root, "src/use.ts"), "utf8")).toBe(fix.content!);
    // Delta mode without a resident engine abstains rather than reporting a clean delta.
    const delta = await client.callTool({ name: "svc_check", arguments: { path: root, session: "agent" } });
    expect((delta.content as { text: string }[])[0]!.text).toStartWith("cannot compute delta (abstain): no resident TypeScript engine serves this root");
    const none = await client.callTool({ name: "svc_check", arguments: { path: root } });
    expect(none.isError).toBe(true);
    const outside = await client.callTool({ name: "svc_check", arguments: { path: root, file: "README.md", content: "x" } });
    expect((outside.content as { text: string }[])[0]!.text).toBe("cannot verify (abstain): README.md is not a TypeScript or JavaScript file");
  } finally {
    await client.close();
  }
}, 120_000);
