// Equivalence of the overlay checks' two ways to read diagnostics (server-diagnostics.ts):
// for every labelled edit of the honesty benchmark, the edited file's diagnostics (and its
// first dependents') from the language server's pull diagnostics against the API's on the
// wrapper project, with the edit as an overlay. Any difference in code, position, severity
// or message is a mismatch (the fast path must then not be used).
//   bun scripts/bench/check-parity.ts [--only svc] [--deps 3]

import { join } from "node:path";
import { labelledProjects } from "./check-bench.ts";

process.env.SVC_RESIDENT = "1";
const { call } = await import("../../src/engine.ts");
const { residentChecks } = await import("../../src/check/workspace.ts");

const key = (d: { code: string; path: string; line: number; column: number; severity: string; message: string }) => `${d.path}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`;
const same = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

const base = join(import.meta.dir, "..", "..");
const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1]! : null;
const maxDeps = args.includes("--deps") ? Number(args[args.indexOf("--deps") + 1]) : 3;
let failed = 0;
for (const { project, edits } of await labelledProjects(base, only)) {
  const ctx = { cwd: project.dir, longLived: true };
  await call("index", { path: project.dir }, ctx);
  const cw = (await residentChecks(project.dir, ctx))!;
  let files = 0;
  let dependents = 0;
  let skipped = 0;
  const mismatches: string[] = [];
  for (const edit of edits) {
    const owner = (await cw.projectsFor(edit.file))[0];
    if (!owner || !(await cw.serverChecks(edit.file, owner))) {
      skipped++;
      continue;
    }
    const deps = (await cw.dependentsOf(edit.file)).slice(0, maxDeps);
    await cw.engine.setOverlay(cw.abs(edit.file), edit.content);
    try {
      for (const f of [edit.file, ...deps]) {
        if ((await cw.projectsFor(f))[0] !== owner || !(await cw.serverChecks(f, owner))) continue;
        const server = (await cw.serverDiagnostics(f)).map(key);
        const api = (await cw.fileDiagnostics(f, owner)).map(key);
        if (f === edit.file) files++;
        else dependents++;
        if (!same(server, api)) mismatches.push(`${edit.id} ${f}\n    server: ${server.join("\n            ")}\n    api:    ${api.join("\n            ")}`);
      }
    } finally {
      cw.engine.clearOverlay(cw.abs(edit.file));
    }
  }
  failed += mismatches.length;
  console.log(`${project.name}: ${files} edited files and ${dependents} dependents compared, ${mismatches.length} mismatches (${skipped} edits outside the fast path)`);
  for (const m of mismatches.slice(0, 10)) console.log(`  ${m}`);
}
process.exit(failed ? 1 : 0);
