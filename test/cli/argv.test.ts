// The command line reaches the engine as typed. cac's parser (mri) turned every value that reads
// as a number into one — `--changed-since 0123456` became the ref "123456", `--files 1e3` the
// file "1000", an empty value 0 — read `-5` as a short flag, and set aside what follows `--`,
// which svc ignored. Walking the registry: every flag and positional of every command keeps the
// text given, whatever it looks like.

import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { REGISTRY } from "../../src/registry/index.ts";
import { parseCommandLine } from "../../src/surfaces/cli/argv.ts";
import { buildProgram, cliParams, flagName, optionKey } from "../../src/surfaces/cli/program.ts";
import { runCliHere } from "../helpers/cli.ts";
import { gitRepo } from "../helpers/repo.ts";

/** Values mri read as numbers (or as a flag), each to come back as typed. */
const AS_TYPED = ["0123456", "1e3", "0x1F", "-5", "007", " 12 ", "", "1.50"];

describe("every value of every command is kept as typed", () => {
  const { cli } = buildProgram("test");

  test("flags (string, list and integer ones, `--flag value` and `--flag=value`) and positionals", () => {
    const problems: string[] = [];
    let checked = 0;
    for (const spec of REGISTRY.filter((s) => s.cli)) {
      const { positional, flags } = cliParams(spec);
      const command = spec.cli?.command as string;
      for (const value of AS_TYPED) {
        for (const param of flags.filter((p) => ["string", "string[]", "int"].includes(p.type) && !(p.cli && (p.cli.fromStdin || p.cli.negate)))) {
          const key = optionKey(flagName(param));
          // a list flag given once is its one value (validation takes it as a list of one)
          const want = value;
          const forms = value === "" ? [[`--${flagName(param)}`, value]] : [[`--${flagName(param)}`, value], [`--${flagName(param)}=${value}`]];
          for (const form of forms) {
            const got = parseCommandLine(cli, [command, ...form]).options[key];
            checked++;
            if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`svc ${command} ${form.join(" ")}: ${JSON.stringify(got)}`);
          }
        }
        if (positional.length && value !== "") {
          const got = parseCommandLine(cli, [command, "--", value]).args[0];
          checked++;
          if (got !== value) problems.push(`svc ${command} -- ${value}: ${JSON.stringify(got)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  test("a flag given without its value is a usage error on every command (a list flag was the value \"true\": `svc toc --exclude-dir` left out a folder named true; `svc mcp install --client` installed the default client)", async () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n", "true/t.ts": "export const t = 1;\n" });
    for (const argv of [["toc", root, "--exclude-dir"], ["toc", root, "--exclude-dir", "--max-tokens", "100"], ["reduce", "--files"], ["context", root, "--file"]]) {
      const run = await runCliHere(argv);
      expect({ argv, code: run.code, stdout: run.stdout }).toEqual({ argv, code: 2, stdout: "" });
      expect(run.stderr).toMatch(/^svc: option '--[a-z-]+ <value>' value is missing\n/);
    }
    // the commands outside the registry too: `svc mcp install --client` installed the default client's config
    for (const argv of [["mcp", "install", "--client", "--cwd", root], ["mcp", "install", "--scope", "--cwd", root], ["localize", root, "--task"], ["resolve", root, "--service"]]) {
      const run = await runCliHere(argv);
      expect({ argv, code: run.code, stdout: run.stdout }).toEqual({ argv, code: 2, stdout: "" });
      expect(run.stderr).toMatch(/^svc: option '--[a-z-]+ <[a-z]+>' value is missing\n/);
    }
    expect(existsSync(join(root, ".mcp.json"))).toBe(false);
    // given twice, or with the command's extra arguments, it is the list
    const twice = await runCliHere(["toc", root, "--exclude-dir", "true", "--exclude-dir", "x", "--json"]);
    expect(twice.code).toBe(0);
    expect(twice.stdout).not.toContain("true/t.ts");
  }, 60_000);

  test("after `--` every argument is a positional, one that looks like a flag included", () => {
    const parsed = parseCommandLine(cli, ["find", "--kind", "text", "--", "--limit", "-x"]);
    expect(parsed.args).toEqual(["--limit", "-x"]);
    expect(parsed.options.kind).toBe("text");
    expect(parsed.options.limit).toBeUndefined();
  });

  test("end to end: a file named 1e3, a query after --, a negative limit, a flag given twice", async () => {
    const root = gitRepo({ "1e3": "export const thousand = 1000;\n", "src/a.ts": "export const dash = '-x';\n", "package.json": '{ "name": "argv" }\n' });
    const reduced = await runCliHere(["reduce", "--files", "1e3", "--cwd", root, "--json"]);
    expect(reduced.stderr).toBe("");
    expect(JSON.parse(reduced.stdout).entries.map((e: { path: string }) => e.path)).toEqual(["1e3"]);
    const dashed = await runCliHere(["find", "--cwd", root, "--json", "--", "-x"]);
    expect(dashed.code).toBe(0);
    expect(JSON.parse(dashed.stdout).query).toBe("-x");
    const negative = await runCliHere(["find", "dash", "--limit", "-5", "--cwd", root]);
    expect(negative.stderr.trim()).toBe("validation_error: --limit must be between 1 and 1000 (got -5)");
    const twice = await runCliHere(["find", "dash", "--limit", "5", "--limit", "6", "--cwd", root]);
    expect(twice.stderr.trim()).toBe('validation_error: --limit takes one value, not a list of 2 (["5","6"])');
    const ref = await runCliHere(["find", "dash", "--kind", "task", "--changed-since", "0123456", "--cwd", root]);
    expect(ref.stderr.trim()).toBe("validation_error: bad revision '0123456'");
    // a flag that means nothing without another is refused, named as typed
    const negated = await runCliHere(["fuse", "--no-dependents", "--cwd", root]);
    expect(negated.stderr.trim()).toBe("validation_error: --no-dependents applies only with --changed-since; pass --changed-since or leave --no-dependents out");
  }, 120_000);
});

test("with --json every usage error is one JSON object on stderr (an unknown command, option or action, a missing argument), exit 2", async () => {
  const cases: [string[], string][] = [
    [["bogus", "--json"], "unknown command 'bogus'"],
    [["--bogus", "--json"], "unknown option '--bogus'"],
    // named as typed: a short one with one dash, a long one with its dashes
    [["-x", "--json"], "unknown option '-x'"],
    [["--bogus-flag", "--json"], "unknown option '--bogus-flag'"],
    [["find", "x", "--bogus", "--json"], "Unknown option '--bogus'"],
    [["find", "--json"], "missing required args for command 'find <query> [path]'"],
    [["mcp", "nope", "--json"], "unknown mcp action 'nope'"],
    [["hook", "nope", "--json"], "unknown hook action 'nope'"],
    [["localize", "--json"], "svc localize needs --task <text>"],
  ];
  for (const [argv, message] of cases) {
    const r = await runCliHere(argv);
    expect({ argv, code: r.code, stdout: r.stdout }).toEqual({ argv, code: 2, stdout: "" });
    expect({ argv, error: JSON.parse(r.stderr).error }).toMatchObject({ argv, error: { prefix: "usage_error", message } });
  }
});

test("an option outside the registry that takes one value refuses two (--cwd a --cwd b ran in the working directory) and an empty folder", async () => {
  const root = gitRepo({ "a.ts": "export const a = 1;\n" });
  const cases: [string[], string][] = [
    [["toc", "--cwd", root, "--cwd", "/tmp"], "svc: option '--cwd' takes one value (given 2 times)"],
    [["toc", "--cwd", ""], "svc: option '--cwd' must name a folder (got an empty value)"],
    [["host", "--directory", "a", "--directory", "b"], "svc: option '--directory' takes one value (given 2 times)"],
    [["mcp", "install", "--client", "cursor", "--client", "vscode"], "svc: option '--client' takes one value (given 2 times)"],
    [["resolve", "--symbol", "a", "--symbol", "b"], "svc: option '--symbol' takes one value (given 2 times)"],
    // two lookups of the deprecated alias: the first was answered, the other ignored
    [["resolve", "--symbol", "a", "--route", "b", "--cwd", root], "svc: svc resolve takes one of --service, --request, --route, --config or --symbol (given: --route, --symbol)"],
  ];
  for (const [argv, line] of cases) {
    const r = await runCliHere(argv);
    expect({ argv, code: r.code, first: r.stderr.split("\n")[0] }).toEqual({ argv, code: 2, first: line });
  }
  // a repeatable registry flag of the same name stays a list (context's --request)
  const listed = await runCliHere(["context", "--request", "a", "--request", "b", "--cwd", root]);
  expect(listed.stderr).not.toContain("takes one value");
  expect(listed.code).not.toBe(2);
}, 60_000);
