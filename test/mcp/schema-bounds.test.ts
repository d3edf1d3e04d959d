// Every integer parameter of every MCP tool: the schema's minimum is what the server accepts
// (a client that validates against tools/list must be able to send every value the server
// takes, e.g. maxTokens=0 where it means unlimited, and nothing the server rejects).

import { expect, test } from "bun:test";
import { SvcError } from "../../src/errors.ts";
import { mcpTools } from "../../src/surfaces/mcp/tools.ts";
import { validateRequest } from "../../src/validate.ts";

test("each integer parameter's schema minimum is the least value validation accepts", () => {
  const problems: string[] = [];
  for (const tool of mcpTools()) {
    const props = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string; minimum?: number }>;
    for (const [action, route] of tool.routes) {
      for (const p of route.params) {
        const schema = props[p.name];
        if (p.type !== "int" || !schema || schema.minimum === undefined) continue;
        const accepts = (value: number) => {
          try {
            validateRequest([p], { [p.name]: value });
            return true;
          } catch (error) {
            if (error instanceof SvcError) return false;
            throw error;
          }
        };
        const where = `${tool.name}${action ? ` action=${action}` : ""} ${p.name}`;
        if (!accepts(schema.minimum)) problems.push(`${where}: the schema's minimum ${schema.minimum} is refused`);
        if (accepts(schema.minimum - 1)) problems.push(`${where}: ${schema.minimum - 1} is accepted below the schema's minimum ${schema.minimum}`);
      }
    }
  }
  expect(problems).toEqual([]);
});
