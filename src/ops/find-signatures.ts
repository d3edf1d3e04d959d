// svc find --kind signatures / svc_find kind=signatures: the exact signature of each
// declaration of a name (overloads listed) from the index; names the index does not
// declare (`pkg#export`, `Type.member` of a dependency, globals) through the resident
// checker when this process holds one (the host, or SVC_RESIDENT=1); a qualified name in a
// process that holds none loads the engine for the call (cold, said so).

import { symbolNotFound } from "../errors.ts";
import type { Database } from "bun:sqlite";
import type { OpenIndex } from "../index/open.ts";
import { availabilityHeader } from "../render/availability.ts";
import { nearestNames } from "../retrieve/lookup.ts";
import { asSvcError } from "../errors.ts";
import { countLabel } from "./find-neighbors.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface SignatureHit {
  qualifiedName: string;
  kind: string | null;
  signature: string;
  path: string | null;
  line: number | null;
  source: "index" | "checker";
}

export interface SignaturesData {
  signatures: SignatureHit[];
  /** How many signatures there are; `signatures` holds the first `limit` of them. */
  total: number;
  resident: boolean;
  nearest?: string[];
  note?: string;
}

const MATCHING = "WHERE s.qualified_name = ?1 OR (s.name = ?1 AND instr(?1, '.') = 0)";

/** The first `limit` stored declarations of the name, and how many there are. */
function stored(db: Database, query: string, limit: number): { hits: SignatureHit[]; total: number } {
  const rows = db
    .query(
      `SELECT s.qualified_name AS qualifiedName, s.kind, s.signature, f.path, s.start_line AS line
         FROM symbols s JOIN files f ON f.id = s.file_id
        ${MATCHING}
        ORDER BY s.exported DESC, f.is_test, f.path, s.start_line LIMIT ?2`,
    )
    .all(query, limit) as Omit<SignatureHit, "source">[];
  const { n } = db.query(`SELECT count(*) AS n FROM symbols s ${MATCHING}`).get(query) as { n: number };
  return { hits: rows.map((r) => ({ ...r, source: "index" as const })), total: n };
}

export async function findSignatures(db: Database, index: OpenIndex, root: string, query: string, limit: number, ctx: OpContext): Promise<OpResult<SignaturesData>> {
  const { residentForRequest } = await import("../semantic/resident.ts");
  const resident = residentForRequest(root, ctx);
  const header = availabilityHeader(index.state, index.meta, index.detail);
  let { hits, total } = stored(db, query, limit);
  let note: string | undefined;
  const qualified = query.includes("#") || query.includes(".");
  let source: "resident" | "cold" | null = null;
  if (!hits.length && (resident || qualified)) {
    const { ResidentWorkspace } = await import("../semantic/resident.ts");
    const checker = resident ?? new ResidentWorkspace(root, { writer: false });
    source = resident ? "resident" : "cold";
    try {
      const { checkerSignatures } = await import("../semantic/resolve-signature.ts");
      const found = await checkerSignatures(checker, db, query);
      total = found.lines.length;
      hits = found.lines.slice(0, limit).map((l) => ({ qualifiedName: query, kind: null, signature: l.text, path: l.declaredIn, line: null, source: "checker" as const }));
      note = found.note;
    } catch (error) {
      note = `the ${source === "cold" ? "" : "resident "}checker could not answer: ${asSvcError(error).formatted}`;
    } finally {
      if (!resident) await checker.close().catch(() => undefined);
    }
  }
  const data: SignaturesData = { signatures: hits, total, resident: resident !== null, ...(note ? { note } : {}) };
  const out = [header];
  if (hits.length) {
    out.push(`signatures of '${query}' (${countLabel(total, limit)}):`);
    for (const h of hits) out.push(`  ${h.signature}  (${h.path ?? "?"}${h.line ? `:${h.line}` : ""})`);
    out.push(`source: ${hits[0]?.source !== "checker" ? "the index's stored declarations" : source === "cold" ? "the TypeScript checker, loaded for this call (an MCP server started with SVC_RESIDENT=1 keeps it warm)" : "the resident TypeScript checker"}`);
  } else {
    // a plain name the index does not declare does not exist; a qualified one may live in a dependency the checker could not reach (said below)
    if (!/[.#]/.test(query) && !note) throw symbolNotFound(query, nearestNames(db, query), Number(index.meta.index_inventory_count ?? 0));
    data.nearest = nearestNames(db, query.split(/[.#]/).pop() ?? query);
    out.push(`no signature for '${query}' in ${index.meta.index_inventory_count ?? 0} indexed files${data.nearest.length ? `; nearest names: ${data.nearest.join(", ")}` : ""}`);
  }
  if (note) out.push(`note: ${note}`);
  return { text: out.join("\n"), data };
}
