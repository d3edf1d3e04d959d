// Localization tasks from consecutive published versions of npm packages: a version whose
// CHANGELOG section lists exactly one change is a task — the entry's text is the query,
// the files that differ between the previous published version and this one are the
// targets, and the previous version's tree is where they are looked for. Only small diffs
// count (1–MAX_TARGETS changed source files that existed before, at most MAX_CHANGED in
// all, not whitespace-only); maintenance entries are skipped (task.ts).
//
// The packages are listed in npm-packages.ts.
// Each version's tree keeps the source folder plus README.md and package.json, committed
// to git like a checkout (CHANGELOG.md is left out: it is where the tasks come from).

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, cpSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parseChangelog } from "./changelog.ts";
import type { NpmCorpusSpec } from "./npm-packages.ts";
import { isMaintenance, isSourceFile, splitOf, taskText, type LocalizeTask } from "./task.ts";

const MAX_TARGETS = 8;
const MAX_CHANGED = 12;
/** Keep at most this many tasks per package (newest first), so one package cannot dominate. */
const MAX_TASKS = 60;

function sh(argv: string[], cwd: string): string {
  const r = Bun.spawnSync(argv, { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} failed: ${r.stderr.toString().slice(0, 400)}`);
  return r.stdout.toString();
}

function walk(dir: string, base = dir, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, base, out);
    else out.push(relative(base, full).split("\\").join("/"));
  }
  return out;
}

/** The unpacked package folder of name@version (cached under cacheDir). */
function unpacked(cacheDir: string, name: string, version: string): string {
  const dir = join(cacheDir, "unpacked", `${name.replace("/", "+")}@${version}`);
  if (existsSync(join(dir, "package.json"))) return dir;
  const tarballs = join(cacheDir, "tarballs");
  mkdirSync(tarballs, { recursive: true });
  const file = sh(["npm", "pack", `${name}@${version}`, "--silent", "--pack-destination", tarballs], tarballs).trim().split("\n").pop() as string;
  const tmp = `${dir}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  sh(["tar", "xzf", join(tarballs, file), "-C", tmp], tmp);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(tmp, "package"), dir, { recursive: true });
  rmSync(tmp, { recursive: true, force: true });
  return dir;
}

/** The kept files of a package folder, path → content. */
function keptFiles(dir: string, keep: (p: string) => boolean): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of walk(dir)) if (keep(p)) out.set(p, readFileSync(join(dir, p), "utf8"));
  return out;
}

/** The version's tree as a committed git repository (built once per distinct kept content). */
function tree(cacheDir: string, spec: NpmCorpusSpec, version: string, files: Map<string, string>): string {
  const digest = createHash("sha1");
  for (const p of [...files.keys()].sort()) digest.update(`${p}\0${files.get(p)}\0`);
  const dir = join(cacheDir, "trees", `${spec.name.replace("/", "+")}@${version}-${digest.digest("hex").slice(0, 8)}`);
  if (existsSync(join(dir, ".git"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  for (const [p, text] of files) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  sh(["git", "init", "-q"], dir);
  sh(["git", "add", "-A"], dir);
  sh(["git", "-c", "user.email=bench@svc", "-c", "user.name=bench", "commit", "-qm", `${spec.name}@${version}`], dir);
  return dir;
}

const squash = (s: string) => s.replace(/\s+/g, "");

function versionsOf(cacheDir: string, name: string): string[] {
  const file = join(cacheDir, `${name.replace("/", "+")}.versions.json`);
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(file, sh(["npm", "view", name, "versions", "--json"], cacheDir));
  }
  return (JSON.parse(readFileSync(file, "utf8")) as string[]).sort((a, b) => Bun.semver.order(a, b));
}

export interface NpmTasksResult {
  tasks: LocalizeTask[];
  /** Why candidate versions were not used, counted. */
  skipped: Record<string, number>;
}

export function npmTasks(cacheDir: string, spec: NpmCorpusSpec, log: (s: string) => void = () => {}): NpmTasksResult {
  const changelog = parseChangelog(readFileSync(join(unpacked(cacheDir, spec.name, spec.changelogFrom), spec.changelogFile ?? "CHANGELOG.md"), "utf8"));
  const published = versionsOf(cacheDir, spec.name).filter(spec.range);
  const sections = [...changelog.keys()];
  const skipped: Record<string, number> = {};
  const skip = (why: string) => (skipped[why] = (skipped[why] ?? 0) + 1);
  const tasks: LocalizeTask[] = [];
  for (let i = published.length - 1; i > 0 && tasks.length < MAX_TASKS; i--) {
    const version = published[i] as string;
    const previous = published[i - 1] as string;
    const entries = changelog.get(version);
    if (!entries) {
      skip("no changelog section");
      continue;
    }
    if (entries.length !== 1) {
      skip(entries.length === 0 ? "no code entry" : "several entries");
      continue;
    }
    // The previous published version must be the changelog's previous section too.
    const at = sections.indexOf(version);
    if (sections[at + 1] !== previous) {
      skip("previous version not adjacent in the changelog");
      continue;
    }
    const entry = entries[0] as { text: string };
    const query = taskText(entry.text);
    if (isMaintenance(query) || query.split(/\s+/).length < 3) {
      skip("maintenance or too short");
      continue;
    }
    let before: Map<string, string>;
    let after: Map<string, string>;
    try {
      before = keptFiles(unpacked(cacheDir, spec.name, previous), spec.keep);
      after = keptFiles(unpacked(cacheDir, spec.name, version), spec.keep);
    } catch (error) {
      skip("download failed");
      log(`  ${spec.name}@${version}: ${(error as Error).message.slice(0, 120)}`);
      continue;
    }
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((p) => isSourceFile(p) && before.get(p) !== after.get(p));
    const norm = (text: string | undefined) => squash(spec.normalize ? spec.normalize(text ?? "") : (text ?? ""));
    const real = changed.filter((p) => norm(before.get(p)) !== norm(after.get(p)));
    const targets = real.filter((p) => before.has(p)).sort();
    if (real.length === 0) {
      skip(changed.length ? "whitespace-only diff" : "no source change");
      continue;
    }
    if (targets.length === 0) {
      skip("only new files");
      continue;
    }
    if (targets.length > MAX_TARGETS || real.length > MAX_CHANGED) {
      skip("diff too large");
      continue;
    }
    const id = `${spec.name}@${version}`;
    tasks.push({ id, corpus: spec.name, query, targets, root: tree(cacheDir, spec, previous, before), split: splitOf(id) });
  }
  return { tasks, skipped };
}
