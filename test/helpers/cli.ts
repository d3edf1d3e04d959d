// Run the CLI from source as a child process, the way users run it.

import { join } from "node:path";
import type { OperationSpec } from "../../src/registry/index.ts";
import { cliParams, flagName } from "../../src/surfaces/cli/program.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runSvc(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): CliRun {
  const result = Bun.spawnSync([process.execPath, "--no-install", MAIN, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: result.exitCode ?? -1, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

/** As runSvc, without blocking this process (a host served from the test process must keep answering). */
export async function runSvcAsync(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const child = Bun.spawn([process.execPath, "--no-install", MAIN, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

/** The CLI argv of an operation for a parameter set (its command, positionals, flags), or null when one of its parameters is not on the CLI. */
export function cliArgv(spec: OperationSpec, params: Record<string, unknown>): string[] | null {
  const { positional } = cliParams(spec);
  const argv = [spec.cli!.command];
  for (const p of positional) if (params[p.name] !== undefined) argv.push(String(params[p.name]));
  for (const [name, value] of Object.entries(params)) {
    const p = spec.params.find((x) => x.name === name);
    if (!p || p.cli === false || (p.cli && p.cli.fromStdin)) return null;
    if (p.cli && p.cli.positional) continue;
    const flag = flagName(p);
    if (p.type === "bool") {
      if (p.cli && p.cli.negate) {
        if (value === false) argv.push(`--no-${flag}`);
      } else if (value === true) argv.push(`--${flag}`);
    } else if (Array.isArray(value)) for (const v of value) argv.push(`--${flag}`, String(v));
    else argv.push(`--${flag}`, String(value));
  }
  return argv;
}

/** The CLI run in this process (its entry, runCli), stdout and stderr as the process would write them (each write ends a line). */
export async function runCliHere(argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const line = (t: string) => (t.endsWith("\n") ? t : `${t}\n`);
  const { runCli } = await import("../../src/surfaces/cli/run.ts");
  const code = await runCli(argv, { out: (t) => out.push(line(t)), err: (t) => err.push(line(t)), errIsTty: false });
  return { code, stdout: out.join(""), stderr: err.join("") };
}
