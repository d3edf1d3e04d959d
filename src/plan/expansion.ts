// Turning graph expansion results into plan entries: roles, tiers by hop, provenance.

import type { Reached } from "../graph/expand.ts";
import type { Level } from "../render/reduce/index.ts";
import type { Collection } from "./collect.ts";
import type { PlanEntry, Role } from "./model.ts";

/** "seed src/a.ts (symbol OrderService)" → "src/a.ts imports src/b.ts" → … */
export function provenanceOf(reached: Reached, collection: Collection, seedNote: string): string[] {
  const path = (id: number) => collection.byId.get(id)?.path ?? `#${id}`;
  const chain = reached.chain;
  const out = [`seed ${path(chain[0] as number)}${seedNote ? ` (${seedNote})` : ""}`];
  return out.concat(
    chain.slice(1).map((id, i) => {
      const prev = path(chain[i] as number);
      return i === chain.length - 2 && reached.via === "dependent" ? `${path(id)} imports ${prev}` : `${prev} imports ${path(id)}`;
    }),
  );
}

/** Skeleton from hop 2 on (publicApi stays publicApi). */
export function tierForHop(level: Level, hop: number): Level {
  if (hop < 2) return level;
  return level === "publicApi" ? "publicApi" : "skeleton";
}

export function entryFor(
  reached: Reached,
  collection: Collection,
  options: { level: Level; seedRole: Role; seedNote: string; tier?: Level; keepWhole?: string[] },
): PlanEntry | null {
  const file = collection.byId.get(reached.id);
  if (!file) return null;
  const role: Role = reached.via === "seed" ? options.seedRole : reached.via;
  return {
    fileId: file.id,
    path: file.path,
    role,
    tier: options.tier ?? tierForHop(options.level, reached.hop),
    score: Math.round(reached.score * 1000) / 1000,
    provenance: provenanceOf(reached, collection, options.seedNote),
    ...(options.keepWhole?.length ? { keepWhole: options.keepWhole } : {}),
    language: file.language,
    generated: file.isGenerated,
    estimate: file.tokens,
  };
}
