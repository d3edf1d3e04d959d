// The overlay check: proposed content of one file put in the engine's memory (never on
// disk), its diagnostics, and the errors it introduces in its direct dependents — the
// dependents' diagnostics with the overlay against the same files without it.

import type { Database } from "bun:sqlite";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { openReader } from "../store/db.ts";
import type { Checker } from "./checker.ts";
import { diagDelta, errorsOf, type Diag } from "./diag.ts";
import { buildRepairs, type RepairPacket } from "./repair.ts";

export type OverlayOutcome =
  | { ran: true; config: string; diagnostics: Diag[]; preExisting: Diag[]; dependentDiagnostics: Diag[]; dependents: number; repairs: RepairPacket[] }
  | { ran: false; reason: string };

/** Files importing `rel`: the index's import edges, else a scan of the project's files for the module's name. */
export function dependentsOf(root: string, rel: string, projectFiles: readonly string[], db: Database | null): string[] {
  if (db) {
    try {
      const rows = db
        .query("SELECT DISTINCT f.path FROM edges e JOIN files f ON f.id = e.from_file JOIN files t ON t.id = e.to_file WHERE t.path = ? AND e.type = 'imports' AND f.path <> t.path")
        .all(rel) as { path: string }[];
      if (rows.length) return rows.map((r) => r.path).sort();
    } catch {
      // fall through to the scan
    }
  }
  const stem = basename(rel).replace(/\.(d\.)?[cm]?[tj]sx?$/, "");
  const needle = stem === "index" ? basename(join(rel, "..")) : stem;
  return projectFiles.filter((f) => {
    if (f === rel) return false;
    try {
      return readFileSync(join(root, f), "utf8").includes(needle);
    } catch {
      return false;
    }
  });
}

export async function overlayCheck(checker: Checker, rel: string, content: string, options: { dependents: boolean; repairs: boolean }): Promise<OverlayOutcome> {
  const config = checker.configFor(rel);
  if (!config) return { ran: false, reason: `no tsconfig.json or jsconfig.json covers ${rel}` };
  return checker.exclusive(async () => {
    await checker.open(config);
    const db = options.dependents || options.repairs ? openReader(checker.root) : null;
    try {
      const files = options.dependents ? await checker.sourceFiles(config) : [];
      const deps = options.dependents ? dependentsOf(checker.root, rel, files, db) : [];
      const exists = existsSync(join(checker.root, rel));
      const fileBefore = exists ? await checker.diagnostics(rel) : [];
      const depsBefore = await checker.diagnosticsOf(deps);
      await checker.setOverlay(rel, content);
      try {
        const diagnostics = await checker.diagnostics(rel);
        const depsNow = await checker.diagnosticsOf(deps);
        const introducedInFile = new Set(diagDelta(fileBefore, diagnostics).introduced);
        const preExisting = diagnostics.filter((d) => !introducedInFile.has(d));
        const dependentDiagnostics = errorsOf(diagDelta(depsBefore, depsNow).introduced);
        const repairs = options.repairs ? await buildRepairs(rel, content, [...errorsOf(diagnostics), ...dependentDiagnostics], checker.repairEngine(rel), db) : [];
        return { ran: true as const, config, diagnostics, preExisting, dependentDiagnostics, dependents: deps.length, repairs };
      } finally {
        checker.clearOverlay(rel);
      }
    } finally {
      db?.close();
    }
  });
}
