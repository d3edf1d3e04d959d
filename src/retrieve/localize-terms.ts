// The query terms of task localization, weighed by their information (issue 20: a long
// task description must help, not hurt). A query of one line or one sentence is used as
// it is. A longer one — a headline and then sentences of description, as agents and commit
// bodies write tasks — keeps every term of its headline (the first line, else the first
// sentence) at full weight; of the rest, only the informative terms count: those in at
// most `longMaxDf` of the files (common words, "function", "value", "error", say nothing
// about where a change goes), the `longTerms` rarest of them, each once (repeating a word
// does not make it count more), at `longWeight`. Identifiers of the description count as
// exact names only when they look like code (`parseAsync`, `max_len`, backticked), not
// capitalised prose ("This", "When").

import type { Database } from "bun:sqlite";
import { queryTerms, type QueryTerm } from "../text/terms.ts";
import { PARAMS } from "./localize-params.ts";
import { cachedCount } from "../store/read-cache.ts";

export interface TaskTerms {
  /** Every term that counts, weighted. */
  terms: QueryTerm[];
  /** The text whose identifiers may name declarations exactly (the headline and the description's code-like identifiers). */
  exactText: string;
  /** The query had a description after its headline. */
  long: boolean;
}

/** The headline and the rest: the first line when there are several, else the first sentence. */
export function headline(query: string): { head: string; rest: string } {
  const text = query.trim();
  const nl = text.indexOf("\n");
  if (nl > 0) return { head: text.slice(0, nl).trim(), rest: text.slice(nl + 1).trim() };
  const m = /^(.+?[a-z0-9`)\]][.!?])\s+(?=[A-Z`"'(])/.exec(text);
  return m ? { head: (m[1] as string).trim(), rest: text.slice((m[0] as string).length).trim() } : { head: text, rest: "" };
}

/** Identifiers that look like code: backticked, camelCase, snake_case, with digits or `$`. */
function codeIdentifiers(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([^`\n]{1,80})`/g)) for (const id of (m[1] as string).match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []) out.add(id);
  for (const m of text.matchAll(/[A-Za-z_$][A-Za-z0-9_$]*/g)) {
    const id = m[0];
    if (/[a-z][A-Z]|[A-Z]{2,}[a-z]|_|\$|[A-Za-z][0-9]/.test(id) && id.length >= 3) out.add(id);
  }
  return [...out];
}

export function taskTerms(db: Database, query: string, files: number, fts: boolean): TaskTerms {
  const all = queryTerms(query);
  const { head, rest } = headline(query);
  if (!PARAMS.longQuery || !rest || !fts) return { terms: all, exactText: query, long: false };
  const headTerms = queryTerms(head);
  const known = new Set(headTerms.map((t) => t.term));
  const count = (match: string) => cachedCount(db, "SELECT count(*) AS n FROM files_fts WHERE files_fts MATCH ?", match);
  const quote = (t: string) => `"${t.replaceAll('"', '""')}"`;
  const candidates: { term: QueryTerm; share: number }[] = [];
  for (const t of queryTerms(rest)) {
    if (known.has(t.term) || t.term.length < 3) continue;
    known.add(t.term);
    const n = count(t.origin === "stem" ? `{stems} : ${quote(t.term)}` : `{types members path subtokens comments body} : ${quote(t.term)}`);
    const share = n / Math.max(1, files);
    if (n > 0 && share <= PARAMS.longMaxDf) candidates.push({ term: t, share });
  }
  const kept = candidates
    .filter((c) => c.term.origin !== "stem")
    .sort((a, b) => a.share - b.share || (a.term.term < b.term.term ? -1 : 1))
    .slice(0, PARAMS.longTerms);
  // A kept word's stem comes along (the stems column is how inflected forms meet).
  const words = new Set(kept.map((c) => c.term.term));
  const stems = candidates.filter((c) => c.term.origin === "stem" && [...words].some((w) => w.startsWith(c.term.term.slice(0, 4))));
  const weighted = [...kept, ...stems].map((c) => ({ ...c.term, weight: PARAMS.longWeight }));
  return { terms: [...headTerms, ...weighted], exactText: [head, ...codeIdentifiers(rest)].join(" "), long: true };
}
