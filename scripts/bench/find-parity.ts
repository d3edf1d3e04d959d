// scripts/bench/find-parity: the answers of a fixed set of `find` queries (every kind, task
// queries most), printed as JSON lines, for comparing a speed change's answers before and after
// (they must be byte-identical). Usage:
//   bun scripts/bench/find-parity.ts <root> [--host <svc binary>] > answers.jsonl
// With --host the reads go through a host started on <root> (as the host bench reads); without,
// in this process. Run it on the commit before and after a change and `cmp` the two files
// (through a host, the availability line names the host's pid: compare with it masked,
// `sed -E 's/host \(pid [0-9]+\)/host (pid N)/'`).

import { call } from "../../src/engine.ts";
import { HOST_QUERIES, startHost } from "./host-bench.ts";

/** Task and lookup queries for a web framework (hono): its own words, some vague, some naming code. */
const FRAMEWORK_QUERIES: Record<string, string[]> = {
  symbol: ["Hono", "getCookie", "compose", "Context", "validator"],
  path: ["middleware", "router", "adapter", "jsx", "helper"],
  text: ["basic auth", "content type", "not found", "set cookie", "stream"],
  task: [
    "fix the cookie parser when the value contains an equals sign",
    "add a timeout option to the fetch handler",
    "the router returns 404 for a trailing slash",
    "cors middleware should allow credentials",
    "support streaming responses in the jsx renderer",
    "validate the json body and return 400 when invalid",
    "basic auth middleware compares passwords in constant time",
    "etag is wrong for a streamed body",
    "add a method to read the request's client ip on bun and deno",
    "compress middleware skips small responses",
  ],
};

const args = process.argv.slice(2);
const root = args[0];
if (!root) throw new Error("usage: find-parity.ts <root> [--host <svc binary>]");
const svc = args.includes("--host") ? args[args.indexOf("--host") + 1] : undefined;
const host = svc ? await startHost(svc, root) : null;
try {
  const sets = root.includes("generated") ? [HOST_QUERIES] : [FRAMEWORK_QUERIES, HOST_QUERIES];
  for (const queries of sets) {
    for (const [kind, list] of Object.entries(queries)) {
      for (const query of list) {
        for (const limit of kind === "task" ? [5, 50] : [50]) {
          const answer = await call("find", { path: root, query, kind, limit }, { longLived: true }).catch((error: Error) => ({ error: error.message }));
          process.stdout.write(`${JSON.stringify({ kind, query, limit, answer })}\n`);
        }
      }
    }
  }
} finally {
  await host?.stop();
}
