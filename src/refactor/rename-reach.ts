// Which files importing a renamed declaration's file can see the rename. The verify gate
// re-checked every importer of the declaring file and of the barrels re-exporting it: on
// mikro-orm a rename of Utils.isObject (23 edited files) re-checked 1689 files twice, since
// every file importing anything from @mikro-orm/core imports its index barrel — minutes, cut
// by the engine's 30 s limit of one request. A file that binds none of the declaration's names
// sees the rename only the way a file importing it through another module does (which the
// gate never re-checks): through the type of another export. Kept are the files holding, as a
// word, the old or new name or a name of a declaration holding it (`Utils` of Utils.isObject),
// or one it is re-exported as (`export { Utils as U }`); and every file re-exporting with
// `export *` (a new top-level name can collide there). A declaring file with a default export
// or `export =` (importers name it freely) keeps them all.

const WORD = /[A-Za-z_$][\w$]*/g;

/**
 * The files of `dependents` the rename of `names` (the qualified name's parts: `Utils`, `isObject`)
 * to `to` can reach; `declaring` is the declaring file's text, `textOf` reads a dependent (null: unreadable, kept).
 */
export function renameReachable(dependents: readonly string[], names: readonly string[], to: string, declaring: string, textOf: (rel: string) => string | null): string[] {
  if (/\bexport\s+(?:default\b|=)/.test(declaring)) return [...dependents];
  const texts = new Map(dependents.map((d) => [d, textOf(d)] as const));
  const words = new Set([...names, to]);
  // names the holder is re-exported as, and theirs
  for (let grew = true; grew; ) {
    grew = false;
    for (const text of texts.values()) {
      if (text === null) continue;
      for (const m of text.matchAll(/([A-Za-z_$][\w$]*)\s+as\s+([A-Za-z_$][\w$]*)/g)) {
        if (words.has(m[1]!) && !words.has(m[2]!)) {
          words.add(m[2]!);
          grew = true;
        }
      }
    }
  }
  return dependents.filter((d) => {
    const text = texts.get(d);
    if (text === null || text === undefined) return true;
    if (/\bexport\s*\*/.test(text)) return true;
    for (const w of text.match(WORD) ?? []) if (words.has(w)) return true;
    return false;
  });
}
