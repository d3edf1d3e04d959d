// The CLI entry: parse, call the engine, print. Exit codes: 0 ok, 1 operation error
// (the prefixed line on stderr), 2 usage error (a short usage line).

import { jsonEscapeBidi } from "../../text/bidi.ts";
import { answerBudget, invoke } from "../../engine.ts";
import { asSvcError } from "../../errors.ts";
import type { ParamSpec } from "../../params.ts";
import type { OperationSpec } from "../../registry/index.ts";
import { warningLines } from "../../render/fit.ts";
import { tokenCounter } from "../../text/tokens.ts";
import { VERSION } from "../../version.ts";
import { parseCommandLine } from "./argv.ts";
import { intro } from "./intro.ts";
import { errorLine, processIo, redactingIo, styleFor, type CliIo } from "./output.ts";
import { progressBar } from "./progress.ts";
import { buildProgram, cliParams, flagName, optionKey, restParam, usageOf } from "./program.ts";

const GLOBAL_KEYS = new Set(["--", "json", "quiet", "color", "cwd", "help", "h", "version", "v"]);

/** An option as the user typed it: cac keys it camelCased (`excludeTestz` for `--exclude-testz`) and without its dash (`x` for `-x`). */
function asTyped(key: string): string {
  return key.length === 1 ? `-${key}` : `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

function usageError(io: CliIo, said: string, usage: string, json = false): number {
  const message = said.replace(/Unknown option '--([^']+)'/, (_, name: string) => `Unknown option '${asTyped(name)}'`);
  if (json) {
    io.err(JSON.stringify({ error: { prefix: "usage_error", message, usage: `svc ${usage}` } }));
    return 2;
  }
  io.err(`svc: ${message}`);
  io.err(`usage: svc ${usage}   (svc ${usage.split(" ")[0]} --help for details)`);
  return 2;
}

/** A failure on stderr: the prefixed line, or with --json the same as `{"error": {"prefix", "message"}}`. */
function failure(io: CliIo, error: unknown, style: ReturnType<typeof styleFor>, json: unknown): void {
  const e = asSvcError(error);
  io.err(json ? JSON.stringify({ error: { prefix: e.prefix, message: e.message } }) : errorLine(e.formatted, style));
}

/** cac's parsed args and options → the operation's raw request. */
async function toRequest(spec: OperationSpec, args: readonly unknown[], options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { positional, flags } = cliParams(spec);
  const raw: Record<string, unknown> = {};
  positional.forEach((param, i) => {
    if (args[i] !== undefined) raw[param.name] = args[i];
  });
  const rest = restParam(spec);
  const extra = rest ? args.slice(positional.length).flat() : [];
  if (rest && extra.length) raw[rest.name] = extra.map(String);
  for (const param of flags) {
    const value = options[optionKey(flagName(param))];
    if (value === undefined) continue;
    if (param.cli && param.cli.fromStdin) {
      if (value === true) raw[param.name] = await Bun.stdin.text();
    } else if (param === rest && raw[param.name]) raw[param.name] = [...(Array.isArray(value) ? value : [value]).map(String), ...(raw[param.name] as string[])];
    else raw[param.name] = value;
  }
  return raw;
}

/** The options outside the registry's parameters that take one value, by command ("" for every command): the registry's own are validated by the engine. */
const SINGLE_OPTIONS: Record<string, readonly string[]> = {
  "": ["cwd"],
  host: ["directory"],
  mcp: ["client", "scope"],
  localize: ["task"],
  resolve: ["service", "request", "route", "config", "symbol"],
};

/** Why an option that takes one value cannot be used as given (twice, or an empty folder), else null: `--cwd a --cwd b` and `--cwd ""` ran in the working directory. */
function repeatedOption(options: Record<string, unknown>, command: string | undefined): string | null {
  for (const key of [...(SINGLE_OPTIONS[""] ?? []), ...(SINGLE_OPTIONS[command ?? ""] ?? [])]) {
    const value = options[key];
    const flag = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (Array.isArray(value)) return `option '${flag}' takes one value (given ${value.length} times)`;
    if ((key === "cwd" || key === "directory") && typeof value === "string" && value.trim() === "") return `option '${flag}' must name a folder (got an empty value)`;
  }
  return null;
}

/** A parameter as the command line spells it: `<query>`, `--max-tokens`, `--no-dependents` (a boolean that defaults to true). */
const cliLabel = (param: ParamSpec): string => (param.cli && param.cli.positional ? `<${param.name}>` : `--${param.cli && param.cli.negate ? "no-" : ""}${flagName(param)}`);

type SubCommand = { checkUnknownOptions(): void; checkOptionValue(): void; checkRequiredArgs(): void; checkUnusedArgs(): void };

/** cac's argument checks for a command with sub-actions: null when fine, else the usage error's exit code. */
function checkUsage(command: SubCommand, io: CliIo, usage: string, json: boolean): number | null {
  try {
    command.checkUnknownOptions();
    // an option given without its value (`svc mcp install --client`) is a usage error, not the value true: install wrote the default client's config
    command.checkOptionValue();
    command.checkRequiredArgs();
    command.checkUnusedArgs();
    return null;
  } catch (error) {
    return usageError(io, (error as Error).message.replace(/`/g, "'"), usage, json);
  }
}

/** Each `svc mcp` option and the one action it belongs to. */
const MCP_ACTION_OPTIONS: readonly { key: string; flag: string; action: "serve" | "install" }[] = [
  { key: "client", flag: "--client", action: "install" },
  { key: "scope", flag: "--scope", action: "install" },
  { key: "withHooks", flag: "--with-hooks", action: "install" },
  { key: "root", flag: "--root", action: "serve" },
  { key: "allowRoot", flag: "--allow-root", action: "serve" },
];

async function runMcpCommand(
  command: SubCommand,
  args: readonly unknown[],
  options: Record<string, unknown>,
  io: CliIo,
  style: ReturnType<typeof styleFor>,
): Promise<number> {
  const usage = "mcp serve [--root <dir>] [--allow-root <dir>…] | mcp install [--client claude|cursor|vscode|codex|all] [--scope project|user] [--with-hooks]";
  const bad = checkUsage(command, io, usage, options.json === true);
  if (bad !== null) return bad;
  const action = String(args[0]);
  // An option of the other action would be ignored (`mcp install --root <dir>` wrote the working directory's config): refused.
  const foreign = MCP_ACTION_OPTIONS.find((o) => o.action !== action && (action === "serve" || action === "install") && options[o.key] !== undefined);
  if (foreign) return usageError(io, `option '${foreign.flag}' applies only to 'mcp ${foreign.action}', not 'mcp ${action}'`, usage, options.json === true);
  if (action === "serve") {
    const { serveMcp } = await import("../mcp/server.ts");
    const list = (value: unknown): string[] => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String));
    try {
      return await serveMcp({ root: list(options.root), allowRoot: list(options.allowRoot) });
    } catch (error) {
      io.err(errorLine(asSvcError(error).formatted, style));
      return 1;
    }
  }
  if (action !== "install") return usageError(io, `unknown mcp action '${action}'`, usage, options.json === true);
  return runInstaller(options, io, style, async (root) => {
    const { installMcp } = await import("../../install/mcp-install.ts");
    return installMcp({
      root,
      client: typeof options.client === "string" ? options.client : "claude",
      scope: typeof options.scope === "string" ? options.scope : "project",
      withHooks: options.withHooks === true,
    });
  }, (result) => result.changes.map((c) => `${c.action} ${c.file}: ${c.detail}`).join("\n"));
}

async function runHookCommand(
  command: SubCommand,
  args: readonly unknown[],
  options: Record<string, unknown>,
  io: CliIo,
  style: ReturnType<typeof styleFor>,
): Promise<number> {
  const usage = "hook install [--force]";
  const bad = checkUsage(command, io, usage, options.json === true);
  if (bad !== null) return bad;
  if (String(args[0]) !== "install") return usageError(io, `unknown hook action '${String(args[0])}'`, usage, options.json === true);
  return runInstaller(options, io, style, async (root) => {
    const { installHook } = await import("../../install/hook-install.ts");
    return installHook({ root, force: options.force === true });
  }, (result) => `${result.action} ${result.file}: ${result.detail}`);
}

/** An install helper run on the workspace of --cwd (else of this process): its result as JSON with --json, else as lines; a failure as a prefixed error, exit 1. */
async function runInstaller<T>(options: Record<string, unknown>, io: CliIo, style: ReturnType<typeof styleFor>, install: (root: string) => Promise<T>, lines: (result: T) => string): Promise<number> {
  try {
    const { resolveWorkspace } = await import("../../workspace/root.ts");
    const cwd = typeof options.cwd === "string" ? options.cwd : process.cwd();
    const result = await install(resolveWorkspace(".", cwd).root);
    io.out(options.json ? JSON.stringify(result, null, 2) : lines(result));
    return 0;
  } catch (error) {
    failure(io, error, style, options.json);
    return 1;
  }
}

export async function runCli(argv: readonly string[], rawIo: CliIo = processIo): Promise<number> {
  const io = redactingIo(rawIo);
  const { cli, byCommand } = buildProgram(VERSION);
  let parsed: { args: readonly unknown[]; options: Record<string, unknown> };
  try {
    parsed = parseCommandLine(cli, argv);
  } catch (error) {
    return usageError(io, (error as Error).message, "<command> [options]");
  }
  const options = parsed.options;
  // with --json every failure is one JSON object on stderr, a usage error included
  const json = options.json === true;
  const style = styleFor(io, options.color === false);
  if (options.help || options.h) return 0; // cac printed it
  if (options.version || options.v) {
    io.out(`svc ${VERSION}`);
    return 0;
  }
  const command = cli.matchedCommand;
  const twice = repeatedOption(options, command?.name);
  if (twice) {
    const spec = command ? byCommand.get(command.name) : undefined;
    return usageError(io, twice, spec ? usageOf(spec) : `${command?.name ?? "<command>"} [options]`, json);
  }
  if (!command) {
    const first = parsed.args[0];
    if (first !== undefined) return usageError(io, `unknown command '${String(first)}'`, "<command> [options]; svc --help lists the commands", json);
    const stray = Object.keys(options).filter((k) => !GLOBAL_KEYS.has(k));
    if (stray.length) return usageError(io, `unknown option '${asTyped(stray[0]!)}'`, "<command> [options]", json);
    io.out(intro(VERSION, [...byCommand.keys(), "mcp", "hook", "host"]));
    return 0;
  }
  if (command.name === "mcp") return runMcpCommand(command, parsed.args, options, io, style);
  if (command.name === "hook") return runHookCommand(command, parsed.args, options, io, style);
  if (command.name === "localize" || command.name === "resolve") {
    try {
      command.checkUnknownOptions();
      command.checkOptionValue();
      command.checkUnusedArgs();
    } catch (error) {
      return usageError(io, (error as Error).message.replace(/`/g, "'"), `${command.name} [path] …`, json);
    }
    const alias = deprecatedAlias(command.name, options);
    if ("usage" in alias) return usageError(io, alias.usage, alias.line, json);
    io.err(`svc ${command.name} is deprecated; use: ${alias.replacement}`);
    const spec = byCommand.get("find") as OperationSpec;
    return runOperation(spec, { ...alias.request, ...(parsed.args[0] !== undefined ? { path: parsed.args[0] } : {}) }, options, io, style);
  }
  if (command.name === "host") {
    try {
      command.checkUnknownOptions();
      command.checkOptionValue();
      command.checkUnusedArgs();
      const { runHost } = await import("../host/run.ts");
      return await runHost(typeof options.directory === "string" ? options.directory : undefined, typeof options.cwd === "string" ? options.cwd : process.cwd(), io, options.quiet === true);
    } catch (error) {
      if ((error as Error).name === "CACError") return usageError(io, (error as Error).message.replace(/`/g, "'"), "host [--directory <root>]", json);
      failure(io, error, style, options.json);
      return 1;
    }
  }
  const spec = byCommand.get(command.name);
  if (!spec) return usageError(io, `unknown command '${command.name}'`, "<command> [options]", json);
  try {
    command.checkUnknownOptions();
    command.checkOptionValue();
    command.checkRequiredArgs();
    command.checkUnusedArgs();
  } catch (error) {
    return usageError(io, (error as Error).message.replace(/`/g, "'"), usageOf(spec), json);
  }
  let raw: Record<string, unknown>;
  try {
    raw = await toRequest(spec, parsed.args, options);
  } catch (error) {
    failure(io, error, style, options.json);
    return 1;
  }
  return runOperation(spec, raw, options, io, style);
}

/**
 * The structured result as --json prints it: indented while that stays within the answer's
 * budget (the engine fitted the compact form, warnings on stderr included), else compact.
 */
async function jsonOut(data: object, budget: number | null, warnings: readonly string[] | undefined): Promise<string> {
  // a bidi control in JSON's own escape (`\u202E`): the same data, not displayed reordered (text/bidi.ts)
  const indented = jsonEscapeBidi(JSON.stringify(data, null, 2));
  if (budget === null) return indented;
  const counter = await tokenCounter();
  return counter.count(indented) + counter.count(warningLines(warnings)) <= budget ? indented : jsonEscapeBidi(JSON.stringify(data));
}

async function runOperation(spec: OperationSpec, raw: Record<string, unknown>, options: Record<string, unknown>, io: CliIo, style: ReturnType<typeof styleFor>): Promise<number> {
  try {
    const cwd = typeof options.cwd === "string" ? options.cwd : process.cwd();
    const bar = progressBar(io, !options.quiet);
    // without --json the CLI prints the text alone: the budget counts what it prints
    // a terminal is shown the text with control characters escaped: the engine fits that form (JSON escapes them itself)
    const ctx = { cwd, surface: "cli" as const, ...(options.json ? {} : { textOnly: true, ...(io.outIsTty ? { terminal: true } : {}) }) };
    let result;
    try {
      result = await invoke(spec, raw, { ...ctx, progress: bar?.update }, cliLabel);
    } finally {
      bar?.end();
    }
    if (!options.quiet) for (const w of result.warnings ?? []) io.err(`svc: warning: ${w}`);
    if (options.json) io.out(await jsonOut(result.data, answerBudget(spec, raw, ctx, cliLabel), options.quiet ? [] : result.warnings));
    else if (result.textToStderr) io.err(result.text);
    else if (result.text !== "") io.out(result.text);
    return result.exitCode ?? 0;
  } catch (error) {
    failure(io, error, style, options.json);
    return 1;
  }
}

/** `svc localize --task` and `svc resolve --<kind>` → the find request they stand for. */
function deprecatedAlias(name: string, options: Record<string, unknown>): { request: Record<string, unknown>; replacement: string } | { usage: string; line: string } {
  if (name === "localize") {
    if (typeof options.task !== "string") return { usage: "svc localize needs --task <text>", line: "localize [path] --task <text>" };
    return { request: { query: options.task, kind: "task" }, replacement: "svc find <text> --kind task" };
  }
  const line = "resolve [path] --service|--request|--route|--config|--symbol <x>";
  const given = ["service", "request", "route", "config", "symbol"].filter((kind) => options[kind] !== undefined);
  // one lookup per call: with two, the first was answered and the other ignored
  if (given.length > 1) return { usage: `svc resolve takes one of --service, --request, --route, --config or --symbol (given: ${given.map((k) => `--${k}`).join(", ")})`, line };
  const kind = given[0];
  if (kind && typeof options[kind] === "string") return { request: { query: options[kind], kind }, replacement: `svc find <${kind === "route" ? "text" : "name"}> --kind ${kind}` };
  return { usage: "svc resolve needs one of --service, --request, --route, --config or --symbol", line };
}
