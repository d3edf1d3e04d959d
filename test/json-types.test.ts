// A request sent as JSON (MCP, the host's RPC) is held to the types its schema states: a number where a string is asked
// for is refused (`path: 42` became the folder …/42, `query: 7` was searched as "7"), on every operation and surface, in
// the one validation place (src/validate.ts). The CLI's argv is text its parser reads as numbers where it can
// (`svc find 42`): there the number is the text typed. The leniencies kept on purpose (validate.ts textOf) are held too.

import { describe, expect, test } from "bun:test";
import { invoke } from "../src/engine.ts";
import type { Surface } from "../src/ops/types.ts";
import type { ParamSpec } from "../src/params.ts";
import { REGISTRY } from "../src/registry/index.ts";
import { validateRequest } from "../src/validate.ts";
import { failure } from "./helpers/failure.ts";
import { mcpClientFor } from "./helpers/mcp-client.ts";
import { gitRepo } from "./helpers/repo.ts";

/** A valid value of a required parameter (only its own type matters: validation stops at the wrong one). */
function valid(p: ParamSpec): unknown {
  if (p.type === "enum") return p.values![0];
  if (p.type === "int") return Math.max(p.min ?? 1, p.orAtLeast ?? 1);
  if (p.type === "bool") return false;
  if (p.type === "string[]") return ["x"];
  if (p.type === "object") return { operation: "organize-imports", file: "a.ts" };
  if (p.type === "object[]") return [];
  return p.shape === "ref" ? "HEAD" : p.shape === "sessionId" ? "s1" : "x";
}

describe("JSON types over MCP and RPC", () => {
  test("every string and list-of-strings parameter of every operation refuses a number sent as JSON, naming the parameter", async () => {
    const refused: string[] = [];
    let checked = 0;
    for (const spec of REGISTRY) {
      const base = Object.fromEntries(spec.params.filter((p) => p.required).map((p) => [p.name, valid(p)]));
      for (const p of spec.params.filter((p) => p.type === "string" || p.type === "string[]")) {
        for (const surface of ["mcp", "rpc"] as Surface[]) {
          for (const value of p.type === "string" ? [42] : [[42], ["x", 7], 42]) {
            const e = await failure(invoke(spec, { ...base, [p.name]: value }, { cwd: "/", surface }));
            checked++;
            const expected = p.type === "string" ? `${p.name} must be a string (got a number 42)` : Array.isArray(value) ? `${p.name}[${value.indexOf(value.find((v) => typeof v === "number")!)}] must be a string (got a number` : `${p.name} must be a list of strings (got a number 42)`;
            if (e.prefix !== "validation_error" || !e.message.startsWith(expected)) refused.push(`${spec.op}.${p.name}=${JSON.stringify(value)} over ${surface}: ${e.prefix}: ${e.message.slice(0, 160)}`);
          }
        }
      }
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  test("the CLI's argv is text: a number its parser read is the text typed", () => {
    const params: ParamSpec[] = [{ name: "query", type: "string", required: true, description: "" }, { name: "seeds", type: "string[]", default: null, description: "" }];
    expect(validateRequest(params, { query: 42, seeds: 7 })).toEqual({ query: "42", seeds: ["7"] });
  });

  test("lenient on purpose over JSON: stringified integers and booleans, a lone string for a list, stringified objects, an empty optional string", () => {
    const params: ParamSpec[] = [
      { name: "limit", type: "int", default: 20, min: 1, description: "" },
      { name: "full", type: "bool", default: false, description: "" },
      { name: "seeds", type: "string[]", default: null, description: "" },
      { name: "candidates", type: "object[]", default: null, description: "" },
      { name: "template", type: "string", default: null, description: "" },
      { name: "action", type: "enum", values: ["status", "map"], default: "status", description: "" },
    ];
    const json = (raw: Record<string, unknown>) => validateRequest(params, raw, undefined, "this call", true);
    expect(json({ limit: "5", full: "true", seeds: "Hono", candidates: '[{"file":"a.ts"}]', template: "" })).toEqual({ limit: 5, full: true, seeds: ["Hono"], candidates: [{ file: "a.ts" }], template: "", action: "status" });
    // an enum's empty string names none of its values: refused listing them
    expect(() => json({ action: "" })).toThrow("status");
    expect(() => json({ template: true })).toThrow("template must be a string (got a boolean true)");
  });

  test("MCP end to end: svc_toc path=42 and svc_find query=7 are refused, not read as a folder or a text", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const client = await mcpClientFor(root);
    try {
      const toc = (await client.callTool({ name: "svc_toc", arguments: { path: 42 } })) as { isError?: boolean; content: { text: string }[] };
      expect(toc.isError).toBe(true);
      expect(toc.content[0]?.text).toBe("validation_error: path must be a string (got a number 42)");
      const find = (await client.callTool({ name: "svc_find", arguments: { path: root, query: 7 } })) as { isError?: boolean; content: { text: string }[] };
      expect(find.isError).toBe(true);
      expect(find.content[0]?.text).toBe("validation_error: query must be a string (got a number 7)");
    } finally {
      await client.close();
    }
  }, 60_000);
});
