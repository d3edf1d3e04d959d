// Repair packets for the errors of a single-file check: the engine's own code fixes as
// `apply:` lines (with the fixed file content, ready for svc_workspace apply), the
// receiver's members with the nearest names (TS2339/TS2551), candidate declarations and
// imports (TS2304/TS2552), candidate module paths (TS2307), the callee's signatures
// (TS2345/TS2554/TS2555) and the source type's members (TS2322).

import type { Database } from "bun:sqlite";
import { basename, dirname, relative } from "node:path";
import type { TextEdit } from "../semantic/queries.ts";
import { oneLine, type Diag } from "./diag.ts";
import { outlineOf } from "../lang/outline.ts";
import { isCodeLanguage, languageOf } from "../lang/languages.ts";
import type { Decl } from "../lang/model.ts";
import { lspLineStarts, lspOffset } from "../text/lines.ts";
import { editDistance } from "../text/edit-distance.ts";

export interface RepairFix {
  title: string;
  edits: TextEdit[];
  /** The checked file's content with this fix applied (when every edit is in that file). */
  content?: string;
}

export interface RepairPacket {
  code: string;
  path: string;
  line: number;
  column: number;
  message: string;
  fixes: RepairFix[];
  /** Context lines: nearest names, members, signatures, candidates. */
  notes: string[];
}

/** What the engine can tell about a position of the checked file (all optional; failures are empty). */
export interface RepairEngine {
  codeFixes(diag: Diag): Promise<{ title: string; edits: TextEdit[] }[]>;
  /** Member completions at a position (after a `.`) of a root-relative file, as the engine sees it (the proposed content overlaid): names with their detail text. */
  members(path: string, line: number, column: number): Promise<{ name: string; detail?: string }[]>;
  signatures(line: number, column: number): Promise<string[]>;
}

export function nearest(name: string, candidates: readonly string[], limit = 5): string[] {
  return [...new Set(candidates)]
    .filter((c) => c !== name)
    .map((c) => ({ c, d: editDistance(name, c, true) }))
    .sort((a, b) => a.d - b.d || a.c.length - b.c.length || (a.c < b.c ? -1 : 1))
    .slice(0, limit)
    .map((x) => x.c);
}

/** Offsets of 1-based (line, column) in text. */
function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return Math.min(text.length, offset + column - 1);
}

function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/**
 * Apply edits to one file's text (edits must not overlap). Their 1-based positions are the
 * language server's: lines broken at `\r\n`, a lone `\r` or `\n`, counted without the BOM
 * (a BOM file's line 1 or a lone-CR line placed each edit one character or lines off).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = lspLineStarts(text);
  const at = (line: number, column: number) => lspOffset(text, line - 1, column - 1, starts);
  const spans = edits.map((e) => ({ start: at(e.line, e.column), end: at(e.endLine, e.endColumn), newText: e.newText })).sort((a, b) => b.start - a.start);
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + s.newText + out.slice(s.end);
  return out;
}

const quoted = (message: string, index: number): string | null => [...message.matchAll(/'([^']*)'/g)][index]?.[1] ?? null;

/**
 * What the index says is declared, with the checked file's rows taken from its proposed
 * content instead of the disk (the index still holds the version the edit replaces).
 */
export interface ProposedIndex {
  db: Database | null;
  file: string;
  decls: Decl[];
}

export function proposedIndex(db: Database | null, file: string, content: string): ProposedIndex {
  const language = languageOf(file);
  return { db, file, decls: isCodeLanguage(language) ? outlineOf(language, content).decls : [] };
}

function indexMembers(index: ProposedIndex, typeName: string | null, limit = 30): { name: string; detail?: string }[] {
  if (!typeName || !/^[\w$]+$/.test(typeName)) return [];
  const proposed = index.decls.filter((d) => d.container === typeName).map((d) => ({ name: d.name, detail: d.signature }));
  if (!index.db) return proposed.slice(0, limit);
  try {
    const rows = index.db
      .query("SELECT s.name, s.signature FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.container = ? AND f.path <> ? ORDER BY f.path, s.start_line LIMIT ?")
      .all(typeName, index.file, limit) as { name: string; signature: string }[];
    return [...proposed, ...rows.map((r) => ({ name: r.name, detail: r.signature }))].slice(0, limit);
  } catch {
    return proposed.slice(0, limit);
  }
}

function declarationsNamed(index: ProposedIndex, name: string | null, limit = 5): { path: string; line: number; kind: string; exported: number }[] {
  if (!name) return [];
  const proposed = index.decls.filter((d) => d.container === null && d.name === name).map((d) => ({ path: index.file, line: d.startLine, kind: d.kind as string, exported: d.exported ? 1 : 0 }));
  if (!index.db) return proposed.slice(0, limit);
  try {
    const rows = index.db
      .query("SELECT f.path, s.start_line AS line, s.kind, s.exported FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.name = ? AND s.container IS NULL AND f.path <> ? ORDER BY s.exported DESC, f.path LIMIT ?")
      .all(name, index.file, limit) as { path: string; line: number; kind: string; exported: number }[];
    return [...proposed, ...rows].slice(0, limit);
  } catch {
    return proposed.slice(0, limit);
  }
}

function modulePaths(db: Database | null, file: string, specifier: string | null, limit = 5): string[] {
  if (!db || !specifier || !specifier.startsWith(".")) return [];
  const stem = basename(specifier).replace(/\.(m|c)?(t|j)sx?$/, "");
  try {
    const rows = db.query("SELECT path FROM files WHERE path LIKE ? ESCAPE '\\' AND (language LIKE 'ts%' OR language LIKE 'js%' OR path LIKE '%.ts' OR path LIKE '%.tsx' OR path LIKE '%.js')").all(`%${stem.slice(0, 3).replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as { path: string }[];
    const byName = nearest(stem, rows.map((r) => basename(r.path).replace(/\.(m|c)?(t|j)sx?$/, "")), limit);
    const out: string[] = [];
    for (const name of byName) {
      for (const r of rows) {
        if (basename(r.path).replace(/\.(m|c)?(t|j)sx?$/, "") !== name) continue;
        let rel = relative(dirname(file), r.path).replace(/\.(m|c)?tsx?$/, "");
        if (!rel.startsWith(".")) rel = `./${rel}`;
        out.push(rel);
      }
    }
    return out.slice(0, limit);
  } catch {
    return [];
  }
}

/** Members as lines: one line of names, or one per member when the engine gave their types. */
function formatMembers(members: { name: string; detail?: string }[], label: string, max = 12): string[] {
  const shown = members.slice(0, max);
  const more = members.length > max ? ` (+${members.length - max} more)` : "";
  if (!shown.some((m) => m.detail)) return [`${label}: ${shown.map((m) => m.name).join(", ")}${more}`];
  return [`${label}:${more}`, ...shown.map((m) => `  ${m.name}${m.detail ? `: ${oneLine(m.detail).slice(0, 120)}` : ""}`)];
}

/**
 * Codes TypeScript registers quick fixes for (imports, missing members and properties,
 * implements/abstract members, missing `new`/`await`/parameters, unused and unreachable code,
 * module types). Asking the language server costs it a program update of its own, so other
 * errors (a type mismatch without a Promise in it…) do not ask.
 */
const QUICK_FIX_CODES = new Set([1064, 1308, 2304, 2305, 2307, 2339, 2348, 2420, 2503, 2515, 2551, 2552, 2554, 2653, 2662, 2663, 2686, 2693, 2724, 2739, 2740, 2741, 6133, 6192, 6196, 6198, 6199, 6205, 7016, 7027, 18004]);

function mayHaveQuickFix(diag: Diag): boolean {
  return QUICK_FIX_CODES.has(Number(diag.code.replace(/^TS/, ""))) || /\bPromise\b/.test(diag.message);
}

/** Packets for the errors of the checked file (`content` is its proposed text). */
export async function buildRepairs(file: string, content: string, errors: readonly Diag[], engine: RepairEngine | null, db: Database | null, limit = 10): Promise<RepairPacket[]> {
  const packets: RepairPacket[] = [];
  const index = proposedIndex(db, file, content);
  for (const diag of errors.slice(0, limit)) {
    const packet: RepairPacket = { code: diag.code, path: diag.path, line: diag.line, column: diag.column, message: oneLine(diag.message), fixes: [], notes: [] };
    const fixes = engine && diag.path === file && mayHaveQuickFix(diag) ? await engine.codeFixes(diag).catch(() => []) : [];
    for (const fix of fixes.slice(0, 4)) {
      const local = fix.edits.every((e) => e.path === file);
      packet.fixes.push({ title: fix.title, edits: fix.edits, ...(local ? { content: applyEdits(content, fix.edits) } : {}) });
    }
    const inFile = diag.path === file;
    switch (diag.code) {
      case "TS2339":
      case "TS2551": {
        const missing = quoted(diag.message, 0);
        // The engine answers with the proposed content overlaid, for an error in a dependent too.
        let members = engine ? await engine.members(diag.path, diag.line, diag.column).catch(() => []) : [];
        if (!members.length) members = indexMembers(index, quoted(diag.message, 1));
        if (members.length && missing) {
          const close = nearest(missing, members.map((m) => m.name));
          packet.notes.push(`nearest members: ${close.join(", ")}`);
          if (!packet.fixes.length && close[0] && editDistance(missing, close[0], true) <= Math.max(2, Math.floor(missing.length / 3)) && inFile) {
            const edit = { path: file, line: diag.line, column: diag.column, endLine: diag.line, endColumn: diag.column + missing.length, newText: close[0] };
            packet.fixes.push({ title: `replace '${missing}' with '${close[0]}'`, edits: [edit], content: applyEdits(content, [edit]) });
          }
          packet.notes.push(...formatMembers(members, "members"));
        }
        break;
      }
      case "TS2304":
      case "TS2552": {
        const name = quoted(diag.message, 0);
        for (const d of declarationsNamed(index, name)) packet.notes.push(`declared: ${d.kind} ${name} (${d.path}:${d.line})${d.exported ? " exported" : ""}`);
        break;
      }
      case "TS2307": {
        const candidates = modulePaths(db, file, quoted(diag.message, 0));
        if (candidates.length) packet.notes.push(`nearest module paths: ${candidates.join(", ")}`);
        break;
      }
      case "TS2345":
      case "TS2554":
      case "TS2555": {
        if (!inFile || !engine) break;
        let signatures = await engine.signatures(diag.line, diag.column).catch(() => []);
        if (!signatures.length) {
          const paren = content.indexOf("(", offsetAt(content, diag.line, diag.column));
          if (paren !== -1) {
            const at = positionAt(content, paren + 1);
            signatures = await engine.signatures(at.line, at.column).catch(() => []);
          }
        }
        packet.notes.push(...signatures.slice(0, 6).map((s) => `signature: ${oneLine(s)}`));
        break;
      }
      case "TS2322": {
        const source = quoted(diag.message, 0);
        const members = indexMembers(index, source);
        if (members.length) packet.notes.push(...formatMembers(members, `members of ${source}`));
        break;
      }
    }
    packets.push(packet);
  }
  return packets;
}

export function renderRepairs(packets: readonly RepairPacket[]): string[] {
  if (!packets.length) return [];
  const lines = ["repair packets:"];
  for (const p of packets) {
    lines.push(`  [${p.code}] ${p.path}:${p.line}:${p.column} ${p.message}`);
    for (const fix of p.fixes) lines.push(`    apply: ${oneLine(fix.title)}`);
    for (const note of p.notes) lines.push(`    ${note}`);
    if (!p.fixes.length && !p.notes.length) lines.push("    (no fix or candidate known)");
  }
  return lines;
}
