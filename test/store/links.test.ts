// A repository can commit a `.svc/` holding symbolic links (`.svc/svc.db`, `.svc/ts/<project>.json`
// or `.svc` itself pointing at a file or folder of the user's): an index writer refuses them
// rather than overwrite, empty or chmod what they point at outside the workspace.

import { expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { failure } from "../helpers/failure.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";

test("links in .svc/ (the database, a project wrapper, the ignore file, .svc itself) are refused, naming the link; what they point at is untouched", async () => {
  const outside = tempDir();
  const victim = join(outside, "victim.json");
  writeFileSync(victim, "precious\n");
  const root = gitRepo({ "src/a.ts": "export const a = 1;\n", "tsconfig.json": '{"compilerOptions": {}}\n' });
  const cases: [string, string][] = [
    [".svc/ts/tsconfig.json.json", victim],
    [".svc/svc.db", victim],
    [".svc/.gitignore", join(outside, "created-by-svc")],
    [".svc", outside],
  ];
  for (const [link, target] of cases) {
    rmSync(join(root, ".svc"), { recursive: true, force: true });
    if (link !== ".svc") mkdirSync(join(root, link, ".."), { recursive: true });
    symlinkSync(target, join(root, link));
    const error = await failure(call("index", { path: root }, { cwd: root }));
    expect(error.formatted).toBe(`validation_error: refusing to write the index store: ${link} is a symbolic link (to ${target}), and svc writes nothing through links in .svc/ (it would change a file outside the store); remove it (rm '${link}'), or all of .svc/ to rebuild the store`);
    expect({ link, text: readFileSync(victim, "utf8"), mode: statSync(victim).mode & 0o777, outside: readdirSync(outside) }).toEqual({ link, text: "precious\n", mode: 0o644, outside: ["victim.json"] });
  }
  rmSync(join(root, ".svc"), { recursive: true, force: true });
  expect((await call("index", { path: root }, { cwd: root })).text).toStartWith("Indexed");
}, 120_000);
