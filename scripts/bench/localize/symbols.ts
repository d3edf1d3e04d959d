// Symbol-level scoring of the localization benchmark (issue 20, item 3), history corpora
// only: the declarations a task changed are the parent's declarations whose line ranges
// overlap the task diff's hunks (old side; a pure insertion counts for the declarations
// strictly around it), innermost only (a method, not the class around it, unless the hunk
// touches the class outside its members). For the first target file find --kind task ranks
// among the files it names declarations for, Acc@1 (its first declaration changed) and
// Recall@3 (share of the changed declarations among its first three), next to a textbook
// baseline on the same file: BM25 of the query over each declaration's name and text.

import type { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { git } from "./corpus-git.ts";
import { tokens } from "./baselines.ts";
import type { LocalizeTask } from "./task.ts";

export interface Decl {
  key: string;
  name: string;
  line: number;
  endLine: number;
}

/** Per target file, its declarations at the parent and the keys (`name:line`) of the changed ones. */
export type ChangedDecls = Record<string, { decls: Decl[]; changed: string[] }>;

const keyOf = (name: string, line: number) => `${name}:${line}`;

/** Old-side hunks of a unified diff, as [start, count] (count 0: an insertion after line `start`). */
function hunksOf(diff: string): [number, number][] {
  return [...diff.matchAll(/^@@ -(\d+)(?:,(\d+))? /gm)].map((m) => [Number(m[1]), m[2] === undefined ? 1 : Number(m[2])]);
}

/** Old-side hunks of `file`: between the parent and the task commit, or (an npm task) between the task's tree and `newTree`, the next version's package. */
function hunks(dir: string, task: LocalizeTask, file: string, newTree?: string): [number, number][] {
  if (task.checkout && task.commit) return hunksOf(git(dir, "diff", "-U0", "--no-renames", task.checkout, task.commit, "--", file));
  if (!newTree) return [];
  // --no-index exits 1 when the files differ
  const r = Bun.spawnSync(["git", "diff", "--no-index", "-U0", "--", join(dir, file), join(newTree, file)], { stdout: "pipe", stderr: "pipe" });
  return hunksOf(r.stdout.toString());
}

/** The declarations a task changed, per target file: a history task's commit, or an npm task's next version (`newTree`). */
export function changedDeclarations(db: Database, dir: string, task: LocalizeTask, newTree?: string): ChangedDecls {
  const out: ChangedDecls = {};
  const select = db.prepare("SELECT s.qualified_name AS name, s.start_line AS line, s.end_line AS endLine FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ? AND s.kind NOT IN ('parameter', 'enum_member') ORDER BY s.start_line");
  for (const file of task.targets) {
    const decls = (select.all(file) as Omit<Decl, "key">[]).map((d) => ({ ...d, key: keyOf(d.name, d.line) }));
    const changed = new Set<string>();
    for (const [start, count] of hunks(dir, task, file, newTree)) {
      // An insertion after line `start` touches the declarations strictly around the gap.
      const touches = (d: Decl) => (count === 0 ? d.line <= start && d.endLine > start : d.line <= start + count - 1 && d.endLine >= start);
      const hit = decls.filter(touches);
      const inner = hit.filter((d) => !hit.some((o) => o !== d && o.line >= d.line && o.endLine <= d.endLine && (o.line > d.line || o.endLine < d.endLine)));
      for (const d of inner) changed.add(d.key);
    }
    out[file] = { decls, changed: [...changed] };
  }
  return out;
}

export interface SymbolScore {
  /** The target file scored (the first one find names declarations for). */
  file: string;
  changed: number;
  find: { acc1: number; r3: number };
  /** BM25 of the query over each declaration's name and text, within the file. */
  bm25: { acc1: number; r3: number };
}

function scoreList(keys: readonly string[], changed: ReadonlySet<string>): { acc1: number; r3: number } {
  return { acc1: changed.has(keys[0] ?? "") ? 1 : 0, r3: keys.slice(0, 3).filter((k) => changed.has(k)).length / Math.max(1, changed.size) };
}

/** BM25 (k1 1.2, b 0.75) of the query over each declaration's source text (its name included), idf within the file. */
export function bm25Declarations(root: string, file: string, decls: readonly Decl[], query: string): string[] {
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  const docs = decls.map((d) => tokens(`${d.name} ${lines.slice(d.line - 1, d.endLine).join("\n")}`));
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length) || 1;
  const terms = [...new Set(tokens(query))];
  const df = new Map(terms.map((t) => [t, docs.filter((d) => d.includes(t)).length]));
  const scored = docs.map((d, i) => {
    let s = 0;
    for (const t of terms) {
      const tf = d.filter((x) => x === t).length;
      if (!tf) continue;
      const n = df.get(t) as number;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      s += (idf * tf * 2.2) / (tf + 1.2 * (1 - 0.75 + (0.75 * d.length) / avg));
    }
    return [(decls[i] as Decl).key, s] as const;
  });
  return scored.filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]).map(([k]) => k);
}

/** The symbol-level score of one task, or null when find names declarations for no target file with a changed declaration. */
export function symbolScore(root: string, query: string, changed: ChangedDecls, candidates: readonly { path: string; symbols?: { name: string; line: number }[] }[], files: number): SymbolScore | null {
  for (const c of candidates.slice(0, files)) {
    const truth = changed[c.path];
    if (!truth || truth.changed.length === 0) continue;
    const want = new Set(truth.changed);
    const found = (c.symbols ?? []).map((s) => keyOf(s.name, s.line));
    return { file: c.path, changed: want.size, find: scoreList(found, want), bm25: scoreList(bm25Declarations(root, c.path, truth.decls, query), want) };
  }
  return null;
}
