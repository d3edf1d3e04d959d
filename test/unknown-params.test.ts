// A parameter a call does not take is refused, never ignored: a misspelt `maxTokens` would
// otherwise run the call with no budget. The engine's validation refuses it, so every surface
// and every internal caller (an operation calling another through the engine) gets the same
// validation_error; MCP's multiplexed tools also refuse what the chosen action does not take.

import { describe, expect, test } from "bun:test";
import { call, invoke } from "../src/engine.ts";
import { operation, REGISTRY } from "../src/registry/index.ts";
import { failure } from "./helpers/failure.ts";
import { mcpClientFor } from "./helpers/mcp-client.ts";
import { gitRepo } from "./helpers/repo.ts";

describe("unknown parameters are refused by the engine", () => {
  test("every operation refuses a misspelt budget before it runs, naming the call and what it takes", async () => {
    for (const spec of REGISTRY) {
      const e = await failure(call(spec.op, { path: "/definitely/missing", maxToken: 10 }));
      expect(e.prefix).toBe("validation_error");
      expect(e.message).toBe(`unknown parameter 'maxToken' for ${spec.op}. Valid parameters: ${spec.params.map((p) => p.name).join(", ")}`);
    }
  });

  test("named as the surface calls it: the CLI command and its flags, the RPC method", async () => {
    const cli = await failure(invoke(operation("toc"), { path: ".", maxToken: 10 }, { cwd: process.cwd(), surface: "cli" }, (p) => `--${p.name}`));
    expect(cli.message).toStartWith("unknown parameter 'maxToken' for svc toc. Valid parameters: --path, --excludeDirectories");
    const rpc = await failure(invoke(operation("scope"), { path: ".", maxToken: 10 }, { cwd: process.cwd(), surface: "rpc" }));
    expect(rpc.message).toStartWith("unknown parameter 'maxToken' for svc/scope.");
  });

  test("a key left undefined is not passed (an internal caller's optional value)", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const r = await call("toc", { path: root, notAParam: undefined });
    expect(r.text).toContain("a.ts");
  }, 60_000);

  test("a nested call through the engine is held too: svc/refactor's request takes only refactor's parameters", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const e = await failure(call("refactorRpc", { path: root, request: { operation: "rename", symbol: "a", newName: "b", maxToken: 5 } }));
    expect(e.prefix).toBe("validation_error");
    expect(e.message).toStartWith("unknown parameter 'maxToken' for refactor.");
  }, 60_000);

  test("MCP: a parameter of another action of the same tool is refused for the action called", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const client = await mcpClientFor(root);
    try {
      // svc_workspace's schema holds maxRows (action=map); action=status does not take it
      const r = (await client.callTool({ name: "svc_workspace", arguments: { action: "status", path: root, maxRows: 5 } })) as { isError?: boolean; content: { text: string }[] };
      expect(r.isError).toBe(true);
      expect(r.content[0]?.text).toBe("validation_error: unknown parameter 'maxRows' for svc_workspace action=status. Valid parameters: action, path");
      // the action is validated as every parameter is: null is the default, a list is no action (["map"] used to run map)
      const defaulted = (await client.callTool({ name: "svc_workspace", arguments: { action: null, path: root } })) as { isError?: boolean; content: { text: string }[] };
      expect(defaulted.isError ?? false).toBe(false);
      expect(defaulted.content[0]?.text).toContain("index_state:");
      const listed = (await client.callTool({ name: "svc_workspace", arguments: { action: ["map"], path: root } })) as { isError?: boolean; content: { text: string }[] };
      expect(listed.content[0]?.text).toBe('validation_error: action takes one value, not a list of 1 (["map"])');
      const typo = (await client.callTool({ name: "svc_toc", arguments: { path: root, maxToken: 5 } })) as { isError?: boolean; content: { text: string }[] };
      expect(typo.isError).toBe(true);
      expect(typo.content[0]?.text).toStartWith("validation_error: unknown parameter 'maxToken' for svc_toc.");
    } finally {
      await client.close();
    }
  }, 60_000);
});
