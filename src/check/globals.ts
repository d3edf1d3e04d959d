// Which sources can break files that never import them: what the gate (gate-compare.ts) and
// the resident checks (workspace.ts) recheck everything for.

/** Sources whose declarations can reach files that never import them (JavaScript in a program with allowJs). */
const TS_SOURCE = /\.[cm]?[jt]sx?$/;
/** Always modules (never scripts), whatever their text. */
const MODULE_ONLY = /\.[cm][jt]s$/;
/** What makes a JavaScript file a CommonJS module rather than a script. */
const COMMONJS = /\b(module\.exports\b|exports\.[\w$]+\s*=)/;

/** A declaration at the top level of a file (column 0): in a script, a global. */
const TOP_LEVEL_DECLARATION = /^(?:declare\s+)?(?:async\s+)?(?:function\b|const\s|let\s|var\s|class\s|abstract\s+class\s|interface\s|type\s+[\w$]+\s*[<=]|enum\s|const\s+enum\s|namespace\s|module\s)/m;

/**
 * The text declares globals: a script (no `import` or `export` at the start of a line, nor
 * for JavaScript a CommonJS export, so TypeScript does not make it a module) that is a
 * declaration file or declares something at its top level, or any source with a
 * `declare global` / `declare module` block. Its
 * importers are not all it can break. (A script with no top-level declaration — a test
 * calling the runner's globals — declares nothing another file could use, and is left to
 * its importers: checking everything on each such edit would cost the gate its speed.)
 */
export function declaresGlobals(path: string, text: string | null | undefined): boolean {
  if (!TS_SOURCE.test(path) || text === null || text === undefined) return false;
  const script = !MODULE_ONLY.test(path) && !/^(import|export)\b/m.test(text) && !(/\.jsx?$/.test(path) && COMMONJS.test(text));
  return (script && (path.endsWith(".d.ts") || TOP_LEVEL_DECLARATION.test(text))) || /^\s*declare\s+(global\b|module\s)/m.test(text);
}
