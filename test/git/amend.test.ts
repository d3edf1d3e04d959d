// Whether `git commit`'s arguments amend HEAD (git/amend.ts): the pre-commit hook reads them
// from the git process running it, and gates an amend against HEAD's first parent.

import { describe, expect, test } from "bun:test";
import { commitArgsAmend } from "../../src/git/amend.ts";

describe("commitArgsAmend", () => {
  test("--amend and its unambiguous prefixes amend; the last of --amend and --no-amend wins; a value or a path that reads --amend does not", () => {
    for (const args of [["--amend"], ["-q", "--amend", "-m", "x"], ["--am"], ["--amen"], ["--no-amend", "--amend"], ["-am", "msg", "--amend"]]) expect({ args, amend: commitArgsAmend(args) }).toEqual({ args, amend: true });
    for (const args of [[], ["-m", "--amend"], ["-am", "--amend"], ["--message", "--amend"], ["-F", "--amend"], ["--amend", "--no-amend"], ["--", "--amend"], ["--message=--amend"], ["-m--amend"], ["--a"]]) expect({ args, amend: commitArgsAmend(args) }).toEqual({ args, amend: false });
  });
});
