// Resident set size of another process (the engine child), where the OS tells us cheaply.

import { readFileSync } from "node:fs";

/** RSS in bytes of `pid` (Linux: /proc/<pid>/statm), or null when unknown. */
export function processRss(pid: number): number | null {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return Number.isFinite(pages) ? pages * 4096 : null;
  } catch {
    return null;
  }
}
