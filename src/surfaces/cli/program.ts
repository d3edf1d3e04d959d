// The cac program, generated from the registry: one command per operation row with a CLI
// command, its positional arguments and flags from the parameter specifications.

import { cac, type CAC, type Command } from "cac";
import type { ParamSpec } from "../../params.ts";
import { REGISTRY, type OperationSpec } from "../../registry/index.ts";
import { reshapeHelp } from "./help.ts";

export function flagName(spec: ParamSpec): string {
  const explicit = spec.cli ? spec.cli.flag : undefined;
  return explicit ?? spec.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** cac's camelCased key for a flag (`max-tokens` → `maxTokens`). */
export function optionKey(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function cliParams(spec: OperationSpec): { positional: ParamSpec[]; flags: ParamSpec[] } {
  const onCli = spec.params.filter((p) => p.cli !== false);
  return {
    positional: onCli.filter((p) => p.cli && p.cli.positional),
    flags: onCli.filter((p) => !(p.cli && p.cli.positional)),
  };
}

function describe(param: ParamSpec): string {
  const def = param.default === null || param.default === undefined || param.default === false ? "" : ` (default: ${String(param.default)})`;
  const values = param.type === "enum" && param.values ? ` [${param.values.join("|")}]` : "";
  return `${param.description}${values}${def}`;
}

/** The string[] flag that also collects the command's extra arguments (`svc reduce --files a.ts b.ts`). */
export function restParam(spec: OperationSpec): ParamSpec | undefined {
  return spec.params.find((p) => p.cli && p.cli.rest && p.type === "string[]");
}

export function usageOf(spec: OperationSpec): string {
  const { positional } = cliParams(spec);
  const rest = restParam(spec);
  const args = [...positional.map((p) => (p.required ? `<${p.name}>` : `[${p.name}]`)), ...(rest ? [`[...${rest.name}]`] : [])].join(" ");
  return `${spec.cli?.command ?? spec.op}${args ? ` ${args}` : ""}`;
}

function addFlags(command: Command, flags: ParamSpec[]): void {
  for (const param of flags) {
    const flag = flagName(param);
    const short = param.cli && param.cli.short ? `-${param.cli.short}, ` : "";
    if (param.cli && param.cli.negate) command.option(`--no-${flag}`, `Do not: ${param.description.replace(/^./, (c) => c.toLowerCase())}`);
    else if (param.cli && param.cli.fromStdin) command.option(`--${flag}`, `Read ${param.name} from standard input`);
    else if (param.type === "bool") command.option(`${short}--${flag}`, describe(param));
    // no `type: [String]`: it turned a list flag given without a value into the value "true" (`--exclude-dir` excluded a folder named true), past cac's check for a missing value; validation takes one value as a list of one
    else if (param.type === "string[]") command.option(`${short}--${flag} <value>`, `${describe(param)} (repeatable)`);
    else command.option(`${short}--${flag} <value>`, describe(param));
  }
}

export interface BuiltProgram {
  cli: CAC;
  /** cac command name → registry row. */
  byCommand: Map<string, OperationSpec>;
}

export function buildProgram(version: string): BuiltProgram {
  const cli = cac("svc");
  cli.option("--json", "Print the structured result as JSON");
  cli.option("--quiet", "Suppress warnings and progress on stderr");
  cli.option("--no-color", "Disable color (also NO_COLOR)");
  cli.option("--cwd <dir>", "Resolve relative paths against this directory");
  cli.option("-v, --version", `Print the version (${version})`);
  cli
    .command("mcp <action>", "MCP: `svc mcp serve` runs the stdio server; `svc mcp install` writes client configs")
    .option("--client <client>", "install: claude | cursor | vscode | codex | all (default: claude)")
    .option("--scope <scope>", "install: project (files in the workspace) | user (your home folder) (default: project)")
    .option("--with-hooks", "install: also add Claude Code hooks (on session start and after edits: svc check --delta --fast; on stop: svc gate)")
    .option("--root <dir>", "serve: the workspace served (default: the working directory's; an MCP client's declared roots replace it); any other `path` is refused with workspace_not_allowed:")
    .option("--allow-root <dir>", "serve: also serve this directory's workspace (repeatable)");
  cli.command("hook <action>", "Git hooks: `svc hook install` writes a pre-commit hook that runs svc gate (and a pre-merge-commit hook running it for merges)").option("--force", "Replace a foreign pre-commit hook (it is kept and run first)");
  cli.command("host", "Serve this workspace over a Unix socket: a warm index shared by hooks, editors and MCP servers").option("--directory <root>", "The workspace to serve (default: the current one)");
  cli.command("localize [path]", "Deprecated: use svc find <text> --kind task").option("--task <text>", "The task in words");
  cli
    .command("resolve [path]", "Deprecated: use svc find <name> --kind service|request|route|config|symbol")
    .option("--service <name>", "A DI service or token")
    .option("--request <name>", "A command, query, event or message")
    .option("--route <text>", "\"METHOD /pattern\" or a bare pattern")
    .option("--config <name>", "A config key or section")
    .option("--symbol <name>", "A declared symbol");
  const byCommand = new Map<string, OperationSpec>();
  for (const spec of REGISTRY) {
    if (!spec.cli) continue;
    const command = cli.command(usageOf(spec), spec.summary);
    addFlags(command, cliParams(spec).flags);
    byCommand.set(spec.cli.command, spec);
  }
  const descriptions = new Map(cli.commands.map((c) => [c.name, c.description]));
  cli.help((sections) =>
    reshapeHelp(sections, {
      version,
      tagline: "local semantic code-context engine for AI coding agents (CLI, MCP server, workspace host)",
      descriptions,
      setup: new Set(["mcp", "hook", "host"]),
      deprecated: new Set(["localize", "resolve"]),
    }),
  );
  return { cli, byCommand };
}
