// svc_workspace action=apply: the one tree-write path. Confined to the workspace root; an
// `expectedHash` (SHA-256 of the content the edit was derived from) must match the file as
// it is now, on dry runs too; nothing is written unless write=true, and then atomically.
// A host serving the root is told at once, so the index (and its resident engine) follow.

import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, statSync, type Stats } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { clipInput, validationError } from "../errors.ts";
import { connectHost } from "../host/client.ts";
import { decodeStrict, keepFileStyle, refuseUnencodable, restoreMarkers } from "./apply-fidelity.ts";
import { ownerNotKeepable, writeFileAtomic } from "../sys/atomic-write.ts";

/** expectedHash of a file the edit creates: apply refuses if one has appeared since. */
export const ABSENT = "absent";
import { inside } from "../workspace/allowed.ts";
import { confine } from "../workspace/confine.ts";
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
 * whose owner or group the rewrite could not give back, not valid UTF-8.
 * A refactor stages nothing apply would refuse (refactor/stage.ts), so a handoff never stops
 * after its first files were written.
 */
export function replaceable(abs: string, rel: string): { bytes: Buffer; text: string } | null {
  let stat;
  try {
    stat = statSync(abs);
  } catch {
    return null;
  }
  if (!stat.isFile()) throw validationError(`cannot apply to '${rel}': it is not a regular file`);
  if ((stat.mode & 0o222) === 0) throw validationError(`refusing to apply to '${rel}': the file is read-only (mode ${(stat.mode & 0o777).toString(8)}); make it writable first if it is meant to change`);
  // Other names of the same bytes, maybe outside the workspace: written in place they would change too, written by the
  // atomic rename this name would be cut from them (they keeping the old content, silently).
  if (stat.nlink > 1) throw validationError(`refusing to apply to '${rel}': the file has ${stat.nlink} hard links (other names for the same bytes, which may be outside the workspace): a write would change them too or cut this name from them; give it its own copy first (cp '${rel}' '${rel}.own' && mv '${rel}.own' '${rel}') if it is meant to change alone`);
  const owner = ownerNotKeepable(stat);
  if (owner) throw validationError(`refusing to apply to '${rel}': ${owner}; edit it as its owner if it is meant to change`);
  const bytes = readFileSync(abs);
  return { bytes, text: decodeStrict(rel, bytes) };
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
 * `abs` once its folder exists (created as apply does), refused when that folder now leads out
 * of the root: a folder swapped for a link between confine's look and the write.
 */
function stillInside(root: string, abs: string, rel: string): string {
  const dir = dirname(abs);
  mkdirSync(dir, { recursive: true });
  if (!inside(root, realpathSync(dir))) throw validationError(`refusing to apply to '${rel}': its folder now resolves outside the workspace root ${root} (a symbolic link appeared on the way); nothing was written`);
  return abs;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** Most file systems refuse a path component over 255 bytes (ENAMETOOLONG): say so before anything is tried. */
const NAME_MAX_BYTES = 255;
function refuseLongNames(rel: string): void {
  const long = rel.split("/").find((part) => Buffer.byteLength(part) > NAME_MAX_BYTES);
  if (long) throw validationError(`cannot apply to '${clipInput(rel)}': the name '${clipInput(long, 40)}' is ${Buffer.byteLength(long)} bytes, over the ${NAME_MAX_BYTES}-byte limit of file names`);
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
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const target = confine(ws.root, request.file, "apply to");
  // (.git/ and .svc/ are refused by confine, for every path parameter)
  if (target.rel === "") throw validationError(`refusing to apply to '${request.file}': svc does not write the root itself`);
  refuseLongNames(target.rel);
  refuseUnencodable(target.rel, request.content);
  const current = replaceable(target.abs, target.rel);
  const before = current?.bytes ?? null;
  const previousHash = before ? sha256(before) : null;
  if (expected === ABSENT && before) throw validationError(`conflict: ${target.rel} was created since the edit was derived (expected no file, found ${previousHash})`);
  if (expected && expected !== ABSENT && expected !== previousHash) {
    throw validationError(`conflict: ${target.rel} changed since the edit was derived (expected ${expected}, found ${previousHash ?? "no file"})`);
  }
  const disk = current?.text ?? null;
  const secrets = restoreMarkers(target.rel, request.content, disk === null ? null : disk.replace(/^\uFEFF/, ""));
  if (!before) {
    // the path as named: a dangling link on the way gets its own word (confine resolved it to where it points)
    const named = resolve(ws.root, request.file);
    if (inside(ws.root, named)) refuseBlockedParent(ws.root, named, toPosix(relative(ws.root, named)));
    else refuseBlockedParent(ws.root, target.abs, target.rel);
  }
  const { text: output, kept } = keepFileStyle(secrets.text, disk, request.content);
  if (secrets.restored) kept.unshift(`${secrets.restored} redacted value${secrets.restored === 1 ? "" : "s"}`);
  const action = before ? "overwrite" : "create";
  const hash = sha256(output);
  const data: ApplyData = { root: ws.root, file: target.rel, action, written: false, unchanged: hash === previousHash, chars: request.content.length, kept, previousHash, hash };
  const verb = action === "overwrite" ? "overwrite" : "create";
  const keptNote = kept.length ? `; keeping the file's ${kept.join(", ")}` : "";
  // The same bytes: nothing to write, so the file keeps its inode, mtime and everything else (no rebuild, no re-index).
  if (data.unchanged) {
    return { text: `${request.write ? "unchanged" : "dry run (no write): unchanged"}: ${target.rel} already has this content (${data.chars} chars${keptNote}); nothing ${request.write ? "was" : "would be"} written.`, data };
  }
  if (!request.write) {
    return { text: `dry run (no write): would ${verb} ${target.rel} (${data.chars} chars${keptNote}). Re-run with write=true to apply.`, data };
  }
  writeFileAtomic(stillInside(ws.root, target.abs, target.rel), output);
  data.written = true;
  data.indexedByHost = ctx.host ? false : await tellHost(ws.root);
  const past = action === "overwrite" ? "overwrote" : "created";
  return { text: `applied: ${past} ${target.rel} (${data.chars} chars${keptNote}, sha256 ${data.hash.slice(0, 12)}…)`, data };
}
