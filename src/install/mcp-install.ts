// `svc mcp install`: write each MCP client's configuration so it starts `svc mcp serve`,
// merging into existing files by editing only svc's own entry (json-edit.ts: comments,
// layout, other servers and settings kept byte for byte; a file that does not parse, or is
// not UTF-8, is refused, never overwritten; when one file is refused none is written),
// idempotently. `--with-hooks` adds Claude Code hooks.

import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { unknownValue, validationError } from "../errors.ts";
import { hasCliCommand } from "../registry/index.ts";
import { hardLinked, readOnly, writeFileAtomic } from "../sys/atomic-write.ts";
import { requireHomeDir } from "../sys/home.ts";
import { realpathLenient } from "../workspace/allowed.ts";
import { confine } from "../workspace/confine.ts";
import { setMember, spliceArray } from "./json-edit.ts";
import { npxCaveat, selfLaunch, shellLine, type Launch, type LaunchScope } from "./launch.ts";

export const CLIENTS = ["claude", "cursor", "vscode", "codex"] as const;
export type Client = (typeof CLIENTS)[number];

export interface InstallRequest {
  root: string;
  client: string;
  scope: string;
  withHooks: boolean;
}

type Change = { file: string; action: "created" | "updated" | "unchanged" | "skipped"; detail: string };

export interface InstallResult {
  changes: Change[];
}

/** A file's planned content: written only after every file of the install was planned. */
interface Planned {
  file: string;
  shown: string;
  before: string | null;
  after: string;
  detail: string;
}

/** The file's text, or null when it does not exist; bytes that are not UTF-8 are refused (a rewrite would replace them), a file with other hard links (the rewrite would cut it from them) and a read-only one (not ours to change). */
function readText(file: string): string | null {
  if (!existsSync(file)) return null;
  const stat = statSync(file);
  const linked = hardLinked(stat);
  if (linked) throw validationError(`cannot merge into ${file}: ${linked}; nothing changed. Give it its own copy first (cp it aside and move the copy over it), or add the svc entry yourself`);
  const locked = readOnly(stat);
  if (locked) throw validationError(`cannot merge into ${file}: ${locked}; nothing changed.`);
  const bytes = readFileSync(file);
  const text = bytes.toString("utf8");
  if (!Buffer.from(text, "utf8").equals(bytes)) throw validationError(`cannot merge into ${file}: it is not UTF-8 text; nothing changed`);
  return text;
}

/** Plan `edit` on a JSON/JSONC file (only the edited span changes); a new or empty file starts as an empty object laid out on lines. */
function planJson(file: string, shown: string, detail: string, edit: (text: string) => string): Planned {
  const before = readText(file);
  try {
    return { file, shown, before, after: edit(before?.trim() ? before : "{\n}\n"), detail };
  } catch (error) {
    throw validationError(`cannot merge into ${file}: ${(error as Error).message}; nothing changed. Fix or move it, then run svc mcp install again`);
  }
}

function write(plan: Planned): Change {
  const action = plan.before === null ? "created" : plan.after === plan.before ? "unchanged" : "updated";
  if (action !== "unchanged") writeFileAtomic(plan.file, plan.after);
  return { file: plan.shown, action, detail: plan.detail };
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

/** A project-scope file is written only inside the workspace: a link there leading out (a cloned repository's `.codex/config.toml` → a file of the user's) is refused. */
function projectFile(root: string, file: string): string {
  return confine(realpathLenient(root), file, "write the MCP config").abs;
}

function planClient(client: Client, scope: "project" | "user", root: string, launch: Launch): Planned {
  const named = clientFile(client, scope, root);
  const file = scope === "project" ? projectFile(root, named) : named;
  const shown = scope === "project" ? relative(root, named) : named;
  const detail = `svc → ${shellLine(launch)}${npxCaveat(launch)}`;
  if (client === "codex") {
    const before = readText(file);
    return { file, shown, before, after: mergeCodexToml(before ?? "", launch), detail };
  }
  const entry = client === "vscode" ? { type: "stdio", command: launch.command, args: launch.args } : { command: launch.command, args: launch.args };
  return planJson(file, shown, detail, (text) => setMember(text, [client === "vscode" ? "servers" : "mcpServers", "svc"], entry));
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

/** A Claude Code hook entry that runs svc's check --delta or gate (replaced on re-install; other hooks kept). */
function isSvcHook(entry: unknown): boolean {
  const hooks = (entry as { hooks?: unknown } | null)?.hooks;
  if (!Array.isArray(hooks)) return false;
  return hooks.some((x) => {
    const command = (x as { command?: unknown } | null)?.command;
    return typeof command === "string" && /\bsvc\b|scripts\/svc|mcp serve/.test(command) && /check --delta|\bgate\b/.test(command);
  });
}

function planHooks(scope: "project" | "user", root: string): Planned | Change {
  const named = scope === "project" ? join(root, ".claude", "settings.json") : join(requireHomeDir("svc mcp install --scope user"), ".claude", "settings.json");
  const file = scope === "project" ? projectFile(root, named) : named;
  const shown = scope === "project" ? relative(root, named) : named;
  if (!hasCliCommand("check") || !hasCliCommand("gate")) {
    return { file: shown, action: "skipped", detail: "hooks call svc check --delta --fast and svc gate, which this build does not have yet; nothing written" };
  }
  const { check, gate, sessionStart } = claudeHookCommands(scope === "project" ? "project" : "local");
  const hook = (matcher: string | undefined, command: string) => ({ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command }] });
  const wanted: [string, unknown][] = [
    ["SessionStart", hook(undefined, sessionStart)],
    ["PostToolUse", hook("Edit|Write|MultiEdit", check)],
    ["Stop", hook(undefined, gate)],
  ];
  return planJson(file, shown, `on session start: ${sessionStart}; after edits: ${check}; on stop: ${gate}`, (text) =>
    wanted.reduce((out, [event, entry]) => spliceArray(out, ["hooks", event], (e) => !isSvcHook(e), entry), text),
  );
}

export function installMcp(request: InstallRequest): InstallResult {
  const clients: readonly Client[] = request.client === "all" ? CLIENTS : [request.client as Client];
  if (request.client !== "all" && !CLIENTS.includes(request.client as Client)) throw unknownValue("client", request.client, [...CLIENTS, "all"]);
  if (request.scope !== "project" && request.scope !== "user") throw unknownValue("scope", request.scope, ["project", "user"]);
  const scope = request.scope;
  // A project file is committed and shared: a portable, pinned command; user scope may name this installed binary.
  const launch = selfLaunch(["mcp", "serve"], scope === "project" ? "project" : "local");
  // every file planned before any is written: one that cannot be merged leaves them all as they were
  const plans: (Planned | Change)[] = clients.map((client) => planClient(client, scope, request.root, launch));
  if (request.withHooks) plans.push(planHooks(scope, request.root));
  return { changes: plans.map((p) => ("after" in p ? write(p) : p)) };
}
