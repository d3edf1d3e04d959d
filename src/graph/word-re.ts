// A name as a whole word of JavaScript: the mention test of the walk (reach.ts), its gaps (reach-gaps.ts) and the
// bindings under other names (binding-imports.ts) — apart from them all, so none imports another for it (reach-gaps.ts
// reads binding-imports.ts, which read reach-gaps.ts for this: an import cycle).

/** The name as a whole word of JavaScript (not part of a longer identifier). */
export const wordRe = (name: string): RegExp => new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`);
