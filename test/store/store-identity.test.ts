// Which `.svc/` svc keeps and which it sets aside, and what of a store set aside lives on.
// - A store with no identity is trusted by nothing (an archive's, a copy's, an svc's before the rule: nothing tells
//   them apart): it is moved aside and rebuilt once, in a git repository or not. Before, one git did not track was
//   adopted, so a tarball shipping `.svc/` was read as the workspace's index.
// - The user's own store is never moved aside: run twice, by the CLI and a host, after `mv` of the folder, through a
//   symbolic link to the folder.
// - Moving a store aside keeps the secrets it remembered: a value renamed away (remembered only) stayed hidden in the
//   old store and showed again once a folder moved to another file system (a new inode) had its store rebuilt.
// - Two processes meeting one store to move aside (a CLI and a host starting together) both finish; the store is
//   moved once, the fresh one is not taken from either.

import { describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { startHost } from "../../src/surfaces/host/server.ts";
import { runSvc, runSvcAsync } from "../helpers/cli.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { gitRepo, plainDir, tempDir } from "../helpers/repo.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const NOTICE = "was not built by svc for this workspace";
const FILES = {
  "tsconfig.json": '{"compilerOptions":{"strict":true},"include":["src"]}\n',
  "src/db.ts": 'export const DB_PASSWORD = "hunter2";\nexport function connect(): string {\n  return DB_PASSWORD;\n}\n',
};
const RENAMED = 'export const DB_PW = "hunter2";\nexport function connect(): string {\n  return DB_PW;\n}\n';

const asideDirs = (root: string) => readdirSync(root).filter((name) => name.startsWith(".svc-untrusted-"));

/** Index, then rename the password's name away and index again: `hunter2` is a secret the store only remembers. */
function rememberedOnly(root: string): string {
  expect(runSvc(["index", root, "--quiet"]).code).toBe(0);
  writeFileSync(join(root, "src/db.ts"), RENAMED);
  expect(runSvc(["index", root, "--quiet"]).code).toBe(0);
  expect(runSvc(["reduce", "--path", root, "src/db.ts"]).stdout).toContain('DB_PW = "[REDACTED:');
  return root;
}

/** The folder copied to a new one (another inode, as `mv` to another file system leaves it) and the original removed. */
function movedAcross(root: string): string {
  const to = join(tempDir("svc-moved-"), "ws");
  cpSync(root, to, { recursive: true });
  rmSync(root, { recursive: true, force: true });
  return to;
}

function expectHidden(root: string): string {
  const shown = runSvc(["reduce", "--path", root, "src/db.ts"]);
  expect(shown.code).toBe(0);
  expect(shown.stdout).not.toContain("hunter2");
  expect(shown.stdout).toContain('DB_PW = "[REDACTED:');
  return shown.stderr;
}

describe("a store with no identity", () => {
  test("an archive's .svc/ (no git, no identity.json) is moved aside and rebuilt, not adopted; said once", () => {
    const made = rememberedOnly(plainDir(FILES));
    rmSync(join(made, ".svc", "identity.json"));
    // the tarball of the folder, unpacked elsewhere: the same bytes, another folder, nothing git knows
    const unpacked = join(tempDir("svc-tarball-"), "ws");
    mkdirSync(unpacked);
    expect(Bun.spawnSync(["sh", "-c", `tar -C '${made}' -cf - . | tar -C '${unpacked}' -xf -`]).exitCode).toBe(0);
    const planted = readFileSync(join(unpacked, ".svc", "svc.db"));
    const find = runSvc(["find", "connect", unpacked]);
    expect(find.code).toBe(0);
    expect(find.stderr).toContain(NOTICE);
    expect(find.stderr).toContain("it has no identity.json");
    const [aside] = asideDirs(unpacked);
    expect(readFileSync(join(unpacked, aside!, "svc.db")).equals(planted)).toBe(true);
    expect(existsSync(join(unpacked, ".svc", "identity.json"))).toBe(true);
    // its remembered secret came along (only adds redaction), the rest did not
    expect(expectHidden(unpacked)).not.toContain(NOTICE);
    expect(asideDirs(unpacked)).toHaveLength(1);
  }, 120_000);

  test("an svc's store from before identities (git repository, untracked) is rebuilt once, keeping what it remembered", () => {
    const root = rememberedOnly(gitRepo(FILES));
    rmSync(join(root, ".svc", "identity.json"));
    const stderr = expectHidden(root);
    expect(stderr).toContain("it has no identity.json");
    expect(stderr).toContain("secret digest it remembered is carried into the new store");
    expect(runSvc(["find", "connect", root]).stderr).not.toContain(NOTICE);
    expect(asideDirs(root)).toHaveLength(1);
  }, 120_000);

  test("a home directory's .svc/ that holds only the host runtime's run/ folder is adopted, not moved", () => {
    const root = gitRepo(FILES);
    mkdirSync(join(root, ".svc", "run", "logs"), { recursive: true });
    writeFileSync(join(root, ".svc", "run", "host-0123.json"), "{}");
    expect(runSvc(["index", root, "--quiet"]).code).toBe(0);
    expect(asideDirs(root)).toEqual([]);
    expect(existsSync(join(root, ".svc", "run", "host-0123.json"))).toBe(true);
    expect(existsSync(join(root, ".svc", "identity.json"))).toBe(true);
  }, 120_000);

  test("a home directory's store moved aside leaves the host runtime's run/ in the fresh store (every host's socket is there)", () => {
    const root = gitRepo(FILES);
    mkdirSync(join(root, ".svc", "run", "logs"), { recursive: true });
    writeFileSync(join(root, ".svc", "run", "host-0123.json"), "{}");
    writeFileSync(join(root, ".svc", "svc.db"), "an svc's store from before identities");
    const run = runSvc(["index", root, "--quiet"], { env: { HOME: root, SVC_RUNTIME_DIR: "", XDG_RUNTIME_DIR: "" } });
    expect(run.code).toBe(0);
    expect(asideDirs(root).length).toBe(1);
    expect(existsSync(join(root, asideDirs(root)[0]!, "svc.db"))).toBe(true);
    expect(existsSync(join(root, ".svc", "run", "host-0123.json"))).toBe(true);
    expect(existsSync(join(root, ".svc", "identity.json"))).toBe(true);
  }, 120_000);
});

/** `svc reduce` of the workspace as a user without root's pass over permissions (root runs it as nobody, owning the folder the workspace is in). */
function reduceUnprivileged(root: string): { code: number; stdout: string; stderr: string } {
  const argv = [process.execPath, "--no-install", MAIN, "reduce", "--path", root, "src/db.ts"];
  if (process.getuid?.() !== 0) return runSvc(argv.slice(3));
  const home = tempDir("svc-home-");
  for (const at of [dirname(root), home]) expect(Bun.spawnSync(["chown", "-R", "nobody", at]).exitCode).toBe(0);
  const quoted = argv.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  const run = Bun.spawnSync(["su", "-s", "/bin/sh", "nobody", "-c", `HOME='${home}' SVC_RUNTIME_DIR='${home}/run' NO_COLOR=1 ${quoted}`], { stdout: "pipe", stderr: "pipe" });
  return { code: run.exitCode ?? -1, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}

describe("the user's own store", () => {
  test("is never moved aside: run twice, after mv within the file system, through a symbolic link, by a host and the CLI", async () => {
    useRuntimeDir();
    const root = gitRepo(FILES);
    expect(runSvc(["index", root]).stderr).not.toContain(NOTICE);
    expect(runSvc(["find", "connect", root]).stderr).not.toContain(NOTICE);
    const moved = join(tempDir("svc-mv-"), "ws");
    renameSync(root, moved);
    expect(runSvc(["find", "connect", moved]).stderr).not.toContain(NOTICE);
    const link = join(tempDir("svc-link-"), "ws");
    symlinkSync(moved, link);
    expect(runSvc(["find", "connect", link]).stderr).not.toContain(NOTICE);
    expect(runSvc(["find", "connect", "."], { cwd: link }).stderr).not.toContain(NOTICE);
    const logged: string[] = [];
    const host = await startHost({ root: moved, idleMinutes: 0, log: (line) => logged.push(line) });
    try {
      const viaHost = await runSvcAsync(["find", "connect", moved]);
      expect(viaHost.code).toBe(0);
      expect(viaHost.stderr).not.toContain(NOTICE);
    } finally {
      await host.stop("test done");
    }
    expect(logged.filter((line) => line.includes(NOTICE))).toEqual([]);
    expect(runSvc(["index", moved]).stderr).not.toContain(NOTICE);
    expect(asideDirs(moved)).toEqual([]);
  }, 180_000);

  test("moved to another file system (a new inode), it is rebuilt and a secret it only remembered stays hidden", () => {
    const root = movedAcross(rememberedOnly(gitRepo(FILES)));
    const stderr = expectHidden(root);
    expect(stderr).toContain("made for another folder");
    expect(stderr).toContain("carried into the new store");
    expect(asideDirs(root)).toHaveLength(1);
    // the rebuilt store goes on remembering it
    expect(runSvc(["index", root, "--force", "--quiet"]).code).toBe(0);
    expectHidden(root);
  }, 120_000);

  test("moved with its folder made read-only (SQLite cannot open its database there), it still gives the new store what it remembered", () => {
    const root = movedAcross(rememberedOnly(gitRepo(FILES)));
    // as a store at rest is: its WAL's index (-shm) gone with the last connection, and none can be made in the folder now
    rmSync(join(root, ".svc", "svc.db-shm"), { force: true });
    expect(Bun.spawnSync(["chmod", "-R", "a-w", join(root, ".svc")]).exitCode).toBe(0);
    const shown = reduceUnprivileged(root);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain("carried into the new store");
    expect(shown.stdout).not.toContain("hunter2");
    expect(shown.stdout).toContain('DB_PW = "[REDACTED:');
  }, 120_000);
});

describe("two processes meeting one store to move aside", () => {
  test("a host and a CLI starting together: both finish, the store is moved once, nothing remembered is lost", async () => {
    const runtime = tempDir("svc-run-");
    for (let round = 0; round < 3; round++) {
      const root = movedAcross(rememberedOnly(gitRepo(FILES)));
      const shipped = readFileSync(join(root, ".svc", "svc.db"));
      const env = { ...process.env, NO_COLOR: "1", SVC_RUNTIME_DIR: runtime };
      const host = Bun.spawn([process.execPath, "--no-install", MAIN, "host", "--directory", root], { env, stdout: "pipe", stderr: "pipe" });
      try {
        const cli = await runSvcAsync(["reduce", "--path", root, "src/db.ts"], { env: { SVC_RUNTIME_DIR: runtime } });
        expect({ round, code: cli.code, internal: /internal_error|\n\s+at /.test(cli.stderr) }).toEqual({ round, code: 0, internal: false });
        expect(cli.stdout).not.toContain("hunter2");
        // the host is up once its marker is in the store; it never died of the race
        for (let i = 0; i < 600 && !existsSync(join(root, ".svc", "host.json")) && host.exitCode === null; i++) await Bun.sleep(100);
        expect({ round, alive: host.exitCode === null, marker: existsSync(join(root, ".svc", "host.json")) }).toEqual({ round, alive: true, marker: true });
      } finally {
        host.kill();
        await host.exited;
      }
      const hostErr = await new Response(host.stderr).text();
      expect({ round, internal: /internal_error|\n\s+at /.test(hostErr) }).toEqual({ round, internal: false });
      const asides = asideDirs(root);
      expect({ round, asides: asides.length }).toEqual({ round, asides: 1 });
      expect(readFileSync(join(root, asides[0]!, "svc.db")).equals(shipped)).toBe(true);
      expect(existsSync(join(root, ".svc", "identity.json"))).toBe(true);
      expectHidden(root);
      expect(asideDirs(root)).toHaveLength(1);
    }
  }, 300_000);
});
