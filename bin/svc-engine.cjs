#!/usr/bin/env node
// The `svc` / `svc-engine` command of the npm package: runs the compiled svc binary that
// the matching platform package (an optional dependency, svc-engine-<os>-<arch>) ships.
// Plain CommonJS for Node >= 18 and Bun alike; no dependencies.
"use strict";

const { spawn } = require("node:child_process");
const { existsSync } = require("node:fs");
const path = require("node:path");

const PLATFORMS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64"];
const key = `${process.platform}-${process.arch}`;
const pkg = `svc-engine-${key}`;

function fail(message) {
  process.stderr.write(`svc-engine: ${message}\n`);
  process.exit(1);
}

function isMusl() {
  if (process.platform !== "linux") return false;
  const report = typeof process.report?.getReport === "function" ? process.report.getReport() : null;
  return Boolean(report && report.header && !report.header.glibcVersionRuntime);
}

function binaryPath() {
  if (process.env.SVC_ENGINE_BINARY) return process.env.SVC_ENGINE_BINARY;
  if (!PLATFORMS.includes(key)) {
    fail(`no prebuilt svc binary for ${key} (this platform); svc-engine ships binaries for ${PLATFORMS.join(", ")}. Build one from source with \`bun run build\`.`);
  }
  if (isMusl()) fail(`no prebuilt svc binary for ${key} with musl libc (this platform); the ${pkg} binary needs glibc.`);
  let dir;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    fail(
      `the platform package ${pkg} for ${key} (this platform) is not installed. It is an optional dependency of svc-engine; ` +
        `reinstall without --omit=optional / --no-optional (or install ${pkg} at the same version as svc-engine).`,
    );
  }
  const file = path.join(dir, "bin", "svc");
  if (!existsSync(file)) fail(`${pkg} is installed but has no bin/svc (${file}); reinstall it.`);
  return file;
}

const child = spawn(binaryPath(), process.argv.slice(2), { stdio: "inherit", windowsHide: true });
// Stop together: a signal to this launcher goes to svc, and svc's exit (or signal) becomes ours.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on("error", (error) => fail(`cannot run ${child.spawnfile}: ${error.message}`));
child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
