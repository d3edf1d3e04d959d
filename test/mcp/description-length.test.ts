// Claude Code keeps the first 2048 characters of each MCP tool description and of the server
// instructions, silently: whatever a tool says past that never reaches the model (for
// svc_workspace, the end of action=apply and the answer cap). Each fits whole.

import { expect, test } from "bun:test";
import { INSTRUCTIONS } from "../../src/surfaces/mcp/instructions.ts";
import { mcpTools } from "../../src/surfaces/mcp/tools.ts";

/** Claude Code's limit (anthropics/claude-code#41593: tool descriptions and server instructions, 2 KB each). */
const CLIENT_KEEPS = 2048;

test("every tool description and the server instructions fit the 2048 characters a client keeps", () => {
  const over = [...mcpTools().map((t) => [t.name, t.description.length] as const), ["instructions", INSTRUCTIONS.length] as const].filter(([, length]) => length > CLIENT_KEEPS);
  expect(over).toEqual([]);
});
