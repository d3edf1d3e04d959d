// Rendering the table of contents at three levels of detail: full (files with their
// declared types and members), paths only, and one row per directory.

import { commentSafe } from "./format.ts";
import { opName, type Surface } from "./surface-calls.ts";
import { formatTokens } from "../text/tokens.ts";

export interface TocType {
  kind: string;
  name: string;
  members: string[];
}

export interface TocEntry {
  /** Root-relative path. */
  path: string;
  tokens: number;
  generated: boolean;
  /** The syntax tier could not read all of the file: its outline may miss declarations. */
  partial?: boolean;
  types: TocType[];
  /** Top-level functions (and function-valued consts) outside any type. */
  functions: string[];
}

export type TocDetail = "full" | "paths" | "directories";

const MAX_MEMBERS = 40;

function listNames(names: string[]): string {
  if (names.length <= MAX_MEMBERS) return names.join(", ");
  return `${names.slice(0, MAX_MEMBERS).join(", ")}, … +${names.length - MAX_MEMBERS} more`;
}

export function tocHeader(files: number, tokens: number, detail: TocDetail, scope: string, partial = 0, surface?: Surface): string {
  const [focus, search, skeleton, toc] = (["focus", "search", "skeleton", "toc"] as const).map((op) => opName(surface, op));
  const lines = [
    `<!-- svc:table-of-contents files=${files} read-cost=~${formatTokens(tokens)} tokens${scope ? ` path=${commentSafe(scope)}` : ""}`,
    "     A map of the codebase. Each file shows its token cost to read and the types it declares.",
    `     Fetch content with ${focus} (a file or type and its dependencies), ${search} (by topic) or ${skeleton} (signatures only).`,
  ];
  if (partial > 0) {
    lines.push(`     ${partial} file${partial === 1 ? " is" : "s are"} marked [partial]: the syntax tier could not read all of ${partial === 1 ? "it" : "them"}, so outlines may miss declarations; read such a file with ${focus}.`);
  }
  if (detail === "paths") lines.push(`     Type outlines omitted to fit the size budget; call ${skeleton} for signatures.`);
  if (detail === "directories") {
    lines.push(
      `     Large codebase: showing directories and aggregate token costs only. Call ${toc} on a subdirectory, or ${search}/${focus}, to drill into files.`,
    );
  }
  lines[lines.length - 1] += " -->";
  return lines.join("\n");
}

/** The file tree: each directory segment once, indented two spaces per level. */
export function renderTree(entries: readonly TocEntry[], withOutline: boolean): string[] {
  const out: string[] = [];
  let openDirs: string[] = [];
  for (const entry of entries) {
    const parts = entry.path.split("/");
    const dirs = parts.slice(0, -1);
    let common = 0;
    while (common < dirs.length && common < openDirs.length && dirs[common] === openDirs[common]) common++;
    for (let i = common; i < dirs.length; i++) out.push(`${"  ".repeat(i)}${dirs[i]}/`);
    openDirs = dirs;
    const indent = "  ".repeat(dirs.length);
    const flag = `${entry.generated ? " [generated]" : ""}${entry.partial ? " [partial]" : ""}`;
    out.push(`${indent}${parts[parts.length - 1]} (~${formatTokens(entry.tokens)} tokens)${flag}`);
    if (!withOutline) continue;
    for (const type of entry.types) {
      const members = type.members.length ? `: ${listNames(type.members)}` : "";
      out.push(`${indent}  ${type.kind} ${type.name}${members}`);
    }
    if (entry.functions.length) out.push(`${indent}  functions: ${listNames(entry.functions)}`);
  }
  return out;
}

export interface DirectoryRow {
  dir: string;
  /** Every file under the directory, at any depth (for the scope itself: only the files directly in it). */
  files: number;
  tokens: number;
  /** The row of the files directly in the scope (the root: `.`), which no subdirectory's row counts. */
  topLevel?: boolean;
}

/**
 * One aggregate row per directory under the scope, counting everything beneath it (a row that
 * counted only the files directly in it read as the whole subtree: `source/ (1 file)` for a
 * folder of 30), plus one row for the files directly in the scope. Shallow rows first, so a
 * view cut to its budget still shows the top-level folders.
 */
export function directoryRows(entries: readonly TocEntry[], scope = ""): DirectoryRow[] {
  const base = scope ? `${scope}/` : "";
  const rows = new Map<string, DirectoryRow>();
  const add = (dir: string, tokens: number, topLevel: boolean) => {
    const row = rows.get(dir) ?? { dir, files: 0, tokens: 0, ...(topLevel ? { topLevel } : {}) };
    row.files++;
    row.tokens += tokens;
    rows.set(dir, row);
  };
  for (const entry of entries) {
    const dirs = (entry.path.startsWith(base) ? entry.path.slice(base.length) : entry.path).split("/").slice(0, -1);
    if (!dirs.length) add(scope || ".", entry.tokens, true);
    for (let depth = 1; depth <= dirs.length; depth++) add(base + dirs.slice(0, depth).join("/"), entry.tokens, false);
  }
  const depthOf = (row: DirectoryRow) => (row.topLevel ? 0 : row.dir.split("/").length);
  return [...rows.values()].sort((a, b) => depthOf(a) - depthOf(b) || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
}

export function renderDirectoryRow(row: DirectoryRow): string {
  return `${row.dir}/ (${row.files} file${row.files === 1 ? "" : "s"}${row.topLevel ? " at its top level" : ""}, ~${formatTokens(row.tokens)} tokens)`;
}

// --- from declarations to toc outlines ---------------------------------------------

import { TYPE_KINDS, type Decl } from "../lang/model.ts";

const NOT_MEMBER = new Set(["constructor", "impl"]);

/** Declared types with their member names, and free functions, from a file's declarations. */
export type TocDecl = Pick<Decl, "kind" | "name" | "container" | "qualifiedName">;

export function outlineForToc(decls: readonly TocDecl[]): { types: TocType[]; functions: string[] } {
  const types: TocType[] = [];
  const byName = new Map<string, TocType>();
  for (const d of decls) {
    if (!TYPE_KINDS.has(d.kind) || d.kind === "impl") continue;
    if (byName.has(d.qualifiedName)) continue;
    const type: TocType = { kind: d.kind, name: d.qualifiedName, members: [] };
    byName.set(d.qualifiedName, type);
    types.push(type);
  }
  for (const d of decls) {
    if (d.kind !== "impl" || byName.has(d.qualifiedName)) continue;
    const type: TocType = { kind: "impl", name: d.qualifiedName, members: [] };
    byName.set(d.qualifiedName, type);
    types.push(type);
  }
  const functions: string[] = [];
  for (const d of decls) {
    if (TYPE_KINDS.has(d.kind) || NOT_MEMBER.has(d.kind)) continue;
    const owner = d.container === null ? undefined : byName.get(d.container);
    if (owner) {
      if (!owner.members.includes(d.name)) owner.members.push(d.name);
    } else if (d.container === null && d.kind === "function" && !functions.includes(d.name)) {
      functions.push(d.name);
    }
  }
  return { types, functions };
}
