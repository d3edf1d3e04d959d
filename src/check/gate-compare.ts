// The gate's comparison of two states of the workspace in ONE engine instance: the state
// being gated (the working tree, or the commit the index would make) and its baseline (a
// git ref). Each state is the disk plus in-memory overlays; nothing touches disk.
//
// The seeds (files whose content differs between the states) and every file that imports
// them, directly or through others, are checked in the gated state. Only when
// that shows errors is the baseline checked, and only for the files with errors: an
// introduced error is by definition an error of the gated state, so a clean gated state
// is a pass without a second check (most commits), and the verdict is the same delta
// (path, code, message; occurrences paired by line, diag.ts) as checking every file twice.

import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import { errorsOf, renameDelta, type Diag } from "./diag.ts";
import { declaredRenames } from "./renames.ts";
import { declaresGlobals } from "./globals.ts";
import { surfacesOf } from "./surface.ts";
import { unversionedImports } from "./gate-unversioned.ts";
import type { ConfigProblem } from "./config-caveat.ts";
import { coldChecks, type CheckWorkspace } from "./workspace.ts";
import { textReader } from "../workspace/files.ts";
import { parseJsonc } from "../index/imports/file-index.ts";
import { fileSecrets, knownSecrets } from "../text/known-secrets.ts";

/** A state's content of a path: text, or null when the state does not have the file. Paths not listed are as on disk. */
export type StateOverlays = Map<string, string | null>;

export interface GatePlan {
  /** Files whose content differs between the two states (new paths); their dependents are checked too. */
  seeds: string[];
  /** Paths whose importers are affected although the path itself is gone (deleted, renamed from). */
  gone: string[];
  /** Symbolic links to changed or removed files: their importers import those files. */
  links?: string[];
  /** Further files to check in the gated state (whose imports the disk's import graph may not show). */
  alsoCheck?: string[];
  /**
   * A project config the change edits (its new content is on disk): the engine cannot load
   * the old one, so every file is checked in the gated state and only a clean program passes.
   */
  config?: string;
  /** The gated state holds the untracked files (the working tree): a checked file importing one is named (gate-unversioned.ts), as one importing an ignored file always is. */
  holdsUntracked?: boolean;
  gated: StateOverlays;
  baseline: StateOverlays;
}

export type GateOutcome =
  | { ran: true; introduced: Diag[]; preExisting: number; checked: number; elapsedMs: number; note?: string; unverified?: string[]; warnings?: string[]; configProblems?: ConfigProblem[] }
  | { ran: false; reason: string };

const CHECKABLE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Files whose change can alter every check: an overlay of sources cannot show their effect. */
export const PROJECT_CONFIG = /(^|\/)(tsconfig[^/]*\.json|jsconfig[^/]*\.json|package\.json)$/;
const PARALLEL = 8;


/** A verdict's note on the changed sources no loaded project holds ("" when none): the compiler never saw them. */
export function unheldNote(unheld: readonly string[]): string {
  return unheld.length ? `not checked: no loaded TypeScript project holds ${unheld.length === 1 ? "" : `${unheld.length} changed files: `}${unheld.slice(0, 3).join(", ")}${unheld.length > 3 ? ", …" : ""}` : "";
}

export function isCheckable(path: string): boolean {
  return CHECKABLE.test(path) && !path.endsWith(".d.ts.map");
}

/**
 * A file the compiler may read as a module without checking it (JSON under resolveJsonModule):
 * a change to it is checked in its importers. The engine reads such files from disk only, so
 * the commit's content must be the disk's, and errors in the importers are not attributed.
 */
export function isDataModule(path: string): boolean {
  return path.endsWith(".json") && !PROJECT_CONFIG.test(path);
}

/** A changed file the gate takes in: one it checks, or a data module its importers read. */
export function isGateInput(path: string): boolean {
  return isCheckable(path) || isDataModule(path);
}

/** Put a state's overlays in the engine (never a data module's: see isDataModule); returns the paths the state does not have. */
async function enter(cw: CheckWorkspace, state: StateOverlays, owned: ReadonlySet<string>): Promise<Set<string>> {
  const absent = new Set<string>();
  for (const [path, text] of state) {
    if (isDataModule(path)) continue;
    if (text === null) {
      absent.add(path);
      // A file the state lacks but a program holds from disk: empty, so nothing it declares is seen.
      if (owned.has(path) && existsSync(join(cw.root, path))) await cw.engine.setOverlay(cw.abs(path), "");
    } else await cw.engine.setOverlay(cw.abs(path), text);
  }
  return absent;
}

function leave(cw: CheckWorkspace, state: StateOverlays): void {
  for (const path of state.keys()) cw.engine.clearOverlay(cw.abs(path));
}

/**
 * A file's diagnostics in a state, or none when that state's program does not hold it: a file
 * the program reached only through a file the state empties (a barrel removed from the commit
 * but kept on disk) is not compiled there, as for tsc, and the engine refuses to check it.
 */
async function fileDiagnostics(cw: CheckWorkspace, file: string, project: string): Promise<Diag[]> {
  try {
    return await cw.fileDiagnostics(file, project);
  } catch (error) {
    if (!(await cw.inProgram(project, file))) return [];
    throw error;
  }
}

/** Diagnostics of files as the engine sees them now (overlays included), several in flight. */
async function diagnose(cw: CheckWorkspace, files: readonly string[]): Promise<Diag[]> {
  const out: Diag[][] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, files.length) }, async () => {
      while (next < files.length) {
        const i = next++;
        const project = (await cw.projectsFor(files[i]!))[0];
        out[i] = project ? await fileDiagnostics(cw, files[i]!, project) : [];
      }
    }),
  );
  return out.flat();
}

/** "N errors in M files (first: path:line code)" — a verdict the gate cannot attribute says what it saw. */
function errorSummary(errors: readonly Diag[]): string {
  const files = new Set(errors.map((d) => d.path)).size;
  return `${errors.length} error${errors.length === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"} (first: ${errors[0]!.path}:${errors[0]!.line} ${errors[0]!.code})`;
}

/**
 * Removed files a loaded project's config names in its `files` list: tsc reports each as not
 * found (TS6053), an error of the config that no source shows and no importer leads to. The
 * baseline had the file, so each is introduced. (A config's own `files`; an inherited list is
 * not followed.)
 */
async function removedListed(cw: CheckWorkspace, gone: readonly string[]): Promise<Diag[]> {
  const removed = new Set(gone);
  const out: Diag[] = [];
  for (const config of await cw.projectConfigs()) {
    const text = existsSync(join(cw.root, config)) ? textReader(cw.root)(config) : null;
    const parsed = text === null ? null : (parseJsonc(text) as { files?: unknown } | null);
    if (!parsed || !Array.isArray(parsed.files)) continue;
    for (const entry of parsed.files) {
      if (typeof entry !== "string") continue;
      const path = posix.normalize(posix.join(posix.dirname(config), entry));
      if (removed.has(path)) out.push({ code: "TS6053", severity: "error", message: `File '${cw.abs(path)}' not found.`, path: config, line: 0, column: 0 });
    }
  }
  return out;
}

/** Whether importers see the same `path` in both texts: equal strict surfaces (a JavaScript file, a syntax error or a missing side has none: not the same). */
function sameSurface(path: string, before: string | null | undefined, after: string | null | undefined): boolean {
  if (before == null || after == null) return false;
  if (before === after) return true;
  const [a, b] = [surfacesOf(path, before), surfacesOf(path, after)];
  return a !== null && b !== null && a.strict === b.strict;
}

/** Files the gated state lacks but the disk has (untracked, or removed from the commit and kept): the engine still finds them, emptied (see enter()). */
function hiddenFiles(cw: CheckWorkspace, plan: GatePlan): string[] {
  return [...plan.gated].filter(([p, text]) => text === null && isCheckable(p) && existsSync(join(cw.root, p))).map(([p]) => p);
}

/** The hidden file a diagnostic names: by path (TS2306 "File '/abs/x.ts' is not a module") or by a relative specifier of it (TS2305 "Module '\"./x.js\"' has no exported member"). */
function hiddenNamed(cw: CheckWorkspace, message: string, hidden: readonly string[]): string | undefined {
  return hidden.find((h) => {
    const stem = posix.basename(h).replace(/(\.d)?\.[cm]?[jt]sx?$/, "").replace(/[.*+?^${}()|[\]\\$]/g, "\\$&");
    return message.includes(cw.abs(h)) || new RegExp(`/${stem}(\\.[cm]?[jt]sx?)?["']`).test(message);
  });
}

/**
 * An error that names a hidden file says why: the compiler run on the commit would not find
 * that file (TS2307), while the engine, which finds it emptied, says it is not a module or
 * exports nothing — true of no file the user can see.
 */
function explainHidden(cw: CheckWorkspace, diags: readonly Diag[], hidden: readonly string[]): Diag[] {
  if (!hidden.length) return [...diags];
  return diags.map((d) => {
    const h = hiddenNamed(cw, d.message, hidden);
    return h ? { ...d, message: `${d.message} (${h} is not in the commit: untracked, or its removal is staged)` } : d;
  });
}

/**
 * Why the verdict cannot be trusted when a checked file imports a file the gated state lacks
 * but the disk has (untracked, or removed from the commit and kept): the engine still finds
 * that file (emptied, see enter()), so an import the compiler would not resolve can pass
 * unnoticed — a side-effect import (`import "./polyfill"`: tsc TS2882) says nothing about an
 * empty module. Null when every such importer has an error naming the file or its specifier.
 */
async function importsUnseen(cw: CheckWorkspace, hidden: readonly string[], checked: readonly string[], now: readonly Diag[], textOf: (p: string) => string | null): Promise<string | null> {
  if (!hidden.length || !checked.length) return null;
  const importers = await cw.importersIn(checked, new Set(hidden), textOf);
  const named = (f: string) => now.some((d) => d.path === f && hiddenNamed(cw, d.message, hidden) !== undefined);
  const unseen = importers.find((f) => !named(f));
  if (!unseen) return null;
  return `${unseen} imports a file the commit lacks but the disk has (${hidden.slice(0, 3).join(", ")}); the engine still finds it there, so whether the compiler would resolve the import is unknown — add the file to the commit, or move it away`;
}

async function compare(cw: CheckWorkspace, plan: GatePlan, started: number): Promise<GateOutcome> {
  const listed = plan.gone.length ? await removedListed(cw, plan.gone) : [];
  const outcome = await compareSources(cw, plan, started);
  if (!outcome.ran) return outcome;
  // the projects of the changed files loaded with config errors: the comparison ran with options that are not the build's (config-caveat.ts)
  const problems = outcome.checked ? await cw.configProblems({ files: [...plan.seeds, ...(plan.alsoCheck ?? [])] }) : [];
  return { ...outcome, ...(listed.length ? { introduced: [...listed, ...outcome.introduced] } : {}), ...(problems.length ? { configProblems: problems } : {}) };
}

async function compareSources(cw: CheckWorkspace, plan: GatePlan, started: number): Promise<GateOutcome> {
  // A changed file the projects were not loaded with (new since the index listed the tree) is checked when a program takes it.
  await cw.adopt([...plan.seeds, ...(plan.alsoCheck ?? [])]);
  const owned = new Set(await cw.files());
  const inState = (p: string, state: StateOverlays) => (state.has(p) ? state.get(p) !== null : existsSync(join(cw.root, p)));
  const seeds = plan.seeds.filter((p) => owned.has(p) && inState(p, plan.gated));
  // A changed file left out because the project that would hold it did not load (the engine failed to start, say) is a check that could not run, not a pass.
  for (const p of plan.seeds.filter((p) => !owned.has(p) && inState(p, plan.gated) && isCheckable(p))) {
    const failed = await cw.failedProjectsFor(p);
    if (failed.length) return { ran: false, reason: `${p} could not be checked: the project that would hold it did not load (${failed[0]})` };
  }
  // A changed or removed file that declares globals can break any file: all are checked (the baseline still only for the files with errors).
  const onDisk = (p: string) => (existsSync(join(cw.root, p)) ? textReader(cw.root)(p) : null);
  const textIn = (p: string, state: StateOverlays) => (state.has(p) ? state.get(p) : onDisk(p));
  // (A JavaScript script only when a program holds it, or held it: allowJs.)
  const inPrograms = (p: string) => !/\.jsx?$/.test(p) || owned.has(p) || plan.gone.includes(p);
  const global = [...plan.seeds, ...plan.gone].find((p) => inPrograms(p) && (declaresGlobals(p, textIn(p, plan.gated)) || declaresGlobals(p, textIn(p, plan.baseline))));
  const scope = new Set(plan.config || global ? owned : seeds);
  // Every file that imports a changed or removed file, at any depth: a changed type reaches further than the direct importers.
  // A changed file whose importers see the same text (its strict surface: comments and the bodies of functions with a written
  // signature left out) cannot change their diagnostics, as the resident workspace rules (workspace.ts): only it is checked.
  const reaching = seeds.filter((p) => !sameSurface(p, textIn(p, plan.baseline), textIn(p, plan.gated)));
  for (const p of [...reaching, ...plan.gone]) for (const d of await cw.reachersOf(p)) scope.add(d);
  // Removed files, JSON files and links to changed files, which the inventory may not list: their importers found as if it did.
  const json = [...new Set([...plan.seeds, ...plan.gone, ...(plan.alsoCheck ?? [])].filter(isDataModule))];
  const unlisted = await cw.reachersOfUnlisted([...new Set([...plan.gone, ...json, ...(plan.links ?? [])])]);
  for (const importers of unlisted.values()) for (const d of importers) scope.add(d);
  // The JSON modules: the JSON files some code imports (a lock file or a fixture nobody imports is none).
  const data = json.filter((p) => unlisted.get(p)?.length);
  // A file checked with content other than the disk's (an unstaged edit: the commit has the index's) may import what the disk's does not:
  // when that content imports a changed or reached file, the files reaching it are reached too (the disk's graph does not show it).
  if (!plan.config && !global) {
    const pending = new Set(plan.alsoCheck ?? []);
    for (let grew = true; grew && pending.size; ) {
      grew = false;
      const affected = new Set([...plan.seeds, ...plan.gone, ...json, ...scope]);
      for (const h of await cw.importersIn([...pending], affected, (p) => textIn(p, plan.gated) ?? null)) {
        pending.delete(h);
        grew = true;
        scope.add(h);
        for (const d of await cw.reachersOf(h)) scope.add(d);
      }
    }
  }
  for (const p of plan.alsoCheck ?? []) scope.add(p);
  const checked = [...scope].filter((p) => owned.has(p) && inState(p, plan.gated)).sort();
  if (!plan.config && !checked.length) {
    // changed sources no loaded project holds: the check could not run on them, which is no pass; removed files nobody imports: it ran, and found no one to break
    const unheld = plan.seeds.filter((p) => !owned.has(p) && isCheckable(p));
    if (unheld.length) return { ran: false, reason: `no loaded TypeScript project holds the changed files (${unheld.slice(0, 3).join(", ")}${unheld.length > 3 ? ", …" : ""}), so nothing of the change could be checked: add them to a tsconfig's include, or run svc doctor to see the projects loaded` };
    const why = seeds.length < plan.seeds.length ? `no loaded TypeScript project holds the changed files (${plan.seeds.slice(0, 3).join(", ")})` : `no file of a loaded TypeScript project imports the removed ones (${plan.gone.slice(0, 3).join(", ")})`;
    return { ran: true, introduced: [], preExisting: 0, checked: 0, elapsedMs: Math.round(performance.now() - started), note: why };
  }
  const offDisk = data.find((p) => plan.gated.has(p) && plan.gated.get(p) !== onDisk(p));
  if (offDisk) return { ran: false, reason: `${offDisk} differs between the commit and the disk; the engine reads JSON modules from disk only, so it cannot check the commit's — stage or stash it` };
  await enter(cw, plan.gated, owned);
  // A changed file's baseline can call a value a secret that the gated state no longer names (`DB_PASSWORD = "…"` renamed
  // `DB_PW`): a message quoting it loses the secrets of every changed file's baseline too — it showed the value, and read
  // as an error the change introduced (the baseline's message had the marker).
  const baseSecrets = knownSecrets([...plan.seeds, ...plan.gone].flatMap((p) => {
    const text = textIn(p, plan.baseline);
    return text ? fileSecrets(text, p) : [];
  }));
  const hide = (diags: Diag[]) => (baseSecrets.size ? diags.map((d) => ({ ...d, message: baseSecrets.replace(d.message).text })) : diags);
  // A config change can break the program without any file having an error (an option removed, a `types` entry missing, no inputs): its own diagnostics count too.
  // A gated state that is the disk's (no overlay) on the resident engine: its per-file cache answers, current for the disk.
  const gatedDiags = !plan.gated.size && cw.grade === "resident" ? [...(await cw.diskDiagnostics(checked)).values()].flat() : await diagnose(cw, checked);
  const now = hide(errorsOf([...gatedDiags, ...(plan.config ? await cw.programDiagnostics() : [])]));
  leave(cw, plan.gated);
  const hidden = hiddenFiles(cw, plan);
  const unseen = await importsUnseen(cw, hidden, checked, now, (p) => textIn(p, plan.gated) ?? null);
  if (unseen) return { ran: false, reason: unseen };
  if (now.length && data.length) {
    return { ran: false, reason: `${data[0]} changed and the files checked have ${errorSummary(now)}; the engine reads JSON modules from disk only, so which of them the change introduced is unknown` };
  }
  // Changed files no loaded project holds (a new project's files, say): the compiler svc runs never sees them, and the verdict says so.
  const unheld = plan.seeds.filter((p) => !owned.has(p) && inState(p, plan.gated) && isCheckable(p));
  const left = unheldNote(unheld);
  // (named in the note, and listed whole: `gate --strict` blocks a comparison that left changed sources unchecked)
  const notes = (first?: string) => ({ ...([first, left].filter(Boolean).join("; ") ? { note: [first, left].filter(Boolean).join("; ") } : {}), ...(unheld.length ? { unverified: unheld } : {}) });
  // the checked files importing a file no commit carries (ignored; untracked in the working tree), read from disk: named with the verdict
  const warnings = await unversionedImports(cw.root, checked, (p) => textIn(p, plan.gated) ?? null, plan.holdsUntracked === true);
  const warned = warnings.length ? { warnings } : {};
  if (!now.length) return { ran: true, introduced: [], preExisting: 0, checked: checked.length, elapsedMs: Math.round(performance.now() - started), ...notes(plan.config ? `${plan.config} changed: every file of the loaded projects checked, none has an error` : undefined), ...warned };
  if (plan.config) {
    return { ran: false, reason: `${plan.config} changed and the commit has ${errorSummary(now)}; the engine cannot load the old config, so which of them the change introduced is unknown` };
  }
  // The baseline, for the files with errors only (a file the baseline lacks has none there).
  const withErrors = [...new Set(now.map((d) => d.path))];
  const absent = await enter(cw, plan.baseline, owned);
  const then = hide(await diagnose(cw, withErrors.filter((p) => !absent.has(p) && (plan.baseline.has(p) || existsSync(join(cw.root, p))))));
  leave(cw, plan.baseline);
  // a declaration the change renamed by hand respells the errors naming it that it left in place: those are not introduced
  const renames = declaredRenames(plan.seeds.map((p) => ({ path: p, before: textIn(p, plan.baseline), after: textIn(p, plan.gated) })));
  // each file's occurrences of one error paired by line across the change: one fixed and an identical one written elsewhere is introduced (line-pairs.ts)
  const texts = (p: string) => ({ before: textIn(p, plan.baseline), after: textIn(p, plan.gated) });
  const introduced = explainHidden(cw, errorsOf(renameDelta(then, now, renames, texts).introduced), hidden);
  return { ran: true, introduced, preExisting: now.length - introduced.length, checked: checked.length, elapsedMs: Math.round(performance.now() - started), ...notes(), ...warned };
}

/**
 * Compare the gated state with its baseline, time-boxed: in the host's resident engine
 * (`resident`: one engine user at a time, brought up to the disk first), or in an engine
 * loaded for the call. A comparison that could not run says why.
 */
export async function compareStates(root: string, plan: GatePlan, timeoutMs: number, resident?: CheckWorkspace): Promise<GateOutcome> {
  const started = performance.now();
  let cw: CheckWorkspace | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<GateOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ ran: false, reason: `the check did not finish within ${timeoutMs} ms (SVC_GATE_TIMEOUT_MS)` }), timeoutMs);
  });
  const work = resident
    ? resident.exclusive(async (): Promise<GateOutcome> => {
        if (stopped) return { ran: false, reason: "timed out" };
        await resident.refresh({ scanNew: true });
        try {
          return await compare(resident, plan, started);
        } finally {
          // the resident engine outlives the call: no overlay of either state stays in it, whatever happened
          leave(resident, plan.gated);
          leave(resident, plan.baseline);
        }
      })
    : (async (): Promise<GateOutcome> => {
        const opened = await coldChecks(root);
        if (stopped) {
          await opened.release().catch(() => undefined);
          return { ran: false, reason: "timed out" };
        }
        cw = opened;
        return compare(opened, plan, started);
      })();
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    return { ran: false, reason: `the TypeScript engine failed: ${(error as Error).message.split("\n")[0]}` };
  } finally {
    clearTimeout(timer);
    stopped = true;
    work.catch(() => undefined);
    await (cw as CheckWorkspace | null)?.release().catch(() => undefined);
  }
}
