// SIGTERM stops the host within its bound (STOP_DEADLINE_MS) whatever its engine's process
// leaves behind: a language server run through a wrapper (SVC_TSC) whose descendant outlives
// it holding its output streams kept the engine's exit, and so the host's stop, waiting on
// those streams — the host lingered until the descendant went (h109).

import { expect, test } from "bun:test";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { connectHost } from "../../src/host/client.ts";
import { endpointFor } from "../../src/host/endpoint.ts";
import { tscExecutable } from "../../src/semantic/tsc-binary.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

test("SIGTERM: the host exits cleanly though its engine's descendant holds the engine's output open", async () => {
  const runtime = useRuntimeDir();
  const root = gitRepo({ "tsconfig.json": '{"compilerOptions":{"strict":true}}\n', "src/a.ts": "export class A {}\n", "src/b.ts": 'import { A } from "./a";\nexport const b = new A();\n' });
  const dir = tempDir("svc-tsc-wrapper-");
  const pids = join(dir, "descendants");
  const wrapper = join(dir, "tsc");
  // the descendant inherits the server's stdout and stderr; its pid is kept to end it after the test
  writeFileSync(wrapper, `#!/bin/sh\nsleep 600 &\necho $! >> ${JSON.stringify(pids)}\nexec ${JSON.stringify(tscExecutable())} "$@"\n`);
  chmodSync(wrapper, 0o755);
  const env = { ...process.env, SVC_RUNTIME_DIR: runtime, SVC_TSC: wrapper, NO_COLOR: "1" };
  const child = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root, "--quiet"], { env, stdout: "pipe", stderr: "pipe" });
  const ep = endpointFor(root);
  try {
    for (let i = 0; i < 200 && !existsSync(ep.registry); i++) await Bun.sleep(50);
    let warm = false;
    for (let i = 0; i < 300 && !warm; i++) {
      const client = await connectHost(root, 1000);
      warm = (await client?.call<{ checksWarm: boolean; enginePid: number | null }>("svc/stats"))?.checksWarm === true;
      client?.close();
      if (!warm) await Bun.sleep(100);
    }
    expect(warm).toBe(true);
    expect(existsSync(pids)).toBe(true); // the engine ran through the wrapper
    child.kill("SIGTERM");
    const code = await child.exited; // without a bound: waits for the descendant (600 s)
    expect({ code, stderr: await new Response(child.stderr).text() }).toEqual({ code: 0, stderr: "" });
    expect(existsSync(ep.socket)).toBe(false);
    expect(existsSync(ep.registry)).toBe(false);
  } finally {
    child.kill("SIGKILL");
    for (const pid of existsSync(pids) ? readFileSync(pids, "utf8").split("\n").filter(Boolean).map(Number) : []) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
    delete process.env.SVC_RUNTIME_DIR;
  }
}, 90_000);
