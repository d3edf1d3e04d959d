// Find one version of an npm package on this machine, never over the network: the
// workspace's node_modules (and node_modules nested in it), pnpm's virtual store, the Bun
// install cache, and a tarball made with `npm pack <pkg>@<v>` in the workspace root
// (unpacked into a temporary folder the caller removes). npm's _cacache is content-addressed
// and is not searched.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { requireHomeDir } from "../sys/home.ts";
import { run } from "../sys/proc.ts";

export interface LocatedPackage {
  dir: string;
  /** Where it was found, for the answer: `node_modules/zod`, `Bun cache`, `zod-3.23.0.tgz`. */
  source: string;
  /** A temporary folder to remove when done (unpacked tarball). */
  cleanup?: string;
}

export interface LocateResult {
  found: LocatedPackage | null;
  /** The places searched, in order (for the abstain line). */
  searched: string[];
}

/** Nested node_modules folders looked into at most (a guard for huge trees). */
const NESTED_DIR_LIMIT = 4000;
const NESTED_DEPTH = 4;

export function normalizeVersion(v: string): string {
  return v.trim().replace(/^v(?=\d)/, "");
}

function manifestOf(dir: string): { name?: string; version?: string } | null {
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
  } catch {
    return null;
  }
}

function matches(dir: string, name: string, version: string): boolean {
  const m = manifestOf(dir);
  return m !== null && m.name === name && m.version === version;
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Package folders directly in a node_modules folder (scoped ones one level down). */
function packageDirs(nodeModules: string): string[] {
  const out: string[] = [];
  for (const e of entries(nodeModules)) {
    if (e.startsWith(".")) continue;
    if (e.startsWith("@")) for (const s of entries(join(nodeModules, e))) out.push(join(nodeModules, e, s));
    else out.push(join(nodeModules, e));
  }
  return out;
}

/** `<root>/node_modules/**\/node_modules/<name>`, breadth first and bounded. */
function nested(root: string, name: string, version: string): string | null {
  let level = packageDirs(join(root, "node_modules"));
  let seen = 0;
  for (let depth = 0; depth < NESTED_DEPTH && level.length; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (++seen > NESTED_DIR_LIMIT) return null;
      const inner = join(dir, "node_modules");
      if (!existsSync(inner)) continue;
      const candidate = join(inner, name);
      if (matches(candidate, name, version)) return candidate;
      next.push(...packageDirs(inner));
    }
    level = next;
  }
  return null;
}

/** pnpm: `node_modules/.pnpm/<name with / as +>@<version>[_peers|(peers)]/node_modules/<name>`. */
function pnpm(root: string, name: string, version: string): string | null {
  const store = join(root, "node_modules", ".pnpm");
  const prefix = `${name.replace("/", "+")}@${version}`;
  for (const e of entries(store)) {
    if (e !== prefix && !e.startsWith(`${prefix}_`) && !e.startsWith(`${prefix}(`)) continue;
    const candidate = join(store, e, "node_modules", name);
    if (matches(candidate, name, version)) return candidate;
  }
  return null;
}

export function bunCacheDir(): string {
  if (process.env.BUN_INSTALL_CACHE_DIR) return process.env.BUN_INSTALL_CACHE_DIR;
  const install = process.env.BUN_INSTALL || join(requireHomeDir("finding the Bun install cache (or set BUN_INSTALL_CACHE_DIR)"), ".bun");
  return join(install, "install", "cache");
}

/** Bun's cache: `<cache>/<name>@<version>@@@1` (scoped: `<cache>/@scope/<name>@<version>@@@1`). */
function bunCache(cache: string, name: string, version: string): string | null {
  const slash = name.indexOf("/");
  const folder = slash > 0 ? join(cache, name.slice(0, slash)) : cache;
  const base = `${slash > 0 ? name.slice(slash + 1) : name}@${version}`;
  for (const e of entries(folder)) {
    if (e !== base && !e.startsWith(`${base}@`)) continue;
    const candidate = join(folder, e);
    if (matches(candidate, name, version)) return candidate;
  }
  return null;
}

/** The file `npm pack <name>@<version>` writes: `zod-3.23.0.tgz`, `scope-name-1.0.0.tgz` for `@scope/name`. */
export function packFileName(name: string, version: string): string {
  return `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

async function tarball(root: string, name: string, version: string): Promise<LocatedPackage | null> {
  const file = join(root, packFileName(name, version));
  if (!existsSync(file)) return null;
  const temp = mkdtempSync(join(tmpdir(), "svc-pack-"));
  const result = await run(["tar", "-xzf", file, "-C", temp], { cwd: root, timeoutMs: 30_000, maxOutputBytes: 64 * 1024 });
  // npm tarballs hold one top folder, `package/` by convention (a few use another name)
  const top = result.exitCode === 0 ? entries(temp).find((e) => matches(join(temp, e), name, version)) : undefined;
  if (!top) {
    rmSync(temp, { recursive: true, force: true });
    return null;
  }
  return { dir: join(temp, top), source: packFileName(name, version), cleanup: temp };
}

export async function locatePackage(root: string, name: string, version: string): Promise<LocateResult> {
  const searched: string[] = [];
  const direct = join(root, "node_modules", name);
  searched.push(`node_modules/${name}`);
  if (matches(direct, name, version)) return { found: { dir: direct, source: `node_modules/${name}` }, searched };
  searched.push("nested node_modules");
  const inner = nested(root, name, version);
  if (inner) return { found: { dir: inner, source: inner.slice(root.length + 1) }, searched };
  searched.push("node_modules/.pnpm");
  const virtual = pnpm(root, name, version);
  if (virtual) return { found: { dir: virtual, source: virtual.slice(root.length + 1) }, searched };
  const cache = bunCacheDir();
  searched.push(`the Bun cache (${cache})`);
  const cached = bunCache(cache, name, version);
  if (cached) return { found: { dir: cached, source: `Bun cache ${cached}` }, searched };
  searched.push(packFileName(name, version));
  const packed = await tarball(root, name, version);
  return { found: packed, searched };
}
