// The user's home folder, or null when there is none: os.homedir() throws (uv_os_homedir
// ENOENT) for a uid without a passwd entry and HOME unset, as in containers run with an
// arbitrary uid.

import { homedir } from "node:os";
import { validationError } from "../errors.ts";

export function homeDir(): string | null {
  try {
    return homedir() || null;
  } catch {
    return null;
  }
}

/** The home folder, or a prefixed error saying what needs it. */
export function requireHomeDir(purpose: string): string {
  const home = homeDir();
  if (!home) throw validationError(`${purpose} needs a home folder, and there is none (HOME is unset and the uid has no passwd entry); set HOME`);
  return home;
}
