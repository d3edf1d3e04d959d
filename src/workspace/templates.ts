// Templates: language families with their default extensions, marker files and test
// conventions. Collection restricts the inventory to a template; `template: null` infers
// one from marker files, else from the majority extension.

import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { unknownValue } from "../errors.ts";
import { baseName, extensionOf } from "../lang/languages.ts";

export interface Template {
  id: string;
  aliases: readonly string[];
  extensions: readonly string[];
  /** Exact file names (or `prefix*` / `*suffix` patterns) that belong to the template besides extensions. */
  fileNames: readonly string[];
  /** Marker files at a directory that imply this template. */
  markers: readonly string[];
}

const JVM_BUILD = ["pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"];

export const TEMPLATES: readonly Template[] = [
  {
    id: "typescript",
    aliases: ["managed", "ts", "javascript", "js", "node"],
    extensions: [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"],
    fileNames: ["package.json", "tsconfig*.json", "jsconfig.json"],
    markers: ["package.json", "tsconfig.json", "jsconfig.json"],
  },
  { id: "python", aliases: ["py"], extensions: [".py", ".pyi"], fileNames: ["pyproject.toml"], markers: ["pyproject.toml", "setup.py", "setup.cfg"] },
  { id: "go", aliases: ["golang"], extensions: [".go"], fileNames: ["go.mod"], markers: ["go.mod"] },
  { id: "rust", aliases: ["rs"], extensions: [".rs"], fileNames: ["Cargo.toml"], markers: ["Cargo.toml"] },
  { id: "java", aliases: [], extensions: [".java"], fileNames: JVM_BUILD, markers: ["pom.xml", "build.gradle", "build.gradle.kts"] },
  { id: "kotlin", aliases: ["kt"], extensions: [".kt", ".kts"], fileNames: JVM_BUILD, markers: [] },
  { id: "scala", aliases: [], extensions: [".scala", ".sc"], fileNames: ["build.sbt"], markers: ["build.sbt"] },
  { id: "csharp", aliases: ["cs", "dotnet"], extensions: [".cs", ".csproj"], fileNames: ["*.sln", "Directory.Build.props"], markers: ["*.csproj", "*.sln"] },
  { id: "ruby", aliases: ["rb"], extensions: [".rb", ".gemspec"], fileNames: ["Gemfile", "Rakefile"], markers: ["Gemfile"] },
  { id: "php", aliases: [], extensions: [".php"], fileNames: ["composer.json"], markers: ["composer.json"] },
  { id: "swift", aliases: [], extensions: [".swift"], fileNames: ["Package.swift"], markers: ["Package.swift"] },
  { id: "c", aliases: [], extensions: [".c", ".h"], fileNames: ["Makefile", "CMakeLists.txt"], markers: [] },
  { id: "cpp", aliases: ["c++"], extensions: [".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".h"], fileNames: ["Makefile", "CMakeLists.txt"], markers: [] },
  { id: "docs", aliases: ["markdown"], extensions: [".md", ".mdx", ".rst", ".txt"], fileNames: [], markers: [] },
  {
    id: "infrastructure",
    aliases: ["infra"],
    extensions: [".yml", ".yaml", ".tf", ".hcl", ".toml", ".sh"],
    fileNames: ["Dockerfile", "Dockerfile.*", "*.Dockerfile", "Containerfile"],
    markers: [],
  },
];

export const TEMPLATE_IDS: readonly string[] = TEMPLATES.map((t) => t.id);

export function templateById(name: string): Template {
  const key = name.trim().toLowerCase();
  const found = TEMPLATES.find((t) => t.id === key || t.aliases.includes(key));
  if (!found) throw unknownValue("template", name, TEMPLATE_IDS);
  return found;
}

function nameMatches(pattern: string, name: string): boolean {
  if (pattern.startsWith("*")) return name.endsWith(pattern.slice(1));
  if (pattern.endsWith("*")) return name.startsWith(pattern.slice(0, -1));
  const star = pattern.indexOf("*");
  if (star > 0) return name.startsWith(pattern.slice(0, star)) && name.endsWith(pattern.slice(star + 1));
  return name === pattern;
}

/** The extension set a collection uses: the template's, adjusted by the call's filters. */
export interface ExtensionFilter {
  includeExtensions?: string[] | null;
  excludeExtensions?: string[] | null;
  onlyExtensions?: string[] | null;
}

function normalizeExt(ext: string): string {
  const e = ext.trim().toLowerCase();
  return e.startsWith(".") ? e : `.${e}`;
}

/** A predicate over root-relative paths: does the file belong to the template (after filters)? */
export function templateMatcher(template: Template, filter: ExtensionFilter = {}): (path: string) => boolean {
  if (filter.onlyExtensions?.length) {
    const only = new Set(filter.onlyExtensions.map(normalizeExt));
    // a dotfile such as .env has no extension: its whole name matches
    return (path) => only.has(extensionOf(path)) || only.has(baseName(path).toLowerCase());
  }
  const exts = new Set(template.extensions);
  for (const e of filter.includeExtensions ?? []) exts.add(normalizeExt(e));
  for (const e of filter.excludeExtensions ?? []) exts.delete(normalizeExt(e));
  const names = filter.excludeExtensions?.length ? [] : template.fileNames;
  return (path) => {
    if (exts.has(extensionOf(path))) return true;
    const name = baseName(path);
    return names.some((p) => nameMatches(p, name));
  };
}

/** Every file any template knows: the default collection of toc and the other catalog B scopes. */
export function anyTemplateMatcher(): (path: string) => boolean {
  const matchers = TEMPLATES.map((t) => templateMatcher(t));
  return (path) => matchers.some((m) => m(path));
}

/** Infer the template of a directory: marker files first, else the majority extension of `paths`. */
export function inferTemplate(dir: string, paths: readonly string[]): Template {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    entries = [];
  }
  for (const template of TEMPLATES) {
    if (template.markers.some((m) => (m.includes("*") ? entries.some((e) => nameMatches(m, e)) : existsSync(join(dir, m))))) {
      return template;
    }
  }
  const counts = new Map<string, number>();
  for (const path of paths) {
    const ext = extensionOf(path);
    const owner = TEMPLATES.find((t) => t.id !== "docs" && t.id !== "infrastructure" && t.extensions.includes(ext) && ext !== ".json");
    if (owner) counts.set(owner.id, (counts.get(owner.id) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [id, count] of counts) {
    if (best === null || count > (counts.get(best) ?? 0) || (count === counts.get(best) && id < best)) best = id;
  }
  return templateById(best ?? "docs");
}

// --- test conventions -------------------------------------------------------------

const TEST_DIRS = new Set(["__tests__", "test", "tests", "e2e", "__mocks__", "spec", "Tests", "testing"]);
const INTEGRATION_DIRS = new Set(["e2e", "integration", "integration-tests", "integration_tests", "it", "acceptance", "functional", "cypress", "playwright"]);

const TEST_FILE_PATTERNS: readonly RegExp[] = [
  /\.(test|spec)\.[^/]+$/i, // *.test.*, *.spec.*
  /(^|\/)test_[^/]+\.py$/, // test_*.py
  /_test\.(py|go|rb|c|cc|cpp|cxx)$/, // *_test.*
  /_spec\.rb$/,
  /Tests?\.(cs|php|swift|java|kt|scala)$/, // FooTests.cs, FooTest.java
  /Spec\.(scala|kt)$/,
];

const UNIT_FILE_PATTERNS: readonly RegExp[] = [/\.(test|spec)\.[^/]+$/i, /_test\.go$/, /(^|\/)test_[^/]+\.py$/, /_test\.py$/];

function segments(path: string): string[] {
  return path.split("/").slice(0, -1);
}

/** Is the root-relative path a test file or inside a test folder (any template's convention)? */
export function isTestPath(path: string): boolean {
  if (/(^|\/)src\/test\//.test(path)) return true;
  if (TEST_FILE_PATTERNS.some((re) => re.test(path))) return true;
  return segments(path).some((s) => TEST_DIRS.has(s) || /\.(Unit|Integration)?Tests?$/.test(s));
}

/** Unit tests only (`excludeUnitTestProjects`): `*.test.*`, `*.spec.*`, `__tests__/`, `test/unit`, outside integration/e2e folders. */
export function isUnitTestPath(path: string): boolean {
  const segs = segments(path);
  if (segs.some((s) => INTEGRATION_DIRS.has(s.toLowerCase()))) return false;
  if (UNIT_FILE_PATTERNS.some((re) => re.test(path))) return true;
  if (segs.includes("__tests__")) return true;
  if (/(^|\/)tests?\/unit\//.test(path)) return true;
  return segs.some((s) => /\.UnitTests?$/.test(s));
}
