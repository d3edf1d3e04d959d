// The configs a project reads besides tsconfig*.json / jsconfig*.json / package.json: the
// files their `extends` chains name (`"extends": "./config/base.json"`). An edit to one
// changes what the compiler checks as much as an edit to the tsconfig itself, so the gate
// treats it as a config edit, never as a JSON file nobody imports.

import { posix } from "node:path";
import { gitOrValidation } from "../git/git.ts";
import { parseJsonc } from "../index/imports/file-index.ts";
import { textReader } from "../workspace/files.ts";
import { PROJECT_CONFIG } from "./gate-compare.ts";

/** The `extends` targets inside the work tree of a config's text (relative to its folder), `.json` added as the compiler does. */
function extendsOf(config: string, text: string | null): string[] {
  const parsed = text === null ? null : (parseJsonc(text) as { extends?: unknown } | null);
  const raw = parsed && typeof parsed === "object" ? parsed.extends : undefined;
  const list = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw.filter((e): e is string => typeof e === "string") : [];
  return list
    .filter((e) => e.startsWith("./") || e.startsWith("../")) // a package's config (node_modules) is no file of the change
    .map((e) => posix.normalize(posix.join(posix.dirname(config), e.endsWith(".json") ? e : `${e}.json`)))
    .filter((p) => p !== ".." && !p.startsWith("../"));
}

/**
 * Which of `paths` a tracked tsconfig/jsconfig extends, at any depth, read from the disk (the
 * commit's configs: an unstaged config edit is refused before this). Only asked for changed
 * .json files that are not project configs by name, so most gates never list the configs.
 * `index`: the index file to list the tracked configs of (a hook's, see givenIndexFile).
 */
export async function extendedConfigs(root: string, paths: readonly string[], index?: string): Promise<Set<string>> {
  const wanted = paths.filter((p) => p.endsWith(".json") && !PROJECT_CONFIG.test(p));
  const found = new Set<string>();
  if (!wanted.length) return found;
  const configs = (await gitOrValidation(root, ["ls-files", "-z", "--", ":(glob)**/tsconfig*.json", ":(glob)**/jsconfig*.json"], index ? { env: { GIT_INDEX_FILE: index } } : {})).split("\0").filter(Boolean);
  const read = textReader(root);
  const seen = new Set<string>();
  const queue = [...configs];
  while (queue.length) {
    const config = queue.pop()!;
    if (seen.has(config)) continue;
    seen.add(config);
    for (const target of extendsOf(config, read(config))) {
      found.add(target);
      queue.push(target);
    }
  }
  return new Set(wanted.filter((p) => found.has(p)));
}
