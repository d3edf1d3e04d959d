// Where a workspace's host listens: `<runtime>/host-<h>.sock` with `<h>` the first 16 hex
// digits of SHA-256 over the root; `<runtime>` is $SVC_RUNTIME_DIR, else
// $XDG_RUNTIME_DIR/svc (each only when absolute), else ~/.svc/run (without a home folder: `$TMPDIR/svc-<uid>`),
// created 0700 and used only when private (see private-dir.ts). Socket paths stay under the platform limit (`$TMPDIR/svc-<uid>`
// otherwise, or `/tmp/svc-<uid>` when the temp folder's path is long too; per uid even for
// a uid without a passwd entry).

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { homeDir } from "../sys/home.ts";
import { markedSocket } from "./marker.ts";
import { currentUid, ensurePrivateDir, privateDirProblem } from "./private-dir.ts";

/** The longest socket path: sun_path holds 108 bytes on Linux, 104 on macOS and the BSDs, the terminating NUL included. */
const MAX_SOCKET_PATH = process.platform === "linux" ? 107 : 103;

/**
 * `dir` when a socket named `name` fits in it, else a short folder for sockets:
 * `$TMPDIR/svc-<uid>`, or `/tmp/svc-<uid>` when the temp folder's own path is too long.
 * The caller makes it private (ensurePrivateDir) before binding there.
 */
export function roomForSocket(dir: string, name: string): string {
  const fits = (folder: string) => Buffer.byteLength(join(folder, name)) <= MAX_SOCKET_PATH;
  if (fits(dir)) return dir;
  const own = `svc-${currentUid() ?? "user"}`;
  const nearby = join(tmpdir(), own);
  return fits(nearby) || process.platform === "win32" ? nearby : join("/tmp", own);
}

export interface Endpoint {
  dir: string;
  socket: string;
  registry: string;
  log: string;
  hash: string;
}

export function rootHash(root: string): string {
  return createHash("sha256").update(root).digest("hex").slice(0, 16);
}

/**
 * A relative SVC_RUNTIME_DIR or XDG_RUNTIME_DIR is ignored (as the XDG spec asks): it would
 * name another folder from every working directory — the socket, registry and log inside the
 * workspace a host was started in, and no client elsewhere finding that host.
 */
function preferredRuntimeDir(): string {
  const { SVC_RUNTIME_DIR: own, XDG_RUNTIME_DIR: xdg } = process.env;
  if (own && isAbsolute(own)) return own;
  if (xdg && isAbsolute(xdg)) return join(xdg, "svc");
  const home = homeDir();
  return home ? join(home, ".svc", "run") : join(tmpdir(), `svc-${currentUid() ?? "user"}`);
}

export function endpointFor(root: string, options: { create?: boolean } = {}): Endpoint {
  const hash = rootHash(root);
  const dir = roomForSocket(preferredRuntimeDir(), `host-${hash}.sock`);
  if (options.create) {
    ensurePrivateDir(dir);
    ensurePrivateDir(join(dir, "logs"));
  }
  return {
    dir,
    hash,
    socket: join(dir, `host-${hash}.sock`),
    registry: join(dir, `host-${hash}.json`),
    log: join(dir, "logs", `host-${hash}.log`),
  };
}

/** The pid of a live host serving `root` (from its registry file in a private runtime folder, else the workspace's host marker), or null. Cheap: a small read or two and a signal-0 probe. */
export function servingHostPid(root: string): number | null {
  const registered = registeredHostPid(root);
  if (registered !== null) return registered;
  const marked = markedSocket(root);
  return marked.socket !== null && marked.pid !== process.pid ? marked.pid : null;
}

function registeredHostPid(root: string): number | null {
  try {
    const ep = endpointFor(root);
    if (privateDirProblem(ep.dir) !== null) return null; // a folder connectHost would not trust either
    const entry = JSON.parse(readFileSync(ep.registry, "utf8")) as { root?: string; pid?: number };
    if (entry.root !== root || typeof entry.pid !== "number" || entry.pid <= 0 || entry.pid === process.pid) return null;
    process.kill(entry.pid, 0);
    return entry.pid;
  } catch {
    return null;
  }
}
