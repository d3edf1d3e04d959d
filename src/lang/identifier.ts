// Finding a JS/TS identifier in source text with regular expressions (where a parse is not
// worth it): the name escaped, standing alone, not read as a member (`x.name`).

export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The pattern source of `name` used as a whole identifier, not after a `.`. */
export const identifierUse = (name: string): string => `(?<![\\w$.])${escapeRegExp(name)}(?![\\w$])`;
