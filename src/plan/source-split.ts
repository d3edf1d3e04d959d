// Source first: data and docs files (JSON, YAML, Markdown, …) are not emitted by default.
// They are set aside and listed with their cost, one line per kind, so a skeleton or a
// scoped answer stays far smaller than the source it summarises; a call that names their
// extension (onlyExtensions, includeExtensions, a template such as docs, a focus seed that
// is such a file) gets them. A folder holding nothing else keeps them (a docs folder).

import { onlyExtensionCall, type Surface } from "../render/surface-calls.ts";
import { extensionOf } from "../lang/languages.ts";
import { formatTokens } from "../text/tokens.ts";
import { narrowCollection, type Collection } from "./collect.ts";

const DATA = [".json", ".jsonc", ".json5", ".yml", ".yaml", ".toml", ".csv", ".tsv", ".xml", ".svg", ".ini", ".properties", ".lock"];
const DOCS = [".md", ".mdx", ".rst", ".txt", ".adoc"];
const KIND = new Map<string, "data" | "docs">([...DATA.map((e) => [e, "data"] as const), ...DOCS.map((e) => [e, "docs"] as const)]);

export function dataOrDocsKind(path: string): "data" | "docs" | null {
  return KIND.get(extensionOf(path)) ?? null;
}

export interface SetAside {
  /** The extension, e.g. ".json". */
  ext: string;
  kind: "data" | "docs";
  files: number;
  tokens: number;
  /** The paths when there are at most three. */
  paths?: string[];
}

/** The collection without the data and docs files the call did not ask for, and what was set aside. */
export function setAsideDataAndDocs(collection: Collection, asked: (ext: string) => boolean = () => false): { collection: Collection; setAside: SetAside[] } {
  const byExt = new Map<string, SetAside & { all: string[] }>();
  let sources = 0;
  for (const file of collection.files) {
    const kind = dataOrDocsKind(file.path);
    const ext = extensionOf(file.path);
    if (kind === null || asked(ext)) {
      sources++;
      continue;
    }
    const row = byExt.get(ext) ?? { ext, kind, files: 0, tokens: 0, all: [] };
    row.files++;
    row.tokens += file.tokens;
    row.all.push(file.path);
    byExt.set(ext, row);
  }
  if (byExt.size === 0 || sources === 0) return { collection, setAside: [] };
  const setAside = [...byExt.values()]
    .sort((a, b) => b.tokens - a.tokens || (a.ext < b.ext ? -1 : 1))
    .map(({ all, ...row }) => (all.length <= 3 ? { ...row, paths: all } : row));
  return { collection: narrowCollection(collection, (f) => dataOrDocsKind(f.path) === null || asked(extensionOf(f.path))), setAside };
}

/** One manifest line per kind: what was left out, its cost, and how to get it. */
export function setAsideLines(setAside: readonly SetAside[], surface: Surface | undefined): string[] {
  return setAside.map(
    (s) =>
      `not included (${s.kind}): ${s.files} ${s.ext} file${s.files === 1 ? "" : "s"} (~${formatTokens(s.tokens)} tokens)${s.paths ? ` ${s.paths.join(", ")}` : ""}; emit with ${onlyExtensionCall(surface, s.ext)}`,
  );
}

/** A predicate over extensions named by the call's extension filters or its template. */
export function askedExtensions(names: readonly (string | null | undefined)[]): (ext: string) => boolean {
  const set = new Set(names.filter((n): n is string => typeof n === "string" && n !== "").map((n) => (n.startsWith(".") ? n : `.${n}`).toLowerCase()));
  return (ext) => set.has(ext);
}
