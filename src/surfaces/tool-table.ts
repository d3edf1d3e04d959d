// The README's tool table, generated from the registry (scripts/readme-tools.ts writes it;
// the parity test checks it is current).

import { REGISTRY } from "../registry/index.ts";
import { usageOf } from "./cli/program.ts";

export function toolTable(): string {
  const rows = ["| Intent | MCP tool | CLI | Host RPC |", "|---|---|---|---|"];
  for (const spec of REGISTRY) {
    const mcp = (spec.mcp ?? []).map((b) => `\`${b.tool}\`${b.action ? ` action=${b.action}` : ""}`).join(", ") || "—";
    const cli = spec.cli ? `\`svc ${usageOf(spec)}\`` : "—";
    const rpc = (spec.rpc ?? []).map((m) => `\`${m}\``).join(", ") || "—";
    rows.push(`| ${spec.summary} | ${mcp} | ${cli} | ${rpc} |`);
  }
  rows.push("| Serve MCP over stdio / write client configs | — | `svc mcp serve`, `svc mcp install` | — |");
  rows.push("| Serve a workspace to hooks, editors and MCP servers | — | `svc host` | — |");
  rows.push("| Host handshake (token), health, stop | — | — | `svc/handshake`, `svc/stats`, `svc/shutdown` |");
  return rows.join("\n");
}

export const TABLE_BEGIN = "<!-- tools:begin -->";
export const TABLE_END = "<!-- tools:end -->";

/** The README text with its tool table replaced by the generated one. */
export function withToolTable(readme: string): string {
  const start = readme.indexOf(TABLE_BEGIN);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end === -1) throw new Error("README.md has no tools:begin/tools:end markers");
  return `${readme.slice(0, start + TABLE_BEGIN.length)}\n${toolTable()}\n${readme.slice(end)}`;
}
