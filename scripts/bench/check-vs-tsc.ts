// svc_check against the compiler, file by file: for each file given, (1) its diagnostics as they stand, (2) an edit
// that breaks the file itself (a wrongly typed const appended), (3) an edit that breaks its importers (the first exported
// declaration renamed) — svc's errors (the check op: grade, the file's errors, the errors introduced in the dependents)
// against the repo's own classic TypeScript language service over the nearest tsconfig whose program holds the file
// (extends and paths as that config reads them). A difference in the errors' (code, line) sets, a check that says clean
// where the compiler has an introduced error, or red where it has none, is printed.
// Usage: bun scripts/bench/check-vs-tsc.ts <repo> <file>[=tsconfig] …   (svc index --force <repo> first)
// Figures (branch h97, 3 files each): zustand, immer, ky, xstate (store-preact/-angular with their own tsconfigs),
//   mikro-orm (packages extending the root's paths): no false clean, no false red. Differences: immer's `process`
//   (TS2591: TypeScript 7 defaults `types` to [], the repo's 5.0 included @types/node — doctor says results follow the
//   engine's rules); declaration-emit errors (TS4xxx) the classic service gives with `declaration` on (svc turns
//   declaration emit off, architecture's rule); importers left unchecked by the 4 s dependents cap on a loaded machine
//   (the answer names them).

import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Diag } from "../../src/check/diag.ts";
import type { FileCheckData } from "../../src/check/file-check.ts";
import { call } from "../../src/engine.ts";
import { type ClassicDiagnostic, type ClassicOverlay, classicService } from "./classic-ls.ts";

/** The nearest tsconfig.json from the file's folder up to the root whose program holds the file. */
function nearestConfig(root: string, file: string): string {
  for (let dir = dirname(join(root, file)); dir.startsWith(root); dir = dirname(dir)) {
    const cfg = join(dir, "tsconfig.json");
    if (existsSync(cfg) && classicService(root, relative(root, cfg)).program.getSourceFile(join(root, file))) return relative(root, cfg);
  }
  throw new Error(`${file}: no tsconfig.json above it holds it`);
}

const key = (path: string, code: string | number, line: number) => `${path}:${line} TS${String(code).replace(/^TS/, "")}`;

async function main(): Promise<void> {
  const [root, ...asked] = process.argv.slice(2);
  if (!root || !asked.length) throw new Error("usage: bun scripts/bench/check-vs-tsc.ts <repo> <file>[=tsconfig] …");
  let mismatches = 0;
  for (const arg of asked) {
    const [file, given] = arg.split("=") as [string, string | undefined];
    const tsconfig = given ?? nearestConfig(root, file);
    const abs = join(root, file);
    const overlay: ClassicOverlay = { files: new Map(), version: 0 };
    const { ls, program } = classicService(root, tsconfig, overlay);
    const original = readFileSync(abs, "utf8");
    const errorsIn = (path: string): Set<string> => {
      const p = join(root, path);
      const diags: ClassicDiagnostic[] = [...ls.getSyntacticDiagnostics(p), ...ls.getSemanticDiagnostics(p)];
      return new Set(diags.filter((d) => d.category === 1 && d.file && d.start !== undefined).map((d) => key(path, d.code, d.file!.getLineAndCharacterOfPosition(d.start!).line + 1)));
    };
    // the first exported declaration: renaming it breaks its importers
    const lines = original.split("\n");
    const at = lines.findIndex((l) => /^export (?:declare )?(?:async )?(?:function\*?|class|const|let|interface|type|enum|abstract class) [\w$]+/.test(l));
    const name = at >= 0 ? /^export (?:declare )?(?:async )?(?:function\*?|class|const|let|interface|type|enum|abstract class) ([\w$]+)/.exec(lines[at]!)![1]! : null;
    const importers = new Set<string>();
    if (name !== null) {
      const sf = program.getSourceFile(abs)!;
      const pos = sf.getPositionOfLineAndCharacter(at, lines[at]!.search(new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`)));
      for (const g of ls.findReferences(abs, pos) ?? []) for (const r of g.references) if (r.fileName !== abs && !r.fileName.includes("node_modules/")) importers.add(relative(root, r.fileName));
    }
    const before = new Map([file, ...importers].map((p) => [p, errorsIn(p)]));
    const cases: [string, string | null][] = [
      ["as it stands", original],
      ["a wrongly typed const appended", `${original}${original.endsWith("\n") ? "" : "\n"}export const h97BrokenConst: number = "not a number";\n`],
      [name === null ? "no exported declaration to rename" : `${name} renamed (${importers.size} importing files)`, name === null ? null : lines.map((l, i) => (i === at ? l.replace(new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`), `${name}H97Renamed`) : l)).join("\n")],
    ];
    for (const [what, content] of cases) {
      if (content === null) continue;
      const r = await call("check", { path: root, file, content });
      const d = r.data as unknown as FileCheckData;
      // the files that can break: the renamed export's referencing files, and those svc says break (a dependent's dependent can)
      const judged = new Set([...importers, ...d.dependentDiagnostics.map((x: Diag) => x.path)].filter((p) => p !== file));
      overlay.files.delete(abs);
      overlay.version++;
      for (const p of judged) if (!before.has(p)) before.set(p, errorsIn(p));
      overlay.files.set(abs, content);
      overlay.version++;
      const fileNow = errorsIn(file);
      const introduced = new Set<string>();
      for (const p of judged) for (const k of errorsIn(p)) if (!before.get(p)!.has(k)) introduced.add(k);
      const fileNew = [...fileNow].filter((k) => !before.get(file)!.has(k));
      const svcFile = new Set(d.diagnostics.filter((x: Diag) => x.severity === "error").map((x: Diag) => key(x.path, x.code, x.line)));
      const svcDeps = new Set(d.dependentDiagnostics.filter((x: Diag) => x.severity === "error").map((x: Diag) => key(x.path, x.code, x.line)));
      const compilerRed = fileNew.length + introduced.size > 0;
      const problems: string[] = [];
      if (d.grade === "abstain") problems.push(`abstains: ${d.reason}`);
      else {
        if (d.clean && (fileNow.size || introduced.size)) problems.push(`clean, the compiler has ${fileNow.size} errors in the file and ${introduced.size} introduced in importers`);
        if (!compilerRed && d.introducedErrors > 0 && what !== "as it stands") problems.push(`red (${d.introducedErrors} introduced), the compiler introduces none`);
        const onlySvc = [...svcFile].filter((k) => !fileNow.has(k));
        const onlyTs = [...fileNow].filter((k) => !svcFile.has(k));
        if (onlySvc.length || onlyTs.length) problems.push(`file errors: svc only ${onlySvc.join(", ") || "-"}; compiler only ${onlyTs.join(", ") || "-"}`);
        const depOnlySvc = [...svcDeps].filter((k) => !introduced.has(k));
        const depOnlyTs = [...introduced].filter((k) => !svcDeps.has(k));
        if (depOnlySvc.length || depOnlyTs.length) problems.push(`importers' introduced errors: svc only ${depOnlySvc.join(", ") || "-"}; compiler only ${depOnlyTs.join(", ") || "-"}`);
      }
      mismatches += problems.length ? 1 : 0;
      console.log(`${file} [${tsconfig}] ${what}: svc ${d.grade}${d.clean ? " clean" : ""}, ${svcFile.size} file errors, ${d.introducedErrors} introduced, ${d.dependents} dependents checked; compiler ${fileNow.size} file errors, ${fileNew.length + introduced.size} introduced${problems.length ? `\n  MISMATCH ${problems.join("\n  MISMATCH ")}` : ""}`);
    }
    overlay.files.delete(abs);
  }
  console.log(`${mismatches} mismatching answers`);
}

await main();
process.exit(0);
