// Real TypeScript projects from the npm registry that ship their sources, for the check
// benchmarks, prepared once under .bench/corpus/check-<name> as git repositories. Their own
// tsconfig files use options TypeScript 7 removed (moduleResolution node10, baseUrl) or are
// not shipped, so each gets the TS7-compatible tsconfig written here (the sources are
// untouched); `tsc --noEmit` of the project as prepared is the ground truth.
//  - rxjs 7.8.2: src/ (251 files), its own paths mapping
//  - zod 4.6.7: src/ without tests and benchmarks (134 files)
//  - effect 4.1.0: src/ (572 files, type-heavy) — the 300+ file project for latency
//  - svc: this repository's own TypeScript at commit 5332cdd (`git archive`; src/, test/ and
//    scripts/, 441 files, strict, its own tsconfig untouched; its dependencies' types come
//    from this checkout's node_modules, which module resolution finds above .bench/) — the
//    second 300+ file project

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { corpusRoot } from "./corpus.ts";

export interface CheckProject {
  name: string;
  spec: string;
  dir: string;
  /** Globs of the sources edits are drawn from (relative to dir). */
  sources: RegExp;
}

/** This repository at a pinned commit (a commit of main, so every clone has it). */
const SVC_COMMIT = "5332cdd";

const BASE = { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler", types: [], skipLibCheck: true };

const PROJECTS: { name: string; spec: string; tsconfig: object | null; sources: RegExp }[] = [
  {
    name: "rxjs",
    spec: "rxjs@7.8.2",
    tsconfig: {
      compilerOptions: {
        ...BASE,
        noImplicitReturns: true,
        target: "esnext",
        lib: ["esnext", "dom"],
        paths: {
          rxjs: ["./src/index"],
          "rxjs/operators": ["./src/operators/index"],
          "rxjs/testing": ["./src/testing/index"],
          "rxjs/ajax": ["./src/ajax/index"],
          "rxjs/webSocket": ["./src/webSocket/index"],
          "rxjs/fetch": ["./src/fetch/index"],
          "rxjs/internal/*": ["./src/internal/*"],
        },
      },
      include: ["src/**/*.ts"],
    },
    sources: /^src\/.*\.ts$/,
  },
  {
    name: "zod",
    spec: "zod@4.6.7",
    tsconfig: {
      compilerOptions: { ...BASE, exactOptionalPropertyTypes: true, lib: ["es2022", "dom"], allowImportingTsExtensions: true },
      include: ["src/**/*.ts"],
      exclude: ["**/tests/**", "**/*.test.ts", "**/benchmarks/**"],
    },
    sources: /^src\/(?!.*\/tests\/)(?!.*\/benchmarks\/)(?!.*\.test\.ts$).*\.ts$/,
  },
  {
    name: "effect",
    spec: "effect@4.1.0",
    tsconfig: {
      compilerOptions: {
        ...BASE,
        exactOptionalPropertyTypes: true,
        lib: ["es2022", "dom", "dom.iterable"],
        allowImportingTsExtensions: true,
        paths: { effect: ["./src/index.ts"], "effect/*": ["./src/*.ts", "./src/*/index.ts"] },
      },
      include: ["src/**/*.ts"],
    },
    sources: /^src\/.*\.ts$/,
  },
  {
    name: "svc",
    spec: `git:${SVC_COMMIT}`,
    tsconfig: null,
    sources: /^(?:src|scripts|test\/(?!fixtures\/))[^]*\.ts$/,
  },
];

function sh(argv: string[], cwd: string): string {
  const r = Bun.spawnSync(argv, { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} failed: ${r.stderr.toString().slice(0, 400)}`);
  return r.stdout.toString();
}

export function checkProject(base: string, name: string): CheckProject {
  const p = PROJECTS.find((x) => x.name === name);
  if (!p) throw new Error(`unknown check project ${name}`);
  const dir = join(corpusRoot(base), `check-${p.name}`);
  if (!existsSync(join(dir, ".git"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    if (p.spec.startsWith("git:")) {
      const tar = join(corpusRoot(base), `check-${p.name}.tar`);
      sh(["git", "archive", "-o", tar, p.spec.slice(4)], base);
      sh(["tar", "xf", tar, "-C", dir], dir);
      rmSync(tar);
    } else {
      const tarballs = join(corpusRoot(base), "tarballs");
      mkdirSync(tarballs, { recursive: true });
      const file = sh(["npm", "pack", p.spec, "--silent", "--pack-destination", tarballs], tarballs).trim().split("\n").pop()!;
      sh(["tar", "xzf", join(tarballs, file), "-C", dir], dir);
      for (const entry of readdirSync(join(dir, "package"))) renameSync(join(dir, "package", entry), join(dir, entry));
      rmSync(join(dir, "package"), { recursive: true });
      // Built output would shadow the sources through the package's self-reference.
      for (const built of ["dist", "ai-docs"]) rmSync(join(dir, built), { recursive: true, force: true });
    }
    if (p.tsconfig) {
      for (const entry of readdirSync(dir)) if (/^tsconfig.*\.json$/.test(entry)) rmSync(join(dir, entry));
      writeFileSync(join(dir, "tsconfig.json"), `${JSON.stringify(p.tsconfig, null, 2)}\n`);
    }
    sh(["git", "init", "-q"], dir);
    sh(["git", "add", "-A"], dir);
    sh(["git", "-c", "user.email=bench@svc", "-c", "user.name=bench", "commit", "-qm", "corpus"], dir);
  }
  return { name: p.name, spec: p.spec, dir, sources: p.sources };
}

export const CHECK_PROJECTS = PROJECTS.map((p) => p.name);
