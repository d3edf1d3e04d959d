// Where the TypeScript 7 native compiler lives: from node_modules when running from source,
// else the copy embedded in the compiled binary (with its lib.*.d.ts files, which it loads
// from its own folder), extracted once to the per-version cache folder.

import { dirname, join } from "node:path";
import tsPackage from "typescript/package.json" with { type: "json" };
import type { EmbeddedFile } from "../sys/cache.ts";
import { materializeAll } from "../sys/embedded.ts";
import { IS_COMPILED } from "../version.ts";

/** The engine's TypeScript version (pinned exactly in package.json). */
export const TS_VERSION: string = tsPackage.version;

const EXE = process.platform === "win32" ? "tsc.exe" : "tsc";

/** The platform package holding the native binary (build and source runs only). */
export function tscPackageDir(): string {
  const name = `@typescript/typescript-${process.platform}-${process.arch}`;
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    throw new Error(`the TypeScript native compiler for ${process.platform}-${process.arch} (${name}) is not installed`);
  }
}

let resolved: string | null = null;

/** Absolute path of the native `tsc` executable, extracting the embedded copy on first use (`SVC_TSC` overrides it). */
export function tscExecutable(): string {
  if (process.env.SVC_TSC) return process.env.SVC_TSC;
  if (resolved) return resolved;
  if (IS_COMPILED) {
    const files = (require("./embedded-typescript.gen.js") as { default: Record<string, EmbeddedFile> }).default;
    resolved = join(materializeAll(files, [EXE], `typescript-${TS_VERSION}`), EXE);
  } else {
    resolved = join(tscPackageDir(), "lib", EXE);
  }
  return resolved;
}
