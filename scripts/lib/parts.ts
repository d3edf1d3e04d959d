// A release target's native parts from the npm registry: `npm pack` once into
// node_modules/.cache/svc-release, unpacked there (see scripts/release.ts).

import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DYNAMIC_GRAMMARS } from "../../src/lang/grammars.ts";
import { ROOT, type NativeParts, type Target } from "./compile.ts";

const CACHE = join(ROOT, "node_modules", ".cache", "svc-release");
const NM = join(ROOT, "node_modules");

export function run(cmd: string[], cwd: string): string {
  const r = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed (exit ${r.exitCode}): ${r.stderr.toString().trim()}`);
  return r.stdout.toString();
}

function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(NM, name, "package.json"), "utf8")) as { version: string }).version;
}

/** The version an installed package pins for one of its optional (platform) dependencies. */
function pinnedBy(parent: string, name: string): string {
  const pkg = JSON.parse(readFileSync(join(NM, parent, "package.json"), "utf8")) as { optionalDependencies?: Record<string, string> };
  const v = pkg.optionalDependencies?.[name];
  if (!v) throw new Error(`${parent} has no optional dependency ${name}`);
  return v;
}

/** A registry package unpacked into the cache (fetched once with `npm pack`); returns its folder. Offline, a package not in the cache is an error. */
export function fetchPackage(name: string, version: string, offline = false): string {
  const dir = join(CACHE, `${name.replace("/", "+")}@${version}`);
  if (existsSync(join(dir, "package.json"))) return dir;
  if (offline) throw new Error(`${name}@${version} is not in ${CACHE}; run scripts/release`);
  mkdirSync(CACHE, { recursive: true });
  console.log(`  fetching ${name}@${version} (npm pack)`);
  const out = run(["npm", "pack", `${name}@${version}`, "--pack-destination", CACHE, "--silent"], CACHE).trim().split("\n").pop() ?? "";
  const tgz = join(CACHE, out.trim());
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  run(["tar", "-xzf", tgz, "-C", dir, "--strip-components=1"], CACHE);
  rmSync(tgz);
  return dir;
}

/**
 * Every part from the release cache — the grammar packages too, although the installed ones
 * hold this machine's prebuild: the bootstrap prunes the other platforms' from node_modules.
 * `offline` (the release test) reads the cache only.
 */
export function partsFor(target: Target, offline = false): NativeParts {
  const oven = fetchPackage(target.ovenPackage, pinnedBy("bun", target.ovenPackage), offline);
  const executablePath = join(oven, "bin", "bun");
  if (!existsSync(executablePath)) throw new Error(`${target.ovenPackage} has no bin/bun`);
  chmodSync(executablePath, 0o755);
  const napiDir = fetchPackage(target.napiPackage, pinnedBy("@ast-grep/napi", target.napiPackage), offline);
  const tsDir = fetchPackage(target.tsPackage, pinnedBy("typescript", target.tsPackage), offline);
  const grammarDirs: Record<string, string> = {};
  for (const info of Object.values(DYNAMIC_GRAMMARS)) {
    const name = `@ast-grep/lang-${info.pkg}`;
    grammarDirs[info.pkg] = fetchPackage(name, installedVersion(name), offline);
  }
  return { target, napiDir, grammarDirs, tsDir, executablePath };
}
