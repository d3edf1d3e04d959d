// Questions about how a subsystem works ("how does routing work", "explain the caching",
// "walk me through validation"): the topic is a gerund or an action noun, while the code that
// implements it is named by the agent or object noun (routing → router, route; validation →
// validator, validate). The question frame ("how does … work") says nothing about where the
// code is. subsystemQuery() keeps the topic words and adds the variants of each that the
// index knows as a path word, a declared name or a name part.

import type { Database } from "bun:sqlite";

const FRAMES: RegExp[] = [
  /^\s*(?:how|where|when)\s+(?:does|do|is|are|did)\s+(?:the\s+|a\s+|an\s+)?(.{2,80}?)\s+(?:work|works|happen|happens|handled|implemented|done|wired|set\s+up|configured|computed)\b/i,
  /^\s*(?:explain|describe|walk\s+(?:me\s+)?through|tell\s+me\s+about)\s+(?:how\s+)?(?:the\s+|a\s+|an\s+)?(.{2,80}?)\s*(?:works?|is\s+implemented)?\s*[?.!]?\s*$/i,
  /^\s*how\s+(?:is|are)\s+(?:the\s+)?(.{2,80}?)\s+(?:implemented|handled|done)\b/i,
];

const FILLER = new Set(["the", "a", "an", "of", "in", "this", "that", "our", "its", "code", "logic", "system", "subsystem", "layer", "module", "part", "whole", "svc", "work", "works"]);

/** The topic words of a subsystem question, or null when the task is not phrased as one. */
export function subsystemTopic(task: string): string[] | null {
  for (const re of FRAMES) {
    const m = re.exec(task);
    if (!m?.[1]) continue;
    const words = m[1].toLowerCase().match(/[a-z][a-z0-9]*/g)?.filter((w) => w.length >= 3 && !FILLER.has(w)) ?? [];
    if (words.length > 0 && words.length <= 4) return words;
  }
  return null;
}

/** Candidate forms of a topic word: its base without -ing/-ion/-ation/-s/-er/-or, then agent and object forms. */
export function wordForms(word: string): string[] {
  const bases = new Set<string>([word]);
  for (const suffix of ["ation", "ition", "ing", "ion", "ers", "ors", "er", "or", "es", "s", "ed", "e"]) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const base = word.slice(0, -suffix.length);
    bases.add(base);
    if (/(.)\1$/.test(base)) bases.add(base.slice(0, -1)); // mapping → mapp → map
  }
  const out = new Set<string>();
  for (const b of bases) for (const end of ["", "e", "er", "or", "ers", "es", "s", "ing", "ion", "ate", "ator"]) out.add(b + end);
  out.delete(word);
  return [word, ...[...out].sort()];
}

/**
 * The query for a subsystem question: each topic word, or in its place the one other form
 * that names more files by path or declared type (routing → router where a router/ folder
 * holds the Router classes); null when the task is not a subsystem question. The forms are
 * alternatives for one concept, so only the strongest stands for it: summing all of them
 * would favour files that happen to use many (benchmarks comparing routers), and keeping a
 * rare gerund beside it lets one function named after it (splitRoutingPath) lead.
 */
export function subsystemQuery(db: Database, task: string): { query: string; topic: string[]; replaced: string[] } | null {
  const topic = subsystemTopic(task);
  if (!topic) return null;
  const count = db.prepare("SELECT count(*) AS n FROM (SELECT rowid FROM files_fts WHERE files_fts MATCH ? LIMIT 1000)");
  const named = (form: string) => (count.get(`{path types} : "${form}"`) as { n: number }).n;
  const words: string[] = [];
  const replaced: string[] = [];
  for (const word of topic) {
    let best = { form: word, n: named(word) };
    for (const form of wordForms(word).slice(1)) {
      const n = named(form);
      if (n > best.n) best = { form, n };
    }
    if (best.form !== word) replaced.push(`${word} → ${best.form}`);
    if (!words.includes(best.form)) words.push(best.form);
  }
  return { query: words.join(" "), topic, replaced };
}
