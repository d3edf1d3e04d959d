// The candidates of a race, validated: 2..maxCandidates objects {id?, file, content}, each
// file inside the workspace (not under node_modules, which the isolated copy links rather
// than copies), content a string within the source cap, ids unique (a missing one is #n).

import { validationError } from "../errors.ts";
import { SOURCE_CAP } from "../params.ts";
import { checkText } from "../validate.ts";
import { confine } from "../workspace/confine.ts";
import type { Candidate } from "./race.ts";

const FIELDS = new Set(["id", "file", "content"]);
const SHAPE = "each candidate is {id?, file, content}: the file it changes and its complete proposed content";

export function raceCandidates(root: string, raw: readonly Record<string, unknown>[], maxCandidates: number): Candidate[] {
  if (raw.length < 2) throw validationError(`racing needs at least two candidates (got ${raw.length}); svc_check checks a single edit`);
  if (raw.length > maxCandidates) throw validationError(`${raw.length} candidates exceed maxCandidates=${maxCandidates}`);
  const seen = new Set<string>();
  return raw.map((c, i) => {
    const at = `candidates[${i}]`;
    const extra = Object.keys(c).find((k) => !FIELDS.has(k));
    if (extra !== undefined) throw validationError(`${at} has an unknown field '${extra.slice(0, 40)}' (${SHAPE})`);
    if (typeof c.file !== "string" || !c.file.trim()) throw validationError(`${at}.file must be a non-empty path (${SHAPE})`);
    checkText({ shape: "path" }, c.file, `${at}.file`); // as every file parameter: within the cap, no NUL, no control character
    if (typeof c.content !== "string") throw validationError(`${at}.content must be a string (${SHAPE})`);
    if (c.content.length > SOURCE_CAP) throw validationError(`${at}.content is too long: ${c.content.length} characters (at most ${SOURCE_CAP})`);
    if (c.id !== undefined && c.id !== null && (typeof c.id !== "string" || c.id.length > 64 || /[\n\r]/.test(c.id))) throw validationError(`${at}.id must be a string of at most 64 characters on one line`);
    const id = typeof c.id === "string" && c.id.trim() ? c.id.trim() : `#${i + 1}`;
    if (seen.has(id)) throw validationError(`${at}.id '${id}' is used by another candidate (ids must be unique)`);
    seen.add(id);
    const rel = confine(root, c.file, "race").rel;
    if (rel.split("/").includes("node_modules")) throw validationError(`${at}.file ${rel} is under node_modules, which a race does not edit`);
    return { id, rel, content: c.content };
  });
}
