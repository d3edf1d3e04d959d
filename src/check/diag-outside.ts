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
import { leadsOutside } from "../semantic/outside-files.ts";
import { realpathLenient } from "../workspace/allowed.ts";
import { reachedFiles } from "./diag-secrets.ts";
import { OUTSIDE } from "./diag.ts";
import type { RepairPacket } from "./repair.ts";

export { OUTSIDE };

/** The message of a diagnostic located in a file outside the workspace. */
export const OUTSIDE_MESSAGE = `${OUTSIDE}: an error in a file outside the workspace, which the compiler read through an import or a config entry (its path and text are not shown)`;

/** Names, literal words and numbers of two or more digits: what a printed type carries of its source. */
const WORD = /[\p{L}_$][\p{L}\p{N}_$]*|\d{2,}/gu;
const QUOTED = /'([^'\n]*)'/g;
/** Words the checker prints of its own (keywords, primitive types). */
const KEYWORDS = "any unknown never void undefined null true false string number boolean bigint symbol object unique readonly keyof typeof infer extends is asserts new this in out const abstract private protected public static declare function class interface type enum namespace module import export default".split(" ");

export function wordsOf(text: string): Set<string> {
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
  /** Whether `text` (about the file `abs`) holds a word or a path of an outside file that `abs` does not hold itself (nor `alsoOwn`). */
  quotesOutside(text: string, abs: string, alsoOwn?: ReadonlySet<string>): boolean;
}

/**
 * The outside files a batch of diagnostics may quote: `known` (what the loaded programs read out
 * of the root) and those a diagnosed file's own imports lead out to, as the engine sees it (a
 * proposed `../` import too), and theirs. `textOf` reads a file as the engine sees it; each file is read once.
 */
export function outsideView(root: string, known: readonly string[], textOf: (abs: string) => string | null): OutsideView {
  const leads = new Map<string, boolean>();
  const leadsOut = (abs: string): boolean => {
    let out = leads.get(abs);
    if (out === undefined) leads.set(abs, (out = leadsOutside(root, abs)));
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
      // what the loaded programs read is known; a proposed import may reach more: the file's own imports that lead out, and theirs
      for (const file of reachedFiles(abs, textOf, undefined, leadsOut).keys()) if (file !== abs) outside.add(file);
    }
    return outside;
  };
  /** The words of `abs`'s outside files that it does not hold itself and the lib does not declare; null when it reaches none. */
  const foreignTo = (abs: string, alsoOwn?: ReadonlySet<string>): ((word: string) => boolean) | null => {
    const outside = outsideOf(abs);
    if (!outside.size) return null;
    const lib = libVocabulary(), own = wordsOfFile(abs);
    return (word) => !own.has(word) && !alsoOwn?.has(word) && !lib.has(word) && [...outside].some((f) => wordsOfFile(f).has(word));
  };
  const pathsOf = (abs: string) => [...outsideOf(abs)].flatMap((f) => [...new Set([f, realpathLenient(f)])]);
  return {
    leadsOut,
    scrub(message, abs) {
      const foreign = foreignTo(abs);
      if (!foreign) return message;
      let scrubbed = message;
      for (const name of pathsOf(abs)) scrubbed = scrubbed.split(name).join(OUTSIDE);
      return scrubbed.replace(QUOTED, (whole, quoted: string) => ((quoted.match(WORD) ?? []).some(foreign) ? `'${OUTSIDE}'` : whole));
    },
    quotesOutside(text, abs, alsoOwn) {
      const foreign = foreignTo(abs, alsoOwn);
      return !!foreign && (pathsOf(abs).some((p) => text.includes(p)) || (text.match(WORD) ?? []).some(foreign));
    },
  };
}

/** What repair packets say of declarations outside the workspace (a member list, a signature, a fix naming them): left out, with a note that says so. */
export function repairsInside(packets: RepairPacket[], view: OutsideView, absOf: (rel: string) => string): RepairPacket[] {
  return packets.map((packet) => {
    const abs = absOf(packet.path);
    const quotes = (text: string) => view.quotesOutside(text, abs);
    const fixes = packet.fixes.filter((f) => !quotes(f.title) && !f.edits.some((e) => quotes(e.newText)));
    const notes = packet.notes.filter((n) => !quotes(n));
    if (fixes.length === packet.fixes.length && notes.length === packet.notes.length) return packet;
    const left = packet.fixes.length - fixes.length + packet.notes.length - notes.length;
    return { ...packet, fixes, notes: [...notes, `${OUTSIDE}: ${left} fix${left === 1 ? "" : "es"} or note${left === 1 ? "" : "s"} left out (${left === 1 ? "it names" : "they name"} declarations of a file outside the workspace)`] };
  });
}
