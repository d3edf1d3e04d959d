// svc_workspace action=apply: the one tree-write path. Confined to the workspace root; an
// `expectedHash` (SHA-256 of the content the edit was derived from) must match the file as
// it is now, on dry runs too; nothing is written unless write=true, and then atomically, and
// only if the file is still as apply read it when the new one is renamed over it.
// A host serving the root is told at once, so the index (and its resident engine) follow.

import { createHash } from "node:crypto";
import { lstatSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { clipInput, errnoText, SvcError, validationError } from "../errors.ts";
import { connectHost } from "../host/client.ts";
import { takeBack } from "./apply-bidi.ts";
import { decodeStrict, keepFileStyle, refuseUnencodable } from "./apply-fidelity.ts";
import { refuseLookalike, refuseReadOnlyFolder, statOrNull } from "./apply-place.ts";
import { refuseCutView, refuseReducedView } from "./apply-reduced.ts";
import { hardLinked, ownerNotKeepable, readOnly, writeFileAtomic } from "../sys/atomic-write.ts";
import { isBinary } from "../workspace/classify.ts";

/** expectedHash of a file the edit creates: apply refuses if one has appeared since. */
export const ABSENT = "absent";
import { inside, realpathLenient } from "../workspace/allowed.ts";
import { confine, refuseLongNames } from "../workspace/confine.ts";
import { resolveWorkspace, toPosix } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface ApplyRequest {
  path: string;
  file: string | null;
  content: string | null;
  write: boolean;
  expectedHash: string;
}

export interface ApplyData {
  root: string;
  file: string;
  action: "create" | "overwrite";
  written: boolean;
  /** The file already has the bytes apply would write: nothing is (or would be) written, its mtime and inode stay. */
  unchanged: boolean;
  chars: number;
  /** What was kept of the file on disk although the content did not carry it ("2 redacted values" put back for markers, "CRLF line endings", "BOM", "final newline", "no final newline"). */
  kept: string[];
  /** SHA-256 of the file before (null when it does not exist). */
  previousHash: string | null;
  /** SHA-256 of the bytes written (the proposed content with what was kept). */
  hash: string;
  /** Whether a serving host re-indexed the file before this answer. */
  indexedByHost?: boolean;
}

export function sha256(bytes: string | Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The bytes of the file apply would replace (null: none yet) and its text, or the refusal:
 * not a regular file, read-only (the rename of an atomic write would replace it anyway, the
 * folder being writable: a file nobody may write is not svc's to change), hard-linked, one
 * whose owner or group the rewrite could not give back, not valid UTF-8, binary as views
 * judge it (they skip it, so no edit can be derived from one).
 */
function replaceable(abs: string, rel: string): { bytes: Buffer; text: string } | null {
  let stat;
  try {
    stat = statSync(abs);
  } catch {
    return null;
  }
  if (!stat.isFile()) throw validationError(`cannot apply to '${rel}': it is not a regular file`);
  const locked = readOnly(stat);
  if (locked) throw validationError(`refusing to apply to '${rel}': ${locked}`);
  // Other names of the same bytes, maybe outside the workspace: written in place they would change too, written by the
  // atomic rename this name would be cut from them (they keeping the old content, silently).
  const linked = hardLinked(stat, "the workspace");
  if (linked) throw validationError(`refusing to apply to '${rel}': ${linked}; give it its own copy first (cp '${rel}' '${rel}.own' && mv '${rel}.own' '${rel}') if it is meant to change alone`);
  const owner = ownerNotKeepable(stat);
  if (owner) throw validationError(`refusing to apply to '${rel}': ${owner}; edit it as its owner if it is meant to change`);
  const bytes = readFileSync(abs);
  const text = decodeStrict(rel, bytes);
  // (UTF-16 with a byte order mark, never valid UTF-8, was named by decodeStrict; without one its ASCII characters come with NUL bytes)
  if (isBinary(bytes)) {
    throw validationError(`refusing to apply to '${rel}': the file on disk holds a NUL byte (line ${text.slice(0, text.indexOf("\0")).split("\n").length}), so svc takes it for binary (or UTF-16 without a byte order mark): views skip it, so no edit can have been derived from one, and apply would write text over every byte; edit it with a tool that knows its format, or remove it first if a text file is to replace it`);
  }
  return { bytes, text };
}

/**
 * What apply would replace at `abs` (replaceable: null for a new file), or its refusal — also
 * of a new file named like an existing one but for case or normalization, and of a folder it
 * cannot write in. A refactor stages nothing this refuses (refactor/stage.ts), so a handoff
 * never stops after its first files were written.
 */
export function applicable(root: string, abs: string, rel: string): { bytes: Buffer; text: string } | null {
  const current = replaceable(abs, rel);
  if (!current) refuseLookalike(root, rel);
  refuseReadOnlyFolder(root, abs, rel);
  return current;
}

/** A new file's nearest existing ancestor must be a directory: name a dangling symbolic link or a file in the way (mkdir would answer EEXIST or ENOTDIR). */
function refuseBlockedParent(root: string, abs: string, rel: string): void {
  for (let dir = dirname(abs); dir.length > root.length; dir = dirname(dir)) {
    let stat;
    try {
      stat = lstatSync(dir);
    } catch {
      continue; // missing: apply creates it
    }
    if (stat.isDirectory()) return;
    if (!stat.isSymbolicLink()) throw validationError(`cannot create '${rel}': '${relative(root, dir)}' is a file, not a directory`);
    const to = statOrNull(dir);
    if (to?.isDirectory()) return; // a link to a folder (confine already held where it leads to the root)
    if (to) throw validationError(`cannot create '${rel}': '${relative(root, dir)}' is a symbolic link to a file, not a directory`);
    let target = "?";
    try {
      target = readlinkSync(dir);
    } catch {
      // unreadable link
    }
    throw validationError(`cannot create '${rel}': '${relative(root, dir)}' is a symbolic link to a directory that does not exist (${target}); create that directory or remove the link first`);
  }
}

/**
 * Write `output` over the file apply read as `previousHash` (null: none), only if it is still
 * that file when the new one is renamed over it: a change made since apply read it (another
 * editor, a second apply on the same file) is refused, never silently overwritten — whether
 * or not the caller gave an expectedHash, the put-back endings, BOM and secrets came from
 * that read. A failing write names the file, not its temp file.
 */
function write(root: string, abs: string, rel: string, output: string, previousHash: string | null): void {
  const link = process.env.SVC_TEST_APPLY_LINK; // tests only: another process replacing the file by a symbolic link to this path after apply's checks
  if (link !== undefined) (rmSync(abs, { force: true }), symlinkSync(link, abs));
  // where the write lands, links followed as it starts: a folder swapped for a link, or the file for one, since confine looked
  const stillInside = (file: string) => {
    if (!inside(root, realpathLenient(file))) throw validationError(`refusing to apply to '${rel}': it now leads outside the workspace root ${root} (a symbolic link appeared on the way); nothing was written`);
  };
  const stillAsRead = () => {
    const race = process.env.SVC_TEST_APPLY_RACE; // tests only: another writer's bytes, landing between apply's read and its rename
    if (race !== undefined) writeFileSync(abs, race);
    let now: string | null = null;
    try {
      now = sha256(readFileSync(abs));
    } catch {
      // gone
    }
    if (now === previousHash) return;
    throw validationError(`conflict: ${rel} changed while apply was writing it (expected ${previousHash ?? "no file"}, found ${now ?? "no file"}); nothing was written. Derive the edit again from the file as it is now`);
  };
  try {
    writeFileAtomic(abs, output, { checkTarget: stillInside, beforeRename: stillAsRead });
  } catch (error) {
    if (error instanceof SvcError) throw error;
    const code = (error as { code?: string }).code ?? "";
    const why = errnoText(code) ? `${errnoText(code)} (${code})` : (error as Error).message;
    throw validationError(`cannot write '${rel}': ${why}; nothing was written, the file is as it was`);
  }
}

async function tellHost(root: string): Promise<boolean> {
  const host = await connectHost(root, 500);
  if (!host) return false;
  try {
    await host.call("svc/index", { root, force: false }, 120_000);
    return true;
  } catch {
    return false; // the watcher will still pick the change up
  } finally {
    host.close();
  }
}

export async function apply(request: ApplyRequest, ctx: OpContext): Promise<OpResult<ApplyData>> {
  if (!request.file?.trim()) throw validationError("apply needs file (root-relative path of the file to write)");
  if (request.content === null || request.content === undefined) throw validationError("apply needs content (the complete new text of the file)");
  const expected = request.expectedHash.trim().toLowerCase();
  if (expected && expected !== ABSENT && !/^[0-9a-f]{64}$/.test(expected)) throw validationError(`expectedHash must be a SHA-256 hex digest (64 hex characters) or "${ABSENT}" (the file must not exist yet), got '${clipInput(request.expectedHash)}'`);
  // the file system would take `src/a.ts/` for a folder; confine's resolve dropped the slash and apply wrote (or created) the file
  if (/[/\\]$/.test(request.file)) throw validationError(`cannot apply to '${clipInput(request.file)}': a path ending in '/' names a folder; apply writes a file (drop the trailing '/')`);
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const target = confine(ws.root, request.file, "apply to");
  // (.git/ and .svc/ are refused by confine, for every path parameter)
  if (target.rel === "") throw validationError(`refusing to apply to '${request.file}': svc does not write the root itself`);
  refuseLongNames(target.rel, "apply to");
  refuseUnencodable(target.rel, request.content);
  const current = applicable(ws.root, target.abs, target.rel);
  const before = current?.bytes ?? null;
  const previousHash = before ? sha256(before) : null;
  if (expected === ABSENT && before) throw validationError(`conflict: ${target.rel} was created since the edit was derived (expected no file, found ${previousHash})`);
  if (expected && expected !== ABSENT && expected !== previousHash) {
    throw validationError(`conflict: ${target.rel} changed since the edit was derived (expected ${expected}, found ${previousHash ?? "no file"})`);
  }
  const disk = current?.text ?? null;
  // lines a view showed with a bidi control escaped, secrets it showed as markers (svc_check and a race take back the same)
  const taken = takeBack(ws.root, target.rel, request.content, disk);
  if (disk !== null) {
    refuseReducedView(target.rel, taken.text, disk);
    refuseCutView(target.rel, taken.text, disk);
  }
  if (!before) {
    // the path as named: a dangling link on the way gets its own word (confine resolved it to where it points)
    const named = resolve(ws.root, request.file);
    if (inside(ws.root, named)) refuseBlockedParent(ws.root, named, toPosix(relative(ws.root, named)));
    else refuseBlockedParent(ws.root, target.abs, target.rel);
  }
  const { text: output, kept } = keepFileStyle(taken.text, disk, request.content);
  if (taken.secrets) kept.unshift(`${taken.secrets} redacted value${taken.secrets === 1 ? "" : "s"}`);
  if (taken.bidiKept) kept.unshift(taken.bidiKept);
  const action = before ? "overwrite" : "create";
  const hash = sha256(output);
  const data: ApplyData = { root: ws.root, file: target.rel, action, written: false, unchanged: hash === previousHash, chars: request.content.length, kept, previousHash, hash };
  const verb = action === "overwrite" ? "overwrite" : "create";
  const keptNote = kept.length ? `; keeping the file's ${kept.join(", ")}` : "";
  // The same bytes: nothing to write, so the file keeps its inode, mtime and everything else (no rebuild, no re-index).
  if (data.unchanged) {
    // content that differs from the file only in what apply keeps (endings, the whitespace views hide: a file's trailing spaces stripped, a mixed file's endings made one) is not the file's content: said so
    const but = request.content === disk?.replace(/^\uFEFF/, "") || request.content === disk ? "" : " but for what apply keeps of the file";
    return { text: `${request.write ? "unchanged" : "dry run (no write): unchanged"}: ${target.rel} already has this content${but} (${data.chars} chars${keptNote}); nothing ${request.write ? "was" : "would be"} written.`, data };
  }
  if (!request.write) {
    // without an expectedHash the write would replace whatever the file holds by then: say which hash makes it refuse a change made meanwhile
    const guard = expected ? "" : ` and expectedHash=${previousHash ?? ABSENT} (a change made to the file meanwhile is then refused, not overwritten)`;
    return { text: `dry run (no write): would ${verb} ${target.rel} (${data.chars} chars${keptNote}). Re-run with write=true${guard} to apply.`, data };
  }
  write(ws.root, target.abs, target.rel, output, previousHash);
  data.written = true;
  data.indexedByHost = ctx.host ? false : await tellHost(ws.root);
  const past = action === "overwrite" ? "overwrote" : "created";
  return { text: `applied: ${past} ${target.rel} (${data.chars} chars${keptNote}, sha256 ${data.hash.slice(0, 12)}…)`, data };
}
