// A repository can commit a `.svc/` holding symbolic links (`.svc/svc.db`, `.svc/ts/<project>.json`
// or `.svc` itself pointing at a file or folder of the user's): an index writer refuses them
// rather than overwrite, empty or chmod what they point at outside the workspace.

import { expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { failure } from "../helpers/failure.ts";
import { gitRepo, tempDir } from "../helpers/repo.ts";
import { ensureStoreDir } from "../../src/store/db.ts";

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
    // inside svc's own store (one without its identity is set aside whole, links and all: provenance.ts)
    if (link !== ".svc") ensureStoreDir(root, ...link.split("/").slice(1, -1));
    rmSync(join(root, link), { force: true });
    symlinkSync(target, join(root, link));
    if (link.startsWith(".svc/ts/")) {
      // a project wrapper is written by the semantic upgrade, which fails on it: the index stays syntax-only, and says why
      const r = await call("index", { path: root }, { cwd: root });
      // not finished, and said so: the bracket and the last sentence (svc index exits 1)
      expect(r.text).toStartWith("Indexed [syntax; semantic upgrade not finished]");
      expect(r.exitCode).toBe(1);
      expect(JSON.stringify(r.warnings ?? r.data)).toContain(`refusing to use the index store: ${link} is a symbolic link (to ${target})`);
    } else {
      const error = await failure(call("index", { path: root }, { cwd: root }));
      expect(error.formatted).toStartWith(`validation_error: refusing to use the index store: ${link} is a symbolic link (to ${target}); svc keeps its index inside the workspace and never writes through a link.`);
    }
    expect({ link, text: readFileSync(victim, "utf8"), mode: statSync(victim).mode & 0o777, outside: readdirSync(outside) }).toEqual({ link, text: "precious\n", mode: 0o644, outside: ["victim.json"] });
  }
  rmSync(join(root, ".svc"), { recursive: true, force: true });
  expect((await call("index", { path: root }, { cwd: root })).text).toStartWith("Indexed");
}, 120_000);
