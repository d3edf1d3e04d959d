// Concurrent use never fails a user: `svc index` while another process writes the index
// waits for it (or delegates to its host) instead of answering index_busy.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { gitRepo, tempDir } from "../helpers/repo.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const LOCK = join(import.meta.dir, "..", "..", "src", "store", "lock.ts");

/** A separate process holding the real writer lock of `root` until its stdin closes. */
async function lockHolder(root: string): Promise<{ pid: number; release: () => Promise<void> }> {
  const script = `import { acquireWriterLock } from ${JSON.stringify(LOCK)}; const lock = acquireWriterLock(${JSON.stringify(root)}); console.log("held"); await Bun.stdin.text(); lock.release();`;
  const child = Bun.spawn([process.execPath, "--no-install", "-e", script], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  const reader = child.stdout.getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toContain("held");
  return {
    pid: child.pid,
    release: async () => {
      await child.stdin.end();
      await child.exited;
    },
  };
}

/** Read a stream line by line, calling `onLine` for each; resolves with the whole text. */
async function lines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<string> {
  const decoder = new TextDecoder();
  let all = "";
  let partial = "";
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    all += text;
    partial += text;
    const parts = partial.split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) onLine(line);
  }
  return all;
}

describe("svc index while another process writes", () => {
  test("waits for the writer instead of failing with index_busy, then indexes", async () => {
    const root = gitRepo({ "src/a.ts": "export function a(): number {\n  return 1;\n}\n" });
    const holder = await lockHolder(root);
    const child = Bun.spawn([process.execPath, "--no-install", MAIN, "index", "--json"], {
      cwd: root,
      // SVC_HOOK_VERBOSE: each look for a host while waiting says so on stderr, which tells this test the CLI is waiting
      env: { ...process.env, SVC_RUNTIME_DIR: tempDir("svc-run-"), SVC_HOOK_VERBOSE: "1", NO_COLOR: "1" },
      stdout: "pipe",
      stderr: "pipe",
    });
    let looks = 0;
    let released: Promise<void> | null = null;
    const stderr = lines(child.stderr, (line) => {
      if (line.includes("no host for")) looks++;
      // the first look precedes the attempt; a second one only happens while waiting for the lock
      if (looks === 2 && !released) released = holder.release();
    });
    const [stdout, err, code] = await Promise.all([new Response(child.stdout).text(), stderr, child.exited]);
    await released;
    expect(err).not.toContain("index_busy");
    expect(err).toContain(`for pid ${holder.pid}, which was writing the index`);
    expect(code).toBe(0);
    const data = JSON.parse(stdout);
    expect(data.indexState).toBe("ready");
    expect(data.files).toBe(1);
  }, 120_000);
});

describe("svc index while the host is too busy to answer", () => {
  test("it waits for the host's write and then delegates to it", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) files[`src/m${i % 20}/s${i}.ts`] = `export class S${i} {\n${Array.from({ length: 30 }, (_, k) => `  m${k}(x: string): string { return x + "${k}"; }`).join("\n")}\n}\n`;
    const root = gitRepo(files);
    const runtime = tempDir("svc-run-");
    const env = { ...process.env, SVC_RUNTIME_DIR: runtime, SVC_DAEMON_IDLE_MINUTES: "0", NO_COLOR: "1" };
    const host = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root, "--quiet"], { env, stdout: "ignore", stderr: "ignore" });
    process.env.SVC_RUNTIME_DIR = runtime;
    const { connectHost } = await import("../../src/host/client.ts");
    const { lockOwner } = await import("../../src/store/lock.ts");
    try {
      let client = null;
      for (let i = 0; i < 600 && !client; i++) {
        client = await connectHost(root, 1000);
        if (!client) await Bun.sleep(100);
      }
      expect(client).not.toBeNull();
      // the host starts a long write (a forced rebuild) and is then frozen mid-write, as a host busy on its one thread looks to a client
      const rebuild = client?.call("svc/index", { root, force: true }, 600_000).catch(() => null);
      for (let i = 0; i < 3000 && lockOwner(root) !== host.pid; i++) await Bun.sleep(5);
      expect(lockOwner(root)).toBe(host.pid);
      process.kill(host.pid, "SIGSTOP");
      const cli = Bun.spawn([process.execPath, "--no-install", MAIN, "index"], { cwd: root, env: { ...env, SVC_HOOK_VERBOSE: "1" }, stdout: "pipe", stderr: "pipe" });
      let looks = 0;
      let resumed = false;
      const stderr = lines(cli.stderr, (line) => {
        if (line.includes("handshake failed") || line.includes("no host for")) looks++;
        // the first look precedes the attempt; later ones happen while it waits for the lock
        if (looks === 2 && !resumed) {
          resumed = true;
          process.kill(host.pid, "SIGCONT");
        }
      });
      const [stdout, err, code] = await Promise.all([new Response(cli.stdout).text(), stderr, cli.exited]);
      expect(err).not.toContain("index_busy");
      expect(code).toBe(0);
      expect(stdout).toContain(`(through the host, pid ${host.pid})`);
      expect(err).toContain(`for pid ${host.pid}, which was writing the index`);
      // the host's pass did the work this call waited for: not "already up to date"
      expect(stdout).not.toContain("already up to date");
      await rebuild;
      client?.close();
    } finally {
      process.kill(host.pid, "SIGCONT");
      const stopper = await connectHost(root, 5000);
      await stopper?.call("svc/shutdown").catch(() => undefined);
      stopper?.close();
      if (!stopper) host.kill();
      await host.exited;
      delete process.env.SVC_RUNTIME_DIR;
    }
  }, 180_000);
});

describe("svc index reports what it did", () => {
  test("a pass whose syntax index was current but whose semantic upgrade ran is not 'already up to date'", async () => {
    const root = gitRepo({
      "tsconfig.json": '{ "compilerOptions": { "strict": true }, "include": ["src"] }\n',
      "src/a.ts": "export function a(): number {\n  return 1;\n}\n",
      "src/b.ts": 'import { a } from "./a";\nexport const b = a();\n',
    });
    // a syntax-only store, as a reader's cold build leaves it before its background upgrade
    const { syncIndex } = await import("../../src/indexing/sync.ts");
    const syntax = await syncIndex(root);
    expect(syntax.mode).toBe("syntax");
    const { runSvcAsync } = await import("../helpers/cli.ts");
    const upgraded = await runSvcAsync(["index", "--json"], { cwd: root, env: { SVC_RUNTIME_DIR: tempDir("svc-run-") } });
    expect(upgraded.code).toBe(0);
    const data = JSON.parse(upgraded.stdout);
    expect(data.mode).toBe("semantic");
    expect(data.unchanged).toBe(false);
    const text = await runSvcAsync(["index"], { cwd: root, env: { SVC_RUNTIME_DIR: tempDir("svc-run-") } });
    // now everything is current: that one is up to date
    expect(text.stdout).toContain("already up to date");
  }, 120_000);
});
