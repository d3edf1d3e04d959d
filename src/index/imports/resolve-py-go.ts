// Python and Go imports to workspace files. Python: relative imports from the file's
// package, absolute ones from the folders that hold the first package (ancestors of the
// importing file first, then the root and src/); `from m import x` tries submodule m/x.
// Go: the longest go.mod module path that prefixes the import → that folder's .go files.

import type { ImportRef } from "./extract.ts";
import type { FileIndex } from "./file-index.ts";
import { baseOf, child, dirOf, isUnder } from "./paths.ts";

export class PythonResolver {
  /** First package/module name → folders that hold it (as a package folder or a module file). */
  private holders: Map<string, { pkgs: Set<string>; mods: Set<string> }> | null = null;
  private readonly rootsCache = new Map<string, string[]>();

  constructor(private readonly ix: FileIndex) {}

  resolve(fromPath: string, ref: ImportRef): string[] {
    const spec = ref.specifier;
    const dots = /^\.*/.exec(spec)![0].length;
    if (dots > 0) {
      let base = dirOf(fromPath);
      for (let i = 1; i < dots; i++) {
        if (base === "") return [];
        base = dirOf(base);
      }
      const rest = spec.slice(dots).replaceAll(".", "/");
      return this.moduleAndNames(rest === "" ? base : child(base, rest), ref.names);
    }
    const first = spec.split(".")[0] ?? "";
    const path = spec.replaceAll(".", "/");
    const roots = this.rootsFor(fromPath, first);
    for (const root of roots) {
      const found = this.moduleAndNames(child(root, path), ref.names);
      if (found.length > 0) return found;
    }
    // `import os.path`: the leaf is no module file (an alias or attribute): its nearest parent module
    const segs = path.split("/");
    for (const root of roots) {
      for (let k = segs.length - 1; k >= 1; k--) {
        const mod = this.module(child(root, segs.slice(0, k).join("/")));
        if (mod) return [mod];
      }
    }
    return [];
  }

  /** The module file of a dotted path turned folder path: m.py, m.pyi, m/__init__.py(i). */
  private module(path: string): string | null {
    const { ix } = this;
    for (const p of [`${path}.py`, `${path}.pyi`, `${path}/__init__.py`, `${path}/__init__.pyi`]) if (ix.has(p)) return p;
    return null;
  }

  /** `from path import names`: submodules named like the names, and the module itself when some name is not one. */
  private moduleAndNames(path: string, names: readonly string[]): string[] {
    const out: string[] = [];
    let needModule = names.length === 0;
    for (const name of names) {
      const sub = name === "*" ? null : this.module(child(path, name));
      if (sub) out.push(sub);
      else needModule = true;
    }
    const mod = needModule ? this.module(path) : null;
    if (mod) out.push(mod);
    return out;
  }

  /** Folders an absolute import may start from, most plausible first. */
  private rootsFor(fromPath: string, first: string): string[] {
    if (!this.holders) this.holders = this.buildHolders();
    const h = this.holders.get(first);
    if (!h) return [];
    const from = dirOf(fromPath);
    const key = `${from}\0${first}`;
    const cached = this.rootsCache.get(key);
    if (cached) return cached;
    const score = (d: string): number => (isUnder(from, d) ? 1000 + d.length : d === "" ? 999 : baseOf(d) === "src" ? 998 : -d.length);
    // module files only count in plausible script/source folders; packages anywhere
    const roots = [...h.pkgs, ...[...h.mods].filter((d) => isUnder(from, d) || d === "" || baseOf(d) === "src" || baseOf(d) === "lib")];
    const sorted = [...new Set(roots)].sort((a, b) => score(b) - score(a) || (a < b ? -1 : 1));
    this.rootsCache.set(key, sorted);
    return sorted;
  }

  private buildHolders(): Map<string, { pkgs: Set<string>; mods: Set<string> }> {
    const map = new Map<string, { pkgs: Set<string>; mods: Set<string> }>();
    const get = (name: string) => {
      let h = map.get(name);
      if (!h) map.set(name, (h = { pkgs: new Set(), mods: new Set() }));
      return h;
    };
    for (const p of this.ix.files) {
      if (!p.endsWith(".py") && !p.endsWith(".pyi")) continue;
      const segs = p.split("/");
      const file = segs[segs.length - 1]!;
      const stem = file.slice(0, file.lastIndexOf("."));
      if (stem !== "__init__") get(stem).mods.add(segs.slice(0, -1).join("/"));
      for (let i = 0; i < segs.length - 1; i++) get(segs[i]!).pkgs.add(segs.slice(0, i).join("/"));
    }
    return map;
  }
}

export class GoResolver {
  private modules: [string, string][] | null = null;

  constructor(private readonly ix: FileIndex) {}

  resolve(ref: ImportRef): string[] {
    if (!this.modules) this.modules = this.readModules();
    const spec = ref.specifier;
    for (const [mod, dir] of this.modules) {
      if (spec !== mod && !spec.startsWith(`${mod}/`)) continue;
      const folder = spec === mod ? dir : child(dir, spec.slice(mod.length + 1));
      const files = this.ix.filesIn(folder).filter((f) => f.endsWith(".go") && !f.endsWith("_test.go"));
      if (files.length > 0) return files;
    }
    return [];
  }

  /** (module path, folder) of every go.mod, longest module path first. */
  private readModules(): [string, string][] {
    const out: [string, string][] = [];
    for (const p of this.ix.named("go.mod")) {
      const m = /^\s*module\s+"?([^\s"]+)"?/m.exec(this.ix.text(p) ?? "");
      if (m?.[1]) out.push([m[1], dirOf(p)]);
    }
    return out.sort((a, b) => b[0].length - a[0].length);
  }
}
