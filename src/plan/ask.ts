// Ask: choose a scoping strategy from the task text, no model involved. A broad question
// → skeleton; exactly one identifier naming a declared type → focus on it (search when it
// does not resolve); anything else → search with the task as the query.

import type { Collection } from "./collect.ts";
import { planFocus } from "./focus.ts";
import type { Plan } from "./model.ts";
import { planSearch } from "./search.ts";
import { subsystemQuery } from "./subsystem.ts";
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

/** Tuning switches of the ask planner (the ask-pack benchmark overrides them in-process for ablations). */
export const ASK_PARAMS: Record<string, number> = {};

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
  const search = (note: string, query = options.task) => {
    let plan: Plan;
    try {
      plan = planSearch(collection, { query, queryTop: 10, depth, level: "standard", rerank: false });
    } catch {
      return skeleton(" (the task's words matched no file)");
    }
    plan.mode = "ask";
    plan.prelude.unshift(line(`strategy=search${note}`));
    return plan;
  };
  if (isBroad(options.task)) return skeleton("");
  const subsystem = subsystemQuery(db, options.task);
  if (subsystem) return search(` subsystem="${subsystem.topic.join(" ")}"${subsystem.replaced.length ? ` (searched as ${subsystem.replaced.join(", ")})` : ""}`, subsystem.query);
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
