// `svc hook install`: a git pre-commit hook that runs `svc gate`, so a commit does not land
// errors the change introduced. When the repository already manages its hooks (husky,
// lefthook, pre-commit) the line to add is printed instead; a foreign pre-commit hook is
// never overwritten without --force, and even then it is kept and run first (never over a
// different hook an earlier --force kept).

import { chmodSync, existsSync, lstatSync, readFileSync, renameSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { validationError } from "../errors.ts";
import { hasCliCommand } from "../registry/index.ts";
import { gitText } from "../git/git.ts";
import { hardLinked, writeFileAtomic } from "../sys/atomic-write.ts";
import { npxCaveat, selfLaunch, shellLine } from "./launch.ts";

export interface HookInstallRequest {
  root: string;
  force: boolean;
}

export interface HookInstallResult {
  action: "created" | "updated" | "unchanged" | "printed";
  file: string;
  /** The command the hook runs (or the line to add to the hook manager). */
  command: string;
  detail: string;
  /** A foreign hook kept aside (with --force) and run before svc gate. */
  keptAs?: string;
  /** The pre-merge-commit hook that runs pre-commit for a merge git commits itself (absent when hooks are printed for a manager). */
  mergeHook?: { action: "created" | "updated" | "unchanged" | "left"; file: string };
}

const MARKER = "# installed by `svc hook install`";
/**
 * What the hook runs: the commit exactly as staged (unstaged edits neither hide nor cause
 * errors), failing closed — a gate that could not verify (timeout, no engine, a config
 * change it cannot overlay) blocks the commit with its one-line reason on stderr;
 * `git commit --no-verify` is the deliberate way past it.
 */
export const GATE_ARGS = ["gate", "--staged", "--strict"];
const KEPT = "pre-commit.before-svc";
/** git runs pre-merge-commit, not pre-commit, for a merge it commits itself (no conflict): a merge that breaks the types (one side changes a signature, the other adds a call) would land unchecked. */
const MERGE_HOOK = "pre-merge-commit";
const MERGE_SCRIPT = ["#!/bin/sh", MARKER, "# git merge runs this hook, not pre-commit, when it commits a merge itself: the same gate checks the merge result.", 'exec "$(dirname "$0")/pre-commit" "$@"', ""].join("\n");
const MERGE_NOTE = "git runs pre-merge-commit, not pre-commit, for a merge it commits itself: add the same line there too";

interface Manager {
  name: string;
  file: string;
  how: string;
}

/** The hook manager the repository uses, if any. */
function hookManager(root: string, gateLine: string): Manager | null {
  const pkg = join(root, "package.json");
  let husky = existsSync(join(root, ".husky"));
  if (!husky && existsSync(pkg)) {
    try {
      const json = JSON.parse(readFileSync(pkg, "utf8")) as { husky?: unknown; devDependencies?: Record<string, string>; dependencies?: Record<string, string> };
      husky = json.husky !== undefined || Boolean(json.devDependencies?.husky ?? json.dependencies?.husky);
    } catch {
      // an unparsable package.json says nothing about husky
    }
  }
  if (husky) return { name: "husky", file: ".husky/pre-commit", how: `add this line to .husky/pre-commit:\n  ${gateLine}` };
  for (const name of ["lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml"]) {
    if (existsSync(join(root, name))) {
      return { name: "lefthook", file: name, how: `add to ${name}:\n  pre-commit:\n    commands:\n      svc-gate:\n        run: ${gateLine}` };
    }
  }
  if (existsSync(join(root, ".pre-commit-config.yaml"))) {
    return {
      name: "pre-commit",
      file: ".pre-commit-config.yaml",
      how: `add to .pre-commit-config.yaml under repos:\n  - repo: local\n    hooks:\n      - id: svc-gate\n        name: svc gate\n        entry: ${gateLine}\n        language: system\n        pass_filenames: false\n        always_run: true`,
    };
  }
  return null;
}

/** The hook's text, null when there is none; a link to nowhere or an unreadable hook is "" (something is there). */
function hookText(file: string): string | null {
  try {
    lstatSync(file);
  } catch {
    return null;
  }
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

async function hooksDir(root: string): Promise<string> {
  let out: string;
  try {
    out = (await gitText(root, ["rev-parse", "--git-path", "hooks"])).trim();
  } catch {
    throw validationError(`svc hook install needs a git repository; ${root} is not one`);
  }
  return isAbsolute(out) ? out : join(root, out);
}

/** A hooks folder the work tree holds (core.hooksPath = .githooks), so a commit may share it: not the git directory's own. */
function inWorkTree(root: string, dir: string): boolean {
  const rel = relative(root, dir);
  if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return false;
  return rel !== ".git" && !rel.startsWith(`.git${sep}`);
}

function hookScript(gateLine: string, chained: boolean): string {
  const lines = ["#!/bin/sh", MARKER, "# Blocks a commit while the staged change introduces compiler errors (listed), or when svc gate cannot verify it (bypass: git commit --no-verify)."];
  if (chained) lines.push(`hook_dir=$(dirname "$0")`, `if [ -x "$hook_dir/${KEPT}" ]; then "$hook_dir/${KEPT}" "$@" || exit $?; fi`);
  lines.push(`exec ${gateLine}`, "");
  return lines.join("\n");
}

export async function installHook(request: HookInstallRequest): Promise<HookInstallResult> {
  // A hook calling a command this build lacks would block every commit.
  if (!hasCliCommand("gate")) throw validationError("svc gate is not in this build yet, so no hook was installed");
  // A hook manager's file is committed (a portable, pinned command), and so is a core.hooksPath
  // folder inside the work tree (.githooks); .git/hooks belongs to this clone.
  const shared = selfLaunch(GATE_ARGS, "project");
  const sharedLine = shellLine(shared);
  const dir = await hooksDir(request.root);
  const gate = inWorkTree(request.root, dir) ? shared : selfLaunch(GATE_ARGS, "local");
  const gateLine = shellLine(gate);
  const manager = hookManager(request.root, sharedLine);
  if (manager) {
    return { action: "printed", file: manager.file, command: sharedLine, detail: `this repository manages its hooks with ${manager.name}; nothing written. ${manager.how}\n(${MERGE_NOTE})${npxCaveat(shared)}` };
  }
  const file = join(dir, "pre-commit");
  const shown = relative(request.root, file) || file;
  const merge = mergeHookPlan(request.root, dir); // before anything moves: it may refuse
  const existing = hookText(file);
  const ours = existing !== null && existing.includes(MARKER);
  let keptAs: string | undefined;
  if (existing !== null && !ours) {
    if (!request.force) {
      throw validationError(`${shown} already exists and was not written by svc; nothing changed. Add '${gateLine}' to it yourself, or re-run with --force to keep it as ${KEPT} (run first) and install svc's hook`);
    }
    // A hook kept by an earlier --force: the rename would replace it, losing it.
    const kept = join(dir, KEPT);
    const before = hookText(kept);
    if (before !== null && before !== existing) {
      throw validationError(`${shown} was not written by svc, and ${relative(request.root, kept) || kept} already holds another hook kept by an earlier --force; nothing changed. Merge the two into one of them (or remove the one not needed), then run svc hook install --force again`);
    }
    renameSync(file, kept);
    keptAs = relative(request.root, join(dir, KEPT));
  }
  const chained = keptAs !== undefined || existsSync(join(dir, KEPT));
  const script = hookScript(gateLine, chained);
  const unchanged = ours && existing === script;
  // a hook of ours with other names: refused before anything is written (the rename would cut it from them)
  const linked = ours && !unchanged ? hardLinked(statSync(file)) : null; // a foreign hook was renamed aside, its links intact
  if (linked) throw validationError(`${shown}: ${linked}; nothing changed. Give it its own copy first (cp it aside and move the copy over it), then run svc hook install again`);
  if (!unchanged) {
    writeFileAtomic(file, script);
    chmodSync(file, 0o755);
  }
  writeMergeHook(merge);
  const mergeDetail = merge.action === "left" ? `; ${merge.file} was not written by svc and is left as it is (${MERGE_NOTE})` : merge.action === "unchanged" ? "" : `; ${merge.file} runs it for merges git commits itself`;
  const mergeHook = { action: merge.action, file: merge.file };
  if (unchanged) return { action: "unchanged", file: shown, command: gateLine, detail: `pre-commit runs svc gate${mergeDetail}${npxCaveat(gate)}`, mergeHook };
  const detail = `pre-commit runs ${gateLine}${keptAs ? ` after the previous hook, kept as ${keptAs}` : ""}${mergeDetail}${npxCaveat(gate)}`;
  return { action: ours ? "updated" : "created", file: shown, command: gateLine, detail, ...(keptAs ? { keptAs } : {}), mergeHook };
}

type MergeHookPlan = NonNullable<HookInstallResult["mergeHook"]> & { path: string };

/** What becomes of the pre-merge-commit hook running pre-commit: written when absent or svc's, a foreign one left as it is; svc's with other names is refused. */
function mergeHookPlan(root: string, dir: string): MergeHookPlan {
  const path = join(dir, MERGE_HOOK);
  const file = relative(root, path) || path;
  const existing = hookText(path);
  if (existing === MERGE_SCRIPT) return { action: "unchanged", file, path };
  if (existing !== null && !existing.includes(MARKER)) return { action: "left", file, path };
  const linked = existing !== null ? hardLinked(statSync(path)) : null;
  if (linked) throw validationError(`${file}: ${linked}; nothing changed. Give it its own copy first (cp it aside and move the copy over it), then run svc hook install again`);
  return { action: existing === null ? "created" : "updated", file, path };
}

function writeMergeHook(plan: MergeHookPlan): void {
  if (plan.action !== "created" && plan.action !== "updated") return;
  writeFileAtomic(plan.path, MERGE_SCRIPT);
  chmodSync(plan.path, 0o755);
}
