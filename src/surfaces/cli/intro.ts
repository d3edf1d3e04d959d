// What `svc` with no command prints: what it is, the three ways to use it, what to run next.

export function intro(version: string, commands: readonly string[]): string {
  const has = (name: string) => commands.includes(name);
  const soon = (name: string) => (has(name) ? "" : "   (not in this build yet)");
  return [
    `svc ${version} — a local semantic code-context engine for AI coding agents.`,
    "It answers what is where, what depends on what and what a change breaks, in compact, token-budgeted form.",
    "",
    "Three ways to use it:",
    `  CLI    svc <command> [path]   one-shot answers for humans, scripts and hooks (${commands.join(", ")})`,
    `  MCP    svc mcp serve          stdio MCP server for coding agents; svc mcp install writes the client config${soon("mcp")}`,
    `  Host   svc host               a warm per-workspace daemon shared by hooks, editors and MCP servers${soon("host")}`,
    "",
    "Next: run `svc toc .` in a repository for its table of contents; `svc --help` lists every command.",
  ].join("\n");
}
