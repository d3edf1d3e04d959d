// --help reads well, for every command of the program (walked from cac, so a new command is
// covered): it opens with one line saying what the command does; a negated flag never shows
// "(default: true)"; the top level fits one screen with deprecated aliases listed apart.

import { describe, expect, test } from "bun:test";
import { buildProgram } from "../../src/surfaces/cli/program.ts";
import { VERSION } from "../../src/version.ts";
import { runSvc } from "../helpers/cli.ts";

/** The help cac prints for these arguments, captured in-process. */
function helpOf(args: string[]): string {
  const { cli } = buildProgram(VERSION);
  const lines: string[] = [];
  const info = console.info;
  console.info = (...parts: unknown[]) => void lines.push(parts.join(" "));
  try {
    cli.parse(["svc", "svc", ...args, "--help"], { run: false });
  } finally {
    console.info = info;
  }
  return lines.join("\n");
}

const commands = buildProgram(VERSION).cli.commands.map((c) => c.name);

describe("--help", () => {
  test("the top level: what svc is, every command once, deprecated aliases apart, one screen", () => {
    const help = helpOf([]);
    const lines = help.split("\n");
    expect(lines[0]).toBe(`svc ${VERSION}: local semantic code-context engine for AI coding agents (CLI, MCP server, workspace host)`);
    expect(lines.length).toBeLessThanOrEqual(50);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
    for (const name of commands) expect({ name, rows: lines.filter((l) => l.startsWith(`  ${name} `)).length }).toEqual({ name, rows: 1 });
    const deprecated = help.slice(help.indexOf("Deprecated aliases"));
    expect(deprecated.split("\n\n")[0]).toMatch(/^Deprecated aliases.*:\n {2}localize .*\n {2}resolve .*$/);
    expect(help.slice(0, help.indexOf("Deprecated aliases"))).not.toContain("Deprecated:");
    expect(help).not.toContain("(default: true)");
    expect(help).not.toContain("For more info");
  }, 120_000);

  test("every command opens with `svc <command>: <what it does>`; no flag line shows (default: true) or trailing spaces", () => {
    expect(commands.length).toBeGreaterThan(15);
    for (const name of commands) {
      const help = helpOf([name]);
      const first = help.split("\n")[0] ?? "";
      expect({ name, first }).toEqual({ name, first: expect.stringMatching(new RegExp(`^svc ${name}: \\S.{10,}$`)) });
      expect({ name, defaultTrue: help.includes("(default: true)"), trailing: /[ \t]$/m.test(help) }).toEqual({ name, defaultTrue: false, trailing: false });
      expect(help).toMatch(/^ {2}--no-color +Disable color \(also NO_COLOR\)$/m);
    }
  }, 120_000);

  test("through the real CLI", () => {
    const r = runSvc(["gate", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toStartWith("svc gate: Exit 1 while the change has introduced compiler errors");
  }, 120_000);
});
