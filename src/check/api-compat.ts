// Review's public API delta through the checker: an export whose declaration text changed
// is compared as types in one program — the ref's version of the file put beside the
// current one as an in-memory sibling, and a probe module (also in memory) that asks the
// compiler whether what consumers wrote against the old declaration still type-checks:
//
//   function / method   every old call, `old(...args: Parameters<Old>)`, is accepted by
//                       the new one and its result still fits `ReturnType<Old>` (an added
//                       optional parameter is compatible, a removed or retyped one is not)
//   interface / type    old and new are assignable to each other (non-generic only)
//   variable            the new type is assignable to the old one
//
// A compatible change is not BREAKING; the entry says it was compared by the checker and
// why. What the checker cannot address (classes as a whole, generics, enums, a file no
// project holds, an engine that does not load) stays a text comparison and says so.

import { dirname, basename, join } from "node:path";
import { fileAtRef } from "../git/changes.ts";
import type { ApiChange } from "../plan/api-delta.ts";
import { OVERLOADS } from "../package-upgrade/exports.ts";
import type { OpContext } from "../ops/types.ts";
import { oneLine } from "./diag.ts";
import { coldChecks, residentChecks, type CheckWorkspace } from "./workspace.ts";

const TS_FILE = /\.(ts|tsx|mts|cts)$/;
const IDENT = /^[A-Za-z_$][\w$]*$/;

interface Probe {
  change: ApiChange;
  /** 1-based lines of the probe module that belong to this change. */
  from: number;
  to: number;
  /** The line whose error means the export's type could not be read (any): the comparison says nothing. */
  guard: number;
}

/** The probe lines for one change, or why the checker cannot compare it. */
function probeLines(c: ApiChange, i: number): string[] | string {
  // Parameters<>/ReturnType<> of an overloaded function read its last overload only: a change to another would pass
  if ([c.before, c.after].some((t) => t?.includes(OVERLOADS))) return "overloads (or merged declarations) are compared as text";
  const parts = c.name.split(".");
  if (parts.length > 2 || !parts.every((p) => IDENT.test(p))) return "a nested member is compared as text";
  const decl = c.after ?? "";
  const generic = /^[^(=]*<[^>]*>\s*(\(|=|\{|extends|$)/.test(decl.replace(/^export\s+(default\s+)?(declare\s+)?/, "").replace(/^(async\s+)?function\s*\*?\s*[\w$]*/, "f"));
  const [top, member] = parts as [string, string | undefined];
  const then = `__then.${top}`;
  const now = `__now.${top}`;
  const isAny = (t: string) => `const __guard${i}: (0 extends 1 & ${t} ? 1 : 0) = 0;`;
  if (member) {
    // A method or property of an exported class or interface: its instance member.
    if (generic) return "a generic member is compared as text";
    const oldT = `${then}[${JSON.stringify(member)}]`;
    const newT = `${now}[${JSON.stringify(member)}]`;
    if (/^\s*(public\s+|protected\s+|static\s+|readonly\s+|async\s+)*[\w$]+\s*(<[^>]*>)?\s*\(/.test(decl) || /\)\s*:/.test(decl)) {
      return [isAny(newT), `declare const __a${i}: Parameters<${oldT}>;`, `declare const __f${i}: ${newT};`, `const __r${i}: ReturnType<${oldT}> = __f${i}(...__a${i});`];
    }
    return [isAny(newT), `declare const __o${i}: ${newT};`, `const __n${i}: ${oldT} = __o${i};`];
  }
  if (/^(export\s+)?(default\s+)?(declare\s+)?(abstract\s+)?class\b/.test(decl)) return "a class is compared as text (its members are compared one by one)";
  if (/^(export\s+)?(declare\s+)?(const\s+)?enum\b/.test(decl)) return "an enum is compared as text";
  if (generic) return "a generic declaration is compared as text";
  if (/^(export\s+)?(declare\s+)?(interface|type)\b/.test(decl)) {
    return [isAny(now), `declare const __o${i}: ${then};`, `const __n${i}: ${now} = __o${i};`, `declare const __p${i}: ${now};`, `const __q${i}: ${then} = __p${i};`];
  }
  if (/^(export\s+)?(default\s+)?(declare\s+)?(async\s+)?function\b/.test(decl) || /=>|\bfunction\b/.test(decl)) {
    return [isAny(`typeof ${now}`), `declare const __a${i}: Parameters<typeof ${then}>;`, `declare const __f${i}: typeof ${now};`, `const __r${i}: ReturnType<typeof ${then}> = __f${i}(...__a${i});`];
  }
  return [isAny(`typeof ${now}`), `declare const __o${i}: typeof ${now};`, `const __n${i}: typeof ${then} = __o${i};`];
}

/** Module specifier of a sibling file (extension dropped as TypeScript resolves it). */
const specifier = (file: string) => `./${basename(file).replace(/\.(m|c)?tsx?$/, "")}`;

async function compareFile(cw: CheckWorkspace, root: string, ref: string, path: string, oldPath: string, changes: ApiChange[]): Promise<void> {
  const before = await fileAtRef(root, ref, oldPath);
  if (before === null) return;
  const project = (await cw.projectsFor(path))[0];
  if (!project) {
    for (const c of changes) c.evidence = `compared as text: no loaded TypeScript project holds ${path}`;
    return;
  }
  const dir = dirname(path);
  const ext = /\.tsx$/.test(path) ? ".tsx" : ".ts";
  const thenRel = join(dir, `__svc_api_then__${basename(path).replace(/\.(m|c)?tsx?$/, "")}${ext}`);
  const probeRel = join(dir, `__svc_api_probe__${basename(path).replace(/\.(m|c)?tsx?$/, "")}.ts`);
  const lines = [`import type * as __now from "${specifier(path)}";`, `import type * as __then from "${specifier(thenRel)}";`];
  const probes: Probe[] = [];
  changes.forEach((c, i) => {
    const body = probeLines(c, i);
    if (typeof body === "string") {
      c.evidence = `compared as text: ${body}`;
      return;
    }
    probes.push({ change: c, from: lines.length + 1, to: lines.length + body.length, guard: lines.length + 1 });
    lines.push(...body);
  });
  if (!probes.length) return;
  await cw.engine.setOverlay(cw.abs(thenRel), before);
  await cw.engine.setOverlay(cw.abs(probeRel), `${lines.join("\n")}\nexport {};\n`);
  try {
    if (!(await cw.inProgram(project, probeRel))) {
      for (const p of probes) p.change.evidence = `compared as text: the project of ${path} does not take a module beside it`;
      return;
    }
    const diags = (await cw.fileDiagnostics(probeRel, project)).filter((d) => d.severity === "error");
    if (diags.some((d) => d.line <= 2)) {
      for (const p of probes) p.change.evidence = `compared as text: the checker could not load both versions (${oneLine(diags.find((d) => d.line <= 2)!.message)})`;
      return;
    }
    for (const p of probes) {
      const mine = diags.filter((d) => d.line >= p.from && d.line <= p.to);
      if (p.change.name.includes(".") && mine.some((d) => d.code === "TS2339" || d.code === "TS2576")) {
        p.change.evidence = "compared as text: not an instance member the checker can address (static, or declared elsewhere)";
        continue;
      }
      if (mine.some((d) => d.line === p.guard)) {
        p.change.evidence = "compared as text: the checker reads the export's type as any";
        continue;
      }
      p.change.compared = "checker";
      if (mine.length) {
        p.change.breaking = true;
        p.change.evidence = `checker: code written against the old declaration no longer type-checks (${oneLine(mine[0]!.message).slice(0, 200)})`;
      } else {
        p.change.breaking = false;
        p.change.evidence = "checker: code written against the old declaration still type-checks";
      }
    }
  } finally {
    cw.engine.clearOverlay(cw.abs(probeRel));
    cw.engine.clearOverlay(cw.abs(thenRel));
  }
}

/**
 * Re-judge the `signature` entries of TypeScript files with the checker (in place). The
 * other entries (removed, added, visibility) come from the declarations' presence and keep
 * `compared: "text"`.
 */
export async function checkApiDelta(root: string, ref: string, changes: ApiChange[], files: readonly { path: string; oldPath?: string }[], ctx: OpContext): Promise<void> {
  const byFile = new Map<string, ApiChange[]>();
  for (const c of changes) if (c.kind === "signature" && TS_FILE.test(c.path)) byFile.set(c.path, [...(byFile.get(c.path) ?? []), c]);
  if (!byFile.size) return;
  let cw: CheckWorkspace | null = null;
  let cold = false;
  try {
    cw = await residentChecks(root, ctx);
    if (!cw) {
      cw = await coldChecks(root);
      cold = true;
    }
    const checks = cw;
    await checks.exclusive(async () => {
      await checks.refresh();
      for (const [path, list] of byFile) await compareFile(checks, root, ref, path, files.find((f) => f.path === path)?.oldPath ?? path, list);
    });
  } catch (error) {
    for (const list of byFile.values()) for (const c of list) if (c.compared !== "checker") c.evidence = `compared as text: the TypeScript engine failed (${(error as Error).message.split("\n")[0]})`;
  } finally {
    if (cold) await cw?.release().catch(() => undefined);
  }
}
