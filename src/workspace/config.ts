// `svc.json`: optional workspace configuration, found by walking up from the requested
// directory to the root. A file that does not parse is reported (doctor, warnings), never
// silently ignored.

import { dirname, join, relative } from "node:path";
import { readInside } from "./read-inside.ts";
import { toPosix } from "./root.ts";

export interface SvcConfig {
  /** Root-relative path of the svc.json that was read, or null when there is none. */
  file: string | null;
  ignore: string[];
  tsconfig: string[];
  template: string | null;
  testCommand: string | null;
  /** Why the file could not be used, when it exists but is invalid. */
  error: string | null;
}

const EMPTY: SvcConfig = { file: null, ignore: [], tsconfig: [], template: null, testCommand: null, error: null };

function strings(value: unknown, key: string, problems: string[]): string[] {
  if (value === undefined) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
  problems.push(`"${key}" must be a string or an array of strings`);
  return [];
}

function optionalString(value: unknown, key: string, problems: string[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  problems.push(`"${key}" must be a string`);
  return null;
}

export function parseConfig(text: string, file: string): SvcConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ...EMPTY, file, error: `${file} is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ...EMPTY, file, error: `${file} must contain a JSON object` };
  }
  const obj = raw as Record<string, unknown>;
  const problems: string[] = [];
  const config: SvcConfig = {
    file,
    ignore: strings(obj.ignore, "ignore", problems),
    tsconfig: strings(obj.tsconfig, "tsconfig", problems),
    template: optionalString(obj.template, "template", problems),
    testCommand: optionalString(obj.testCommand, "testCommand", problems),
    error: null,
  };
  if (problems.length) config.error = `${file}: ${problems.join("; ")}`;
  return config;
}

/** The nearest svc.json from `dir` up to `root` (both absolute, `dir` inside `root`). */
export function loadConfig(root: string, dir: string): SvcConfig {
  let current = dir;
  for (;;) {
    const candidate = join(current, "svc.json");
    let text: string | null = null;
    try {
      text = readInside(root, relative(root, candidate), "utf8"); // a link out of the root is no config
    } catch {
      text = null;
    }
    if (text !== null) return parseConfig(text, toPosix(relative(root, candidate)));
    if (current === root) return EMPTY;
    const parent = dirname(current);
    if (parent === current) return EMPTY;
    current = parent;
  }
}
