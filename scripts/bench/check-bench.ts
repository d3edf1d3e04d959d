// The check benchmarks: honesty (svc_check's verdict on ≥ 500 generated single-file edits
// vs the real `tsc --noEmit`: false green, false red, latency resident and cold) and the
// latency of an overlay check and a session delta on a 300+ file project.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { checkProject, type CheckProject } from "./check-corpus.ts";
import { generateEdits, type Edit } from "./check-edits.ts";
import { labelEdits, type Label } from "./check-label.ts";

export const HONESTY_PROJECTS: [string, number][] = [
  ["rxjs", 260],
  ["zod", 260],
  ["svc", 260],
];

export interface LabelledProject {
  project: CheckProject;
  edits: Edit[];
  labels: Map<string, Label>;
}

function sources(project: CheckProject): Map<string, string> {
  const files = new Map<string, string>();
  const listed = Bun.spawnSync(["git", "ls-files"], { cwd: project.dir }).stdout.toString().split("\n");
  for (const path of listed) if (project.sources.test(path) && !path.endsWith(".d.ts")) files.set(path, readFileSync(join(project.dir, path), "utf8"));
  return files;
}

/** Projects with their edits and tsc labels (generated and labelled once, then cached). */
export async function labelledProjects(base: string, only: string | null = null): Promise<LabelledProject[]> {
  const tsc = join(base, "node_modules", ".bin", "tsc");
  const cacheDir = join(base, ".bench", "check");
  mkdirSync(cacheDir, { recursive: true });
  const out: LabelledProject[] = [];
  for (const [name, count] of HONESTY_PROJECTS) {
    if (only && name !== only) continue;
    const project = checkProject(base, name);
    const edits = generateEdits(name, sources(project), count, 7);
    writeFileSync(join(cacheDir, `edits-${name}.json`), JSON.stringify(edits.map(({ content: _c, ...rest }) => rest), null, 1));
    const labels = await labelEdits(tsc, project, edits, cacheDir);
    out.push({ project, edits, labels });
  }
  return out;
}

if (import.meta.main) {
  const base = join(import.meta.dir, "..", "..");
  for (const { project, edits, labels } of await labelledProjects(base)) {
    const byKind = new Map<string, { n: number; breaking: number }>();
    for (const e of edits) {
      const k = byKind.get(e.kind) ?? { n: 0, breaking: 0 };
      k.n++;
      if (labels.get(e.id)?.breaking) k.breaking++;
      byKind.set(e.kind, k);
    }
    console.log(`${project.name}: ${edits.length} edits; ${[...byKind].map(([k, v]) => `${k} ${v.breaking}/${v.n} breaking`).join(", ")}`);
  }
}
