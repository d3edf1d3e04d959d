// `scripts/release [target…]` → dist/release/: for each target (default all: linux-x64,
// linux-arm64, darwin-x64, darwin-arm64) a cross-compiled binary `svc-<target>` and its npm
// platform package `svc-engine-<target>-<version>.tgz`, the main package
// `svc-engine-<version>.tgz` (the launcher, with the platform packages as exact optional
// dependencies), and SHA256SUMS over all of them.
// Every platform's native parts come from the npm registry with `npm pack` (cached in
// node_modules/.cache/svc-release): the target's Bun runtime (@oven/bun-*, the compile
// executable), its ast-grep addon, its TypeScript 7 compiler, and the @ast-grep/lang-*
// packages with every platform's grammar libraries.

import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compileSvc, ROOT, TARGETS, targetFor, type Target } from "./lib/compile.ts";
import { partsFor, run } from "./lib/parts.ts";

const OUT = join(ROOT, "dist", "release");
const rootPkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Record<string, unknown> & { version: string; description: string };
const VERSION = rootPkg.version;

/** `npm pack` a staged package folder into OUT; returns the tarball's file name. */
function pack(dir: string): string {
  return run(["npm", "pack", "--pack-destination", OUT, "--silent"], dir).trim().split("\n").pop() ?? "";
}

function stagePlatform(target: Target, binary: string): string {
  const dir = join(OUT, "stage", `svc-engine-${target.key}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "bin"), { recursive: true });
  copyFileSync(binary, join(dir, "bin", "svc"));
  chmodSync(join(dir, "bin", "svc"), 0o755);
  const manifest = {
    name: `svc-engine-${target.key}`,
    version: VERSION,
    description: `The ${target.key} binary of svc-engine (installed by svc-engine as an optional dependency).`,
    os: [target.os],
    cpu: [target.cpu],
    ...(target.os === "linux" ? { libc: ["glibc"] } : {}),
    files: ["bin/svc"],
    preferUnplugged: true,
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, "README.md"), `# svc-engine-${target.key}\n\nThe compiled svc binary for ${target.key}. Install \`svc-engine\`, which depends on this package on that platform.\n`);
  return pack(dir);
}

function stageMain(): string {
  const dir = join(OUT, "stage", "svc-engine");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "bin"), { recursive: true });
  copyFileSync(join(ROOT, "bin", "svc-engine.cjs"), join(dir, "bin", "svc-engine.cjs"));
  copyFileSync(join(ROOT, "README.md"), join(dir, "README.md"));
  const keep = ["name", "version", "description", "keywords", "bin", "files", "engines", "license", "repository", "homepage"];
  const manifest: Record<string, unknown> = {};
  for (const key of keep) if (rootPkg[key] !== undefined) manifest[key] = rootPkg[key];
  manifest.optionalDependencies = Object.fromEntries(TARGETS.map((t) => [`svc-engine-${t.key}`, VERSION]));
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return pack(dir);
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

const wanted = process.argv.slice(2);
const targets = wanted.length ? wanted.map(targetFor) : TARGETS;
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const artifacts: string[] = [];
for (const target of targets) {
  console.log(`${target.key}:`);
  const binary = join(OUT, `svc-${target.key}`);
  await compileSvc(partsFor(target), binary);
  artifacts.push(`svc-${target.key}`, stagePlatform(target, binary));
  console.log(`  svc-${target.key}  ${(statSync(binary).size / 1048576).toFixed(1)} MiB`);
}
artifacts.push(stageMain());
rmSync(join(OUT, "stage"), { recursive: true, force: true });
writeFileSync(join(OUT, "SHA256SUMS"), artifacts.map((name) => `${sha256(join(OUT, name))}  ${name}\n`).join(""));
for (const name of readdirSync(OUT).sort()) console.log(`${name}  ${(statSync(join(OUT, name)).size / 1048576).toFixed(1)} MiB`);
