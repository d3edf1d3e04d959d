// The language server's own diagnostics of a file (LSP pull diagnostics), the overlay
// checks' fast path. Opening a document makes the server load the project it picks for the
// file — the nearest tsconfig.json/jsconfig.json above it, the project's real config, not
// our wrapper — and build its program at once; asking that project for the file's
// diagnostics then needs no API snapshot (no second program build, no project list round
// trip): 2–3× faster on a large project. It is used only where that project checks exactly
// as the wrapper does (`sameChecking`): same files, same options but emit (which the
// wrapper turns off), and nothing emit-related that adds diagnostics (declaration emit,
// rootDir). Messages come back as the head line only, as the API gives them.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileUri, type TsEngine } from "./engine.ts";
import type { Diag } from "./queries.ts";

interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity?: number;
  code?: number | string;
  message: string;
}

/** Syntactic + semantic diagnostics of an open file (or an overlay) in the project the language server checks it in. */
export async function pulledDiagnostics(engine: TsEngine, file: string, timeoutMs?: number): Promise<Diag[]> {
  const report = await engine.lspRequest<{ kind: string; items?: LspDiagnostic[] }>("textDocument/diagnostic", { textDocument: { uri: fileUri(file) } }, timeoutMs);
  if (report.kind !== "full" || !report.items) throw new Error(`the language server gave no diagnostics report for ${file}`);
  return report.items.map((d) => ({
    code: Number(d.code),
    // LSP: 1 error, 2 warning, 3 information, 4 hint (suggestions: unused, deprecated)
    severity: d.severity === 1 || d.severity === undefined ? "error" : d.severity === 2 ? "warning" : "suggestion",
    message: d.message.split("\n")[0]!,
    path: file,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
  }));
}

/** The config the language server picks for a file: the nearest tsconfig.json (then jsconfig.json) above it, root-relative; null when none inside the root. */
export function serverConfigOf(root: string, rel: string): string | null {
  const parts = rel.split("/").slice(0, -1);
  for (let n = parts.length; n >= 0; n--) {
    const dir = parts.slice(0, n).join("/");
    for (const name of ["tsconfig.json", "jsconfig.json"]) {
      const config = dir ? `${dir}/${name}` : name;
      if (existsSync(join(root, config))) return config;
    }
  }
  return null;
}

interface ParsedConfig {
  options: Record<string, unknown>;
  fileNames: string[];
}

/** Options that change only what is emitted or where (the wrapper resets them). */
const EMIT_ONLY = new Set(["configFilePath", "noEmit", "outDir", "declarationDir", "declarationMap", "incremental", "tsBuildInfoFile"]);
/** Emit options that add diagnostics when on (declaration emit errors, files outside rootDir): the project must have them off. */
const MUST_BE_OFF = ["declaration", "composite", "emitDeclarationOnly", "rootDir"];

const canonical = (value: unknown): string => JSON.stringify(value, (_k, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/** Whether a project's own config checks files exactly as its wrapper does. */
export function sameChecking(real: ParsedConfig, wrapper: ParsedConfig): boolean {
  if (MUST_BE_OFF.some((k) => real.options[k] !== undefined && real.options[k] !== false && real.options[k] !== null)) return false;
  // Without noEmit TypeScript reports options that need it (an options error the wrapper does not have).
  if (real.options.noEmit !== true && real.options.allowImportingTsExtensions) return false;
  const keep = (options: Record<string, unknown>) => Object.fromEntries(Object.entries(options).filter(([k, v]) => !EMIT_ONLY.has(k) && !(MUST_BE_OFF.includes(k) && (v === false || v === null))));
  if (canonical(keep(real.options)) !== canonical(keep(wrapper.options))) return false;
  const files = new Set(wrapper.fileNames);
  return real.fileNames.length === files.size && real.fileNames.every((f) => files.has(f));
}

/** Parse both configs in the engine and compare them (`sameChecking`). */
export async function serverChecksAsWrapper(engine: TsEngine, realConfig: string, wrapper: string): Promise<boolean> {
  return engine.call(`comparing ${realConfig} with its wrapper`, async (api) => {
    const [real, wrapped] = await Promise.all([api.parseConfigFile(realConfig), api.parseConfigFile(wrapper)]);
    return sameChecking(real, wrapped);
  });
}
