// Length-preserving rewrites of TypeScript the bundled tree-sitter grammar cannot parse,
// applied before parsing. Offsets and lines are unchanged, so every span and every text
// sliced from the original source stays right; only the tree's own view of the rewritten
// characters differs (inside type-parameter lists and interface bodies: no names live there).
// Each gap was found by scripts/bench/decl-coverage.ts; a fixture in test/lang reproduces it.
//
// 1. Variance annotations on type parameters (`interface Effect<out A, in E>`): the grammar
//    has no `in`/`out` modifiers and the declaration breaks up. The modifiers become spaces.
// 2. A generic call signature on a new line after a member with no `;`
//    (`(h: H): R\n  <P extends string>(p: P): R`, hono's types.ts): without the separator
//    the grammar reads `R <P …` as a comparison, and the rest of the file is lost. The
//    last indentation character before the `<` becomes `;`.
// 3. An escaped backtick inside a template literal type
//    (type M = `use \`class Self\``, effect's Schema.ts): the grammar reads no escape in a
//    template type and ends it at the escape. Every escaped backtick (in any literal,
//    comment or template) becomes two spaces: literal text either way.
// 4. `using` as an identifier where an expression or a parameter stands (`${using}`, `f(using)`,
//    `return using`, `(using: string) =>`; mikro-orm's SchemaHelper.ts): the grammar takes it for
//    the start of a `using` declaration, and the rest of the enclosing body — every member of
//    the class after it — is lost. It becomes `usin$` (a name the tree gives back is read as
//    `using` again: treeName). A `using` declaration (`using x = …`, `await using x`) is left.
// 5. A member named `abstract` or `accessor` (`abstract: boolean;` in mikro-orm's EntityMetadata,
//    a builder's `accessor(…)` method): the grammar takes the name for a modifier and names the
//    member after its type (`boolean`), or cannot read the method. Before a `:` (`?:`, `!:`), `(`
//    or `<` the word becomes `abstrac$` / `accesso$` (read back by treeName).

/** A type parameter list entry with variance modifiers: `<out A`, `, in out B`. */
const VARIANCE = /([<,][ \t\r\n]*)((?:in|out)[ \t\r\n]+(?:out[ \t\r\n]+)?)(?!extends\b|in\b|out\b)(?=[A-Za-z_$][\w$]*[ \t\r\n]*(?:[,>=]|extends\b))/g;

/**
 * A line that starts (after indentation) a type parameter list of a call signature: `<` at
 * the end of the line, or `<Name` followed by `extends`, `,`, `=` or `>(`.
 */
const SIGNATURE_LINE = /\n([ \t]+)<(?=[ \t]*\r?\n|[ \t]*[A-Za-z_$][\w$]*[ \t]*(?:extends\b|,|=(?!>)|>[ \t]*\())/g;

/** An odd run of backslashes before a backtick: an escaped backtick. */
const ESCAPED_BACKTICK = /(?<!\\)((?:\\\\)*)\\`/g;

/** `using` as an identifier: not a member name after `.`, not a `using` declaration (`using x`, `using {`, `using [`). */
const USING = /(?<![\w$.#])using(?![\w$])(?![ \t]+[A-Za-z_$[{])/g;
/** A member named like a modifier the grammar reads before any member: `abstract: boolean`, `accessor?: string`, `accessor(…) {`. */
const MODIFIER_NAME = /(?<![\w$.#])(?:abstract|accessor)(?=[ \t]*(?:[?!]?[ \t]*:|[(<]))/g;
/** Each stand-in (same length) and the word it stands for. */
const STAND_INS = new Map([
  ["usin$", "using"],
  ["abstrac$", "abstract"],
  ["accesso$", "accessor"],
]);

/** A name as the tree gives it, with rewrites 4 and 5 undone. */
export const treeName = (text: string): string => STAND_INS.get(text) ?? text;

const mayHaveGaps = (src: string) => src.includes("\\`") || src.includes("using") || src.includes("abstract") || src.includes("accessor") || (src.includes("<") && (/\b(?:in|out)\s/.test(src) || /\n[ \t]+</.test(src)));

/** The last significant character before `at`, skipping blank lines and whole-line `//` / `*` comment lines. */
function previousCode(src: string, at: number): string {
  let end = at;
  while (end > 0) {
    const start = src.lastIndexOf("\n", end - 1) + 1;
    const line = src.slice(start, end).trim();
    if (line !== "" && !line.startsWith("//") && !line.startsWith("*") && !line.startsWith("/*")) return line;
    end = start - 1;
  }
  return "";
}

/**
 * `src` with the known grammar gaps rewritten, same length (the same string when none
 * occurs). The type-parameter rewrites (1, 2) apply to `.ts` only: in TSX a line may start
 * with an element and text may read `a, in b`.
 */
export function patchGrammarGaps(src: string, tsx = false): string {
  if (!mayHaveGaps(src)) return src;
  let out = src.includes("\\`") ? src.replace(ESCAPED_BACKTICK, "$1  ") : src;
  if (out.includes("using")) out = out.replace(USING, "usin$");
  if (out.includes("abstract") || out.includes("accessor")) out = out.replace(MODIFIER_NAME, (word: string) => `${word.slice(0, -1)}$`);
  if (tsx) return out;
  out = out.replace(VARIANCE, (_m, lead: string, mods: string) => lead + mods.replace(/[^\r\n]/g, " "));
  out = out.replace(SIGNATURE_LINE, (m: string, indent: string, offset: number) => {
    const before = previousCode(out, offset);
    const last = before.at(-1) ?? "";
    if (!/[\w$>)\]}]/.test(last) || before.endsWith("=>")) return m;
    return `\n${indent.slice(0, -1)};<`;
  });
  return out;
}
