// Best-effort resolution where the language has no file-level module system: JVM and PHP
// classes by path suffix (a.b.C → …/a/b/C.java), wildcard imports and C# namespaces by
// folder suffix, C/C++ includes beside the file, at the root or under include/, Ruby
// require through lib/ folders, Swift modules as SwiftPM Sources/<Module>/.

import type { ImportRef } from "./extract.ts";
import type { FileIndex } from "./file-index.ts";
import { dirOf, endsWithSegments, extOf, joinPath, nearest, nearestDirs } from "./paths.ts";

const JVM_EXTS = [".java", ".kt", ".scala"];
const JVM_SOURCE = new Set([".java", ".kt", ".kts", ".scala", ".sc"]);

/** Files named `<last segment><ext>` whose path ends with the segments; nearest to `from` on a tie. */
function classFile(ix: FileIndex, from: string, segs: readonly string[], exts: readonly string[]): string[] {
  const suffix = segs.join("/");
  const found: string[] = [];
  for (const ext of exts) {
    for (const p of ix.named(`${segs[segs.length - 1]}${ext}`)) if (endsWithSegments(p.slice(0, -ext.length), suffix)) found.push(p);
  }
  return nearest(from, found);
}

/** Source files directly in the folders whose path (dots read as '/') ends with the segments. */
function packageFiles(ix: FileIndex, from: string, segs: readonly string[], exts: ReadonlySet<string>): string[] {
  const last = segs[segs.length - 1];
  if (last === undefined) return [];
  const suffix = segs.join("/");
  const dirs = ix.dirsNamed(last).filter((d) => endsWithSegments(d.replaceAll(".", "/"), suffix));
  const out: string[] = [];
  for (const d of nearestDirs(from, dirs)) {
    for (const f of ix.filesIn(d)) if (exts.has(extOf(f))) out.push(f);
  }
  return out;
}

export function resolveJvm(ix: FileIndex, from: string, ref: ImportRef): string[] {
  const segs = ref.specifier.replaceAll("`", "").split(".").filter((s) => s !== "");
  const last = segs[segs.length - 1];
  if (last === undefined) return [];
  if (last === "*" || last === "_") {
    const pkg = segs.slice(0, -1);
    const files = packageFiles(ix, from, pkg, JVM_SOURCE);
    return files.length > 0 ? files : classChain(ix, from, pkg); // `import static a.b.Util.*`
  }
  const names = ref.names.filter((n) => n !== "*");
  if (names.length > 0 && !(names.length === 1 && names[0] === last)) {
    // Scala selectors `a.b.{C, D}`
    const out = names.flatMap((n) => classChain(ix, from, [...segs, n]));
    return out.length > 0 ? out : classChain(ix, from, segs);
  }
  return classChain(ix, from, segs);
}

/** a.b.C, else a.b (C a member or nested class), else a (two levels of nesting); never a bare package. */
function classChain(ix: FileIndex, from: string, segs: readonly string[]): string[] {
  for (let k = segs.length; k >= Math.max(1, segs.length - 2); k--) {
    const found = classFile(ix, from, segs.slice(0, k), JVM_EXTS);
    if (found.length > 0) return found;
  }
  return [];
}

export function resolveCsharp(ix: FileIndex, from: string, ref: ImportRef): string[] {
  const segs = ref.specifier.split(".").filter((s) => s !== "");
  const cs = new Set([".cs"]);
  const exact = packageFiles(ix, from, segs, cs);
  if (exact.length > 0) return exact;
  const type = classFile(ix, from, segs, [".cs"]); // `using static A.B.Type`, `using X = A.B.Type`
  if (type.length > 0) return type;
  // projects often drop the root namespace from folders: Acme.Orders.Services → Orders/Services
  for (let drop = 1; segs.length - drop >= 2; drop++) {
    const files = packageFiles(ix, from, segs.slice(drop), cs);
    if (files.length > 0) return files;
  }
  return [];
}

export function resolveInclude(ix: FileIndex, from: string, ref: ImportRef): string[] {
  const spec = ref.specifier;
  if (spec.startsWith("<")) return [];
  for (const base of [dirOf(from), ""]) {
    const p = joinPath(base, spec);
    if (p !== null && ix.has(p)) return [p];
  }
  for (const base of nearestDirs(from, ix.dirsNamed("include"))) {
    const p = joinPath(base, spec);
    if (p !== null && ix.has(p)) return [p];
  }
  const name = spec.slice(spec.lastIndexOf("/") + 1);
  const tail = spec.replace(/^(?:\.\.?\/)+/, "");
  return nearest(from, ix.named(name).filter((p) => endsWithSegments(p, tail)));
}

export function resolveRuby(ix: FileIndex, from: string, ref: ImportRef): string[] {
  const spec = ref.specifier.endsWith(".rb") ? ref.specifier : `${ref.specifier}.rb`;
  if (spec.startsWith(".")) {
    const p = joinPath(dirOf(from), spec);
    return p !== null && ix.has(p) ? [p] : [];
  }
  const libs = nearestDirs(from, ix.dirsNamed("lib"));
  for (const base of ["", "lib", ...libs, "app"]) {
    const p = joinPath(base, spec);
    if (p !== null && ix.has(p)) return [p];
  }
  return [];
}

export function resolvePhp(ix: FileIndex, from: string, ref: ImportRef): string[] {
  const spec = ref.specifier;
  if (ref.kind === "require" || ref.kind === "include") {
    for (const base of spec.startsWith(".") ? [dirOf(from)] : [dirOf(from), ""]) {
      const p = joinPath(base, spec);
      if (p !== null && ix.has(p)) return [p];
    }
    return [];
  }
  const segs = spec.split("\\").filter((s) => s !== "");
  const last = segs[segs.length - 1];
  const classes = ref.names.length === 1 && ref.names[0] === last ? [segs] : ref.names.map((n) => [...segs, ...n.split("\\")]);
  const out: string[] = [];
  for (const cls of classes) {
    // PSR-4 maps a namespace prefix to a folder: match the longest path suffix (≥ 2 segments when there are)
    for (let drop = 0; cls.length - drop >= Math.min(2, cls.length); drop++) {
      const found = classFile(ix, from, cls.slice(drop), [".php"]);
      if (found.length > 0) {
        out.push(...found);
        break;
      }
    }
  }
  return out;
}

export function resolveSwift(ix: FileIndex, from: string, ref: ImportRef): string[] {
  const module = ref.specifier.split(".")[0] ?? "";
  let modules = SWIFT_MODULES.get(ix);
  if (!modules) SWIFT_MODULES.set(ix, (modules = new Map()));
  let files = modules.get(module);
  if (!files) {
    const dirs = ix.dirsNamed(module).filter((d) => endsWithSegments(d, `Sources/${module}`));
    files = dirs.length === 0 ? [] : [...ix.files].filter((f) => f.endsWith(".swift") && dirs.some((d) => f.startsWith(`${d}/`)));
    modules.set(module, files);
  }
  return files;
}

const SWIFT_MODULES = new WeakMap<FileIndex, Map<string, string[]>>();
