// Benchmark corpora, prepared once under .bench/corpus and reused:
//  - generated-5k: 5,000+ TypeScript files of a generated application (scripts/bench/generate.ts)
//  - npm-mix: real published code from the npm registry at pinned versions — date-fns 4.4.0,
//    typeorm 1.1.1, @mui/material 9.5.0, rxjs 7.8.2 and effect 4.1.0 (JS, .d.ts and the TS
//    sources the last two ship), unpacked side by side: ~11,700 indexed files.
// Each corpus is a git repository with everything committed, like a real checkout.

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { generateCorpus } from "./generate.ts";

export const NPM_MIX = ["date-fns@4.4.0", "typeorm@1.1.1", "@mui/material@9.5.0", "rxjs@7.8.2", "effect@4.1.0"];

function sh(argv: string[], cwd: string): string {
  const r = Bun.spawnSync(argv, { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} failed: ${r.stderr.toString().slice(0, 400)}`);
  return r.stdout.toString();
}

function commitAll(dir: string): void {
  sh(["git", "init", "-q"], dir);
  sh(["git", "add", "-A"], dir);
  sh(["git", "-c", "user.email=bench@svc", "-c", "user.name=bench", "commit", "-qm", "corpus"], dir);
}

export function corpusRoot(base: string): string {
  const dir = join(base, ".bench", "corpus");
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function generatedCorpus(base: string, files = 5000): string {
  const dir = join(corpusRoot(base), `generated-${files}`);
  if (existsSync(join(dir, ".git"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  generateCorpus(dir, files);
  commitAll(dir);
  return dir;
}

export function npmMixCorpus(base: string): string {
  const dir = join(corpusRoot(base), "npm-mix");
  if (existsSync(join(dir, ".git"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  const tarballs = join(corpusRoot(base), "tarballs");
  mkdirSync(tarballs, { recursive: true });
  mkdirSync(dir, { recursive: true });
  for (const spec of NPM_MIX) {
    const file = sh(["npm", "pack", spec, "--silent", "--pack-destination", tarballs], tarballs).trim().split("\n").pop()!;
    const name = spec.replace(/^@/, "").replace(/@.*$/, "").replace("/", "-");
    const target = join(dir, name);
    mkdirSync(target, { recursive: true });
    sh(["tar", "xzf", join(tarballs, file), "-C", target], dir);
    for (const entry of readdirSync(join(target, "package"))) renameSync(join(target, "package", entry), join(target, entry));
    rmSync(join(target, "package"), { recursive: true });
  }
  commitAll(dir);
  return dir;
}
