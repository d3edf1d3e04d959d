// Ask: choose a scoping strategy from the task text, no model involved. A broad question
// about the whole project → skeleton; anything else → the task localizer (`find --kind
// task`, plan/ask-localized.ts) with the task as the query, or for a subsystem question
// ("how does routing work") the topic in the forms the index knows; a type the task names
// joins the candidates without replacing the rest of the task. When the localizer has
// nothing (a low-signal task), search with the task's words; when that matches nothing,
// skeleton. A task with no usable signal (no word names a place here) whose words occur here
// all the same — common words only, "fix", "update", a subject of change words — gets the
// search's matches under a first line saying so (confidence=low, why, the next call); one
// whose words occur nowhere ("zzqx") or only as a letter or two ("x") gets nothing, and why.
// The strategy line says what was chosen and why.

import type { Collection } from "./collect.ts";
import { ASK_PARAMS, askPacking, planLocalized, type LocalizedAsk } from "./ask-localized.ts";
import type { Plan } from "./model.ts";
import type { Workspace } from "../workspace/root.ts";
import { planSearch } from "./search.ts";
import { subsystemQuery } from "./subsystem.ts";
import { planWhole } from "./whole.ts";
import { NAMED_TYPE_KINDS_SQL } from "../lang/model.ts";

export { ASK_PARAMS };

const BROAD = [
  /\barchitecture\b/i,
  /\boverview\b/i,
  /\bstructure\b/i,
  /\bhow (is|are) .{1,60}\b(organi[sz]ed|laid out|structured)\b/i,
  /\borgani[sz]ation\b/i,
  /\bhigh[- ]level\b/i,
  /\bbig picture\b/i,
  /\bentry ?points?\b/i,
  /\bwhat does this\b/i,
  /\boverall\b/i,
];

const TWO_HUMP = /^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$/;

/** A change to make, as commit subjects and tickets say it: a label before a colon ("feat(json):", "architecture:") or a change verb first. */
const CHANGE_LEAD =
  /^\s*(?:[\w./-]+(?:\([^)]*\))?!?:\s|(?:fix|add|support|remove|rename|refactor|implement|update|make|allow|improve|use|handle|ensure|prevent|avoid|move|replace|introduce|drop|bump|revert|enable|disable|change|delete|create|extract|split|merge|expose|return|throw|keep|skip|optimi[sz]e)\b)/i;

/** Asked as a question or a request to be shown something: a question mark, or a question or request word first ("how", "what's", "explain", "give me", "I need"). */
const QUESTION = /\?|^\s*(?:how|what|what's|where|which|why|who|explain|describe|give|show|summari[sz]e|walk|tell|help|orient|i|i'm|we|can|could|would|please)\b/i;

/**
 * A broad question about the project (the brief: it maps to skeleton): a broad phrase
 * (architecture, overview, structure, how is … organised, high-level, big picture, entry
 * point, what does this …) in a question, a request, or a phrase of a few words
 * ("architecture overview") — not in a change to make, where "structure" or "entry points"
 * are the change's subject ("feat(pretty-json): support structured JSON content-types").
 */
export function isBroad(task: string): boolean {
  if (!BROAD.some((re) => re.test(task)) || CHANGE_LEAD.test(task)) return false;
  return QUESTION.test(task) || task.trim().split(/\s+/).length <= 5;
}

/** The type names a task mentions: two-hump PascalCase words and identifiers the index knows as types. */
export function typeNamesIn(task: string, isKnownType: (name: string) => boolean): string[] {
  const out = new Set<string>();
  for (const m of task.matchAll(/[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)?/g)) {
    const word = m[0];
    const head = word.split(".")[0] ?? word;
    if (TWO_HUMP.test(head) || (/[A-Z]/.test(head[0] ?? "") && isKnownType(head))) out.add(word);
  }
  return [...out];
}

/** Budgets under which ask's header line is brief. */
const BRIEF_HEADER_BELOW = 400;

/** A strategy as the header names it at a tiny budget: `strategy=search`, `strategy=focus seed="X"` — without the subsystem and the notes in parentheses. */
function briefStrategy(strategy: string): string {
  return strategy.replace(/ subsystem="[^"]*"/, "").replace(/ \(.*$/, "");
}

/** Why a task of common words gets files that merely share them: the words that occur and in how many files, and what the rest are. */
function commonWordsNote(common: NonNullable<LocalizedAsk["commonWords"]>): string {
  const words = common.common.map((w, i) => `"${w.word}" is in ${w.files}${i === 0 ? ` of the ${common.files} files` : ""}`).join(", ");
  return `no word of the task names a place here, only common words (${[words, common.words].filter(Boolean).join("; ")}): these files merely share them`;
}

export interface AskPlanOptions {
  task: string;
  budget: number;
  /** The call that fetches a file not packed and the arguments all such calls share, for the workspace the task was asked of (the map's paths are root-relative; none: no map). */
  fetch?: (workspace: Workspace) => { next: (path: string) => string; common: string };
  /** What to try when the task carries no signal, in the caller's surface's calls. */
  noSignalNext?: string;
}

/** What an answer packing every file takes beyond their text: each file's tag and manifest line, and the header and notes. */
const WHOLE_FILE_OVERHEAD = 30;
const WHOLE_ANSWER_OVERHEAD = 400;

export function planAsk(collection: Collection, options: AskPlanOptions): Plan {
  const db = collection.index.db;
  const known = db.prepare(`SELECT 1 FROM symbols WHERE name = ? AND kind IN ${NAMED_TYPE_KINDS_SQL} LIMIT 1`);
  const depth = options.budget >= 40000 ? 2 : 1;
  // under a few hundred tokens the header names the strategy alone (its subsystem and notes would take the room of the note that follows)
  const line = (strategy: string) => `<!-- svc_ask: ${options.budget < BRIEF_HEADER_BELOW ? briefStrategy(strategy) : strategy} budget=${options.budget} -->`;
  const skeleton = (note: string) => {
    const plan = planWhole(collection, "skeleton", "ask");
    plan.level = "skeleton";
    plan.prelude.unshift(line(`strategy=skeleton${note}`));
    return plan;
  };
  // Nothing matched: the most depended-on source files, whole while they fit, then as signatures.
  const central = () => {
    const plan = planWhole(collection, "standard", "ask");
    plan.packing = askPacking();
    plan.prelude.unshift(line("strategy=central (the task's words matched no file: the most depended-on files, whole while they fit)"));
    return plan;
  };
  const matches = (note: string, query: string): Plan | null => {
    let plan: Plan;
    try {
      plan = planSearch(collection, { query, queryTop: 10, depth, level: "standard", rerank: false });
    } catch {
      return null;
    }
    plan.mode = "ask";
    plan.prelude.unshift(line(`strategy=search${note}`));
    return plan;
  };
  const search = (note: string, query = options.task) => matches(note, query) ?? central();
  if (isBroad(options.task)) return skeleton("");
  const subsystem = subsystemQuery(db, options.task);
  const names = subsystem ? [] : typeNamesIn(options.task, (name) => known.get(name) !== null);
  const named = names.length === 1 ? (names[0] as string) : null;
  const query = subsystem?.query ?? options.task;
  const localized = planLocalized(collection, { task: options.task, query, named, depth });
  // The brief's strategy names: focus when the task names one type that resolves (its declaring
  // file leads; the rest of the task's candidates follow), search otherwise — both seeded by the localizer.
  const chosen = named && localized?.namedResolved
    ? `strategy=focus seed="${named}"`
    : `strategy=search${subsystem ? ` subsystem="${subsystem.topic.join(" ")}"${subsystem.replaced.length ? ` (searched as ${subsystem.replaced.join(", ")})` : ""}` : ""}${named ? ` (focus seed "${named}" did not resolve)` : ""}`;
  const withMap = (plan: Plan) => {
    if (options.fetch && ASK_PARAMS.mapShare > 0) plan.map = { share: ASK_PARAMS.mapShare, ...options.fetch(collection.workspace) };
    return plan;
  };
  if (localized?.noSignal) {
    const next = options.noSignalNext ? ` Try: ${options.noSignalNext}` : "";
    // common words only: what they match, said to be no more than that (the spec's "anything else → search with the task")
    const common = localized.commonWords && ASK_PARAMS.commonSearch > 0 ? commonWordsNote(localized.commonWords) : null;
    const plan = common ? matches(` confidence=low (${common}.${next})`, options.task) : null;
    if (plan) {
      if (ASK_PARAMS.commonSearch === 2) plan.packing = askPacking();
      plan.manifestNotes.unshift(`low confidence: ${common}.${next}`);
      return withMap(plan);
    }
    // the whole workspace fits the budget: all of it, said to be that and no more (nothing was chosen for the task)
    const total = collection.files.reduce((n, f) => n + f.tokens, 0);
    if (collection.files.length && total + collection.files.length * WHOLE_FILE_OVERHEAD + WHOLE_ANSWER_OVERHEAD <= options.budget) {
      const plan = planWhole(collection, "standard", "ask");
      plan.packing = askPacking();
      const why = `the task carries no signal: ${localized.noSignal}; the whole workspace fits the budget (${collection.files.length} files, ~${total} tokens), so it is all here, chosen for nothing in the task`;
      plan.prelude.unshift(line(`strategy=central confidence=low (${why}.${next})`));
      plan.manifestNotes.unshift(`low confidence: ${why}.${next}`);
      return withMap(plan);
    }
    // nothing earned a place: no file is packed as if it were relevant
    localized.plan.prelude.push(line("strategy=none"));
    localized.plan.manifestNotes.push(`nothing packed: the task carries no signal: ${localized.noSignal}.${next}`);
    return localized.plan;
  }
  if (!localized) return withMap(search(`${chosen.slice("strategy=search".length)} (the task localizer found no candidate)`, query));
  localized.plan.prelude.unshift(line(chosen));
  return withMap(localized.plan);
}
