// Who the user is: the uid (for ownership checks of private folders), and the home folder, or
// null when there is none: os.homedir() throws (uv_os_homedir ENOENT) for a uid without a
// passwd entry and HOME unset, as in containers run with an arbitrary uid; and HOME may name a
// folder that does not exist (`/nonexistent`, the home of Debian's `nobody` and of many service
// accounts), which svc must not create by making `~/.cache` or `~/.svc/run` inside it.

import { statSync } from "node:fs";
import { homedir } from "node:os";
import { validationError } from "../errors.ts";

/** The current uid, or null where the platform has none (Windows: named pipes, no modes). */
export function currentUid(): number | null {
  return typeof process.getuid === "function" ? process.getuid() : null;
}

/** The home folder when it exists as a directory, else null. */
export function homeDir(): string | null {
  try {
    const home = homedir();
    return home && statSync(home).isDirectory() ? home : null;
  } catch {
    return null;
  }
}

/** The home folder, or a prefixed error saying what needs it. */
export function requireHomeDir(purpose: string): string {
  const home = homeDir();
  if (!home) throw validationError(`${purpose} needs a home folder, and there is none (HOME is unset and the uid has no passwd entry, or it names no folder); set HOME to an existing folder`);
  return home;
}
