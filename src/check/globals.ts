// Which sources can break files that never import them: what the gate (gate-compare.ts) and
// the resident checks (workspace.ts) recheck everything for.

/** TypeScript sources whose declarations can reach files that never import them. */
const TS_SOURCE = /\.(ts|tsx)$/;

/**
 * The text declares globals: a declaration file that is a script (no `import` or `export` at
 * the start of a line, so TypeScript does not make it a module), or any source with a
 * `declare global` / `declare module` block. Its importers are not all it can break. (A
 * script that is not a declaration file — a test using the runner's globals — is left to
 * its importers: what it declares is rarely used elsewhere, and checking everything on each
 * such edit would cost the gate its speed.)
 */
export function declaresGlobals(path: string, text: string | null | undefined): boolean {
  if (!TS_SOURCE.test(path) || text === null || text === undefined) return false;
  return (path.endsWith(".d.ts") && !/^(import|export)\b/m.test(text)) || /^\s*declare\s+(global\b|module\s)/m.test(text);
}
