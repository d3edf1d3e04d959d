// The types of a module's exports as the checker prints them (no truncation, fully
// qualified names), hashed: when an edit changes only bodies of functions with inferred
// return types (surface.ts `exports`), importers can see it only through these types.

import type { TsEngine } from "../semantic/index.ts";

/** TypeFormatFlags.NoTruncation | TypeFormatFlags.UseFullyQualifiedType */
const FLAGS = 1 | 64;
/** Above this many exports, checking the importers is the cheaper way. */
const MAX_EXPORTS = 400;

export async function exportTypesOf(engine: TsEngine, project: string, abs: string): Promise<string | null> {
  return engine.call(`reading the export types of ${abs}`, async (_api, snapshot) => {
    const p = snapshot.getProject(project);
    const file = p ? await p.program.getSourceFile(abs) : undefined;
    if (!p || !file) return null;
    const module = await p.checker.getSymbolAtLocation(file as never);
    if (!module) return null; // a script, not a module
    const exports = await p.checker.getExportsOfModule(module);
    if (exports.length > MAX_EXPORTS) return null;
    const types = await p.checker.getTypeOfSymbol([...exports]);
    const printed = await Promise.all(types.map((t) => (t ? p.checker.typeToString(t, undefined, FLAGS) : Promise.resolve("?"))));
    return Bun.hash(exports.map((e, i) => `${e.name}: ${printed[i]}`).sort().join("\n")).toString(36);
  });
}
