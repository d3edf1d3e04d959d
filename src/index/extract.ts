// Per-file extraction for the syntax tier: read, classify, hash, parse once, and derive
// declarations, chunks, imports, token counts and the full-text fields. Pure computation
// over one file; runs in-process or in an extraction child (see pool.ts). The file's facts
// (framework wiring) come from the syntax pass's visitor, handed in from above (pass.ts).

import { join } from "node:path";
import { commentStyleOf, leadingComment, splitComments } from "../lang/comments.ts";
import { isCodeLanguage, languageOf, type LanguageId } from "../lang/languages.ts";
import { TYPE_KINDS, type Decl } from "../lang/model.ts";
import { lineDeclarations } from "../lang/line-declarations.ts";
import { declarationsOf, parseRoot } from "../lang/outline.ts";
import { estimateTokens } from "../text/tokens.ts";
import { fieldTokens, splitIdentifier, type FieldTokens } from "../text/terms.ts";
import { decodeText, isBinary, isGenerated, isMinified } from "../workspace/classify.ts";
import type { InventoryEntry, SkipReason } from "../workspace/inventory.ts";
import { timed } from "../sys/timing.ts";
import { isTestPath } from "../workspace/templates.ts";
import { importsOf, type ImportRef } from "./imports/extract.ts";
import type { ContentMemo } from "./same-content.ts";
import { scrubberFor, type Scrubber } from "./scrub.ts";
import type { RememberedDigest } from "../text/remembered-secrets.ts";
import { rememberedAt } from "../text/remembered-at.ts";
import type { FileVisitor } from "./visitor.ts";
import type { SgNode } from "@ast-grep/napi";
import { readInside } from "../workspace/read-inside.ts";
import { contentHash } from "../workspace/stamp.ts";

/** `partial`: parsed, but a statement the grammar could not read may hide declarations (see outline.ts). */
export type ParseStatus = "ok" | "partial" | "failed" | "none";

export interface FileFields {
  types: string;
  members: string;
  path: string;
  subtokens: string;
  comments: string;
  body: string;
  stems: string;
}

export interface ChunkFields {
  name: string;
  subtokens: string;
  comments: string;
  body: string;
  stems: string;
}

export interface ExtractedChunk {
  /** Index into `decls`. */
  decl: number;
  comments: string;
  tokens: number;
  fields: ChunkFields;
}

export interface ExtractedFile {
  ok: true;
  path: string;
  size: number;
  stampMs: number;
  hash: string;
  language: LanguageId | null;
  isTest: boolean;
  isGenerated: boolean;
  tokens: number;
  lines: number;
  parseStatus: ParseStatus;
  decls: Decl[];
  chunks: ExtractedChunk[];
  imports: ImportRef[];
  fields: FileFields;
  /** What the syntax pass's visitor found in the file (framework wiring: routes, DI, requests, config), null when none. */
  wiring: unknown;
  /** The digests of the file's secrets that the index remembers (text/remembered-secrets.ts); absent when none. */
  secretDigests?: RememberedDigest[];
}

export interface SkippedExtraction {
  ok: false;
  path: string;
  reason: SkipReason;
}

export type Extraction = ExtractedFile | SkippedExtraction;

/** Kinds whose chunk covers only their header: their members have chunks of their own. */
const CONTAINERS = new Set<string>([...TYPE_KINDS, "namespace", "module"]);


function pathTokens(path: string): string {
  const out: string[] = [];
  for (const segment of path.split("/")) {
    const stemName = segment.replace(/\.[^.]*$/, "");
    const parts = splitIdentifier(stemName);
    if (parts.length > 1) out.push(parts.join(""));
    out.push(...parts);
  }
  return out.join(" ");
}

function nameTokens(names: Iterable<string>): string {
  const out: string[] = [];
  for (const name of names) {
    const parts = splitIdentifier(name);
    if (parts.length === 0) continue;
    out.push(parts.join(""));
    if (parts.length > 1) out.push(...parts);
  }
  return out.join(" ");
}

function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

/** Chunk costs are rough (characters / 3.6, the o200k average on TS/JS); files get estimateTokens. */
const CHARS_PER_TOKEN = 3.6;

const unique = (items: readonly string[]) => [...new Set(items)].join(" ");

function chunkOf(index: number, decl: Decl, text: string, body: FieldTokens, style: ReturnType<typeof commentStyleOf>, secrets: Scrubber): ExtractedChunk {
  const comments = secrets.scrub(leadingComment(text, decl.start, style));
  const commentTokens = comments ? fieldTokens(comments, { maxTokens: 500 }) : null;
  return {
    decl: index,
    comments: comments.slice(0, 1000),
    tokens: Math.ceil((decl.end - decl.start) / CHARS_PER_TOKEN),
    fields: {
      name: nameTokens(decl.qualifiedName.split(".")),
      subtokens: unique(body.subtokens),
      comments: commentTokens ? unique([...commentTokens.words, ...commentTokens.subtokens]) : "",
      body: unique(body.words),
      stems: unique([...body.stems, ...(commentTokens?.stems ?? [])]),
    },
  };
}

const EMPTY_TOKENS: FieldTokens = { words: [], subtokens: [], stems: [] };
const FILE_TOKEN_CAP = 20000;

function roomIn(file: FieldTokens): number {
  return FILE_TOKEN_CAP - file.words.length - file.subtokens.length - file.stems.length;
}

function append(into: FieldTokens, more: FieldTokens): void {
  const room = roomIn(into);
  if (room <= 0) return;
  into.words.push(...more.words.slice(0, room));
  into.subtokens.push(...more.subtokens.slice(0, room));
  into.stems.push(...more.stems.slice(0, room));
}

/**
 * Tokenize the code once, in segments: every declaration's own range (leaves whole,
 * containers up to their body) and the gaps between. The file's tokens are all segments
 * together; each declaration's chunk gets its own segment's.
 */
function segmentTokens(code: string, decls: readonly Decl[]): { file: FieldTokens; own: FieldTokens[] } {
  const own: FieldTokens[] = decls.map(() => EMPTY_TOKENS);
  const ranges = decls
    .map((d, i) => ({ i, kind: d.kind, start: d.start, end: CONTAINERS.has(d.kind) && d.bodyStart !== undefined ? d.bodyStart : d.end }))
    .filter((r) => r.kind !== "enum_member")
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const file: FieldTokens = { words: [], subtokens: [], stems: [] };
  let pos = 0;
  for (const r of ranges) {
    if (r.end <= pos) {
      own[r.i] = fieldTokens(code.slice(r.start, r.end), { maxTokens: 4000 }); // nested in a range already read
      continue;
    }
    // A gap only feeds the file's tokens: once those are full it need not be read at all.
    if (r.start > pos && roomIn(file) > 0) append(file, fieldTokens(code.slice(pos, r.start)));
    const tokens = fieldTokens(code.slice(Math.max(r.start, pos), r.end), { maxTokens: 4000 });
    own[r.i] = tokens;
    append(file, tokens);
    pos = r.end;
  }
  if (pos < code.length && roomIn(file) > 0) append(file, fieldTokens(code.slice(pos)));
  return { file, own };
}

const NO_FIELDS = { types: "", members: "", subtokens: "", comments: "", body: "", stems: "" };

/** What every stored file records, whatever its language. */
function fileRecord(entry: InventoryEntry, hash: string, text: string, language: LanguageId | null) {
  return {
    ok: true as const,
    path: entry.path,
    size: entry.size,
    stampMs: entry.stampMs,
    hash,
    language,
    isTest: isTestPath(entry.path),
    isGenerated: isGenerated(entry.path, text),
    lines: countLines(text),
  };
}

/**
 * A file svc does not read: of an unknown type (source maps, licences) or minified (one-line
 * bundles: flagged generated, never parsed). Listed, hashed, costed, found by path, not
 * full-text indexed.
 */
function opaqueFile(entry: InventoryEntry, bytes: Uint8Array, text: string, secrets: Scrubber, visitor: FileVisitor | null, language: LanguageId | null = null): ExtractedFile {
  return {
    ...fileRecord(entry, contentHash(bytes), text, language),
    tokens: Math.ceil(text.length / 4),
    parseStatus: "none",
    decls: [],
    chunks: [],
    imports: [],
    fields: { ...NO_FIELDS, path: pathTokens(entry.path) },
    wiring: secrets.scrubDeep(factsOf(visitor, entry.path, text, null, null, [])),
    ...digestsOf(secrets),
  };
}

const digestsOf = (secrets: Scrubber) => (secrets.digests.length ? { secretDigests: secrets.digests } : {});

/** Wiring detection (the visitor) never fails a file: a visitor that throws leaves the file without facts. */
function factsOf(visitor: FileVisitor | null, path: string, text: string, language: LanguageId | null, tree: SgNode | null, decls: readonly Decl[]): unknown {
  if (!visitor) return null;
  try {
    return timed("x:wiring", () => visitor.visit(path, text, language, tree, decls)) ?? null;
  } catch {
    return null;
  }
}

function scrubDecl(d: Decl, secrets: Scrubber): Decl {
  return { ...d, name: secrets.scrub(d.name), qualifiedName: secrets.scrub(d.qualifiedName), container: d.container === null ? null : secrets.scrub(d.container), signature: secrets.scrub(d.signature) };
}

export interface ExtractOptions {
  /** The syntax pass's file visitor (the wiring detectors); without one, no file has facts. */
  visitor?: FileVisitor | null;
  /** Recent files by content: a file whose bytes and language equal a recent one's reuses its content-derived parts (see same-content.ts). */
  memo?: ContentMemo<ExtractedFile>;
}

/** Extract one inventory file. */
export function extractFile(root: string, entry: InventoryEntry, options: ExtractOptions = {}): Extraction {
  const visitor = options.visitor ?? null;
  const memo = options.memo;
  let bytes: Uint8Array;
  try {
    bytes = readInside(root, entry.path);
  } catch {
    return { ok: false, path: entry.path, reason: "unreadable" };
  }
  if (isBinary(bytes)) return { ok: false, path: entry.path, reason: "binary" };
  const text = decodeText(bytes);
  const language = languageOf(entry.path);
  // Nothing derived from a secret is stored: parse the text, tokenize the masked copy, scrub every stored string.
  const secrets = timed("x:secrets", () => scrubberFor(text, entry.path, rememberedAt(root, 2000)));
  if (language === null) return opaqueFile(entry, bytes, text, secrets, visitor);
  if (isMinified(text)) {
    const decls = isCodeLanguage(language) ? lineDeclarations(text) : [];
    return { ...opaqueFile(entry, bytes, text, secrets, visitor, language), decls: secrets.found ? decls.map((d) => scrubDecl(d, secrets)) : decls };
  }
  const hash = contentHash(bytes);
  const key = `${language}:${hash}`;
  const same = memo?.get(key);
  if (same && !visitor?.gate(entry.path, text)) {
    // Only the path-derived fields differ; wiring without hints or a routed path needs no tree.
    return { ...same, ...fileRecord(entry, hash, text, language), fields: { ...same.fields, path: pathTokens(entry.path) }, wiring: secrets.scrubDeep(factsOf(visitor, entry.path, text, language, null, same.decls)) };
  }
  const style = commentStyleOf(language);
  const { code, comments } = timed("x:comments", () => splitComments(secrets.masked, style));
  let decls: Decl[] = [];
  let imports: ImportRef[] = [];
  let parseStatus: ParseStatus = "none";
  let tree: SgNode | null = null;
  if (isCodeLanguage(language)) {
    const parsed = timed("x:parse", () => parseRoot(language, text));
    tree = parsed;
    if (parsed) {
      const out = timed("x:decls", () => declarationsOf(language, parsed, text));
      decls = secrets.found ? out.decls.map((d) => scrubDecl(d, secrets)) : out.decls;
      imports = secrets.scrubDeep(timed("x:imports", () => importsOf(language, parsed, text)));
      parseStatus = out.failed ? "failed" : out.unreadable !== null ? "partial" : "ok";
    } else {
      parseStatus = "failed";
    }
  }
  const { file: body, own } = timed("x:fieldTokens", () => segmentTokens(code, decls));
  const commentTokens = timed("x:fieldTokens", () => fieldTokens(comments.join("\n"), { maxTokens: 5000 }));
  const isTypeName = (d: Decl) => TYPE_KINDS.has(d.kind) || (d.kind === "function" && d.container === null && d.exported);
  const chunks: ExtractedChunk[] = [];
  decls.forEach((d, i) => {
    if (d.kind !== "enum_member") chunks.push(timed("x:chunks", () => chunkOf(i, d, text, own[i] ?? EMPTY_TOKENS, style, secrets)));
  });
  const extracted: ExtractedFile = {
    ...fileRecord(entry, hash, text, language),
    tokens: timed("x:estimate", () => estimateTokens(text)),
    parseStatus,
    decls,
    chunks,
    imports,
    wiring: secrets.scrubDeep(factsOf(visitor, entry.path, text, language, tree, decls)),
    ...digestsOf(secrets),
    fields: {
      types: nameTokens(decls.filter(isTypeName).map((d) => d.name)),
      members: nameTokens(decls.filter((d) => !isTypeName(d)).map((d) => d.name)),
      path: pathTokens(entry.path),
      subtokens: body.subtokens.join(" "),
      comments: [...commentTokens.words, ...commentTokens.subtokens].join(" "),
      body: body.words.join(" "),
      stems: [...body.stems, ...commentTokens.stems].join(" "),
    },
  };
  memo?.set(key, extracted);
  return extracted;
}
