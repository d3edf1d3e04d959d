// Registers the dynamic ast-grep grammars exactly once per process, on first need.
// From source the grammar libraries come from node_modules; inside the compiled binary
// they are embedded files (see scripts/build.ts) copied once to the per-version cache.

import { registerDynamicLanguage } from "@ast-grep/napi";
import { join } from "node:path";
import type { EmbeddedFile } from "../sys/cache.ts";
import { materializeAll } from "../sys/embedded.ts";
import { IS_COMPILED } from "../version.ts";

interface GrammarInfo {
  /** npm package suffix: @ast-grep/lang-<pkg> */
  pkg: string;
  symbol: string;
  expando: string;
  extensions: string[];
}

export const DYNAMIC_GRAMMARS: Record<string, GrammarInfo> = {
  python: { pkg: "python", symbol: "tree_sitter_python", expando: "µ", extensions: ["py", "pyi"] },
  go: { pkg: "go", symbol: "tree_sitter_go", expando: "µ", extensions: ["go"] },
  rust: { pkg: "rust", symbol: "tree_sitter_rust", expando: "µ", extensions: ["rs"] },
  java: { pkg: "java", symbol: "tree_sitter_java", expando: "$", extensions: ["java"] },
  kotlin: { pkg: "kotlin", symbol: "tree_sitter_kotlin", expando: "µ", extensions: ["kt", "kts"] },
  scala: { pkg: "scala", symbol: "tree_sitter_scala", expando: "$", extensions: ["scala", "sc"] },
  csharp: { pkg: "csharp", symbol: "tree_sitter_c_sharp", expando: "µ", extensions: ["cs"] },
  ruby: { pkg: "ruby", symbol: "tree_sitter_ruby", expando: "µ", extensions: ["rb"] },
  php: { pkg: "php", symbol: "tree_sitter_php", expando: "$", extensions: ["php"] },
  swift: { pkg: "swift", symbol: "tree_sitter_swift", expando: "µ", extensions: ["swift"] },
  c: { pkg: "c", symbol: "tree_sitter_c", expando: "_", extensions: ["c", "h"] },
  cpp: { pkg: "cpp", symbol: "tree_sitter_cpp", expando: "_", extensions: ["cc", "cpp", "cxx", "hpp", "hh", "hxx"] },
};

let registered = false;

function libraryPath(name: string, info: GrammarInfo, embeddedDir: string | null): string {
  if (embeddedDir) return join(embeddedDir, `${name}.so`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`@ast-grep/lang-${info.pkg}`) as { libraryPath: string }).libraryPath;
}

/** Make every dynamic grammar parseable. Idempotent; cheap after the first call. */
export function ensureGrammars(): void {
  if (registered) return; // set once registered: an extraction that failed is retried (and fails loudly) next time
  const embeddedDir = IS_COMPILED
    ? materializeAll((require("./embedded-grammars.gen.js") as { default: Record<string, EmbeddedFile> }).default, [], "grammars")
    : null;
  const registrations: Record<string, { libraryPath: string; languageSymbol: string; expandoChar: string; extensions: string[] }> = {};
  for (const [name, info] of Object.entries(DYNAMIC_GRAMMARS)) {
    registrations[name] = {
      libraryPath: libraryPath(name, info, embeddedDir),
      languageSymbol: info.symbol,
      expandoChar: info.expando,
      extensions: info.extensions,
    };
  }
  registerDynamicLanguage(registrations as never);
  registered = true;
}
