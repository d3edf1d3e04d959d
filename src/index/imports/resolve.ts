// Import resolution: an ImportRef of a file to the workspace files it refers to. Lookup
// structures (path set, files per folder, packages, tsconfigs, go.mod / Cargo.toml facts)
// are built once, lazily per language, so each resolve() is a handful of map lookups.
// External packages, standard libraries and anything unresolvable give [].

import type { CodeLanguage } from "../../lang/languages.ts";
import type { ImportRef } from "./extract.ts";
import { FileIndex } from "./file-index.ts";
import { Packages } from "./packages.ts";
import { GoResolver, PythonResolver } from "./resolve-py-go.ts";
import { resolveCsharp, resolveInclude, resolveJvm, resolvePhp, resolveRuby, resolveSwift } from "./resolve-langs.ts";
import { RustResolver } from "./resolve-rust.ts";
import { resolveTs } from "./resolve-ts.ts";
import { TsConfigs } from "./tsconfig.ts";

export interface ResolverInput {
  /** Absolute workspace root. */
  root: string;
  /** Every inventory file, root-relative '/'-separated. */
  paths: readonly string[];
  /** Read a root-relative file's text (package.json, tsconfig*.json, go.mod…), or null. */
  readText(path: string): string | null;
}

export interface Resolver {
  /**
   * The root-relative files the import refers to inside the workspace, sorted and
   * de-duplicated, never the importing file itself; [] for external or unresolvable
   * imports. Folder-like imports (Go packages, wildcards, C# namespaces) give every file.
   */
  resolve(fromPath: string, language: CodeLanguage, ref: ImportRef): string[];
}

export function createResolver(input: ResolverInput): Resolver {
  const ix = new FileIndex(input.paths, (p) => input.readText(p));
  const packages = new Packages(ix);
  const configs = new TsConfigs(ix, packages);
  let python: PythonResolver | null = null;
  let go: GoResolver | null = null;
  let rust: RustResolver | null = null;

  function raw(from: string, language: CodeLanguage, ref: ImportRef): string[] {
    switch (language) {
      case "typescript":
      case "tsx":
      case "javascript": {
        const r = resolveTs(ix, configs, packages, from, ref.specifier);
        return r ? [r] : [];
      }
      case "python":
        return (python ??= new PythonResolver(ix)).resolve(from, ref);
      case "go":
        return (go ??= new GoResolver(ix)).resolve(ref);
      case "rust":
        return (rust ??= new RustResolver(ix)).resolve(from, ref);
      case "java":
      case "kotlin":
      case "scala":
        return resolveJvm(ix, from, ref);
      case "csharp":
        return resolveCsharp(ix, from, ref);
      case "c":
      case "cpp":
        return resolveInclude(ix, from, ref);
      case "ruby":
        return resolveRuby(ix, from, ref);
      case "php":
        return resolvePhp(ix, from, ref);
      case "swift":
        return resolveSwift(ix, from, ref);
      default:
        return [];
    }
  }

  return {
    resolve(fromPath, language, ref) {
      let found: string[];
      try {
        found = raw(fromPath, language, ref);
      } catch {
        return [];
      }
      if (found.length === 1) return found[0] === fromPath ? [] : found;
      return [...new Set(found)].filter((p) => p !== fromPath).sort();
    },
  };
}
