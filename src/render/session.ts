// Sessions for focus and search: what a serving process already sent under a session id,
// so a later call omits unchanged files and sends a changed one as a diff when smaller.
// Held in memory: an LRU of 256 sessions, each expiring after 60 idle minutes. A session
// records what its caller received: what a call sends is recorded once its answer goes out
// (the engine releases it), never for a call cancelled before then — the next call would
// omit files the caller never got.

import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { validationError } from "../errors.ts";
import { SESSION_ID } from "../params.ts";

const MAX_SESSIONS = 256;
const IDLE_MS = 60 * 60 * 1000;

interface Session {
  touched: number;
  /** path → content sent (the rendered, reduced text). */
  sent: Map<string, { hash: string; content: string }>;
}

const sessions = new Map<string, Session>();

export function validateSessionId(id: string): string {
  if (!SESSION_ID.test(id)) throw validationError(`session must be 1–128 characters of A-Z a-z 0-9 . _ : - (got '${id.slice(0, 40)}')`);
  return id;
}

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The session (created on first use), refreshed as most recently used. */
export function session(id: string, now = Date.now()): Session {
  for (const [key, s] of sessions) if (now - s.touched > IDLE_MS) sessions.delete(key);
  let s = sessions.get(id);
  if (s) sessions.delete(id);
  else s = { touched: now, sent: new Map() };
  s.touched = now;
  sessions.set(id, s);
  while (sessions.size > MAX_SESSIONS) {
    const oldest = sessions.keys().next().value as string;
    sessions.delete(oldest);
  }
  return s;
}

export type SessionVerdict = { kind: "new" } | { kind: "same" } | { kind: "changed"; previous: string };

export function compareSent(s: Session, path: string, content: string): SessionVerdict {
  const prior = s.sent.get(path);
  if (!prior) return { kind: "new" };
  return prior.hash === hashOf(content) ? { kind: "same" } : { kind: "changed", previous: prior.content };
}

/** Records made by the call running now, held until its answer goes out. */
const held = new AsyncLocalStorage<(() => void)[]>();

/** Apply a record now, or hold it with the records of the call it belongs to. */
function record(apply: () => void): void {
  const pending = held.getStore();
  if (pending) pending.push(apply);
  else apply();
}

export function recordSent(s: Session, path: string, content: string): void {
  record(() => s.sent.set(path, { hash: hashOf(content), content }));
}

/**
 * Run one call with its session records held: `deliver` applies them (to the enclosing call's
 * hold when calls nest), once the answer is going out; a cancelled call never calls it.
 */
export async function holdingSessionRecords<T>(fn: () => Promise<T>): Promise<{ value: T; deliver: () => void }> {
  const pending: (() => void)[] = [];
  const value = await held.run(pending, fn);
  return { value, deliver: () => pending.splice(0).forEach(record) };
}

/** For tests: forget every session. */
export function clearSessions(): void {
  sessions.clear();
}
