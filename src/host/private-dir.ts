// The runtime directory is the host's access control (a 0600 socket in a 0700 folder), so
// it is trusted only when `lstat` shows a real directory (not a symlink) owned by the
// current uid with mode 0700. Another local user who created it first — or a symlink, or a
// folder others can read — could otherwise bind a fake host every client would trust.
// A client likewise connects only to a socket its own uid owns.

import { chmodSync, lstatSync, mkdirSync, type Stats } from "node:fs";
import { dirname } from "node:path";
import { validationError } from "../errors.ts";
import { currentUid } from "../sys/home.ts";
import { inspectOwnDir } from "../sys/owned-dir.ts";

export { currentUid };

const FIX = "or set SVC_RUNTIME_DIR to a directory you own with mode 0700";

/** Why `dir` cannot be trusted as a runtime directory, or null when it can (or does not exist: `missing`). */
export function privateDirProblem(dir: string): string | null | "missing" {
  const own = inspectOwnDir(dir);
  if (own.state === "missing") return "missing";
  if (own.state === "bad") {
    const remedy = own.remedy === "remove" ? ` remove it (rm ${dir})` : own.remedy === "owner" ? " have its owner remove it" : "";
    return `it ${own.why};${remedy} ${FIX}`;
  }
  const mode = own.stat.mode & 0o777;
  if (currentUid() !== null && mode !== 0o700) return `its mode is 0${mode.toString(8)}, not 0700; run chmod 700 ${dir} ${FIX}`;
  return null;
}

/** Throw the one-line refusal for an untrusted runtime directory. */
function refuse(dir: string, problem: string): never {
  throw validationError(`refusing the runtime directory ${dir}: ${problem}`);
}

/** Create `dir` 0700 (parents as needed) or accept an existing one only when it is private; throw otherwise. */
export function ensurePrivateDir(dir: string): void {
  let problem = privateDirProblem(dir);
  if (problem === "missing") {
    mkdirSync(dirname(dir), { recursive: true, mode: 0o700 });
    try {
      mkdirSync(dir, { mode: 0o700 });
      chmodSync(dir, 0o700); // the umask may have narrowed it further; never widened
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    problem = privateDirProblem(dir);
  }
  if (problem === "missing") refuse(dir, "it vanished while being created");
  if (problem !== null) refuse(dir, problem);
}

/** Why a client must not connect to `socket`, or null when it is a socket its own uid owns ("missing" when there is none). */
export function socketProblem(socket: string): string | null | "missing" {
  const uid = currentUid();
  let stat: Stats;
  try {
    stat = lstatSync(socket);
  } catch {
    return "missing";
  }
  if (uid === null) return null;
  if (!stat.isSocket()) return `${socket} is not a socket`;
  if (stat.uid !== uid) return `${socket} is owned by uid ${stat.uid}, not by you (uid ${uid})`;
  return null;
}
