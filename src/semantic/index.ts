// The semantic tier's interface for the rest of svc (checks, refactors, answers): one
// TypeScript engine per workspace behind a small set of calls. Everything engine-specific
// (the tsc --lsp child, its API session, TypeScript's AST) stays inside src/semantic/.
//
//   const ws = await openSemantic(root);          // resident when this process holds one, else loaded for the call
//   const project = ws.projectOf(file);           // the wrapper config that owns a file (null: outside every project)
//   await ws.engine.setOverlay(file, content);    // in-memory content; nothing touches disk
//   const diags = await diagnostics(ws.engine, project, file);   // or the whole program without `file`
//   const fixes = await codeFixes(ws.engine, file, range);
//   ws.engine.clearOverlay(file);
//   await ws.release();                           // stops an engine started for the call

import { openReader } from "../store/db.ts";
import { loadConfig } from "../workspace/config.ts";
import { textReader } from "../workspace/files.ts";
import { listInventory } from "../workspace/inventory.ts";
import { TsEngine } from "./engine.ts";
import { loadWorkspace, type LoadedWorkspace } from "./load.ts";
import { residentForRequest } from "./resident.ts";
import { storePaths } from "./upgrade.ts";
import { relative } from "node:path";
import { toPosix } from "../workspace/root.ts";

export { EngineError, TsEngine, type EngineStatus } from "./engine.ts";
export { codeFixes, diagPosition, diagnostics, implementations, incomingCalls, offsetOf, positionOf, programDiagnostics, references, renameLocations, signatureLines, symbolAt, typeText } from "./queries.ts";
export type { CallSite, CodeFix, Diag, Location, Position, SymbolInfo, TextEdit } from "./queries.ts";
export { holdResident, residentFor, residentForRequest, type ResidentWorkspace } from "./resident.ts";
export type { LoadDiagnosis, Tier } from "./diagnosis.ts";
export type { LoadedWorkspace } from "./load.ts";

export interface SemanticHandle {
  engine: TsEngine;
  loaded: LoadedWorkspace;
  /** Held by a long-lived process (warm), or started for this call (cold). */
  grade: "resident" | "cold";
  /** The wrapper config (project id for the queries) of the project owning an absolute or root-relative path. */
  projectOf(path: string): string | null;
  /** Stop the engine when it was started for this call; a resident one stays. */
  release(): Promise<void>;
}

/** The workspace's projects in an engine: this process's resident workspace when it holds one, else loaded now. */
export async function openSemantic(root: string, ctx: { host?: boolean; longLived?: boolean } = {}): Promise<SemanticHandle> {
  const resident = residentForRequest(root, ctx);
  const projectOf = (loaded: LoadedWorkspace) => (path: string) => loaded.owner.get(path.startsWith("/") ? toPosix(relative(root, path)) : path) ?? null;
  if (resident) {
    const loaded = await resident.ensureLoaded();
    return { engine: resident.engine, loaded, grade: "resident", projectOf: projectOf(loaded), release: async () => {} };
  }
  const engine = new TsEngine({ root });
  try {
    const db = openReader(root);
    let paths: string[];
    if (db) {
      try {
        paths = storePaths(db);
      } finally {
        db.close();
      }
    } else {
      paths = (await listInventory({ root, dir: root, relDir: "", isGit: true }, loadConfig(root, root))).files.map((f) => f.path);
    }
    const loaded = await loadWorkspace(engine, { root, paths, readText: textReader(root), config: loadConfig(root, root) });
    return { engine, loaded, grade: "cold", projectOf: projectOf(loaded), release: () => engine.close() };
  } catch (error) {
    await engine.close();
    throw error;
  }
}
