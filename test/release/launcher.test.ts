// bin/svc-engine.cjs, the npm package's `svc`: plain Node (no Bun), it runs the platform
// package's binary with the arguments, stdio and exit code passed through, and names the
// platform when there is no binary for it.

import { describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const LAUNCHER = join(import.meta.dir, "..", "..", "bin", "svc-engine.cjs");
const node = Bun.which("node");

function launch(args: string[], options: { cwd?: string; env?: Record<string, string>; platform?: string } = {}) {
  const script = options.platform ? `Object.defineProperty(process, "platform", { value: ${JSON.stringify(options.platform)} }); require(${JSON.stringify(LAUNCHER)})` : null;
  const cmd = script ? [node as string, "-e", script, "--", ...args] : [node as string, LAUNCHER, ...args];
  const r = Bun.spawnSync(cmd, { cwd: options.cwd ?? tmpdir(), env: { PATH: process.env.PATH ?? "", ...options.env }, stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

describe.skipIf(!node)("the npm launcher under Node", () => {
  test("runs this platform's svc-engine-<os>-<arch> package binary with the arguments; its exit code is the launcher's", () => {
    const prefix = mkdtempSync(join(tmpdir(), "svc-launcher-"));
    const pkg = join(prefix, "node_modules", `svc-engine-${process.platform}-${process.arch}`);
    mkdirSync(join(pkg, "bin"), { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: `svc-engine-${process.platform}-${process.arch}`, version: "0.0.0" }));
    writeFileSync(join(pkg, "bin", "svc"), '#!/bin/sh\necho "args: $*"\nexit 3\n');
    chmodSync(join(pkg, "bin", "svc"), 0o755);
    // Node resolves the platform package from the launcher's own folder: stage the launcher beside it.
    mkdirSync(join(prefix, "node_modules", "svc-engine", "bin"), { recursive: true });
    const staged = join(prefix, "node_modules", "svc-engine", "bin", "svc-engine.cjs");
    copyFileSync(LAUNCHER, staged);
    const r = Bun.spawnSync([node as string, staged, "toc", "a b"], { stdout: "pipe", stderr: "pipe" });
    expect({ code: r.exitCode, stdout: r.stdout.toString() }).toEqual({ code: 3, stdout: "args: toc a b\n" });
  }, 60_000);

  test("no platform package: one line naming the platform and what to do; an unsupported platform is named too", () => {
    const missing = launch(["--version"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `svc-engine: the platform package svc-engine-${process.platform}-${process.arch} for ${process.platform}-${process.arch} (this platform) is not installed. It is an optional dependency of svc-engine; reinstall without --omit=optional / --no-optional (or install svc-engine-${process.platform}-${process.arch} at the same version as svc-engine).\n`,
    );
    const aix = launch(["--version"], { platform: "aix" });
    expect(aix.code).toBe(1);
    expect(aix.stderr).toStartWith(`svc-engine: no prebuilt svc binary for aix-${process.arch} (this platform); svc-engine ships binaries for linux-x64, linux-arm64, darwin-x64, darwin-arm64.`);
  }, 60_000);
});
