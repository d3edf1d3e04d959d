// What a process must undo however it ends: the process groups it started (a test runner in
// its own group is not reached by a terminal's Ctrl-C) and the temporary folders it made.
// Their owners undo them in `finally` as usual; when svc itself is stopped by SIGINT, SIGTERM
// or SIGHUP, no `finally` runs, so what is still registered is undone here first and the
// process then ends as the signal would have ended it (unless another handler is listening
// too, such as the host's graceful stop, which then decides).

const pending = new Set<() => void>();
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
let installed = false;

function undoAll(): void {
  for (const undo of [...pending]) {
    pending.delete(undo);
    try {
      undo();
    } catch {
      // undo what can be undone
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on("exit", undoAll);
  for (const [signal, number] of Object.entries(SIGNALS)) {
    process.on(signal, () => {
      undoAll();
      if (process.listenerCount(signal) === 1) process.exit(128 + number);
    });
  }
}

/** Register `undo` (synchronous) to run if the process ends before the returned function is called. */
export function untilDone(undo: () => void): () => void {
  install();
  pending.add(undo);
  return () => void pending.delete(undo);
}
