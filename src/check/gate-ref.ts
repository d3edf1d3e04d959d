// `svc gate` without a host: the errors present now but not at a git ref. The state gated
// is the working tree (`--since`), or with `--staged` the commit the index would make:
// every file whose working-tree copy differs from the index (unstaged edits, untracked
// files) is overlaid with its index content (or emptied), so unstaged edits neither hide
// nor cause errors. The baseline is the ref's content of the same files (gate-compare.ts).
// Time-boxed; a check that could not run says why and is never read as clean.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { changedFiles, fileAtRef, hasCommits } from "../git/changes.ts";
import { blobsAt, fileInIndex, followLinks, linksTo, stagedState } from "../git/staged.ts";
import type { OpContext } from "../ops/types.ts";
import { leadsOut } from "../workspace/allowed.ts";
import { findGitRoot } from "../workspace/root.ts";
import { textReader } from "../workspace/files.ts";
import { extendedConfigs } from "./config-chain.ts";
import { declaredRenames } from "./renames.ts";
import { errorsOf, renameDelta, type DiagDelta, type Rename } from "./diag.ts";
import { compareStates, isCheckable, isGateInput, PROJECT_CONFIG, type GateOutcome, type GatePlan, type StateOverlays } from "./gate-compare.ts";
import type { CheckWorkspace } from "./workspace.ts";
import { parseJsonc } from "../index/imports/file-index.ts";
import { isCodeLanguage, languageOf } from "../lang/languages.ts";

export { isCheckable } from "./gate-compare.ts";

/** `otherCode`: changed source files in a language the compiler does not read (Python, Go…), set when no TypeScript or JavaScript file changed: then nothing of the change was verified, which is no pass. */
/** `against`: what the staged gate compared with (HEAD; for an amend HEAD's first parent, or the empty tree). */
export type RefGateOutcome = (GateOutcome & { ran: true; files: number; otherCode?: number; against?: string }) | { ran: false; reason: string };

/** Changed files in a programming language the gate does not check. */
function otherCode(paths: readonly string[]): number {
  return paths.filter((p) => isCodeLanguage(languageOf(p)) && !isGateInput(p)).length;
}

/** How a gate outcome was reached, for a verdict line: the changed files, how many files were checked (and how long: `timed`), and what was left out (a gate that checked nothing says so, whatever it passes). */
export function howChecked(what: string, outcome: { files: number; checked: number; elapsedMs: number; note?: string }, timed = true): string {
  const files = outcome.files === 0 && outcome.note ? "no changed TypeScript or JavaScript file" : `${outcome.files} changed file${outcome.files === 1 ? "" : "s"}`;
  if (outcome.note && !outcome.checked) return `${what}: ${files}, nothing checked: ${outcome.note}`;
  const checked = `${outcome.checked} file${outcome.checked === 1 ? "" : "s"} checked${timed ? ` in ${outcome.elapsedMs} ms` : ""}`;
  return outcome.note ? `${what}: ${files}, ${checked}: ${outcome.note}` : `${what}: ${files} and their dependents, ${checked}`;
}

/** The changed files the gate does not take in (not a TypeScript or JavaScript source, not a data module, not a config whose edit matters): a pass says they were not checked, never that nothing changed. */
function unchecked(paths: readonly string[]): string | undefined {
  const others = paths.filter((p) => !isGateInput(p) && !PROJECT_CONFIG.test(p));
  if (!others.length) return undefined;
  const shown = others.length > 5 ? `${others.slice(0, 5).join(", ")}, …` : others.join(", ");
  return `${others.length} other changed file${others.length === 1 ? "" : "s"} not checked (not TypeScript or JavaScript: ${shown})`;
}

/** The working tree's changes since HEAD as a session verdict needs them: the files it never sees (`unchecked`, see above), and the TypeScript and JavaScript sources, whose holding project the host is asked about. */
export async function changesSinceHead(root: string): Promise<{ unchecked?: string; sources: string[] }> {
  if (!findGitRoot(root) || !(await hasCommits(root))) return { sources: [] };
  try {
    const paths = (await changedFiles(root, "HEAD")).filter((f) => f.status !== "deleted").map((f) => f.path);
    const left = unchecked(paths);
    return { ...(left ? { unchecked: left } : {}), sources: paths.filter((p) => isCheckable(p) && !leadsOut(root, p)) };
  } catch {
    return { sources: [] };
  }
}

/**
 * A session delta with the errors only respelled by a declaration the working tree renamed by
 * hand since HEAD matched away (the same errors, neither introduced nor resolved), as the
 * gate's own comparisons match them (compareStates): every reader of a session delta — check
 * --delta, gate, svc_check — gets it from here.
 */
export async function withoutRespelled<T extends DiagDelta>(root: string, delta: T): Promise<T> {
  if (!errorsOf(delta.introduced).length || !delta.resolved.length) return delta;
  const renames = await renamesSinceHead(root, (await changesSinceHead(root)).sources);
  return renames.length ? { ...delta, ...renameDelta(delta.resolved, delta.introduced, renames) } : delta;
}

/** The declarations the working tree renamed by hand since HEAD, in `sources` (changesSinceHead's): a session delta reads their respelled errors as the same errors. */
async function renamesSinceHead(root: string, sources: readonly string[]): Promise<Rename[]> {
  try {
    const atHead = await blobsAt(root, "HEAD", sources);
    const read = textReader(root);
    return declaredRenames(sources.map((p) => ({ path: p, before: atHead.get(p), after: existsSync(join(root, p)) ? read(p) : null })));
  } catch {
    return []; // none known: every respelled error counts as introduced (a false block, never a false pass)
  }
}

/** Changed paths a symbolic link leads out of the workspace: not compiled, named. */
function linkedOut(paths: readonly string[]): string | undefined {
  if (!paths.length) return undefined;
  const shown = paths.length > 5 ? `${paths.slice(0, 5).join(", ")}, …` : paths.join(", ");
  const one = paths.length === 1;
  return `${paths.length} changed file${one ? "" : "s"} not checked (${one ? "a symbolic link" : "symbolic links"} leading out of the workspace, never followed: ${shown})`;
}

/** The outcome with what the gate left out added to its note. */
function withUnchecked<T extends RefGateOutcome>(outcome: T, note: string | undefined): T {
  if (!outcome.ran || !note) return outcome;
  return { ...outcome, note: outcome.note ? `${outcome.note}; ${note}` : note };
}

function configReason(path: string, against: string): string {
  return `${path} changed ${against}; the comparison overlays source files only, so it cannot tell what the config change did`;
}

/** package.json fields the compiler reads (module format, entry points, self-reference, workspaces). */
const PACKAGE_FIELDS = ["name", "type", "exports", "imports", "main", "module", "types", "typings", "typesVersions", "workspaces"];

/** Whether a config edit can change what the compiler sees: package.json fields it reads, a tsconfig's parsed content. */
export function configEditMatters(path: string, before: string | null, after: string | null): boolean {
  if (before === null || after === null) return true;
  const a = parseJsonc(before) as Record<string, unknown> | null;
  const b = parseJsonc(after) as Record<string, unknown> | null;
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return true;
  if (!/(^|\/)package\.json$/.test(path)) return JSON.stringify(a) !== JSON.stringify(b);
  return PACKAGE_FIELDS.some((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
}

/** Why the baseline or the commit cannot be built: a file `where` has whose content git could not read (a missing object: a partial clone offline, a damaged repository). */
function unreadable(paths: readonly string[], contents: ReadonlyMap<string, string | null>, where: string): string | null {
  const missing = paths.find((p) => (contents.get(p) ?? null) === null);
  return missing === undefined ? null : `git could not read ${missing} at ${where} (a missing object?), so the comparison cannot be built — run git fsck, or fetch the missing objects`;
}

/** Tracked links to the changed files: their importers are checked, and each state sees through a link its target's content there. */
async function addLinks(root: string, plan: GatePlan, index?: string): Promise<void> {
  const links = await linksTo(root, [...plan.seeds, ...plan.gone], index);
  plan.links = [...links.keys()];
  for (const [link, target] of links) for (const state of [plan.gated, plan.baseline]) if (!state.has(link) && state.has(target)) state.set(link, state.get(target)!);
}

/** The working tree against `ref`. */
export async function refGate(root: string, ref: string, timeoutMs: number, _ctx: OpContext): Promise<RefGateOutcome> {
  const started = performance.now();
  if (!findGitRoot(root)) return { ran: false, reason: `${root} is not a git repository and no host serves it` };
  if (!(await hasCommits(root))) return { ran: false, reason: "the repository has no commits yet, so there is nothing to compare with" };
  const changed = await changedFiles(root, ref);
  const extended = await extendedConfigs(root, changed.flatMap((c) => (c.oldPath ? [c.path, c.oldPath] : [c.path])));
  const isConfig = (p: string) => PROJECT_CONFIG.test(p) || extended.has(p);
  for (const f of changed.filter((c) => isConfig(c.path))) {
    const before = f.status === "added" || f.status === "untracked" ? null : await fileAtRef(root, ref, f.oldPath ?? f.path);
    if (configEditMatters(f.path, before, f.status === "deleted" ? null : textReader(root)(f.path))) return { ran: false, reason: configReason(f.path, `since ${ref}`) };
  }
  // a link leading out: what it leads to is no workspace file, and its errors would quote it
  const out = changed.filter((f) => f.status !== "deleted" && leadsOut(root, f.path)).map((f) => f.path);
  const sources = changed.filter((f) => isGateInput(f.path) && !extended.has(f.path) && !out.includes(f.path));
  const others = changed.filter((f) => f.status !== "deleted" && !extended.has(f.path) && !out.includes(f.path)).map((f) => f.path);
  const left = [unchecked(others), linkedOut(out)].filter(Boolean).join("; ") || undefined;
  if (!sources.length) return withUnchecked({ ran: true, introduced: [], preExisting: 0, checked: 0, files: 0, otherCode: otherCode(others), elapsedMs: Math.round(performance.now() - started) }, left);
  const plan: GatePlan = { seeds: [], gone: [], gated: new Map(), baseline: new Map(), holdsUntracked: true };
  const existed = sources.filter((f) => f.status !== "added" && f.status !== "untracked");
  const atRef = await blobsAt(root, ref, existed.map((f) => f.oldPath ?? f.path)); // one git call for every baseline
  const unread = unreadable(existed.map((f) => f.oldPath ?? f.path), atRef, ref);
  if (unread) return { ran: false, reason: unread };
  for (const f of sources) {
    if (f.status !== "deleted") plan.seeds.push(f.path);
    if (f.status === "deleted" || f.oldPath) plan.gone.push(f.oldPath ?? f.path);
    if (f.oldPath) plan.baseline.set(f.path, null);
    const before = f.oldPath ?? f.path;
    plan.baseline.set(before, atRef.get(before) ?? null);
  }
  await addLinks(root, plan);
  const outcome = await compareStates(root, plan, timeoutMs);
  return outcome.ran ? withUnchecked({ ...outcome, files: sources.length }, left) : outcome;
}

/** The entries of a state that are the disk's content (a file the state lacks that the disk lacks too): left to the disk, so a state that is the disk's has no overlay. */
function asOnDisk(root: string, state: StateOverlays): void {
  const read = textReader(root);
  for (const [path, text] of state) if (text === null ? !existsSync(join(root, path)) : existsSync(join(root, path)) && read(path) === text) state.delete(path);
}

/** What a staged gate compares with, for its verdict. */
export function stagedAgainst(amend: boolean, base: string | null, headExists: boolean): string {
  if (!amend) return "HEAD";
  return base ? "HEAD^ (amending HEAD)" : headExists ? "the empty tree (amending the root commit)" : "HEAD";
}

/**
 * The commit the index would make against HEAD; `resident`: compared in the host's resident engine instead of one loaded for the call; `index`: the index
 * file to read instead of the repository's (a pre-commit hook's under `git commit -a` or with paths, see givenIndexFile); `amend`: the commit replaces HEAD
 * (git/amend.ts), so it is compared with HEAD's first parent (none: the empty tree).
 */
export async function stagedGate(root: string, timeoutMs: number, resident?: CheckWorkspace, index?: string, amend = false): Promise<RefGateOutcome> {
  const started = performance.now();
  if (!findGitRoot(root)) return { ran: false, reason: `${root} is not a git repository` };
  const state = await stagedState(root, index, amend);
  const unmerged = state.staged.find((f) => f.status === "unmerged");
  if (unmerged) return { ran: false, reason: `${unmerged.path} is unmerged (a conflict not resolved), so the index holds no commit to check — resolve it and stage the result (git add ${unmerged.path})` };
  const ref = state.base;
  const against = stagedAgainst(amend, state.base, state.headExists);
  const headOf = (path: string) => (ref ? fileAtRef(root, ref, path) : Promise.resolve(null));
  // Configs by name, and the files a tsconfig's `extends` chain names.
  const extended = await extendedConfigs(root, [...state.staged.flatMap((f) => (f.oldPath ? [f.path, f.oldPath] : [f.path])), ...state.unstaged, ...state.untracked], index);
  const isConfig = (p: string) => PROJECT_CONFIG.test(p) || extended.has(p);
  // A config edited on disk but not staged: the engine reads configs from disk, so the commit's own cannot be checked.
  for (const path of [...state.unstaged, ...state.untracked].filter(isConfig)) {
    if (configEditMatters(path, await fileInIndex(root, path, index), textReader(root)(path))) {
      return { ran: false, reason: `${path} differs from the index (unstaged); the engine reads configs from disk, so it cannot check the commit's — stage or stash it` };
    }
  }
  // A staged config edit the compiler sees: the commit is checked whole (its config is on disk), and passes only clean.
  let config: string | undefined;
  for (const f of state.staged.filter((c) => isConfig(c.path) || (c.oldPath !== undefined && isConfig(c.oldPath)))) {
    const before = f.status === "added" ? null : await headOf(f.oldPath ?? f.path);
    if (configEditMatters(f.path, before, f.status === "deleted" ? null : await fileInIndex(root, f.path, index))) config ??= f.path;
  }
  const sources = state.staged.filter((f) => !extended.has(f.path) && (isGateInput(f.path) || (f.oldPath !== undefined && isGateInput(f.oldPath))));
  const others = state.staged.filter((f) => f.status !== "deleted" && !extended.has(f.path)).map((f) => f.path);
  const left = unchecked(others);
  if (!sources.length && !config) return withUnchecked({ ran: true, introduced: [], preExisting: 0, checked: 0, files: 0, otherCode: otherCode(others), elapsedMs: Math.round(performance.now() - started), against }, left);
  const plan: GatePlan = { seeds: [], gone: [], gated: new Map(), baseline: new Map(), alsoCheck: [], ...(config ? { config } : {}) };
  // Contents in two batches: the index's of the staged and unstaged files, HEAD's of the staged ones.
  const unstaged = state.unstaged.filter((p) => isGateInput(p) && !extended.has(p) && !sources.some((f) => f.path === p));
  // A source the commit has but the disk lacks: the engine's programs take their files from disk, so it would check neither it nor, through it, its importers.
  const missing = [...sources.filter((f) => f.status !== "deleted").map((f) => f.path), ...unstaged].find((p) => isCheckable(p) && !existsSync(join(root, p)));
  if (missing) return { ran: false, reason: `${missing} is in the commit but not on disk; the engine reads its programs' files from disk, so it cannot check the commit's — restore it (git checkout -- ${missing}) or stage its removal (git rm --cached ${missing})` };
  const indexed = await blobsAt(root, "", [...sources.filter((f) => f.status !== "deleted").map((f) => f.path), ...unstaged], index);
  const atHead = ref ? await blobsAt(root, ref, sources.filter((f) => f.status !== "added").map((f) => f.oldPath ?? f.path)) : new Map<string, string | null>();
  const unread = unreadable(sources.filter((f) => f.status !== "deleted").map((f) => f.path), indexed, "the index") ?? (ref ? unreadable(sources.filter((f) => f.status !== "added").map((f) => f.oldPath ?? f.path), atHead, ref) : null);
  if (unread) return { ran: false, reason: unread };
  // A symbolic link's blob names its target: the compiler reads the target's content.
  const unfollowed = (await followLinks(root, "", indexed, index)) ?? (ref ? await followLinks(root, ref, atHead) : null);
  if (unfollowed) return { ran: false, reason: unfollowed };
  for (const f of sources) {
    if (f.status !== "deleted") plan.seeds.push(f.path);
    if (f.status === "deleted" || f.oldPath) plan.gone.push(f.oldPath ?? f.path);
    plan.gated.set(f.path, f.status === "deleted" ? null : (indexed.get(f.path) ?? null));
    if (f.oldPath) {
      plan.gated.set(f.oldPath, null);
      plan.baseline.set(f.path, null);
    }
    plan.baseline.set(f.oldPath ?? f.path, f.status === "added" ? null : (atHead.get(f.oldPath ?? f.path) ?? null));
  }
  // Unstaged edits and untracked files are not in the commit: both states see the index's content (HEAD's, for an unstaged file).
  for (const path of unstaged) {
    plan.gated.set(path, indexed.get(path) ?? null);
    plan.baseline.set(path, indexed.get(path) ?? null);
    plan.alsoCheck!.push(path);
  }
  for (const path of state.untracked.filter(isGateInput)) {
    if (plan.gated.has(path)) continue;
    plan.gated.set(path, null);
    plan.baseline.set(path, null);
  }
  await addLinks(root, plan, index);
  // what the commit has as the disk has it (the common pre-commit case: everything staged) is read from the disk: no overlay, and a resident engine's cache answers
  asOnDisk(root, plan.gated);
  const outcome = await compareStates(root, plan, timeoutMs, resident);
  return outcome.ran ? withUnchecked({ ...outcome, files: sources.length + (config ? 1 : 0), against }, left) : outcome;
}
