// Focus: a seed (path, file name, symbol, directory or Type.Member) and the files around it
// in both directions (what it depends on and what depends on it), best-first.

import { expand } from "../graph/expand.ts";
import { memberGraph, precisionTier, scopeGraph } from "../graph/precision.ts";
import type { Level } from "../render/reduce/index.ts";
import type { Collection } from "./collect.ts";
import { entryFor } from "./expansion.ts";
import type { Plan, PlanEntry } from "./model.ts";
import { confineSeedPath, resolveSeed, seedNotFound } from "./seeds.ts";
import { seedPin } from "./seed-pins.ts";

export interface FocusPlanOptions {
  focus: string;
  depth: number;
  level: Level;
}

export function planFocus(collection: Collection, options: FocusPlanOptions): Plan {
  const db = collection.index.db;
  const seed = resolveSeed(db, options.focus, collection.files, collection.workspace.relDir);
  if (!seed) {
    confineSeedPath(collection.workspace, options.focus, "focus seed");
    throw seedNotFound(options.focus, collection.files);
  }
  const notes: string[] = [];
  let keepWhole: string[] | undefined;
  if (seed.member) {
    if (precisionTier()) keepWhole = [seed.member];
    else notes.push(`focus ${seed.member}: the whole file is shown; slicing to one member needs the precision tier (SVC_SEMANTIC=1)`);
  }
  const scoped = scopeGraph(db, collection.index.meta, notes);
  // a member focus in the precision tier follows that member's own edges out of the seed file
  const seedFile = seed.files[0];
  const graph = scoped.checker && seed.member && seed.files.length === 1 && seedFile ? memberGraph(db, scoped.graph, seedFile.id, seed.member) : scoped.graph;
  const reached = expand(graph, {
    seeds: seed.files.map((f) => ({ id: f.id, score: 1, reason: seed.how })),
    depth: options.depth,
    direction: "both",
    allowed: (id) => collection.byId.has(id),
    limit: 5000,
  });
  const seedNote = `${seed.how} ${options.focus}`;
  const entries: PlanEntry[] = [];
  for (const r of reached) {
    const isSeed = r.via === "seed";
    const entry = entryFor(r, collection, {
      level: options.level,
      seedRole: "seed",
      seedNote,
      ...(isSeed && keepWhole ? { tier: "skeleton" as Level, keepWhole } : {}),
    });
    if (!entry) continue;
    const pin = isSeed ? seedPin(db, seed, options.focus, entry.fileId) : null;
    entries.push(pin ? { ...entry, pin } : entry);
  }
  return { mode: "focus", entries, collected: collection.files.length, prelude: [], manifestNotes: notes };
}
