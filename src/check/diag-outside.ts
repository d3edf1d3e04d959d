// What a compiler diagnostic may quote of files outside the workspace. The engine reads every
// file a program reaches, wherever it is: through a symbolic link, a `paths` mapping, a `../`
// import that climbs out of the root, a `typeRoots`/`types` entry. An inside file's error then
// quoted their declarations (`Conversion of type 'OutsideShape' to type 'number'…`), and an
// error located in one of them named its path. Nothing outside the workspace leaves, and the
// verdict stays the compiler's: an outside file's diagnostic keeps its code and severity (a gate
// still counts it) with its path and text replaced by OUTSIDE; in any other message, each
// quoted type or name that holds a word of an outside file's text — a word the diagnosed file
// does not hold itself and the compiler's lib files do not declare — becomes OUTSIDE, and so
// does an outside file's path. node_modules is inside the workspace, and so are its types.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tscExecutable } from "../semantic/tsc-binary.ts";
import { inside, realpathLenient } from "../workspace/allowed.ts";
import { reachedFiles, type ResolvedImports } from "./diag-secrets.ts";

export const OUTSIDE = "[outside the workspace]";

/** The message of a diagnostic located in a file outside the workspace. */
export const OUTSIDE_MESSAGE = `${OUTSIDE}: an error in a file outside the workspace, which the compiler read through an import or a config entry (its path and text are not shown)`;

/** Names, literal words and numbers of two or more digits: what a printed type carries of its source. */
const WORD = /[\p{L}_$][\p{L}\p{N}_$]*|\d{2,}/gu;
const QUOTED = /'([^'\n]*)'/g;
/** Words the checker prints of its own (keywords, primitive types). */
const KEYWORDS = "any unknown never void undefined null true false string number boolean bigint symbol object unique readonly keyof typeof infer extends is asserts new this in out const abstract private protected public static declare function class interface type enum namespace module import export default".split(" ");

function wordsOf(text: string): Set<string> {
  return new Set(text.match(WORD) ?? []);
}

let libWords: Set<string> | null = null;

/** The words the compiler's lib files declare (comments aside): a type the checker prints of its own lib is no outside text. */
function libVocabulary(): Set<string> {
  if (libWords) return libWords;
  const words = new Set(KEYWORDS);
  const dir = dirname(tscExecutable());
  try {
    for (const name of readdirSync(dir)) {
      if (!/^lib\..*\.d\.ts$/.test(name)) continue;
      const text = readFileSync(join(dir, name), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\n]*/g, "");
      for (const w of wordsOf(text)) words.add(w);
    }
  } catch {
    // no lib folder readable: keywords only (more is hidden, nothing outside is shown)
  }
  return (libWords = words);
}

export interface OutsideView {
  /** Whether a file (absolute) leads out of the workspace root. */
  leadsOut(abs: string): boolean;
  /** `message`, diagnosed in `abs` (inside), with what it quotes of outside files replaced by OUTSIDE. */
  scrub(message: string, abs: string): string;
}

/**
 * The outside files a batch of diagnostics may quote: `known` (what the loaded programs read out
 * of the root) and those a diagnosed file reaches by its imports as the engine sees it (a
 * proposed `../` import too). `textOf` reads a file as the engine sees it; each file is read once.
 */
export function outsideView(root: string, known: readonly string[], textOf: (abs: string) => string | null, resolved?: ResolvedImports): OutsideView {
  const leads = new Map<string, boolean>();
  const leadsOut = (abs: string): boolean => {
    let out = leads.get(abs);
    if (out === undefined) leads.set(abs, (out = !inside(root, realpathLenient(abs))));
    return out;
  };
  const fileWords = new Map<string, Set<string>>();
  const wordsOfFile = (abs: string): Set<string> => {
    let words = fileWords.get(abs);
    if (!words) fileWords.set(abs, (words = wordsOf(textOf(abs) ?? "")));
    return words;
  };
  const reached = new Map<string, Set<string>>();
  const outsideOf = (abs: string): Set<string> => {
    let outside = reached.get(abs);
    if (!outside) {
      reached.set(abs, (outside = new Set(known)));
      for (const file of reachedFiles(abs, textOf, resolved).keys()) if (leadsOut(file)) outside.add(file);
    }
    return outside;
  };
  return {
    leadsOut,
    scrub(message, abs) {
      const outside = outsideOf(abs);
      if (!outside.size) return message;
      const lib = libVocabulary(), own = wordsOfFile(abs);
      const foreign = (word: string) => !own.has(word) && !lib.has(word) && [...outside].some((f) => wordsOfFile(f).has(word));
      let scrubbed = message;
      for (const file of outside) for (const name of new Set([file, realpathLenient(file)])) scrubbed = scrubbed.split(name).join(OUTSIDE);
      return scrubbed.replace(QUOTED, (whole, quoted: string) => ((quoted.match(WORD) ?? []).some(foreign) ? `'${OUTSIDE}'` : whole));
    },
  };
}
