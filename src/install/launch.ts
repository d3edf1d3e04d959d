// How an MCP client or a hook should start this svc, written so it stays correct where the
// file goes: a project file (committed, shared with a team) gets a portable command — `svc`
// when the `svc` on PATH is this very version, else `npx -y svc-engine@<this version>` —
// never an absolute path and never an unpinned package. A file local to this machine (user
// scope, a clone's .git/hooks) may also name this installed binary (or this checkout's
// scripts/svc) by absolute path, unless it lives in a temporary place (an npx/bunx cache, a
// temp folder), which the pinned npx command replaces.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve, sep } from "node:path";
import { IS_COMPILED, VERSION } from "../version.ts";

export interface Launch {
  command: string;
  args: string[];
}

/** Where the written command will live: a shared project file, or this machine only. */
export type LaunchScope = "project" | "local";

/** The published package name (the npm name `svc` belongs to an unrelated package). */
export const PACKAGE_NAME = "svc-engine";

/** What selfLaunch decides from; gathered from the running process by `currentProcess()`. */
export interface LaunchFacts {
  version: string;
  /** The running svc's own executable: the compiled binary, or the checkout's scripts/svc; null when neither. */
  installed: string | null;
  /** `installed` is a source checkout's wrapper (a developer's clone is never temporary, wherever it is). */
  fromCheckout: boolean;
  /** The `svc` on PATH reports this version. */
  svcOnPath: boolean;
  /** Folders whose contents are temporary (npx and bunx caches are recognized by name anyway). */
  tempRoots: string[];
}

/** An executable under a temp folder or a package runner's cache: gone or replaced later. */
export function isTemporaryPath(path: string, tempRoots: string[]): boolean {
  const p = resolve(path);
  if (/[\\/](_npx|bunx-[^\\/]*|\.bun[\\/]install[\\/]cache|_cacache|pnpm[\\/]dlx|\.yarn[\\/]berry[\\/]cache)[\\/]/.test(p)) return true;
  return tempRoots.some((root) => root && (p === resolve(root) || p.startsWith(resolve(root) + sep)));
}

/** The command to write: see the header. Pure; `selfLaunch` supplies the facts of this process. */
export function chooseLaunch(subcommand: string[], scope: LaunchScope, facts: LaunchFacts): Launch {
  if (facts.svcOnPath) return { command: "svc", args: subcommand };
  if (scope === "local" && facts.installed && (facts.fromCheckout || !isTemporaryPath(facts.installed, facts.tempRoots))) return { command: facts.installed, args: subcommand };
  return { command: "npx", args: ["-y", `${PACKAGE_NAME}@${facts.version}`, ...subcommand] };
}

function svcOnPathIsThisVersion(): boolean {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  const names = process.platform === "win32" ? ["svc.exe", "svc.cmd"] : ["svc"];
  const found = dirs.flatMap((d) => names.map((n) => join(d, n))).find((f) => existsSync(f));
  if (!found) return false;
  const run = spawnSync(found, ["--version"], { encoding: "utf8", timeout: 15_000, env: { ...process.env, NO_COLOR: "1" } });
  return run.status === 0 && new RegExp(`^svc ${VERSION.replace(/\./g, "\\.")}(\\s|$)`).test(run.stdout ?? "");
}

let cached: LaunchFacts | null = null;

/** The facts of the running process (PATH is probed once). */
export function currentProcess(): LaunchFacts {
  if (cached) return cached;
  let installed: string | null = null;
  if (IS_COMPILED) installed = process.execPath;
  else {
    const wrapper = join(import.meta.dir, "..", "..", "scripts", "svc");
    if (existsSync(wrapper)) installed = wrapper;
  }
  const tempRoots = [tmpdir(), process.env.TMPDIR ?? "", "/tmp", "/var/tmp", "/private/tmp", "/private/var/folders"];
  cached = { version: VERSION, installed, fromCheckout: !IS_COMPILED && installed !== null, svcOnPath: svcOnPathIsThisVersion(), tempRoots };
  return cached;
}

/**
 * What a written `npx -y svc-engine@<version>` command needs and svc cannot check offline: that
 * version on the npm registry (or in npx's cache). Said beside every install that writes one
 * (empty for any other command), with the way to a command that runs now.
 */
export function npxCaveat(launch: Launch): string {
  if (launch.command !== "npx") return "";
  const pkg = launch.args.find((a) => a.startsWith(`${PACKAGE_NAME}@`)) ?? PACKAGE_NAME;
  return `; it runs npx -y ${pkg}, which needs ${pkg} on the npm registry (or in npx's cache): svc cannot check that offline. With this svc on PATH as \`svc\` (svc --version: ${VERSION}), re-run the install to write \`svc\` instead`;
}

export function selfLaunch(subcommand: string[], scope: LaunchScope): Launch {
  return chooseLaunch(subcommand, scope, currentProcess());
}

/** A shell command line for hooks (arguments quoted when needed). */
export function shellLine(launch: Launch): string {
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return [launch.command, ...launch.args].map(quote).join(" ");
}
