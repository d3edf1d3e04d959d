// A localization task: a change described in words, the tree as it was before the change,
// and the files the change touched there (non-test source files that existed before).

import { createHash } from "node:crypto";
import { isCodeLanguage, languageOf } from "../../../src/lang/languages.ts";
import { isTestPath } from "../../../src/workspace/templates.ts";

export interface LocalizeTask {
  /** "<corpus>:<version or commit>" — stable across runs. */
  id: string;
  corpus: string;
  query: string;
  /** Root-relative paths in `root`. */
  targets: string[];
  /** The tree before the change (a git repository with everything committed). */
  root: string;
  split: "tune" | "heldout";
  /** History corpora (corpus-history.ts): `root` is a clone shared by the corpus's tasks; check this parent commit out first. */
  checkout?: string;
  /** The task's own commit (history corpora: the leakage check looks for it). */
  commit?: string;
  /** The long form of the query (history corpora): the subject and the first paragraph of the commit body, as agents write tasks. */
  long?: string;
}

/** A non-test source file: the kind of file a task's answer is made of. */
export function isSourceFile(path: string): boolean {
  return isCodeLanguage(languageOf(path)) && !isTestPath(path) && !path.endsWith(".d.ts");
}

/**
 * Subjects that name no code change (the benchmark's own filter, independent of svc's
 * low-signal classifier): merges, version bumps and releases, dependency updates,
 * formatting and lint-only changes, CI/build/docs/test/chore commits.
 */
export function isMaintenance(subject: string): boolean {
  const s = subject.trim();
  return (
    /^(merge|revert)\b/i.test(s) ||
    /^(bump|upgrade|update)\b.*\b(version|dependenc|deps?|typescript|to v?\d)/i.test(s) ||
    /^v?\d+(\.\d+)+\b/.test(s) ||
    /\b(release|publish|changeset|version packages)\b/i.test(s) && s.split(/\s+/).length < 6 ||
    /^(chore|ci|build|docs?|test|style|lint)(\(.+\))?!?:/i.test(s) ||
    /\b(prettier|formatting|reformat|linting|lint fixes|typo in (docs|readme))\b/i.test(s) ||
    /^(fix|update|improve) (the )?(docs|readme|changelog|typos?)\b/i.test(s)
  );
}

/**
 * Tuning and held-out sets, fixed by the task id: sha1(id) even → tune, odd → held-out.
 * Deterministic, independent of the ranker, stratified by nothing but chance.
 */
export function splitOf(id: string): LocalizeTask["split"] {
  const byte = createHash("sha1").update(id).digest()[0] as number;
  return byte % 2 === 0 ? "tune" : "heldout";
}

/** The task text: the first sentence of the description, at most 200 characters. */
export function taskText(description: string): string {
  const first = description.split(/(?<=[a-z0-9`)\]])\.\s+(?=[A-Z`])/)[0] ?? description;
  return first.length > 200 ? `${first.slice(0, 200).replace(/\s+\S*$/, "")}` : first;
}

/**
 * The long query of a commit: its subject and the first paragraph of its body that is not
 * a trailer (Signed-off-by, Co-authored-by, "Closes #12"), whitespace collapsed, at most
 * 600 characters; the subject alone when the body has no such paragraph.
 */
export function longQuery(subject: string, body: string): string {
  const trailer = /^(signed-off-by|co-authored-by|reviewed-by|change-id|(close[sd]?|fix(e[sd])?|resolve[sd]?|refs?|see)\b[^\n]*#\d+)/i;
  const paragraph = body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => p && !trailer.test(p) && !/^-{3,}/.test(p));
  if (!paragraph) return subject;
  const text = paragraph.replace(/\s+/g, " ");
  return `${subject}\n\n${text.length > 600 ? text.slice(0, 600).replace(/\s+\S*$/, "") : text}`;
}
