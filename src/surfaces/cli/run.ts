// The CLI entry: parse, call the engine, print. Exit codes: 0 ok, 1 operation error
// (the prefixed line on stderr), 2 usage error (a short usage line).

import { invoke } from "../../engine.ts";
import { asSvcError } from "../../errors.ts";
import type { ParamSpec } from "../../params.ts";
import type { OperationSpec } from "../../registry.ts";
import { VERSION } from "../../version.ts";
import { intro } from "./intro.ts";
import { errorLine, processIo, styleFor, type CliIo } from "./output.ts";
import { progressBar } from "./progress.ts";
import { buildProgram, cliParams, flagName, optionKey, usageOf } from "./program.ts";

const GLOBAL_KEYS = new Set(["--", "json", "quiet", "color", "cwd", "help", "h", "version", "v"]);

function usageError(io: CliIo, message: string, usage: string): number {
  io.err(`svc: ${message}`);
  io.err(`usage: svc ${usage}   (svc ${usage.split(" ")[0]} --help for details)`);
  return 2;
}

/** cac's parsed args and options → the operation's raw request. */
function toRequest(spec: OperationSpec, args: readonly unknown[], options: Record<string, unknown>): Record<string, unknown> {
  const { positional, flags } = cliParams(spec);
  const raw: Record<string, unknown> = {};
  positional.forEach((param, i) => {
    if (args[i] !== undefined) raw[param.name] = args[i];
  });
  for (const param of flags) {
    const value = options[optionKey(flagName(param))];
    if (value !== undefined) raw[param.name] = value;
  }
  return raw;
}

const cliLabel = (param: ParamSpec): string => (param.cli && param.cli.positional ? `<${param.name}>` : `--${flagName(param)}`);

export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const { cli, byCommand } = buildProgram(VERSION);
  let parsed: { args: readonly unknown[]; options: Record<string, unknown> };
  try {
    parsed = cli.parse(["svc", "svc", ...argv], { run: false });
  } catch (error) {
    return usageError(io, (error as Error).message, "<command> [options]");
  }
  const options = parsed.options;
  const style = styleFor(io, options.color === false);
  if (options.help || options.h) return 0; // cac printed it
  if (options.version || options.v) {
    io.out(`svc ${VERSION}`);
    return 0;
  }
  const command = cli.matchedCommand;
  if (!command) {
    const first = parsed.args[0];
    if (first !== undefined) return usageError(io, `unknown command '${String(first)}'`, "<command> [options]; svc --help lists the commands");
    const stray = Object.keys(options).filter((k) => !GLOBAL_KEYS.has(k));
    if (stray.length) return usageError(io, `unknown option '--${stray[0]}'`, "<command> [options]");
    io.out(intro(VERSION, [...byCommand.keys()]));
    return 0;
  }
  const spec = byCommand.get(command.name);
  if (!spec) return usageError(io, `unknown command '${command.name}'`, "<command> [options]");
  try {
    command.checkUnknownOptions();
    command.checkOptionValue();
    command.checkRequiredArgs();
    command.checkUnusedArgs();
  } catch (error) {
    return usageError(io, (error as Error).message.replace(/`/g, "'"), usageOf(spec));
  }
  try {
    const cwd = typeof options.cwd === "string" ? options.cwd : process.cwd();
    const bar = progressBar(io, !options.quiet);
    let result;
    try {
      result = await invoke(spec, toRequest(spec, parsed.args, options), { cwd, progress: bar?.update }, cliLabel);
    } finally {
      bar?.end();
    }
    if (!options.quiet) for (const w of result.warnings ?? []) io.err(`svc: warning: ${w}`);
    io.out(options.json ? JSON.stringify(result.data, null, 2) : result.text);
    return 0;
  } catch (error) {
    io.err(errorLine(asSvcError(error).formatted, style));
    return 1;
  }
}
