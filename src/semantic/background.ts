// The semantic upgrade in the background of a long-lived process that writes the index
// itself (an MCP server with no host): after a cold build or a reconcile, one run per root
// at a time (a request arriving meanwhile runs once more after it), with an engine started
// for the run. Readers keep answering from the syntax tier while it runs.

import { connectHost } from "../host/client.ts";
import { openReader } from "../store/db.ts";
import { readMeta } from "../store/meta.ts";
import { residentFor } from "./resident.ts";
import { setBackgroundUpgrade } from "./resident-status.ts";
import { semanticUpgrade } from "./upgrade.ts";

const running = new Map<string, Promise<void>>();
const again = new Set<string>();

function incremental(root: string): boolean {
  const db = openReader(root);
  if (!db) return false;
  try {
    const mode = readMeta(db).index_mode;
    return mode === "semantic" || mode === "partial";
  } finally {
    db.close();
  }
}

export function scheduleUpgrade(root: string, log?: (message: string) => void): void {
  if (residentFor(root)?.writer) {
    if (!running.has(root)) setBackgroundUpgrade(root, false);
    return; // that resident keeps the edges current itself
  }
  if (running.has(root)) {
    again.add(root);
    return;
  }
  const run = async () => {
    const host = await connectHost(root, 150);
    if (host) {
      host.close(); // the host's resident workspace keeps the edges current
      return;
    }
    do {
      again.delete(root);
      await semanticUpgrade(root, { ...(incremental(root) ? { paths: [] } : {}), resume: true, log });
    } while (again.has(root));
  };
  setBackgroundUpgrade(root, true);
  running.set(
    root,
    run()
      .catch((error) => log?.(`background semantic upgrade failed: ${(error as Error).message}`))
      .finally(() => {
        running.delete(root);
        setBackgroundUpgrade(root, false);
      }),
  );
}

/** Resolves when no background upgrade runs for `root` (tests). */
export async function backgroundIdle(root: string): Promise<void> {
  while (running.has(root)) await running.get(root);
}
