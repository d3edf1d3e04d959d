// The host marker `<root>/.svc/host.json`: which process serves the workspace and on which
// socket, whatever runtime directory it was started with. The socket's folder depends on the
// environment (SVC_RUNTIME_DIR, XDG_RUNTIME_DIR: set in an editor, not in a terminal), so two
// hosts of one root could otherwise both run, the second one's syncs failing on the writer
// lock. A host claims the marker (created whole, 0600) after binding its socket and refuses to serve
// while another live host holds it; clients whose own runtime directory has no socket connect
// to the one the marker names. A marker is trusted only when it is a regular file the user
// owns, readable by no one else, and its socket is one the user owns in a private folder (the
// same rules as the runtime directory's). A marker whose process is gone or whose socket takes
// no connection (a host killed with -9, its pid reused) is stale and taken over, by exactly one
// of several hosts starting at once (sys/takeover.ts).

import { lstatSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { dirname, isAbsolute } from "node:path";
import { ensureStoreDir, storeEntry } from "../store/db.ts";
import { createWhole, replaceStale, sweepLeftovers } from "../sys/takeover.ts";
import { currentUid, privateDirProblem, socketProblem } from "./private-dir.ts";

export interface HostMarker {
  pid: number;
  socket: string;
  startedAt: string;
  version: string;
}

export function markerPath(root: string): string {
  return storeEntry(root, "host.json");
}

/** Why the marker file cannot be trusted, or null (a regular file of the user's, mode 0600 or narrower); "missing" when there is none. */
function markerFileProblem(path: string): string | null | "missing" {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return "missing";
  }
  if (!stat.isFile()) return `${path} is not a regular file`;
  const uid = currentUid();
  if (uid === null) return null;
  if (stat.uid !== uid) return `${path} is owned by uid ${stat.uid}, not by you (uid ${uid})`;
  if ((stat.mode & 0o077) !== 0) return `${path} has mode 0${(stat.mode & 0o777).toString(8)}; others may read or write it`;
  return null;
}

export type MarkerRead = { state: "missing" } | { state: "untrusted"; problem: string } | { state: "ok"; marker: HostMarker; text: string };

/** The marker as written, if it can be trusted (its socket is not judged here: see markedSocket). */
export function readMarker(root: string): MarkerRead {
  let path: string;
  try {
    path = markerPath(root);
  } catch (error) {
    return { state: "untrusted", problem: (error as Error).message }; // .svc/ or the marker is a symbolic link
  }
  const problem = markerFileProblem(path);
  if (problem === "missing") return { state: "missing" };
  if (problem !== null) return { state: "untrusted", problem };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { state: "missing" }; // removed meanwhile
  }
  try {
    const m = JSON.parse(text) as Partial<HostMarker>;
    if (!Number.isInteger(m.pid) || (m.pid as number) <= 0 || typeof m.socket !== "string" || !isAbsolute(m.socket)) return { state: "untrusted", problem: `${path} is not a host marker` };
    return { state: "ok", text, marker: { pid: m.pid as number, socket: m.socket, startedAt: String(m.startedAt ?? ""), version: String(m.version ?? "") } };
  } catch {
    return { state: "untrusted", problem: `${path} is not a host marker` }; // a half-written one cannot be: it is linked into place whole
  }
}

/** Whether a process with this pid exists and is ours to signal (another user's process under a reused pid is no host of ours). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Why a client must not connect to the socket a marker names, or null when it is a socket the user owns in a private folder. */
export function markedSocketProblem(socket: string): string | null {
  const problem = socketProblem(socket);
  if (problem === "missing") return `no socket at ${socket}`;
  if (problem !== null) return problem;
  const dir = privateDirProblem(dirname(socket));
  return dir === null ? null : `refusing the runtime directory ${dirname(socket)}: ${dir === "missing" ? "it is gone" : dir}`;
}

/**
 * The socket of the host the marker names, for a client: only when the marker is trusted, its
 * process is alive and its socket is safe to connect to (the handshake then checks the root).
 */
export function markedSocket(root: string): { socket: string; pid: number; version: string } | { socket: null; why: string } {
  const read = readMarker(root);
  if (read.state === "missing") return { socket: null, why: "no host marker" };
  if (read.state === "untrusted") return { socket: null, why: `ignoring the host marker: ${read.problem}` };
  const { pid, socket, version } = read.marker;
  if (!processAlive(pid)) return { socket: null, why: `the host marker names pid ${pid}, which is gone` };
  const problem = markedSocketProblem(socket);
  return problem === null ? { socket, pid, version } : { socket: null, why: `ignoring the host marker: ${problem}` };
}

/** Whether something listens on a Unix socket (a connection is taken within `timeoutMs`). */
export function socketAnswers(socket: string, timeoutMs = 300): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = connect(socket);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      conn.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    conn.once("connect", () => done(true));
    conn.once("error", () => done(false));
  });
}

/** Whether a trusted marker names a host that still serves: its process alive and its socket taking connections. */
async function liveHost(marker: HostMarker): Promise<boolean> {
  return processAlive(marker.pid) && markedSocketProblem(marker.socket) === null && (await socketAnswers(marker.socket));
}

export type MarkerClaim = { held: true; release: () => void } | { held: false; other: HostMarker } | { held: false; problem: string };

/** How long a starter waits for another one that is taking over the same stale marker. */
const TAKEOVER_WAIT_MS = 10_000;

/**
 * Claim the marker for this process serving on `socket` (already bound): created whole (0600)
 * or not at all. Another live host's marker is not touched (`other`); a stale one is taken
 * over atomically: of several hosts starting at once over it, one replaces it and the others
 * find the winner's (see sys/takeover.ts); an untrusted one (another owner, a link, readable by
 * others) is left for the user (`problem`).
 */
export async function claimMarker(root: string, marker: HostMarker): Promise<MarkerClaim> {
  ensureStoreDir(root);
  const path = markerPath(root);
  const text = JSON.stringify(marker);
  const held: MarkerClaim = { held: true, release: () => releaseMarker(root, text) };
  sweepLeftovers(path);
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  while (Date.now() < deadline) {
    if (createWhole(path, text)) return held;
    const read = readMarker(root);
    if (read.state === "missing") continue; // removed meanwhile
    if (read.state === "untrusted") return { held: false, problem: `${read.problem}; remove it if no svc host serves ${root}` };
    // (a marker naming the socket this host has just bound is a dead host's of the same runtime directory, whatever its pid is now)
    if (read.marker.socket !== marker.socket && (await liveHost(read.marker))) return { held: false, other: read.marker };
    const took = replaceStale(path, read.text, text);
    if (took === "taken") return held;
    if (took === "busy") await Bun.sleep(20); // another host is taking it over: its marker comes next
  }
  return { held: false, problem: `could not take the host marker ${path}: another svc host kept taking it over; retry` };
}

/** Remove the marker when it is still this host's (not when another host is taking it over). */
function releaseMarker(root: string, text: string): void {
  const read = readMarker(root);
  if (read.state === "ok" && read.text === text) replaceStale(markerPath(root), text, null);
}
