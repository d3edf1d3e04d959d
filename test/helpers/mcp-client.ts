// An MCP SDK client connected in memory to svc's MCP server, served for `root` (as a client's
// MCP config would start it there). Close the client when done.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ServedRoots } from "../../src/surfaces/mcp/roots.ts";
import { createMcpServer } from "../../src/surfaces/mcp/server.ts";

export async function mcpClientFor(root: string): Promise<Client> {
  const server = createMcpServer(new ServedRoots({ root: [root] }, root));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "t", version: "1" });
  await client.connect(clientSide);
  return client;
}
