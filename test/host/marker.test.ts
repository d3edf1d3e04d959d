// One host per workspace whatever the runtime directory (an editor's XDG_RUNTIME_DIR, a
// terminal without it): the marker `.svc/host.json` names the serving host's socket. A second
// `svc host` with another runtime directory says which host serves (its socket), a client
// there connects to it, a host started in-process is refused naming it, a host killed with -9
// is taken over, and a marker or socket another user could control is never followed.

import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, existsSync, lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { connectHost } from "../../src/host/client.ts";
import { endpointFor, servingHostPid } from "../../src/host/endpoint.ts";
import { markerPath } from "../../src/host/marker.ts";
import { lockPath } from "../../src/sys/takeover.ts";
import { ensureHost } from "../../src/host/spawn.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { runSvcAsync } from "../helpers/cli.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";
import type { SvcError } from "../../src/errors.ts";
import { ensureStoreDir } from "../../src/store/db.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const quietLog = () => {};
const asRoot = process.getuid?.() === 0;
const saved = process.env.SVC_RUNTIME_DIR;

afterEach(() => {
  if (saved === undefined) delete process.env.SVC_RUNTIME_DIR;
  else process.env.SVC_RUNTIME_DIR = saved;
});

function markerOf(root: string): { pid: number; socket: string } | null {
  try {
    return JSON.parse(readFileSync(markerPath(root), "utf8"));
  } catch {
    return null;
  }
}

/** `svc host` as a process with its own runtime directory, once it holds the marker. */
async function spawnHost(root: string, runtime: string): Promise<ReturnType<typeof Bun.spawn>> {
  const child = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root, "--quiet"], {
    env: { ...process.env, SVC_RUNTIME_DIR: runtime, SVC_DAEMON_IDLE_MINUTES: "0" },
    stdout: "ignore",
    stderr: "pipe",
  });
  for (let i = 0; i < 600 && markerOf(root)?.pid !== child.pid; i++) await Bun.sleep(50);
  if (markerOf(root)?.pid !== child.pid) throw new Error(`the host did not start: ${await new Response(child.stderr as ReadableStream).text()}`);
  return child;
}

/**
 * Start `svc host` once per runtime directory given, all at once: exactly one serves (the
 * others exit, having named it), a client anywhere reaches it; after it stops, no marker, lock
 * or temporary file is left in the store or the runtime directories.
 */
async function expectOneServes(root: string, runtimes: string[]): Promise<void> {
  const hosts = runtimes.map((runtime) =>
    Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root, "--quiet"], {
      env: { ...process.env, NO_COLOR: "1", SVC_RUNTIME_DIR: runtime, SVC_DAEMON_IDLE_MINUTES: "0" },
      stdout: "pipe",
      stderr: "pipe",
    }),
  );
  const exited = new Set<number>();
  for (const host of hosts) void host.exited.then(() => exited.add(host.pid));
  try {
    // the ones that lost exit; the one that won serves until it is stopped (a second winner would serve on too)
    for (let i = 0; i < 1200 && exited.size < hosts.length - 1; i++) await Bun.sleep(50);
    const serving = hosts.filter((h) => !exited.has(h.pid)).map((h) => h.pid);
    expect(serving).toHaveLength(1);
    const winner = serving[0]!;
    expect(markerOf(root)?.pid).toBe(winner);
    for (const loser of hosts.filter((h) => h.pid !== winner)) {
      const said = (await new Response(loser.stdout).text()) + (await new Response(loser.stderr).text());
      // either "already serving" (it reached the winner) or the refusal a live host gives, naming it (by its pid when the marker gave it)
      expect(said).toMatch(new RegExp(`^(svc host: already serving ${root} \\(pid ${winner}\\)|index_busy: another svc host (\\(pid ${winner}\\) )?already serves ${root})`));
    }
    process.env.SVC_RUNTIME_DIR = tempDir("svc-run-");
    expect(servingHostPid(root)).toBe(winner);
  } finally {
    for (const host of hosts) host.kill();
    await Promise.all(hosts.map((h) => h.exited));
  }
  // the winner's clean stop removes its marker; no takeover lock or temporary file is left
  expect(readdirSync(join(root, ".svc")).filter((name) => name.startsWith("host."))).toEqual([]);
  for (const runtime of new Set(runtimes)) expect(readdirSync(runtime).filter((name) => name.includes(".starting"))).toEqual([]);
}

describe("host marker", () => {
  test("a second host with another runtime directory names the serving host's socket; clients there use it; a host started in-process is refused", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    const editor = tempDir("svc-run-");
    const terminal = tempDir("svc-run-");
    const first = await spawnHost(root, editor);
    try {
      const socket = endpointFor(root).socket.replace(/^.*\//, `${editor}/`);
      expect(markerOf(root)).toMatchObject({ pid: first.pid, socket });
      expect(lstatSync(markerPath(root)).mode & 0o777).toBe(0o600);

      const second = await runSvcAsync(["host", "--directory", root], { env: { SVC_RUNTIME_DIR: terminal, SVC_DAEMON_IDLE_MINUTES: "0" } });
      expect(second).toEqual({ code: 0, stdout: `svc host: already serving ${root} (pid ${first.pid}) on ${socket}\n`, stderr: "" });
      // no second socket: the terminal's runtime directory has none
      process.env.SVC_RUNTIME_DIR = terminal;
      expect(existsSync(endpointFor(root).socket)).toBe(false);

      // a client with the terminal's runtime directory reaches the editor's host
      const status = await runSvcAsync(["diagnostics", root], { env: { SVC_RUNTIME_DIR: terminal } });
      expect(status.stdout).toContain(`host: pid ${first.pid}`);
      expect(servingHostPid(root)).toBe(first.pid);
      // and doctor names it, though its registry file is in the editor's folder
      const doctor = await runSvcAsync(["doctor", root], { env: { SVC_RUNTIME_DIR: terminal } });
      expect(doctor.stdout).toContain(`hosts: pid ${first.pid} serves this root`);
      // the MCP server's auto-connect takes it too, and starts no host of its own
      const mcp = await ensureHost(root);
      expect(mcp?.socketPath).toBe(socket);
      mcp?.close();
      expect(existsSync(endpointFor(root).socket)).toBe(false);

      // startHost itself (two starts racing past the CLI's check) refuses, naming the socket, and leaves nothing behind
      const refused = await startHost({ root, idleMinutes: 0, log: quietLog }).then(
        () => null,
        (e: SvcError) => e,
      );
      expect(refused?.formatted).toStartWith(`index_busy: another svc host (pid ${first.pid}) already serves ${root} on ${socket}`);
      expect(existsSync(endpointFor(root).socket)).toBe(false);
      expect(markerOf(root)?.pid).toBe(first.pid);
    } finally {
      first.kill();
      await first.exited;
    }
    // a clean stop removes the marker
    expect(markerOf(root)).toBeNull();
  }, 180_000);

  test("a host killed with -9 leaves a stale marker that the next host takes over; a pid that lives on without the socket is stale too", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    const killed = await spawnHost(root, tempDir("svc-run-"));
    killed.kill("SIGKILL");
    await killed.exited;
    expect(markerOf(root)?.pid).toBe(killed.pid);
    process.env.SVC_RUNTIME_DIR = tempDir("svc-run-");
    // nothing is reached through the stale marker
    expect(await connectHost(root, 1000)).toBeNull();
    let host: RunningHost | undefined;
    try {
      host = await startHost({ root, idleMinutes: 0, log: quietLog });
      expect(markerOf(root)).toMatchObject({ pid: process.pid, socket: host.socket });
    } finally {
      await host?.stop("done");
    }
    // the pid is alive (this process) but nothing listens on the socket it names: a pid reused after a crash
    writeFileSync(markerPath(root), JSON.stringify({ pid: process.pid, socket: join(tempDir("svc-run-"), "host-dead.sock"), startedAt: "", version: "" }), { mode: 0o600 });
    process.env.SVC_RUNTIME_DIR = tempDir("svc-run-");
    try {
      host = await startHost({ root, idleMinutes: 0, log: quietLog });
      expect(markerOf(root)).toMatchObject({ pid: process.pid, socket: host.socket });
    } finally {
      await host?.stop("done");
    }
  }, 180_000);

  test("hosts starting at once over a crashed host's marker: exactly one takes it over, the others name it; no lock is left", async () => {
    for (let round = 0; round < 8; round++) {
      const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
      // the marker of a host that crashed: its pid is gone, its socket too
      const gone = Bun.spawn(["true"]);
      await gone.exited;
      ensureStoreDir(root); // the user's own store (one svc did not make is set aside: provenance.ts)
      writeFileSync(markerPath(root), JSON.stringify({ pid: gone.pid, socket: join(tempDir("svc-run-"), "host-gone.sock"), startedAt: "", version: "" }), { mode: 0o600 });
      // each with a runtime directory of its own (an editor's, a terminal's): only the marker is shared
      await expectOneServes(root, Array.from({ length: 6 }, () => tempDir("svc-run-")));
    }
  }, 300_000);

  test("hosts starting at once in one runtime directory after its host was killed with -9: exactly one serves (the others took its fresh socket for the dead host's)", async () => {
    for (let round = 0; round < 6; round++) {
      const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
      const runtime = tempDir("svc-run-");
      // the killed host leaves its socket, its registry entry (a dead pid) and its marker
      const killed = await spawnHost(root, runtime);
      killed.kill("SIGKILL");
      await killed.exited;
      await expectOneServes(root, Array.from({ length: 6 }, () => runtime));
    }
  }, 300_000);

  test("a starter that died mid-takeover leaves no lasting lock; a live one's lock makes the next host wait, then refuse", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    const gone = Bun.spawn(["true"]);
    await gone.exited;
    ensureStoreDir(root);
    const path = markerPath(root);
    const stale = JSON.stringify({ pid: gone.pid, socket: join(tempDir("svc-run-"), "host-gone.sock"), startedAt: "", version: "" });
    writeFileSync(path, stale, { mode: 0o600 });
    const lockOf = (pid: number | undefined) => JSON.stringify({ pid, nonce: "0" });
    const leftovers = () => readdirSync(join(root, ".svc")).filter((name) => name.startsWith("host.json.")).sort();

    // a starter holding the takeover lock is alive: the next host waits for it, then refuses, the marker untouched
    const holder = Bun.spawn(["sleep", "120"]);
    writeFileSync(lockPath(path, stale, 0), lockOf(holder.pid), { mode: 0o600 });
    process.env.SVC_RUNTIME_DIR = tempDir("svc-run-");
    const refused = await startHost({ root, idleMinutes: 0, log: quietLog }).then(
      () => null,
      (e: SvcError) => e,
    );
    expect(refused?.formatted).toStartWith(`validation_error: refusing the host marker: could not take the host marker ${path}: another svc host kept taking it over; retry`);
    expect(readFileSync(path, "utf8")).toBe(stale);
    expect(existsSync(endpointFor(root).socket)).toBe(false);

    // it died mid-takeover: its lock is stale, and so are a temporary file and another content's lock a dead starter left
    holder.kill("SIGKILL");
    await holder.exited;
    writeFileSync(`${path}.${gone.pid}.0123456789ab.tmp`, "{", { mode: 0o600 });
    writeFileSync(lockPath(path, "an older marker", 3), lockOf(gone.pid), { mode: 0o600 });
    let host: RunningHost | undefined;
    try {
      host = await startHost({ root, idleMinutes: 0, log: quietLog });
      expect(markerOf(root)).toMatchObject({ pid: process.pid, socket: host.socket });
      expect(leftovers()).toEqual([]);
    } finally {
      await host?.stop("done");
    }
    expect(existsSync(path)).toBe(false);
    expect(leftovers()).toEqual([]);
  }, 120_000);

  test("a client follows the marker only to a socket in a private folder, through a marker only its user can write", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    const runtime = tempDir("svc-run-");
    const host = await spawnHost(root, runtime);
    try {
      process.env.SVC_RUNTIME_DIR = tempDir("svc-run-");
      const reached = async () => {
        const client = await connectHost(root, 2000);
        client?.close();
        return client?.info?.root ?? null;
      };
      expect(await reached()).toBe(root);
      // the socket's folder readable by others: not trusted
      chmodSync(runtime, 0o755);
      expect(await reached()).toBeNull();
      chmodSync(runtime, 0o700);
      // a marker others may write
      chmodSync(markerPath(root), 0o644);
      expect(await reached()).toBeNull();
      chmodSync(markerPath(root), 0o600);
      if (asRoot) {
        // a marker another user owns
        chownSync(markerPath(root), 65534, 65534);
        expect(await reached()).toBeNull();
        chownSync(markerPath(root), 0, 0);
        // a socket another user owns
        const socket = markerOf(root)!.socket;
        chownSync(socket, 65534, 65534);
        expect(await reached()).toBeNull();
        chownSync(socket, 0, 0);
      }
      expect(await reached()).toBe(root);
    } finally {
      host.kill();
      await host.exited;
    }
  }, 180_000);

  test("a marker readable by others stops a new host with a prefixed error naming it", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    const killed = await spawnHost(root, tempDir("svc-run-"));
    killed.kill("SIGKILL");
    await killed.exited;
    chmodSync(markerPath(root), 0o644);
    const run = await runSvcAsync(["host", "--directory", root], { env: { SVC_RUNTIME_DIR: tempDir("svc-run-"), SVC_DAEMON_IDLE_MINUTES: "0" } });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toStartWith(`validation_error: refusing the host marker: ${markerPath(root)} has mode 0644`);
  }, 180_000);

  test("a .svc link stops a new host with the store's own refusal, unwrapped, and nothing is written through it (h136)", async () => {
    const elsewhere = tempDir("svc-elsewhere-");
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    symlinkSync(elsewhere, join(root, ".svc"));
    const run = await runSvcAsync(["host", "--directory", root], { env: { SVC_RUNTIME_DIR: tempDir("svc-run-"), SVC_DAEMON_IDLE_MINUTES: "0" } });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    // it read "refusing the host marker: could not write the host marker: refusing to use the index store: …"
    expect(run.stderr).toStartWith(`validation_error: refusing to use the index store: .svc is a symbolic link (to ${elsewhere}); svc keeps its index inside the workspace and never writes through a link. Remove the link`);
    expect(readdirSync(elsewhere)).toEqual([]);
  }, 180_000);
});
