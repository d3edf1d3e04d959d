// `doctor --refresh`: load the workspace now and diagnose it, counting each project's
// errors (its own files only; time-boxed) and the module specifiers the compiler could not
// resolve. Nothing is written.

import { relative } from "node:path";
import { toPosix } from "../workspace/root.ts";
import { conclude, type LoadDiagnosis } from "./diagnosis.ts";
import type { TsEngine } from "./engine.ts";
import type { LoadedWorkspace } from "./load.ts";

const CHECK_TIMEOUT_MS = 60_000;
const CANNOT_FIND_MODULE = new Set([2307, 2792, 7016]);

export async function liveDiagnosis(engine: TsEngine, loaded: LoadedWorkspace, started = performance.now()): Promise<LoadDiagnosis> {
  const root = loaded.root;
  const unresolved = { packages: 0, relative: 0, examples: new Set<string>() };
  for (const project of loaded.projects) {
    if (project.diagnosis.status === "failed") continue;
    try {
      const diagnostics = await engine.call(`checking ${project.config}`, async (_api, snapshot) => {
        const program = snapshot.getProject(project.wrapper)?.program;
        if (!program) return [];
        const [syntactic, semantic] = await Promise.all([program.getSyntacticDiagnostics(), program.getSemanticDiagnostics()]);
        return [...syntactic, ...semantic];
      }, CHECK_TIMEOUT_MS);
      let errors = 0;
      for (const d of diagnostics) {
        const file = d.fileName ? toPosix(relative(root, d.fileName)) : null;
        if (file && loaded.owner.get(file) !== project.wrapper) continue;
        if (d.category === 1) errors++;
        if (!CANNOT_FIND_MODULE.has(d.code)) continue;
        const spec = /'([^']+)'/.exec(d.text)?.[1] ?? "";
        if (spec.startsWith(".") || spec.startsWith("/")) unresolved.relative++;
        else {
          unresolved.packages++;
          if (unresolved.examples.size < 5 && spec) unresolved.examples.add(spec);
        }
      }
      project.diagnosis.errors = errors;
    } catch (error) {
      project.diagnosis.reasons.push(`errors not counted: ${(error as Error).message}`);
    }
  }
  const facts = {
    ...loaded.facts,
    projects: loaded.projects.map((p) => p.diagnosis),
    unresolved: { packages: unresolved.packages, relative: unresolved.relative, examples: [...unresolved.examples] },
  };
  const { tier, advice } = conclude(facts);
  return { ...facts, tier, advice, source: "refresh", at: new Date().toISOString(), elapsedMs: Math.round(performance.now() - started) };
}
