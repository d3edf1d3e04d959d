// The overlay check: proposed content of one file put in the engine's memory (never on
// disk), its diagnostics, and the errors it introduces in its dependents — their
// diagnostics with the overlay against the same files without it (cached per disk
// version); a dependent whose own exported types change with the edit (an inferred type)
// passes it on, so its importers are checked too, level by level. Dependents are skipped
// when the edit leaves the file's surface as it was (surface.ts): then no other file can
// change. Checking them is capped in time
// (SVC_CHECK_DEPENDENTS_MS, default 4000; 0: no cap): the answer names the dependents it
// did not check, and is then never clean.

import { existsSync } from "node:fs";
import { openReader } from "../store/db.ts";
import type { ConfigProblem } from "./config-caveat.ts";
import { diagDelta, errorsOf, type Diag } from "./diag.ts";
import { buildRepairs, type RepairPacket } from "./repair.ts";
import { repairsInside } from "./diag-outside.ts";
import { useCodeStyle } from "../refactor/code-style.ts";
import { repairEngine } from "./repair-engine.ts";
import { reach, surfacesOf } from "./surface.ts";
import { textReader } from "../workspace/files.ts";
import type { CheckWorkspace } from "./workspace.ts";

/** What a single-file check found (the parts every surface carries). */
export interface OverlayFindings {
  diagnostics: Diag[];
  /** The file's diagnostics that were there before the edit too. */
  preExisting: Diag[];
  /** Errors the edit introduces in its dependents. */
  dependentDiagnostics: Diag[];
  dependents: number;
  /** Why the dependents were not checked although asked for (the edit leaves what importers see unchanged). */
  dependentsSkipped?: string;
  /** Dependents the time cap left unchecked: how many, the cap, and the first of them. */
  dependentsUnchecked?: UncheckedDependents;
  repairs: RepairPacket[];
  /** The configs of the projects checked that loaded with errors (check/config-caveat.ts): no verdict on them is clean. */
  configProblems?: ConfigProblem[];
}

export interface UncheckedDependents {
  count: number;
  capMs: number;
  files: string[];
}

const DEFAULT_DEPENDENTS_MS = 4000;
/** Dependents asked of the engine at once (its checker pool takes them in turn). */
const DEPENDENTS_PARALLEL = 8;

/** How long checking the dependents of one edit may take (ms; Infinity: no cap). */
export function dependentsCapMs(): number {
  const raw = process.env.SVC_CHECK_DEPENDENTS_MS;
  const n = raw === undefined || raw.trim() === "" ? DEFAULT_DEPENDENTS_MS : Number(raw);
  if (!Number.isFinite(n) || n < 0) return DEFAULT_DEPENDENTS_MS;
  return n === 0 ? Number.POSITIVE_INFINITY : n;
}

/** Run `each` over `items`, `parallel` at a time (one at a time when 1), starting none once `deadline` has passed; returns the items it ran. */
async function untilDeadline(items: readonly string[], deadline: number, parallel: number, each: (item: string) => Promise<unknown>): Promise<Set<string>> {
  const ran = new Set<string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length && performance.now() < deadline) {
        const item = items[next++]!;
        await each(item);
        ran.add(item);
      }
    }),
  );
  return ran;
}

/** The answer of svc/checkOverlay (and, with `available`, svc/checkCapture): what a surface or the CLI reads back from the host. */
export interface OverlayData {
  hasResident: boolean;
  /** The check ran (false with a reason: no project covers the file, the engine failed). */
  ran: boolean;
  reason?: string;
  config?: string;
  diagnostics: Diag[];
  dependentDiagnostics: Diag[];
  preExisting?: Diag[];
  dependents?: number;
  dependentsSkipped?: string;
  dependentsUnchecked?: UncheckedDependents;
  repairs?: RepairPacket[];
  configProblems?: ConfigProblem[];
}

export type OverlayOutcome =
  | ({
      ran: true;
      /** The project config that checked the file (root-relative). */
      config: string;
    } & OverlayFindings)
  | { ran: false; reason: string };

const isSyntaxError = (d: Diag) => d.severity === "error" && /^TS1\d{3}$/.test(d.code);

type Reach = "none" | "exports" | "any";

/**
 * The importers an edit reaches past its direct dependents: level by level, the importers of
 * each checked file whose exported types differ with the overlay from those on disk (or cannot
 * be compared), until none changes or `deadline` passes. `checkLevel` is called with the
 * overlay out of the engine (it reads the level's disk diagnostics, puts the overlay back and
 * checks them; it returns those it checked). Returns the files it could not check in time.
 */
async function passedOn(
  cw: CheckWorkspace,
  edit: { rel: string; abs: string; content: string },
  checked: string[],
  seen: Set<string>,
  deadline: number,
  checkLevel: (level: string[]) => Promise<Set<string>>,
): Promise<{ unchecked: string[] }> {
  let frontier = checked;
  const unchecked: string[] = [];
  while (frontier.length) {
    const carriers: { file: string; project: string; now: string | null; importers: string[] }[] = [];
    for (const f of frontier) {
      const importers = (await cw.dependentsOf(f)).filter((d) => !seen.has(d));
      if (!importers.length) continue;
      const project = (await cw.projectsFor(f))[0];
      if (!project) continue;
      carriers.push({ file: f, project, now: performance.now() < deadline ? await cw.exportTypes(f, project) : null, importers });
    }
    if (!carriers.length) break;
    cw.engine.clearOverlay(edit.abs);
    const level = new Set<string>();
    for (const c of carriers) {
      // unknown types (null), or no time left to compare: the importers are in reach
      const before = c.now === null || performance.now() >= deadline ? null : await cw.diskExportTypes(c.file, c.project);
      if (c.now === null || before === null || before !== c.now) for (const d of c.importers) level.add(d);
    }
    for (const d of level) seen.add(d);
    if (!level.size) {
      await cw.engine.setOverlay(edit.abs, edit.content);
      break;
    }
    if (performance.now() >= deadline) {
      await cw.engine.setOverlay(edit.abs, edit.content);
      unchecked.push(...level);
      break;
    }
    const done = await checkLevel([...level]);
    for (const d of level) if (!done.has(d)) unchecked.push(d);
    frontier = [...done];
  }
  return { unchecked };
}

export async function overlayCheck(cw: CheckWorkspace, rel: string, content: string, options: { dependents: boolean; repairs: boolean }): Promise<OverlayOutcome> {
  return cw.exclusive(async () => {
    await cw.refresh({ scanNew: true }); // an importer written since the projects loaded is a dependent too
    const capMs = dependentsCapMs();
    let depsDeadline: number | null = null;
    /** The dependents' time starts with the first work on them. */
    const depsBy = () => (depsDeadline ??= performance.now() + capMs);
    const exists = existsSync(cw.abs(rel));
    const candidates = await cw.projectsFor(rel);
    if (!candidates.length) return { ran: false as const, reason: `no loaded TypeScript project holds ${rel} (outside every tsconfig/jsconfig's files)` };
    const taking = () => cw.programsTaking(rel, candidates);
    const deps = options.dependents ? await cw.dependentsOf(rel) : [];
    let fileBefore: Diag[] = [];
    try {
      if (exists) fileBefore = (await cw.diskDiagnostics([rel])).get(rel) ?? [];
    } catch (error) {
      // an existing file no program takes (hono's benchmarks/ beside a solution tsconfig): said so, not the engine's "source file not found"
      if ((await taking()).length) throw error;
      return { ran: false as const, reason: `${rel} is in no loaded project's program (outside every tsconfig/jsconfig's include)` };
    }
    // The dependents' diagnostics on disk and the file's export types, when both are cached: then how far the edit reaches is
    // worked out while the engine checks the file (parsing the proposed content costs a few ms); otherwise first, reading what
    // the disk state must tell before the overlay goes in (the export types then get cached for the next edit of the file).
    let depsBefore: Map<string, Diag[]> | null = exists && cw.cachedDiskExportTypes(rel) !== undefined ? cw.cachedDiagnostics(deps) : null;
    const overlapped = depsBefore !== null;
    // How far the edit can reach: not past the file, only through its exports' types, or anyhow.
    const reachOf = (): { how: Reach; typesBefore?: string | null } => {
      let how: Reach = !options.dependents ? "none" : exists ? reach(cw.diskSurface(rel), surfacesOf(rel, content)) : "any";
      if (how === "exports" && deps.length <= 2) how = "any"; // checking them is cheaper than comparing types
      // Overlapped, only export types already known are compared (reading them on disk would take the overlay out): else the dependents are checked.
      const known = how === "exports" && overlapped ? cw.cachedDiskExportTypes(rel) : undefined;
      if (how === "exports" && overlapped && (known === undefined || known === null)) how = "any";
      return { how, ...(known !== undefined ? { typesBefore: known } : {}) };
    };
    let how: Reach = "none";
    let typesBefore: string | null = null;
    if (!overlapped) {
      ({ how } = reachOf());
      typesBefore = how === "exports" ? await cw.diskExportTypes(rel, candidates[0]!) : null;
      if (how === "exports" && typesBefore === null) how = "any";
      if (how === "any") depsBefore = await cw.diskDiagnostics(deps, depsBy());
    }
    // The language server checks the file when its own project checks as ours (no API snapshot needed).
    const viaServer = exists && (await cw.serverChecks(rel, candidates[0]!));
    const abs = cw.abs(rel);
    await cw.engine.setOverlay(abs, content);
    try {
      let project = candidates[0]!;
      if (!exists) {
        const takers = await taking();
        if (!takers.length) return { ran: false as const, reason: `${rel} is a new file that no loaded project's program takes (outside every tsconfig/jsconfig's include)` };
        project = takers[0]!;
      }
      const asked = viaServer ? cw.serverDiagnostics(rel) : cw.fileDiagnostics(rel, project);
      if (overlapped) {
        asked.catch(() => undefined); // awaited just below
        const r = reachOf();
        how = r.how;
        typesBefore = r.typesBefore ?? null;
      }
      const diagnostics = await asked;
      // Broken syntax may change what importers see whatever the surfaces said.
      if (options.dependents && diagnostics.some(isSyntaxError)) how = "any";
      if (how === "exports" && (await cw.exportTypes(rel, project)) !== typesBefore) how = "any";
      if (how === "any" && depsBefore === null) {
        cw.engine.clearOverlay(abs);
        depsBefore = await cw.diskDiagnostics(deps, depsBy());
        await cw.engine.setOverlay(abs, content);
      }
      // Only dependents whose diagnostics before the edit are known can be compared.
      const comparable = how === "any" ? deps.filter((d) => depsBefore?.has(d)) : [];
      const depsNow: Diag[] = [];
      /** The disk diagnostics of the files the edit reaches past its direct dependents (passedOn). */
      const depsBeforeFurther: Diag[] = [];
      // With the file open in a project that checks as ours, its dependents in that project are asked of the server too.
      const depProject = async (d: string) => (await cw.projectsFor(d))[0] === project && (await cw.serverChecks(d, project));
      const checkDependent = async (d: string) => depsNow.push(...(viaServer && (await depProject(d)) ? await cw.serverDiagnostics(d) : await cw.fileDiagnostics(d)));
      // The server gives a request the first idle checker of its pool: asked one after another, the dependents share the
      // checker that just checked the file (its types resolved); asked at once, each takes a fresh checker that resolves them again.
      const checked = comparable.length ? await untilDeadline(comparable, depsBy(), viaServer ? 1 : DEPENDENTS_PARALLEL, checkDependent) : new Set<string>();
      const unchecked = how === "any" ? deps.filter((d) => !checked.has(d)) : [];
      // A dependent whose own exported types change with the edit (an inferred type) passes it on to its importers: they are checked too, within the same cap.
      if (how === "any" && checked.size) {
        const further = await passedOn(cw, { rel, abs, content }, [...checked], new Set([rel, ...deps]), depsBy(), async (level) => {
          const before = await cw.diskDiagnostics(level, depsBy());
          await cw.engine.setOverlay(abs, content);
          const known = level.filter((f) => before.has(f));
          for (const f of known) for (const d of before.get(f)!) depsBeforeFurther.push(d);
          const done = await untilDeadline(known, depsBy(), viaServer ? 1 : DEPENDENTS_PARALLEL, checkDependent);
          for (const f of done) checked.add(f);
          return done;
        });
        unchecked.push(...further.unchecked);
      }
      // occurrences of one error paired by line (diag.ts): the file's across the edit, a dependent's in place (its text is the disk's in both)
      const read = textReader(cw.root);
      const texts = (p: string) => (p === rel ? { before: exists ? read(rel) : null, after: content } : { before: read(p), after: read(p) });
      const introducedInFile = new Set(diagDelta(fileBefore, diagnostics, texts).introduced);
      const preExisting = diagnostics.filter((d) => !introducedInFile.has(d));
      const dependentDiagnostics = errorsOf(diagDelta([...[...checked].flatMap((d) => depsBefore?.get(d) ?? []), ...depsBeforeFurther], depsNow, texts).introduced);
      let repairs: RepairPacket[] = [];
      if (options.repairs) {
        const errors = [...errorsOf(diagnostics), ...dependentDiagnostics];
        if (errors.length) {
          const db = openReader(cw.root);
          try {
            await useCodeStyle(cw.engine, cw.root, rel, content); // the fixes' edits in the project's style
            repairs = repairsInside(await buildRepairs(rel, content, errors, repairEngine(cw.engine, cw.root, abs), db), await cw.outsideView(), (p) => cw.abs(p));
          } finally {
            db?.close();
          }
        }
      }
      const config = await cw.projectConfig(project);
      const problems = await cw.configProblems({ wrappers: [project], files: [...checked] });
      const skipped = how === "none" && options.dependents ? { dependentsSkipped: "the edit leaves what importers see unchanged" } : how === "exports" ? { dependentsSkipped: "the edit changes none of the file's exported types" } : {};
      const cut = unchecked.length ? { dependentsUnchecked: { count: unchecked.length, capMs, files: unchecked.slice(0, 10) } } : {};
      return { ran: true as const, config, diagnostics, preExisting, dependentDiagnostics, dependents: checked.size, ...skipped, ...cut, repairs, ...(problems.length ? { configProblems: problems } : {}) };
    } finally {
      cw.engine.clearOverlay(abs);
    }
  });
}
