// One host starting per socket at a time. A starting host removes a stale socket (its host is
// gone) before binding its own, and writes the registry that shows it alive only after
// claiming the marker: a second host starting with the same runtime directory in between took
// the first one's fresh socket for the stale one (the registry still named the dead host),
// removed it and bound its own, and both served, the first unreachable. A starter holds
// `<socket>.starting` from its look at the old socket until its registry is written; a holder
// that died mid-start leaves a stale lock, taken over as the store's files are (sys/takeover.ts).

import { SvcError } from "../errors.ts";
import { alive, createWhole, holderPid, holderText, readText, replaceStale, sweepLeftovers } from "../sys/takeover.ts";

/** How long a starter waits for another one starting on the same socket. */
const START_WAIT_MS = 30_000;

/** Wait until this process alone is starting a host on `socket`; the release. */
export async function holdStartLock(socket: string, root: string): Promise<() => void> {
  const path = `${socket}.starting`;
  const mine = holderText();
  const release = () => void replaceStale(path, mine, null);
  sweepLeftovers(path);
  const deadline = Date.now() + START_WAIT_MS;
  let holder = 0;
  while (Date.now() < deadline) {
    if (createWhole(path, mine)) return release;
    const judged = readText(path);
    if (judged === null) continue; // released meanwhile
    holder = holderPid(judged);
    if (!alive(holder)) {
      const took = replaceStale(path, judged, mine);
      if (took === "taken") return release;
      if (took === "changed") continue;
    }
    await Bun.sleep(20); // another host is starting (or taking the stale lock over): its socket and registry come next
  }
  throw new SvcError("index_busy", `another svc host (pid ${holder}) has been starting for ${root} on ${socket} for ${START_WAIT_MS / 1000} s; retry when it serves, or stop it`);
}
