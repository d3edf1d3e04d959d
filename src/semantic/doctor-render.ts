// The doctor's text for a load diagnosis: engine, projects (loaded / partial / failed and
// why), packages, files outside every project, unresolved imports, missing dependencies,
// the tier and what to do.

import type { LoadDiagnosis } from "./diagnosis.ts";

const METHODS: Record<LoadDiagnosis["method"], string> = {
  pin: "the svc.json tsconfig pin",
  root: "the root config",
  solution: "the solution-style root config and its references",
  packages: "the workspace packages' configs",
  configs: "every tsconfig.json/jsconfig.json of the workspace",
  inferred: "an inferred project (no tsconfig.json or jsconfig.json)",
  none: "nothing (no TypeScript or JavaScript sources)",
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function renderDiagnosis(d: LoadDiagnosis): string[] {
  const lines: string[] = [];
  const e = d.engine;
  const engineState = e.error ? `unavailable: ${e.error}` : d.source === "refresh" && e.pid ? `${e.state}, pid ${e.pid}` : d.method === "none" ? "nothing to load" : "loaded the projects";
  lines.push(`engine: TypeScript ${e.version} (native tsc --lsp${e.embedded ? ", embedded in svc" : ", from node_modules"}) — ${engineState}`);
  if (d.workspaceTypeScript && d.workspaceTypeScript !== e.version) lines.push(`workspace typescript: ${d.workspaceTypeScript} (node_modules/typescript) — the engine is ${e.version}; results follow ${e.version}'s rules`);
  else if (d.workspaceTypeScript) lines.push(`workspace typescript: ${d.workspaceTypeScript} (same as the engine)`);
  lines.push(`projects (${plural(d.projects.length, "config")}, found by ${METHODS[d.method]}):`);
  for (const p of d.projects) {
    const errors = p.errors === undefined ? "" : `, ${plural(p.errors, "error")}`;
    const why = p.reasons.length ? `: ${p.reasons.join("; ")}` : "";
    lines.push(`  ${p.status.padEnd(7)} ${p.config}  (${plural(p.files, "file")}${errors}; ${p.via})${why}`);
  }
  if (d.packages.names.length) {
    const names = d.packages.names.slice(0, 8).join(", ") + (d.packages.names.length > 8 ? ", …" : "");
    lines.push(`workspace packages: ${d.packages.names.length} (${names})${d.packages.together ? "; loaded together: package imports resolve to their sources, project references not needed" : ""}`);
  }
  if (d.outside.count) lines.push(`files outside every project: ${d.outside.count} (${d.outside.examples.join(", ")}${d.outside.count > d.outside.examples.length ? ", …" : ""}) — syntax tier for them`);
  if (d.outside.packages.length) lines.push(`packages outside every project: ${d.outside.packages.join(", ")}`);
  if (d.unresolved) {
    const u = d.unresolved;
    if (u.packages || u.relative) {
      const parts = [u.packages ? `${u.packages} of packages${u.examples.length ? ` (e.g. ${u.examples.map((x) => `'${x}'`).join(", ")})` : ""}` : "", u.relative ? `${u.relative} relative` : ""].filter(Boolean);
      lines.push(`unresolved imports: ${parts.join(", ")}`);
    } else lines.push("unresolved imports: none");
  }
  const imported = (d.unresolved?.packages ?? 0) > 0;
  for (const m of d.missingDependencies) {
    const where = m.dir || "the root package";
    const unused = imported ? "" : " — no source file imports them unresolved, so the checker does not miss them";
    lines.push(`dependencies not installed (${where}): ${m.noNodeModules ? "no node_modules; " : ""}${m.missing.slice(0, 6).join(", ")}${m.missing.length > 6 ? `, and ${m.missing.length - 6} more` : ""}${unused}`);
  }
  for (const p of d.problems) lines.push(`problem: ${p}`);
  lines.push(`tier: ${d.tier}`);
  if (d.advice.length) {
    lines.push("what to do:");
    for (const a of d.advice) lines.push(`  - ${a}`);
  } else lines.push("what to do: nothing; every project loaded");
  return lines;
}
