// Which test runner a workspace uses and how to call it on one test file: svc.json
// `testCommand` wins; else the root package.json (scripts.test, then devDependencies /
// dependencies) names bun test, vitest, jest, mocha, ava or node --test. The executable is
// looked up in the workspace's node_modules/.bin, then on PATH; nothing outside the
// workspace is run except that executable, always with cwd = the root.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type RunnerName = "bun" | "vitest" | "jest" | "mocha" | "ava" | "node" | "custom";
/** A runner svc knows how to ask for a machine-readable report and a name filter. */
export type RunnerFamily = Exclude<RunnerName, "custom">;

export interface Runner {
  name: RunnerName;
  /** The known runner the command calls (for a testCommand: only when its program is that runner itself); null: graded by exit code only. */
  family: RunnerFamily | null;
  /** The command before the file (argv; the test file is appended). */
  argv: string[];
  /** Where the choice came from ("svc.json testCommand", "package.json scripts.test", "package.json devDependencies"). */
  source: string;
}

export type RunnerDetection = { runner: Runner } | { runner: null; reason: string };

const BASE: Record<RunnerFamily, { exe: string; args: string[] }> = {
  bun: { exe: "bun", args: ["test"] },
  vitest: { exe: "vitest", args: ["run"] },
  jest: { exe: "jest", args: ["--runTestsByPath"] },
  mocha: { exe: "mocha", args: [] },
  ava: { exe: "ava", args: [] },
  node: { exe: "node", args: ["--test"] },
};

/** The runner a `scripts.test` line calls (the first one named). */
function fromScript(script: string): RunnerFamily | null {
  if (/\bbun\s+test\b/.test(script)) return "bun";
  if (/\bvitest\b/.test(script)) return "vitest";
  if (/\bjest\b/.test(script)) return "jest";
  if (/\bmocha\b/.test(script)) return "mocha";
  if (/(^|[\s;&|(])ava(\s|$)/.test(script)) return "ava";
  if (/\bnode\b[^&|;]*\s--test\b/.test(script)) return "node";
  return null;
}

/** The known runner a testCommand's program is (`vitest run --config x`, `bun test`, `node --test`), else null. */
function familyOfCommand(argv: readonly string[]): RunnerFamily | null {
  const exe = (argv[0] ?? "").split("/").pop() ?? "";
  if (exe === "bun") return argv[1] === "test" ? "bun" : null;
  if (exe === "node") return argv.includes("--test") ? "node" : null;
  return (["vitest", "jest", "mocha", "ava"] as const).find((f) => f === exe) ?? null;
}

/** An executable: the workspace's node_modules/.bin first, then PATH. */
export function findExecutable(root: string, exe: string): string | null {
  const local = join(root, "node_modules", ".bin", exe);
  if (existsSync(local)) return local;
  return Bun.which(exe, { PATH: process.env.PATH ?? "" });
}

/** Split a command line on whitespace, keeping quoted parts together (no shell is involved). */
export function splitCommand(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3] ?? "");
  return out;
}

function resolved(root: string, name: RunnerFamily, source: string): RunnerDetection {
  const { exe, args } = BASE[name];
  const path = findExecutable(root, exe);
  if (!path) return { runner: null, reason: `${source} names ${name === "node" ? "node --test" : name === "bun" ? "bun test" : name}, but '${exe}' is not installed (not in node_modules/.bin, not on PATH)` };
  return { runner: { name, family: name, argv: [path, ...args], source } };
}

export function detectRunner(root: string, testCommand: string | null): RunnerDetection {
  if (testCommand !== null) {
    const argv = splitCommand(testCommand);
    if (!argv.length) return { runner: null, reason: "svc.json testCommand is empty" };
    const path = findExecutable(root, argv[0] as string);
    if (!path) return { runner: null, reason: `svc.json testCommand runs '${argv[0]}', which is not installed (not in node_modules/.bin, not on PATH)` };
    return { runner: { name: "custom", family: familyOfCommand(argv), argv: [path, ...argv.slice(1)], source: "svc.json testCommand" } };
  }
  let pkg: { scripts?: Record<string, unknown>; devDependencies?: Record<string, unknown>; dependencies?: Record<string, unknown> };
  try {
    pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    return { runner: null, reason: missing ? "no package.json at the workspace root (svc.json testCommand sets a runner)" : "the root package.json does not parse" };
  }
  const script = typeof pkg.scripts?.test === "string" ? pkg.scripts.test : "";
  const named = fromScript(script);
  if (named) return resolved(root, named, "package.json scripts.test");
  const deps = { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
  for (const name of ["vitest", "jest", "mocha", "ava"] as const) if (name in deps) return resolved(root, name, "package.json dependencies");
  return { runner: null, reason: `no runner detected (package.json scripts.test ${script ? `'${script}' names none of bun test, vitest, jest, mocha, ava, node --test` : "is missing"} and no vitest/jest/mocha/ava dependency; svc.json testCommand sets one)` };
}
