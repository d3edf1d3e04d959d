// How an MCP client or a hook should start this svc: the compiled binary itself, `bunx svc`
// when run that way, or the checkout's scripts/svc when run from source.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { IS_COMPILED } from "../version.ts";

export interface Launch {
  command: string;
  args: string[];
}

export function selfLaunch(subcommand: string[]): Launch {
  const script = process.argv[1] ?? "";
  if (/[\\/](bunx-[^\\/]*|\.bun[\\/]install[\\/]cache)[\\/]/.test(script)) return { command: "bunx", args: ["svc", ...subcommand] };
  if (IS_COMPILED) return { command: process.execPath, args: subcommand };
  const wrapper = join(import.meta.dir, "..", "..", "scripts", "svc");
  if (existsSync(wrapper)) return { command: wrapper, args: subcommand };
  return { command: process.execPath, args: [join(import.meta.dir, "..", "main.ts"), ...subcommand] };
}

/** A shell command line for hooks (arguments quoted when needed). */
export function shellLine(launch: Launch): string {
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return [launch.command, ...launch.args].map(quote).join(" ");
}
