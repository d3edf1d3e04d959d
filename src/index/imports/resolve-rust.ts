// Rust module paths to files. `mod x;` → x.rs / x/mod.rs beside a directory-owning file
// (lib.rs, main.rs, mod.rs, crate roots) or under the file's own folder otherwise.
// `use crate::|self::|super::…`, workspace crate names and 2018 uniform paths map module
// segments to src/a/b.rs or src/a/b/mod.rs, falling back to the parent when a segment
// names an item.

import type { ImportRef } from "./extract.ts";
import type { FileIndex } from "./file-index.ts";
import { baseOf, child, dirOf, isUnder } from "./paths.ts";

interface Crate {
  /** Folder module paths are relative to (src/, or the folder of a crate-root file). */
  src: string;
  /** The root module's file. */
  root: string | null;
}

const OWNERS = new Set(["lib.rs", "main.rs", "mod.rs"]);
const ROOT_DIRS = new Set(["tests", "examples", "benches"]);

export class RustResolver {
  private crates: Map<string, Crate> | null = null;
  private readonly cargoDirs = new Map<string, string | null>();

  constructor(private readonly ix: FileIndex) {}

  resolve(fromPath: string, ref: ImportRef): string[] {
    if (ref.kind === "mod") {
      const dir = this.ownsDir(fromPath) ? dirOf(fromPath) : child(dirOf(fromPath), baseOf(fromPath).replace(/\.rs$/, ""));
      const f = this.moduleFile(child(dir, ref.specifier));
      return f ? [f] : [];
    }
    const segs = ref.specifier.split("::").filter((s) => s !== "");
    let crate = this.crateOf(fromPath);
    let base: string[];
    let i = 0;
    const head = segs[0];
    if (head === "crate") {
      base = [];
      i = 1;
    } else if (head === "self" || head === "super") {
      base = this.modulePath(crate, fromPath);
      for (; segs[i] === "self" || segs[i] === "super"; i++) if (segs[i] === "super") base.pop();
    } else {
      const other = head === undefined ? null : this.crateNamed(head);
      if (other) {
        crate = other;
        base = [];
        i = 1;
      } else {
        // uniform path: a child module of this module, else of the crate root; never just this file
        const rest = segs;
        const own = this.modulePath(crate, fromPath);
        const here = this.items(crate, [...own, ...rest], ref.names, own.length + 1);
        return here.length > 0 ? here : this.items(crate, rest, ref.names, 1);
      }
    }
    return this.items(crate, [...base, ...segs.slice(i)], ref.names, 0);
  }

  /** Files for module path `mod` and its `names`: submodules named like them, else the deepest existing module (≥ minDepth). */
  private items(crate: Crate, mod: string[], names: readonly string[], minDepth: number): string[] {
    const out: string[] = [];
    let needModule = names.length === 0;
    for (const name of names) {
      const sub = name === "*" || name === "self" ? null : this.moduleAt(crate, [...mod, name]);
      if (sub) out.push(sub);
      else needModule = true;
    }
    if (!needModule) return out;
    for (let k = mod.length; k >= minDepth; k--) {
      const f = this.moduleAt(crate, mod.slice(0, k));
      if (f) {
        out.push(f);
        break;
      }
    }
    return out;
  }

  private moduleAt(crate: Crate, segs: readonly string[]): string | null {
    return segs.length === 0 ? crate.root : this.moduleFile(child(crate.src, segs.join("/")));
  }

  private moduleFile(path: string): string | null {
    if (this.ix.has(`${path}.rs`)) return `${path}.rs`;
    if (this.ix.has(`${path}/mod.rs`)) return `${path}/mod.rs`;
    return null;
  }

  /** Module segments of a file within its crate (lib.rs → [], a/b.rs → [a, b], a/mod.rs → [a]). */
  private modulePath(crate: Crate, file: string): string[] {
    if (file === crate.root || !isUnder(file, crate.src)) return [];
    const segs = file.slice(crate.src === "" ? 0 : crate.src.length + 1).replace(/\.rs$/, "").split("/");
    if (segs[segs.length - 1] === "mod") segs.pop();
    return segs;
  }

  /** Whether `mod x;` in this file means a sibling file (lib.rs, main.rs, mod.rs, crate roots). */
  private ownsDir(file: string): boolean {
    return OWNERS.has(baseOf(file)) || this.crateOf(file).root === file;
  }

  private crateOf(file: string): Crate {
    const cargo = this.cargoDir(dirOf(file));
    const dir = dirOf(file);
    const src = cargo === null ? srcAbove(dir) : child(cargo, "src");
    if (cargo !== null && !isUnder(file, src)) return { src: dir, root: file }; // tests/x.rs, examples/x.rs, build.rs
    if (cargo !== null && dir === child(src, "bin")) return { src: dir, root: file };
    if (cargo === null && ROOT_DIRS.has(baseOf(dir))) return { src: dir, root: file };
    return { src, root: this.ix.firstIn(src, ["lib.rs", "main.rs"]) };
  }

  private cargoDir(dir: string): string | null {
    let found = this.cargoDirs.get(dir);
    if (found !== undefined) return found;
    found = this.ix.has(child(dir, "Cargo.toml")) ? dir : dir === "" ? null : this.cargoDir(dirOf(dir));
    this.cargoDirs.set(dir, found);
    return found;
  }

  /** A workspace crate by its name (dashes as underscores). */
  private crateNamed(name: string): Crate | null {
    if (!this.crates) {
      this.crates = new Map();
      for (const manifest of this.ix.named("Cargo.toml")) {
        const m = /^\[package\][^[]*?^\s*name\s*=\s*"([^"]+)"/ms.exec(this.ix.text(manifest) ?? "");
        if (!m?.[1]) continue;
        const src = child(dirOf(manifest), "src");
        this.crates.set(m[1].replaceAll("-", "_"), { src, root: this.ix.firstIn(src, ["lib.rs", "main.rs"]) });
      }
    }
    return this.crates.get(name) ?? null;
  }
}

/** Without a Cargo.toml: the nearest folder named src above (or at) `dir`, else `dir`. */
function srcAbove(dir: string): string {
  for (let d = dir; d !== ""; d = dirOf(d)) if (baseOf(d) === "src") return d;
  return dir;
}
