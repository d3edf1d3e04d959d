// A read in a workspace this user cannot write (a read-only checkout, another user's folder)
// says the index cannot be built there, and why — never "the index is being built, retry" for
// a background build that can never run.

import { expect, test } from "bun:test";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { plainDir } from "../helpers/repo.ts";

const MAIN = join(import.meta.dir, "../../src/main.ts");
const isRoot = process.getuid?.() === 0;

test("an index-backed read where the store cannot be written is refused with the reason, exit 1", () => {
  const root = plainDir({ "src/a.ts": "export function alpha() {}\n" });
  for (const dir of [join(root, "src"), root]) chmodSync(dir, 0o555);
  // root writes anywhere: run as nobody then (setpriv), as the user otherwise
  const as = isRoot ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [];
  const run = Bun.spawnSync([...as, process.execPath, "--no-install", MAIN, "find", "alpha", root, "--kind", "symbol"], {
    env: { ...process.env, HOME: "/tmp", SVC_DAEMON: "0" },
    stdout: "pipe",
    stderr: "pipe",
  });
  expect({ code: run.exitCode, stderr: run.stderr.toString().split("\n")[0], stdout: run.stdout.toString() }).toEqual({
    code: 1,
    stderr: `validation_error: cannot write the index store ${join(root, ".svc")}: the workspace folder is not writable, so it cannot be created by this user (EACCES); make it writable, or index a writable copy`,
    stdout: "",
  });
}, 120_000);
