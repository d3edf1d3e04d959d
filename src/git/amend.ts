// Whether the commit a pre-commit hook gates amends HEAD (`git commit --amend`). Then the commit
// replaces HEAD, and its baseline is HEAD's first parent: against HEAD itself, a break committed
// with --no-verify and then amended was compared with the broken commit and passed.
//
// git tells a hook nothing of it: no variable (GIT_REFLOG_ACTION is unset, GIT_EDITOR, GIT_INDEX_FILE
// and GIT_AUTHOR_* are the same for a new commit; an amend keeps HEAD's author, which a second
// commit by the same person within the same second has too), no file (COMMIT_EDITMSG is written
// after the hook). The sign that holds is the git process that runs the hook: its argv says
// `commit --amend` (an alias is expanded as git would). It is found among this process's
// ancestors — /proc/<pid>/cmdline and /proc/<pid>/stat on Linux, `ps -o ppid=,args=` elsewhere.
// When no ancestor can be read, whether the commit amends is unknown (`amend: null`).

import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { runText } from "../sys/proc.ts";
import { gitText } from "./git.ts";

/** `read`: told by the git process running the hook, read from its arguments (nothing overrides it). */
export type AmendSign = { amend: boolean; read?: true } | { amend: null; why: string };

/** How far up the process tree the git process is looked for (git → hook → a hook manager's shells → svc). */
const DEPTH = 12;

/** git's options before the command, and whether each takes the next argument as its value. */
const GLOBAL_WITH_VALUE = new Set(["-c", "-C", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--list-cmds", "--attr-source"]);

/** `git commit`'s options that take the next argument as their value (short ones also attached: -mmsg). */
const COMMIT_SHORT_WITH_VALUE = new Set(["m", "F", "C", "c", "t"]);
const COMMIT_LONG_WITH_VALUE = new Set(["--message", "--file", "--reuse-message", "--reedit-message", "--fixup", "--squash", "--author", "--date", "--template", "--cleanup", "--pathspec-from-file", "--trailer"]);

/** Whether `git commit`'s arguments amend: the last of --amend / --no-amend (git takes an unambiguous prefix: --am, --ame, --amen). */
export function commitArgsAmend(args: readonly string[]): boolean {
  let amend = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (/^--am(e(n(d)?)?)?$/.test(a)) amend = true;
    else if (/^--no-am(e(n(d)?)?)?$/.test(a)) amend = false;
    else if (a.startsWith("--")) {
      if (!a.includes("=") && COMMIT_LONG_WITH_VALUE.has(a)) i++;
    } else if (a.startsWith("-") && a.length > 1) {
      // a cluster of short options (-am): the first that takes a value takes the rest, or the next argument
      for (let k = 1; k < a.length; k++) {
        if (COMMIT_SHORT_WITH_VALUE.has(a[k]!)) {
          if (k === a.length - 1) i++;
          break;
        }
      }
    }
  }
  return amend;
}

/** git's argv after the program name: the command and its arguments, git's own options before it skipped. */
function commandOf(args: readonly string[]): { command: string; rest: string[] } | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("-")) return { command: a, rest: args.slice(i + 1) };
    if (GLOBAL_WITH_VALUE.has(a)) i++;
  }
  return null;
}

/** An alias's expansion (`git config alias.<name>`), split on blanks; null when it is none, or a shell alias (`!…`, whose git runs as a process of its own). */
async function aliasOf(root: string, name: string): Promise<string[] | null> {
  try {
    const value = (await gitText(root, ["config", "--get", `alias.${name}`], { timeoutMs: 10_000 })).trim();
    return value && !value.startsWith("!") ? value.split(/\s+/) : null;
  } catch {
    return null;
  }
}

/** Whether a git process's argv is a commit, and an amending one (null: not a commit). */
async function gitAmends(root: string, argv: readonly string[]): Promise<boolean | null> {
  let found = commandOf(argv.slice(1));
  for (let depth = 0; found && found.command !== "commit" && depth < 4; depth++) {
    const expanded = await aliasOf(root, found.command);
    if (!expanded) return null;
    found = commandOf([...expanded, ...found.rest]);
  }
  return found?.command === "commit" ? commitArgsAmend(found.rest) : null;
}

/** A process's parent and argv: from /proc, else from ps (its args split on blanks); null when neither tells. */
async function processInfo(root: string, pid: number): Promise<{ ppid: number; argv: string[] } | null> {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (argv.at(-1) === "") argv.pop();
    if (Number.isInteger(ppid)) return { ppid, argv };
  } catch {
    // no /proc (macOS, the BSDs): ps
  }
  try {
    const out = await runText(["ps", "-o", "ppid=,args=", "-p", String(pid)], { cwd: root, timeoutMs: 10_000 });
    const m = /^\s*(\d+)\s+(.*)$/s.exec(out.trim());
    return m ? { ppid: Number(m[1]), argv: m[2]!.split(/\s+/) } : null;
  } catch {
    return null;
  }
}

const isGit = (program: string | undefined) => !!program && /^git(\.exe)?$/i.test(basename(program));

/**
 * Whether the commit being made amends HEAD, from the nearest git process among this process's
 * ancestors. No git ancestor: not a commit's hook (svc gate run by hand), so nothing amends —
 * unless git gave this process a hook's environment (GIT_INDEX_FILE), when it is unknown.
 */
export async function commitAmends(root: string): Promise<AmendSign> {
  let pid = process.ppid;
  for (let depth = 0; depth < DEPTH && pid > 1; depth++) {
    const info = await processInfo(root, pid);
    if (!info) {
      if (depth === 0 || process.env.GIT_INDEX_FILE) return { amend: null, why: `the processes running this one cannot be read (process ${pid}), so whether the commit amends HEAD is unknown` };
      break;
    }
    // the nearest git process: a commit (amending or not), or another command that commits without amending (merge)
    if (isGit(info.argv[0])) return { amend: (await gitAmends(root, info.argv)) === true, read: true };
    pid = info.ppid;
  }
  return process.env.GIT_INDEX_FILE ? { amend: null, why: "no git process was found among the processes running this one, so whether the commit amends HEAD is unknown" } : { amend: false };
}
