// A name destructured from a value (`const { open, errors } = Deno`, `const { defaultPlugin } =
// plugins` of `import * as plugins`) is, to find-references, the member it is taken from: the
// answer about `open` counts `Deno.open`'s declaration and its every use. The walk records the
// binding's reference to the member (structural-refs.ts), on the binding's line, from whichever
// declaration of that line it attributes the line to; this finds it. When the member is not in
// the workspace (`const { readFile } = fs`), no edge records it: the answer is partial (reach-gaps.ts).

import type { Database } from "bun:sqlite";

/** `{ a, b: c, ...rest }` before the `=`: the names bound without renaming. */
function destructuredNames(signature: string): string[] {
  const pattern = /^\s*(?:export\s+)?(?:const|let|var)\s*\{([^=]*)\}\s*(?::[^=]*)?=/.exec(signature)?.[1];
  if (!pattern) return [];
  return pattern.split(",").map((p) => p.trim()).filter((p) => /^[\w$]+(\s*=.*)?$/.test(p)).map((p) => (/^[\w$]+/.exec(p) as RegExpExecArray)[0]);
}

/** Whether `target` is bound by destructuring under its own name. */
export function isDestructured(target: { kind: string; name: string; signature: string }): boolean {
  return /^(const|let|var|variable)$/.test(target.kind) && destructuredNames(target.signature).includes(target.name);
}

/** The members a destructured `target` is taken from (their symbol rows), found through the walk's edges from its line. */
export function boundMembers(db: Database, target: { id: number; kind: string; name: string; signature: string; fileId: number; line: number }): { id: number; qualifiedName: string }[] {
  if (!isDestructured(target)) return [];
  return db
    .query(
      `SELECT DISTINCT t.id, t.qualified_name AS qualifiedName FROM edges e JOIN symbols t ON t.id = e.to_symbol
        WHERE e.from_file = ? AND e.evidence_line = ? AND e.provenance = 'checker' AND t.name = ? AND t.id <> ? ORDER BY t.id`,
    )
    .all(target.fileId, target.line, target.name, target.id) as { id: number; qualifiedName: string }[];
}

/** The other names destructured on the target's line (`lstatSync`, `errors` beside `open`): the walk attributes the line's references to one of them, which are no uses of the target. */
export function boundNeighbors(db: Database, target: { id: number; kind: string; name: string; signature: string; fileId: number; line: number }): Set<number> {
  if (!isDestructured(target)) return new Set();
  const rows = db.query("SELECT id FROM symbols WHERE file_id = ? AND start_line = ? AND id <> ?").all(target.fileId, target.line, target.id) as { id: number }[];
  return new Set(rows.map((r) => r.id));
}
