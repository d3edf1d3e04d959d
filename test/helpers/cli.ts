// Run the CLI from source as a child process, the way users run it.

import { join } from "node:path";

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
