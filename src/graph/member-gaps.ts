// Where a member's references reach through typing the checker walk does not record: a
// property of a value declared with a type (`const objectTraps: ProxyHandler<…> = {
// deleteProperty() {…} }`) is, to the language service's find-references, a reference to that
// type's member and to the same member of every other value of the type (`arrayTraps.deleteProperty
// = …`, as on immer). The walk records the key's reference to the type's member (structural-refs.ts)
// but no edge between the values, and none at all when the type is outside the workspace (the
// lib's ProxyHandler), so such a member's answer is partial, with where. (Object literals written
// against an interface are recorded by the walk: the interface member's answer lists them.)

import type { Database } from "bun:sqlite";

/** A place the walk records nothing for (reach-gaps.ts lists it with the others). */
export interface MemberGap {
  path: string;
  line: number;
  why: "typed-value";
}

const VALUE = /^(const|let|var|variable)$/;
/** `const objectTraps: ProxyHandler<…> = …`: a type annotation before the initializer. */
const ANNOTATED = /^[^=]*?[\w$\]]\s*:\s*[^=]/;

/** The gaps of a member's references through typing: the declared type of the value it belongs to. */
export function memberGaps(db: Database, member: { fileId: number; path: string; container: string | null }): MemberGap[] {
  if (!member.container) return [];
  const owner = db.query("SELECT kind, start_line AS line, signature FROM symbols WHERE file_id = ? AND qualified_name = ? ORDER BY start_line LIMIT 1").get(member.fileId, member.container) as { kind: string; line: number; signature: string } | null;
  return owner && VALUE.test(owner.kind) && ANNOTATED.test(owner.signature) ? [{ path: member.path, line: owner.line, why: "typed-value" }] : [];
}
