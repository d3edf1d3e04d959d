// The command line as typed, through cac's parser unchanged. cac's mri turns every value that
// reads as a number into one — `--changed-since 0123456` became the ref "123456", `--files 1e3`
// the file "1000", `--changed-since ""` the ref "0" — consumes `-5` as a short flag, and sets aside
// what follows `--`, which svc then ignored (`svc find -- -x` lost its query). Such arguments go
// in behind a NUL marker (no command-line argument can hold NUL), which mri leaves as text and
// as a positional, and come out as typed.

import type { CAC } from "cac";

const MARK = "\0";

/** A token mri would read as a number (or as a short flag, for a negative one). */
function numeric(token: string): boolean {
  return Number.isFinite(Number(token));
}

/** The arguments with every number-like value, and everything after `--`, marked so the parser keeps them as typed. */
function protectArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (const [i, token] of argv.entries()) {
    if (token === "--") {
      out.push(...argv.slice(i + 1).map((t) => MARK + t));
      break;
    }
    const eq = /^(--[^=]+=)(.+)$/.exec(token);
    if (eq && numeric(eq[2] as string)) out.push(`${eq[1]}${MARK}${eq[2]}`);
    else if (numeric(token)) out.push(MARK + token);
    else out.push(token);
  }
  return out;
}

function unmark(value: unknown): unknown {
  if (typeof value === "string") return value.startsWith(MARK) ? value.slice(MARK.length) : value;
  if (Array.isArray(value)) {
    value.forEach((v, i) => (value[i] = unmark(v)));
    return value;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) (value as Record<string, unknown>)[k] = unmark(v);
  }
  return value;
}

export interface ParsedLine {
  args: readonly unknown[];
  options: Record<string, unknown>;
}

/** The command line parsed by the program with every value as typed (the markers taken off in place: cac's own checks read the same objects). */
export function parseCommandLine(cli: CAC, argv: readonly string[]): ParsedLine {
  const parsed = cli.parse(["svc", "svc", ...protectArgv(argv)], { run: false });
  unmark(parsed.args);
  unmark(parsed.options);
  return parsed;
}
