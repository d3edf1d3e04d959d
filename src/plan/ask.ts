// Ask: choose a scoping strategy from the task text, no model involved. A broad question
// → skeleton; a question about how a subsystem works ("how does routing work") → focus on
// the source folder named for it (router/); exactly one identifier naming a declared type →
// focus on it (search when it does not resolve); anything else → search with the task as the query.

import type { Collection } from "./collect.ts";
import { planFocus } from "./focus.ts";
import type { Plan } from "./model.ts";
import { planSearch } from "./search.ts";
import { planWhole } from "./whole.ts";
import { NAMED_TYPE_KINDS_SQL } from "../lang/model.ts";

const BROAD = [
  /\barchitecture\b/i,
  /\boverview\b/i,
  /\bstructure[ds]?\b/i,
  /\bhow (is|are) .{1,60}\b(organi[sz]ed|laid out|structured)\b/i,
  /\borgani[sz]ation\b/i,
  /\bhigh[- ]level\b/i,
  /\bbig picture\b/i,
  /\bentry ?points?\b/i,
  /\bwhat does this\b/i,
  /\boverall\b/i,
];

const SUBSYSTEM = [
  /\bhow (?:does|do|is|are) (?:the |a |an )?([a-z][a-z -]{2,40}?) (?:work|works|implemented|handled|done|wired)\b/i,
  /\bwhere (?:is|are) (?:the )?([a-z][a-z -]{2,40}?) (?:implemented|handled|defined)\b/i,
  /\bexplain (?:how )?(?:the )?([a-z][a-z-]{3,30})\b/i,
];

/** The subject of a question about how a subsystem works, or null. */
export function subsystemOf(task: string): string | null {
  for (const re of SUBSYSTEM) {
    const m = re.exec(task);
    if (m?.[1]) return m[1].trim().toLowerCase();
  }
  return null;
}

/** A word without its common suffixes: routing, router, routes → rout. */
function rootOf(word: string): string {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  // the longest common suffix that leaves at least four letters (orders → order, not ord)
  for (const suffix of ["ings", "ing", "ers", "er", "ions", "ion", "ed", "es", "s"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) return w.slice(0, -suffix.length);
  }
  return w;
}

/** The source folder named for the subject (its last segment starts with the subject's root) holding the most source files; ties go to the shorter path. */
export function subsystemDir(collection: Collection, subject: string): string | null {
  const roots = subject.split(/[\s-]+/).map(rootOf).filter((r) => r.length >= 4);
  if (roots.length === 0) return null;
  const counts = new Map<string, number>();
  for (const f of collection.files) {
    if (f.isTest || f.isGenerated) continue;
    const segs = f.path.split("/").slice(0, -1);
    for (let i = 0; i < segs.length; i++) {
      const name = (segs[i] as string).toLowerCase().replace(/[^a-z]/g, "");
      if (!roots.some((r) => name.startsWith(r))) continue;
      const dir = segs.slice(0, i + 1).join("/");
      counts.set(dir, (counts.get(dir) ?? 0) + 1);
    }
  }
  let best: string | null = null;
  for (const [dir, n] of counts) {
    const b = best === null ? 0 : (counts.get(best) as number);
    if (best === null || n > b || (n === b && dir.length < best.length)) best = dir;
  }
  return best;
}

const TWO_HUMP = /^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$/;

export type AskStrategy = { kind: "skeleton" } | { kind: "focus"; seed: string } | { kind: "search" };

export function isBroad(task: string): boolean {
  return BROAD.some((re) => re.test(task));
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

export interface AskPlanOptions {
  task: string;
  budget: number;
}

export function planAsk(collection: Collection, options: AskPlanOptions): Plan {
  const db = collection.index.db;
  const known = db.prepare(`SELECT 1 FROM symbols WHERE name = ? AND kind IN ${NAMED_TYPE_KINDS_SQL} LIMIT 1`);
  const depth = options.budget >= 40000 ? 2 : 1;
  const line = (strategy: string) => `<!-- svc_ask: ${strategy} budget=${options.budget} -->`;
  const skeleton = (note: string) => {
    const plan = planWhole(collection, "skeleton", "ask");
    plan.level = "skeleton";
    plan.prelude.unshift(line(`strategy=skeleton${note}`));
    return plan;
  };
  const search = (note: string) => {
    let plan: Plan;
    try {
      plan = planSearch(collection, { query: options.task, queryTop: 10, depth, level: "standard", rerank: false });
    } catch {
      return skeleton(" (the task's words matched no file)");
    }
    plan.mode = "ask";
    plan.prelude.unshift(line(`strategy=search${note}`));
    return plan;
  };
  if (isBroad(options.task)) return skeleton("");
  const subject = subsystemOf(options.task);
  const dir = subject ? subsystemDir(collection, subject) : null;
  if (subject && dir) {
    const plan = planFocus(collection, { focus: dir, depth, level: "standard" });
    // the subsystem's own sources first, then what they touch, tests last
    const rank = (e: Plan["entries"][number]) => (collection.byId.get(e.fileId)?.isTest ? 2 : e.role === "seed" ? 0 : 1);
    plan.entries.sort((a, b) => rank(a) - rank(b));
    plan.mode = "ask";
    plan.prelude.unshift(line(`strategy=focus seed="${dir}/" (subsystem "${subject}")`));
    return plan;
  }
  const names = typeNamesIn(options.task, (name) => known.get(name) !== null);
  if (names.length === 1) {
    const seed = names[0] as string;
    try {
      const plan = planFocus(collection, { focus: seed, depth, level: "standard" });
      plan.mode = "ask";
      plan.prelude.unshift(line(`strategy=focus seed="${seed}"`));
      return plan;
    } catch {
      return search(` (focus seed "${seed}" did not resolve)`);
    }
  }
  return search("");
}
