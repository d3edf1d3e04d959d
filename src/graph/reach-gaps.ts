// Where the checker's answer about one declaration cannot be complete: the files that could
// reference it (they mention its name, or import it by name through the syntax tier) but
// that no loaded TypeScript project holds — tests outside the tsconfig, `.mjs` scripts,
// JavaScript without allowJs; also those binding it under another name, `import Other from`
// its default export, a barrel's alias: binding-imports.ts — and dynamic property access (`ns[key]`) on a namespace
// import of a file that exports it; Vue, Svelte and Astro components that mention it (the
// checker reads no component file); and files that mention it and load a module by a
// computed name (`import(\`./${x}\`)`, `require(name)`), which the checker cannot follow.
// A member of a value declared with a type (`const traps: ProxyHandler<…> = {…}`): find-references
// joins it to the same member of the type's other values, which no edge records (member-gaps.ts).
// Files in a loaded project with imports that did not resolve, where they could refer to it
// (unresolved-gaps.ts). "checker-complete", "none reach it" and every empty answer are only
// said when this finds nothing.

import type { Database } from "bun:sqlite";
import { readOutside, type IndexMeta } from "../store/meta.ts";
import { linkedImports } from "./link-gaps.ts";
import { wordRe } from "./word-re.ts";
import { memberGaps, type MemberGap } from "./member-gaps.ts";
import { unresolvedFiles, unresolvedGaps } from "./unresolved-gaps.ts";
import { bindingImports } from "./binding-imports.ts";

export interface ReachGap {
  path: string;
  line: number | null;
  /** test (a test file), module-js (.mjs/.cjs), javascript, source, dynamic (ns[…] on a namespace import), component (.vue/.svelte/.astro), computed (import/require of a computed name);
   * link (an import through a symbolic link to its file: link-gaps.ts); unresolved (a file of a loaded project with an import that did not resolve: unresolved-gaps.ts); typed-value (the member belongs to a value declared with a type; find-references joins it to the type's other values): member-gaps.ts. */
  why: "test" | "module-js" | "javascript" | "source" | "dynamic" | "component" | "computed" | "link" | "unresolved" | MemberGap["why"];
  /** outside-base: the type (as the heritage clause writes it) whose members the index does not hold. */
  base?: string;
  /** unresolved: the first import specifier that did not resolve (`relative` for a relative path). */
  specifier?: string;
}

export interface ReachGaps {
  /** The index records which files the projects hold (older indexes do not: re-index). */
  recorded: boolean;
  /** The walk records which files have imports that did not resolve (older walks do not: only an index mode without them may claim complete). */
  unresolvedRecorded: boolean;
  gaps: ReachGap[];
}

const SHOWN = 5;


function outsideWhy(path: string, isTest: boolean): ReachGap["why"] {
  if (isTest) return "test";
  if (/\.[cm]js$/.test(path)) return "module-js";
  if (/\.jsx?$/.test(path)) return "javascript";
  return "source";
}

/** Namespace imports (`import * as ns`, `const ns = require(…)`) of `files`, with `ns[` somewhere in the importing file. */
function dynamicAccess(db: Database, files: ReadonlySet<number>, readText: (path: string) => string | null): ReachGap[] {
  if (!files.size) return [];
  const ids = [...files];
  const rows = db
    .query(
      `SELECT DISTINCT f.path, i.line FROM edges e JOIN imports i ON i.file_id = e.from_file AND i.line = e.evidence_line JOIN files f ON f.id = e.from_file
        WHERE e.to_file IN (${ids.map(() => "?").join(",")}) AND e.type = 'imports' AND e.provenance = 'syntax' AND i.kind IN ('import', 'require') AND (',' || i.names || ',') LIKE '%,*,%'
        ORDER BY f.path, i.line`,
    )
    .all(...ids) as { path: string; line: number }[];
  const out: ReachGap[] = [];
  for (const r of rows) {
    const text = readText(r.path);
    if (text === null) continue;
    const statement = text.split("\n")[r.line - 1] ?? "";
    const alias = /\*\s*as\s+([\w$]+)/.exec(statement)?.[1] ?? /(?:const|let|var|import)\s+([\w$]+)\s*=\s*require\s*\(/.exec(statement)?.[1];
    if (!alias) continue;
    const name = alias.replace(/\$/g, "\\$");
    // `ns[key]`, `ns?.[key]`, `(ns as Record<…>)[key]`
    const access = new RegExp(`(?:(?<![\\w$.])${name}|\\(\\s*${name}\\s+as\\s[^)]*\\))\\s*(?:\\?\\.\\s*)?\\[`).exec(text);
    if (!access) continue;
    out.push({ path: r.path, line: text.slice(0, access.index).split("\n").length, why: "dynamic" });
  }
  return out;
}

const COMPONENT_EXTENSIONS = [".vue", ".svelte", ".astro"];
/** `import(…)` or `require(…)` whose argument is not a plain string: a variable, an expression or a template with `${…}`. */
const COMPUTED_LOAD = /(?<![\w$.])(?:import|require)\s*\(\s*(?:[^\s'"`)]|`[^`]*\$\{)/;

/** Where a whole-word mention of `name` is in `text` (1-based line), or null. */
function mention(text: string, re: RegExp): number | null {
  const m = re.exec(text);
  return m ? text.slice(0, m.index).split("\n").length : null;
}

/** Component files (the checker reads none of them) that mention the name. */
function components(db: Database, re: RegExp, readText: (path: string) => string | null): ReachGap[] {
  const rows = db.query(`SELECT path FROM files WHERE ${COMPONENT_EXTENSIONS.map(() => "path LIKE ?").join(" OR ")} ORDER BY path`).all(...COMPONENT_EXTENSIONS.map((e) => `%${e}`)) as { path: string }[];
  const out: ReachGap[] = [];
  for (const { path } of rows) {
    const text = readText(path);
    const line = text === null ? null : mention(text, re);
    if (line !== null) out.push({ path, line, why: "component" });
  }
  return out;
}

/** TypeScript and JavaScript files (other than the exporters) that mention the name and load a module by a computed name. */
function computedLoads(db: Database, name: string, re: RegExp, exporters: ReadonlySet<number>, skip: ReadonlySet<string>, readText: (path: string) => string | null): ReachGap[] {
  let rows: { id: number; path: string }[];
  try {
    rows = db.query("SELECT f.id, f.path FROM files_fts JOIN files f ON f.id = files_fts.rowid WHERE files_fts MATCH ? AND f.language IN ('typescript', 'javascript') ORDER BY f.path").all(`"${name.replaceAll('"', '""')}"`) as { id: number; path: string }[];
  } catch {
    // no full-text index: every source file is a candidate
    rows = db.query("SELECT id, path FROM files WHERE language IN ('typescript', 'javascript') ORDER BY path").all() as { id: number; path: string }[];
  }
  const out: ReachGap[] = [];
  for (const { id, path } of rows) {
    if (exporters.has(id) || skip.has(path)) continue;
    const text = readText(path);
    if (text === null || mention(text, re) === null) continue;
    const load = COMPUTED_LOAD.exec(text);
    if (load) out.push({ path, line: text.slice(0, load.index).split("\n").length, why: "computed" });
  }
  return out;
}

/** The gaps in the checker's view of `target`, exported by `exporters` (file ids: the declaring file and its barrels). */
export function reachGaps(db: Database, meta: IndexMeta, target: { id: number; kind: string; signature: string; line: number; fileId: number; path: string; name: string; container: string | null }, exporters: ReadonlySet<number>, readText: (path: string) => string | null, root: string): ReachGaps {
  const name = target.name;
  const outside = readOutside(meta);
  const gaps: ReachGap[] = [];
  const re = wordRe(name);
  const unresolvedList = unresolvedFiles(db);
  // the statements of those files binding it under another name (`import Other from …` of a default export), which no mention shows
  const outsideSet = new Set(outside ?? []);
  const unresolvedSet = new Set((unresolvedList ?? []).map((u) => u.path));
  const binders = bindingImports(db, target, exporters, (p) => outsideSet.has(p) || unresolvedSet.has(p), readText);
  if (outside?.length) {
    const tests = new Set((db.query("SELECT path FROM files WHERE is_test = 1").all() as { path: string }[]).map((r) => r.path));
    for (const path of outside) {
      const text = readText(path);
      if (text === null) continue;
      const m = re.exec(text);
      const line = m ? text.slice(0, m.index).split("\n").length : binders.get(path);
      if (line !== undefined) gaps.push({ path, line, why: outsideWhy(path, tests.has(path)) });
    }
  }
  gaps.push(...dynamicAccess(db, exporters, readText));
  gaps.push(...components(db, re, readText));
  gaps.push(...computedLoads(db, name, re, exporters, outsideSet, readText));
  gaps.push(...memberGaps(db, target, readText));
  gaps.push(...linkedImports(db, root, target).map((l) => ({ ...l, why: "link" as const })));
  const unresolved = unresolvedList === null ? null : unresolvedGaps(unresolvedList, re, binders, readText);
  for (const u of unresolved ?? []) gaps.push({ path: u.path, line: u.line, why: "unresolved", specifier: u.specifier });
  return { recorded: outside !== null, unresolvedRecorded: unresolved !== null, gaps };
}

const WHY: Record<ReachGap["why"], [string, string]> = {
  test: ["test file outside every tsconfig", "test files outside every tsconfig"],
  "module-js": [".mjs/.cjs file outside every project", ".mjs/.cjs files outside every project"],
  javascript: ["JavaScript file outside every project", "JavaScript files outside every project"],
  source: ["source file outside every project", "source files outside every project"],
  dynamic: ["dynamic property access on a namespace import", "dynamic property accesses on namespace imports"],
  component: ["component file (the checker reads no .vue/.svelte/.astro file)", "component files (the checker reads no .vue/.svelte/.astro file)"],
  computed: ["file loading a module by a computed name", "files loading modules by computed names"],
  unresolved: ["file of a loaded project whose imports did not all resolve (what they bind is `any` to the checker; install the package or give it types)", "files of loaded projects whose imports did not all resolve (what they bind is `any` to the checker; install the packages or give them types)"],
  link: ["file importing it through a symbolic link to its file (the index follows no link; the engine reads the link as a file of its own)", "files importing it through symbolic links to its file (the index follows no link; the engine reads a link as a file of its own)"],
  "outside-base": ["type whose heritage reaches one the index holds no members of (find-references joins the member to that type's same-named member and its uses; the walk does not record them)", "types whose heritage reaches ones the index holds no members of (find-references joins the member to their same-named members and uses; the walk does not record them)"],
  "alias-heir": ["member of a type extending a type alias of its type (find-references joins it through the alias; the walk does not record it)", "members of types extending type aliases of its type (find-references joins them through the aliases; the walk does not record them)"],
  "local-heir": ["class or interface declared inside a function (or a class expression) extending its type, declaring the member or constructed (find-references joins it and its uses; the index holds neither)", "classes or interfaces declared inside functions (or class expressions) extending its type, declaring the member or constructed (find-references joins them and their uses; the index holds neither)"],
  destructured: ["name destructured from a value the index holds no members of (find-references joins it to that member and its uses)", "names destructured from values the index holds no members of (find-references joins them to those members and their uses)"],
  "typed-value": ["value declared with a type (find-references also counts that type's member and the same member of its other values; the walk does not record them)", "values declared with a type (find-references also counts that type's member and the same member of their other values; the walk does not record them)"],
};

/** One phrase: `partial: 3 files the checker did not read could reference it — test files outside every tsconfig: a, b; …`, or null when there is no gap. */
export function gapPhrase(g: ReachGaps): string | null {
  if (!g.recorded) return "partial: the index does not record which files the TypeScript projects hold (svc index --force records it)";
  if (!g.gaps.length) return null;
  const groups = new Map<ReachGap["why"], ReachGap[]>();
  for (const gap of g.gaps) groups.set(gap.why, [...(groups.get(gap.why) ?? []), gap]);
  const parts = [...groups].map(([why, list]) => {
    const shown = list.slice(0, SHOWN).map((x) => (why === "outside-base" || why === "alias-heir" || why === "local-heir" ? `${x.path}:${x.line} (${x.base})` : why === "unresolved" ? `${x.path}${x.line ? `:${x.line}` : ""} (${x.specifier === "relative" ? "a relative import" : `'${x.specifier}'`})` : why === "dynamic" || why === "computed" || why === "link" || why === "typed-value" || why === "destructured" ? `${x.path}:${x.line}` : x.path));
    return `${list.length} ${WHY[why][list.length === 1 ? 0 : 1]}: ${shown.join(", ")}${list.length > SHOWN ? ", …" : ""}`;
  });
  const files = new Set(g.gaps.map((x) => x.path)).size;
  return `partial: ${files} file${files === 1 ? "" : "s"} the checker did not resolve could reference it (${parts.join("; ")})`;
}
