// The runtime directory and socket are the host's access control: a directory owned by
// another uid, a 0755 one or a symlink is refused (one line naming the fix), the fallback
// folder is per uid even without a passwd entry, and a client connects only to a socket its
// own uid owns.

import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { connectHost } from "../../src/host/client.ts";
import { endpointFor } from "../../src/host/endpoint.ts";
import { startHost } from "../../src/surfaces/host/server.ts";
import { VERSION } from "../../src/version.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";

const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const quietLog = () => undefined;
const saved = process.env.SVC_RUNTIME_DIR;

afterEach(() => {
  if (saved === undefined) delete process.env.SVC_RUNTIME_DIR;
  else process.env.SVC_RUNTIME_DIR = saved;
});

/** `svc host` on a fresh repository with this runtime directory: its exit code and stderr. */
function hostWith(runtime: string): { code: number; stderr: string } {
  const repo = gitRepo({ "a.ts": "export const a = 1;\n" });
  const run = runSvc(["host", "--directory", repo], { env: { SVC_RUNTIME_DIR: runtime, SVC_DAEMON_IDLE_MINUTES: "0" } });
  return { code: run.code, stderr: run.stderr };
}

describe("runtime directory", () => {
  test.if(asRoot)("one owned by another uid is refused, naming the fix", () => {
    const runtime = join(tempDir(), "run");
    mkdirSync(runtime, { mode: 0o700 });
    chownSync(runtime, NOBODY, NOBODY);
    const { code, stderr } = hostWith(runtime);
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toStartWith(`validation_error: refusing the runtime directory ${runtime}: it is owned by uid ${NOBODY}, not by you (uid 0)`);
    expect(stderr).toContain("SVC_RUNTIME_DIR");
    // left as it was: not chmod'ed, not taken over
    expect(lstatSync(runtime).uid).toBe(NOBODY);
  }, 60_000);

  test("a 0755 one is refused (chmod 700 is the fix); a symlink to a private one is refused", () => {
    const open = join(tempDir(), "run");
    mkdirSync(open);
    chmodSync(open, 0o755);
    const loose = hostWith(open);
    expect(loose.code).toBe(1);
    expect(loose.stderr).toStartWith(`validation_error: refusing the runtime directory ${open}: its mode is 0755, not 0700; run chmod 700 ${open}`);
    expect(lstatSync(open).mode & 0o777).toBe(0o755);

    const target = tempDir(); // mkdtemp: 0700, ours
    const link = join(tempDir(), "run");
    symlinkSync(target, link);
    const linked = hostWith(link);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toStartWith(`validation_error: refusing the runtime directory ${link}: it is a symbolic link`);
  }, 60_000);

  test("a missing one is created 0700 (parents included) and then accepted", () => {
    process.env.SVC_RUNTIME_DIR = join(tempDir(), "deep", "run");
    const endpoint = endpointFor("/some/root", { create: true });
    expect(lstatSync(endpoint.dir).mode & 0o777).toBe(0o700);
    expect(lstatSync(join(endpoint.dir, "logs")).mode & 0o777).toBe(0o700);
    expect(() => endpointFor("/some/root", { create: true })).not.toThrow();
  });

  test("a relative SVC_RUNTIME_DIR or XDG_RUNTIME_DIR is ignored (it would name another folder from every working directory: the socket and log inside the workspace)", () => {
    const savedXdg = process.env.XDG_RUNTIME_DIR;
    try {
      const xdg = tempDir();
      process.env.XDG_RUNTIME_DIR = xdg;
      process.env.SVC_RUNTIME_DIR = "relative/run";
      expect(endpointFor("/some/root").dir).toBe(join(xdg, "svc"));
      process.env.XDG_RUNTIME_DIR = "relative-xdg";
      const dir = endpointFor("/some/root").dir;
      expect(isAbsolute(dir)).toBe(true);
      expect(dir).not.toContain("relative");
    } finally {
      if (savedXdg === undefined) delete process.env.XDG_RUNTIME_DIR;
      else process.env.XDG_RUNTIME_DIR = savedXdg;
    }
  });

  test("a runtime folder and a temp folder both too long a path for a socket: the host listens in /tmp/svc-<uid>, clients find it", async () => {
    const savedTmp = process.env.TMPDIR;
    const long = join(tempDir(), "t".repeat(90));
    mkdirSync(long);
    process.env.SVC_RUNTIME_DIR = join(long, "run");
    process.env.TMPDIR = long; // os.tmpdir() reads it at each call
    try {
      const root = gitRepo({ "a.ts": "export const a = 1;\n" });
      const host = await startHost({ root, idleMinutes: 0, log: quietLog });
      try {
        expect(endpointFor(root).dir).toBe(join("/tmp", `svc-${process.getuid?.() ?? "user"}`));
        const client = await connectHost(root, 5000);
        expect(client?.info?.root).toBe(root);
        client?.close();
      } finally {
        await host.stop("test");
      }
    } finally {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
    }
  }, 60_000);

  test.if(asRoot)("the short fallback is per uid, also for a uid without a passwd entry", () => {
    const uid = 54_321; // no passwd entry on any sane machine
    const script = `import { endpointFor } from ${JSON.stringify(join(import.meta.dir, "..", "..", "src", "host", "endpoint.ts"))}; console.log(endpointFor("/r").dir);`;
    const long = `/${"x".repeat(120)}`;
    const run = Bun.spawnSync(["setpriv", `--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", process.execPath, "--no-install", "-e", script], {
      env: { ...process.env, SVC_RUNTIME_DIR: long, HOME: "/nonexistent" },
      cwd: "/",
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(run.stderr.toString()).toBe("");
    expect(run.stdout.toString().trim()).toBe(join(tmpdir(), `svc-${uid}`));
  }, 60_000);

  test.if(asRoot)("a uid without a passwd entry and HOME unset: the runtime and cache folders fall back to $TMPDIR/svc-<uid> (os.homedir() throws there)", () => {
    const uid = 54_322;
    const shared = tempDir();
    chmodSync(shared, 0o1777); // like /tmp
    const src = join(import.meta.dir, "..", "..", "src");
    const script = `import { endpointFor } from ${JSON.stringify(join(src, "host", "endpoint.ts"))}; import { cacheDir } from ${JSON.stringify(join(src, "sys", "cache.ts"))};
console.log(endpointFor("/r").dir); console.log(cacheDir("grammars"));`;
    const env: Record<string, string | undefined> = { ...process.env, TMPDIR: shared };
    for (const key of ["HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR", "SVC_RUNTIME_DIR"]) delete env[key];
    const run = Bun.spawnSync(["setpriv", `--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", process.execPath, "--no-install", "-e", script], { env, cwd: "/", stdout: "pipe", stderr: "pipe" });
    expect(run.stderr.toString()).toBe("");
    const own = join(shared, `svc-${uid}`);
    expect(run.stdout.toString().trim().split("\n")).toEqual([own, join(own, "cache", "svc", VERSION, "grammars")]);
    expect(lstatSync(own).uid).toBe(uid);
    expect(lstatSync(own).mode & 0o777).toBe(0o700);
  }, 60_000);
});

describe("no home folder", () => {
  test("a HOME that names no folder (/nonexistent, as for service accounts) is not created: the runtime and cache folders fall back to $TMPDIR/svc-<uid>", () => {
    const home = join(tempDir(), "nonexistent");
    const temp = tempDir();
    const src = join(import.meta.dir, "..", "..", "src");
    const script = `import { endpointFor } from ${JSON.stringify(join(src, "host", "endpoint.ts"))}; import { cacheDir } from ${JSON.stringify(join(src, "sys", "cache.ts"))};
console.log(endpointFor("/r", { create: true }).dir); console.log(cacheDir("grammars"));`;
    // (Bun itself would make HOME for its transpiler cache: off)
    const env: Record<string, string | undefined> = { ...process.env, HOME: home, TMPDIR: temp, BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0" };
    for (const key of ["XDG_CACHE_HOME", "XDG_RUNTIME_DIR", "SVC_RUNTIME_DIR"]) delete env[key];
    const run = Bun.spawnSync([process.execPath, "--no-install", "-e", script], { env, cwd: "/", stdout: "pipe", stderr: "pipe" });
    expect(run.stderr.toString()).toBe("");
    const own = join(temp, `svc-${process.getuid?.() ?? "user"}`);
    expect(run.stdout.toString().trim().split("\n")).toEqual([own, join(own, "cache", "svc", VERSION, "grammars")]);
    expect(existsSync(home)).toBe(false);
  }, 60_000);
});

describe("socket owner", () => {
  test.if(asRoot)("a client connects only to a socket its own uid owns", async () => {
    process.env.SVC_RUNTIME_DIR = tempDir("svc-run-");
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const host = await startHost({ root, idleMinutes: 0, log: quietLog });
    try {
      const ok = await connectHost(root, 5000);
      expect(ok).not.toBeNull();
      ok?.close();
      const { socket } = endpointFor(root);
      chownSync(socket, NOBODY, NOBODY);
      expect(await connectHost(root, 5000)).toBeNull();
      chownSync(socket, 0, 0);
      // and only inside a private runtime directory
      chmodSync(process.env.SVC_RUNTIME_DIR, 0o755);
      expect(await connectHost(root, 5000)).toBeNull();
      chmodSync(process.env.SVC_RUNTIME_DIR, 0o700);
      const again = await connectHost(root, 5000);
      expect(again).not.toBeNull();
      again?.close();
    } finally {
      await host.stop("test");
    }
  }, 60_000);
});
