// `svc mcp install`: write each MCP client's configuration so it starts `svc mcp serve`,
// merging into existing files (other servers and settings are kept; an unparsable file is
// refused, never overwritten), idempotently. `--with-hooks` adds Claude Code hooks.

import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { unknownValue, validationError } from "../errors.ts";
import { hasCliCommand } from "../registry/index.ts";
import { writeFileAtomic } from "../sys/atomic-write.ts";
import { requireHomeDir } from "../sys/home.ts";
import { selfLaunch, shellLine, type Launch, type LaunchScope } from "./launch.ts";

export const CLIENTS = ["claude", "cursor", "vscode", "codex"] as const;
export type Client = (typeof CLIENTS)[number];

export interface InstallRequest {
  root: string;
  client: string;
  scope: string;
  withHooks: boolean;
}

export interface InstallResult {
  changes: { file: string; action: "created" | "updated" | "unchanged" | "skipped"; detail: string }[];
}

function readJson(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, "utf8");
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not a JSON object");
    return value as Record<string, unknown>;
  } catch (error) {
    throw validationError(`cannot merge into ${file}: ${(error as Error).message}; fix or move it, then run svc mcp install again`);
  }
}

function mergeJson(file: string, update: (value: Record<string, unknown>) => void): "created" | "updated" | "unchanged" {
  const existed = existsSync(file);
  const value = readJson(file);
  const before = JSON.stringify(value);
  update(value);
  if (existed && JSON.stringify(value) === before) return "unchanged";
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
  return existed ? "updated" : "created";
}

function section(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const current = value[key];
  if (typeof current === "object" && current !== null && !Array.isArray(current)) return current as Record<string, unknown>;
  const fresh: Record<string, unknown> = {};
  value[key] = fresh;
  return fresh;
}

/** Replace (or append) the `[mcp_servers.svc]` table of a TOML file, leaving the rest as it is. */
export function mergeCodexToml(text: string, launch: Launch): string {
  const table = [`[mcp_servers.svc]`, `command = ${JSON.stringify(launch.command)}`, `args = [${launch.args.map((a) => JSON.stringify(a)).join(", ")}]`].join("\n");
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === "[mcp_servers.svc]");
  if (start === -1) return `${text.trimEnd()}${text.trim() ? "\n\n" : ""}${table}\n`;
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end] ?? "")) end++;
  return [...lines.slice(0, start), table, ...(end < lines.length ? ["", ...lines.slice(end)] : [])].join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";
}

/** VS Code's user settings folder on this OS. */
function vscodeUserDir(home: string): string {
  if (process.platform === "darwin") return join(home, "Library", "Application Support", "Code", "User");
  if (process.platform === "win32") return join(process.env.APPDATA ?? join(home, "AppData", "Roaming"), "Code", "User");
  return join(process.env.XDG_CONFIG_HOME ?? join(home, ".config"), "Code", "User");
}

function clientFile(client: Client, scope: "project" | "user", root: string): string {
  const home = scope === "user" ? requireHomeDir("svc mcp install --scope user") : "";
  switch (client) {
    case "claude":
      return scope === "project" ? join(root, ".mcp.json") : join(home, ".claude.json");
    case "cursor":
      return scope === "project" ? join(root, ".cursor", "mcp.json") : join(home, ".cursor", "mcp.json");
    case "vscode":
      return scope === "project" ? join(root, ".vscode", "mcp.json") : join(vscodeUserDir(home), "mcp.json");
    case "codex":
      return scope === "project" ? join(root, ".codex", "config.toml") : join(home, ".codex", "config.toml");
  }
}

function installClient(client: Client, scope: "project" | "user", root: string, launch: Launch): InstallResult["changes"][number] {
  const file = clientFile(client, scope, root);
  const shown = scope === "project" ? relative(root, file) : file;
  const detail = `svc → ${shellLine(launch)}`;
  if (client === "codex") {
    const before = existsSync(file) ? readFileSync(file, "utf8") : "";
    const after = mergeCodexToml(before, launch);
    if (after === before) return { file: shown, action: "unchanged", detail };
    writeFileAtomic(file, after);
    return { file: shown, action: before ? "updated" : "created", detail };
  }
  const entry = client === "vscode" ? { type: "stdio", command: launch.command, args: launch.args } : { command: launch.command, args: launch.args };
  const action = mergeJson(file, (value) => {
    section(value, client === "vscode" ? "servers" : "mcpServers").svc = entry;
  });
  return { file: shown, action, detail };
}

/**
 * The Claude Code hook commands. Claude Code feeds a hook's stderr to the model and blocks
 * only on exit code 2, while our commands keep their own exit codes (check --delta always
 * 0, gate 1 on introduced errors): after an edit a non-empty delta is repeated on stderr
 * with exit 2; on stop a failing gate (its errors already on stderr) becomes exit 2.
 */
export function claudeHookCommands(scope: LaunchScope = "local"): { check: string; gate: string; sessionStart: string } {
  const dir = '"${CLAUDE_PROJECT_DIR:-.}"';
  const check = `${shellLine(selfLaunch(["check", "--delta", "--fast"], scope))} ${dir}`;
  const gate = `${shellLine(selfLaunch(["gate"], scope))} ${dir}`;
  return {
    check: `out=$(${check}); if [ -n "$out" ]; then printf '%s\\n' "$out" >&2; exit 2; fi`,
    gate: `${gate} || exit 2`,
    // Before any edit: sets the session's baseline when the host has none (prints nothing then), else its stdout — what is still introduced — becomes context.
    sessionStart: `${check} || true`,
  };
}

function installHooks(scope: "project" | "user", root: string): InstallResult["changes"][number] {
  const file = scope === "project" ? join(root, ".claude", "settings.json") : join(requireHomeDir("svc mcp install --scope user"), ".claude", "settings.json");
  const shown = scope === "project" ? relative(root, file) : file;
  if (!hasCliCommand("check") || !hasCliCommand("gate")) {
    return { file: shown, action: "skipped", detail: "hooks call svc check --delta --fast and svc gate, which this build does not have yet; nothing written" };
  }
  const { check, gate, sessionStart } = claudeHookCommands(scope === "project" ? "project" : "local");
  const action = mergeJson(file, (value) => {
    const hooks = section(value, "hooks");
    const put = (event: string, matcher: string | undefined, command: string) => {
      const list = (Array.isArray(hooks[event]) ? hooks[event] : []) as { matcher?: string; hooks?: { type: string; command: string }[] }[];
      const kept = list.filter((h) => !(h.hooks ?? []).some((x) => /\bsvc\b|scripts\/svc|mcp serve/.test(x.command) && /check --delta|\bgate\b/.test(x.command)));
      kept.push({ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command }] });
      hooks[event] = kept;
    };
    put("SessionStart", undefined, sessionStart);
    put("PostToolUse", "Edit|Write|MultiEdit", check);
    put("Stop", undefined, gate);
  });
  return { file: shown, action, detail: `on session start: ${sessionStart}; after edits: ${check}; on stop: ${gate}` };
}

export function installMcp(request: InstallRequest): InstallResult {
  const clients: readonly Client[] = request.client === "all" ? CLIENTS : [request.client as Client];
  if (request.client !== "all" && !CLIENTS.includes(request.client as Client)) throw unknownValue("client", request.client, [...CLIENTS, "all"]);
  if (request.scope !== "project" && request.scope !== "user") throw unknownValue("scope", request.scope, ["project", "user"]);
  const scope = request.scope;
  // A project file is committed and shared: a portable, pinned command; user scope may name this installed binary.
  const launch = selfLaunch(["mcp", "serve"], scope === "project" ? "project" : "local");
  const changes = clients.map((client) => installClient(client, scope, request.root, launch));
  if (request.withHooks) changes.push(installHooks(scope, request.root));
  return { changes };
}
