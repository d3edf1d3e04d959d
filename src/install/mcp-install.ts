// `svc mcp install`: write each MCP client's configuration so it starts `svc mcp serve`,
// merging into existing files in place (only the svc entry's text changes: other servers and
// settings keep their bytes, formatting, line endings and BOM; an unparsable file is refused,
// never overwritten), idempotently. `--with-hooks` adds Claude Code hooks.

import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { unknownValue, validationError } from "../errors.ts";
import { hasCliCommand } from "../registry/index.ts";
import { writeFileAtomic } from "../sys/atomic-write.ts";
import { setJsonMember } from "./json-member.ts";
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

type Members = [path: string[], value: unknown][];

/** The file's JSON object (`{}` for a missing or blank file), its text without a BOM, and the BOM; an unparsable file is refused. */
function readJson(file: string): { value: Record<string, unknown>; text: string; bom: string } {
  const raw = existsSync(file) ? readFileSync(file, "utf8") : "";
  const bom = raw.startsWith("\uFEFF") ? "\uFEFF" : "";
  const text = raw.slice(bom.length);
  if (!text.trim()) return { value: {}, text: "", bom };
  try {
    const value = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not a JSON object");
    return { value: value as Record<string, unknown>, text, bom };
  } catch (error) {
    throw validationError(`cannot merge into ${file}: ${(error as Error).message}; fix or move it, then run svc mcp install again`);
  }
}

function memberAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const key of path) at = typeof at === "object" && at !== null && !Array.isArray(at) ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

function setMember(value: Record<string, unknown>, path: readonly string[], member: unknown): void {
  let at = value;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    at = (at[key] = typeof next === "object" && next !== null && !Array.isArray(next) ? next : {}) as Record<string, unknown>;
  }
  at[path.at(-1)!] = member;
}

/**
 * Set the `members` (computed from the file's current value) in the file's text, in place
 * (json-member.ts): everything else — formatting, line endings, BOM, number spellings, key
 * order — stays byte for byte. A new or blank file is written whole.
 */
function mergeJson(file: string, members: (value: Record<string, unknown>) => Members): "created" | "updated" | "unchanged" {
  const existed = existsSync(file);
  const { value, text, bom } = readJson(file);
  const changed = members(value).filter(([path, member]) => JSON.stringify(memberAt(value, path)) !== JSON.stringify(member));
  if (existed && changed.length === 0) return "unchanged";
  for (const [path, member] of changed) setMember(value, path, member);
  let out = text ? text : `${JSON.stringify({}, null, 2)}\n`;
  for (const [path, member] of changed) out = setJsonMember(out, path, member);
  // The text must read back as the merged value (it always should): never write what would not.
  if (JSON.stringify(JSON.parse(out)) !== JSON.stringify(value)) throw validationError(`cannot merge into ${file} in place (the edited text does not read back as the merged settings); add the svc entry yourself`);
  writeFileAtomic(file, bom + out);
  return existed ? "updated" : "created";
}

/** The svc table's header, however spelled (spaces, a quoted key, a trailing comment). */
const SVC_TABLE = /^\s*\[\s*mcp_servers\s*\.\s*(?:svc|"svc"|'svc')\s*\]\s*(?:#.*)?$/;

/**
 * Replace (or append) the `[mcp_servers.svc]` table of a TOML file, leaving every other byte
 * as it is: other tables, blank lines, comments before the next table (which belong to it),
 * line endings (the table takes the file's), the final-newline state.
 */
export function mergeCodexToml(text: string, launch: Launch): string {
  const cr = text.includes("\r\n") ? "\r" : "";
  const table = [`[mcp_servers.svc]`, `command = ${JSON.stringify(launch.command)}`, `args = [${launch.args.map((a) => JSON.stringify(a)).join(", ")}]`];
  const lines = text.split("\n");
  const start = lines.findIndex((l) => SVC_TABLE.test(l.replace(/\r$/, "")));
  if (start === -1) {
    if (!text.trim()) return `${table.join("\n")}\n`;
    const newline = text.endsWith("\n") ? "" : `${cr}\n`;
    const blank = /\n[ \t]*\r?\n$/.test(`${text}${newline}`) ? "" : `${cr}\n`; // one blank line before the table, unless the file ends with one
    return `${text}${newline}${blank}${table.join(`${cr}\n`)}${cr}\n`;
  }
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end] ?? "")) end++;
  while (end > start + 1 && /^\s*(?:#.*)?$/.test((lines[end - 1] ?? "").replace(/\r$/, ""))) end--;
  return [...lines.slice(0, start + 1), ...table.slice(1).map((l) => l + cr), ...lines.slice(end)].join("\n"); // the header line as the file spells it
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
  const action = mergeJson(file, () => [[[client === "vscode" ? "servers" : "mcpServers", "svc"], entry]]);
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
    const hooks = memberAt(value, ["hooks"]);
    const put = (event: string, matcher: string | undefined, command: string): Members[number] => {
      const current = memberAt(hooks, [event]);
      const list = (Array.isArray(current) ? current : []) as { matcher?: string; hooks?: { type: string; command: string }[] }[];
      const kept = list.filter((h) => !(h.hooks ?? []).some((x) => /\bsvc\b|scripts\/svc|mcp serve/.test(x.command) && /check --delta|\bgate\b/.test(x.command)));
      kept.push({ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command }] });
      return [["hooks", event], kept];
    };
    return [put("SessionStart", undefined, sessionStart), put("PostToolUse", "Edit|Write|MultiEdit", check), put("Stop", undefined, gate)];
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
