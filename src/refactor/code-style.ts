// The project's code style for edits the engine writes (organize-imports, code fixes, every
// refactor, repair packets' fixes): semicolons, quotes and indentation, from the Prettier
// configuration, then `.editorconfig`, then Prettier's defaults when Prettier is configured,
// then what the file itself does. Passed to the engine as its formatting options, so a
// `semi: false`, 2-space codebase gets edits without semicolons, indented by 2.
//
//   const style = detectCodeStyle(root, "src/a.ts", text);   // {semicolons, quote, indent, from}
//   await useCodeStyle(engine, root, "src/a.ts", text);       // the engine formats edits so

import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import type { TsEngine } from "../semantic/engine.ts";
import { toPosix } from "../workspace/root.ts";
import { globToRegExp } from "../workspace/ignore.ts";

export interface CodeStyle {
  /** Statements end with `;` (null: unknown, the engine decides). */
  semicolons: boolean | null;
  quote: "single" | "double" | null;
  indent: { tabs: boolean; size: number } | null;
  /** Where each part came from, for the answer (`.prettierrc`, `.editorconfig`, `the file`). */
  from: string[];
}

interface Partial {
  semicolons?: boolean;
  quote?: "single" | "double";
  tabs?: boolean;
  size?: number;
}

const PRETTIER_FILES = [".prettierrc", ".prettierrc.json", ".prettierrc.json5", ".prettierrc.yaml", ".prettierrc.yml", ".prettierrc.toml", "prettier.config.js", "prettier.config.cjs", "prettier.config.mjs", "prettier.config.ts", ".prettierrc.js", ".prettierrc.cjs", ".prettierrc.mjs"];

function read(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Folders from the file's up to the root (inclusive), nearest first. */
function foldersUp(root: string, rel: string): string[] {
  const out: string[] = [];
  let dir = dirname(join(root, rel));
  for (;;) {
    out.push(dir);
    if (dir === root || !dir.startsWith(root)) break;
    dir = dirname(dir);
  }
  return out;
}

/** Prettier options from a config's text: JSON when it parses, else `key: value` pairs (YAML, TOML, JS objects). */
function prettierOptions(text: string): Partial {
  let obj: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object") obj = parsed as Record<string, unknown>;
  } catch {
    obj = null;
  }
  const value = (key: string): string | undefined => {
    if (obj) return obj[key] === undefined ? undefined : String(obj[key]);
    return new RegExp(`(?:^|[\\s{,])["']?${key}["']?\\s*[:=]\\s*["']?([\\w.]+)`, "m").exec(text)?.[1];
  };
  const out: Partial = {};
  const semi = value("semi");
  if (semi === "true" || semi === "false") out.semicolons = semi === "true";
  const single = value("singleQuote");
  if (single === "true" || single === "false") out.quote = single === "true" ? "single" : "double";
  const tabs = value("useTabs");
  if (tabs === "true" || tabs === "false") out.tabs = tabs === "true";
  const width = Number(value("tabWidth"));
  if (Number.isInteger(width) && width > 0 && width <= 16) out.size = width;
  return out;
}

function nearestPrettier(root: string, rel: string): { options: Partial; from: string } | null {
  for (const dir of foldersUp(root, rel)) {
    for (const name of PRETTIER_FILES) {
      const text = read(join(dir, name));
      if (text !== null) return { options: prettierOptions(text), from: toPosix(relative(root, join(dir, name))) || name };
    }
    const pkg = read(join(dir, "package.json"));
    if (pkg !== null) {
      try {
        const field = (JSON.parse(pkg) as { prettier?: unknown }).prettier;
        if (field && typeof field === "object") return { options: prettierOptions(JSON.stringify(field)), from: toPosix(relative(root, join(dir, "package.json"))) || "package.json" };
        if (typeof field === "string") return { options: {}, from: `${toPosix(relative(root, join(dir, "package.json"))) || "package.json"} (shared config ${field})` };
      } catch {
        // an unparsable package.json says nothing about Prettier
      }
    }
  }
  return null;
}

/** An .editorconfig section glob: with a slash it is anchored at the file's folder, without one it matches at any depth. */
function sectionRegex(glob: string): RegExp {
  return globToRegExp(glob.includes("/") ? glob.replace(/^\//, "") : `**/${glob}`);
}

/** `.editorconfig` settings for a file: nearest file wins, later sections win within a file; stops at `root = true`. */
function editorconfig(root: string, rel: string): { options: Partial; from: string } | null {
  const found: { dir: string; text: string }[] = [];
  for (const dir of foldersUp(root, rel)) {
    const text = read(join(dir, ".editorconfig"));
    if (text === null) continue;
    found.push({ dir, text });
    if (/^\s*root\s*=\s*true\s*$/im.test(text.split(/^\s*\[/m)[0] ?? "")) break;
  }
  if (!found.length) return null;
  const props = new Map<string, string>();
  for (const { dir, text } of found.reverse()) {
    const path = toPosix(relative(dir, join(root, rel)));
    let applies = false;
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      if (!line || line.startsWith("#") || line.startsWith(";")) continue;
      const section = /^\[(.*)\]$/.exec(line);
      if (section) {
        applies = sectionRegex(section[1]!).test(path);
        continue;
      }
      const kv = /^([\w-]+)\s*[=:]\s*(.*)$/.exec(line);
      if (applies && kv) props.set(kv[1]!.toLowerCase(), kv[2]!.trim().toLowerCase());
    }
  }
  const out: Partial = {};
  const style = props.get("indent_style");
  if (style === "tab" || style === "space") out.tabs = style === "tab";
  const size = Number(props.get("indent_size") === "tab" ? props.get("tab_width") : props.get("indent_size"));
  if (Number.isInteger(size) && size > 0 && size <= 16) out.size = size;
  const quote = props.get("quote_type");
  if (quote === "single" || quote === "double") out.quote = quote;
  return Object.keys(out).length ? { options: out, from: toPosix(relative(root, join(found[found.length - 1]!.dir, ".editorconfig"))) || ".editorconfig" } : null;
}

/** What the file's own text does: the majority of statement ends, string quotes and the indentation step. */
export function styleOfText(text: string): Partial {
  const out: Partial = {};
  let semi = 0;
  let bare = 0;
  let single = 0;
  let double = 0;
  let tabbed = 0;
  const steps = new Map<number, number>();
  let previous = 0;
  let inBlockComment = false;
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (inBlockComment) {
      if (trimmed.includes("*/")) inBlockComment = false;
      continue;
    }
    if (trimmed.startsWith("/*")) {
      inBlockComment = !trimmed.includes("*/");
      continue;
    }
    if (!trimmed || trimmed.startsWith("//")) continue;
    if (/^(import|export|const|let|var|return|throw|type)\b/.test(trimmed) || /^[\w$.]+\(.*\)$/.test(trimmed) || /^[\w$.]+\(.*\);$/.test(trimmed)) {
      if (trimmed.endsWith(";")) semi++;
      else if (!/[{([,=:>|&?+\-*/.]$/.test(trimmed) && !/^(export\s+)?(default\s+)?(async\s+)?(function|class|interface|enum|namespace)\b/.test(trimmed)) bare++;
    }
    for (const m of trimmed.matchAll(/(?:from|import|require\()\s*(['"])/g)) {
      if (m[1] === "'") single++;
      else double++;
    }
    const lead = /^[ \t]*/.exec(raw)![0];
    if (lead.startsWith("\t")) {
      tabbed++;
      continue;
    }
    if (trimmed.startsWith("*")) continue; // a doc comment's continuation
    if (lead.length > previous) steps.set(lead.length - previous, (steps.get(lead.length - previous) ?? 0) + 1);
    previous = lead.length;
  }
  if (semi + bare >= 2) out.semicolons = semi >= bare;
  if (single + double >= 1) out.quote = single > double ? "single" : "double";
  const spaced = [...steps.values()].reduce((a, b) => a + b, 0);
  if (tabbed > spaced && tabbed > 0) out.tabs = true;
  else if (spaced) {
    out.tabs = false;
    out.size = [...steps].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  }
  return out;
}

/** The style edits to `rel` should follow (`text`: its content when known, else read from disk). */
export function detectCodeStyle(root: string, rel: string, text?: string | null): CodeStyle {
  const style: Partial = {};
  const from: string[] = [];
  const take = (options: Partial, source: string) => {
    let used = false;
    for (const key of ["semicolons", "quote", "tabs", "size"] as const) {
      if (style[key] === undefined && options[key] !== undefined) {
        (style as Record<string, unknown>)[key] = options[key];
        used = true;
      }
    }
    if (used) from.push(source);
  };
  const prettier = nearestPrettier(root, rel);
  if (prettier) take(prettier.options, prettier.from);
  const editor = editorconfig(root, rel);
  if (editor) take(editor.options, editor.from);
  if (prettier) take({ semicolons: true, quote: "double", tabs: false, size: 2 }, "Prettier's defaults");
  const own = text ?? (existsSync(join(root, rel)) ? read(join(root, rel)) : null);
  if (own !== null) take(styleOfText(own), basename(rel));
  const indent = style.tabs === undefined && style.size === undefined ? null : { tabs: style.tabs ?? false, size: style.size ?? (style.tabs ? 4 : 2) };
  return { semicolons: style.semicolons ?? null, quote: style.quote ?? null, indent, from };
}

/** The engine's editor settings for a style (TypeScript 7's `format.*` and `preferences.quoteStyle`). */
export function engineSettings(style: CodeStyle): Record<string, unknown> {
  const format: Record<string, unknown> = {};
  if (style.semicolons !== null) format.semicolons = style.semicolons ? "insert" : "remove";
  if (style.indent) Object.assign(format, { tabSize: style.indent.size, indentSize: style.indent.size, convertTabsToSpaces: !style.indent.tabs });
  const section = { format, preferences: { quoteStyle: style.quote ?? "auto" } };
  return { "js/ts": section, typescript: section, javascript: section };
}

/** One line for answers: `style: no semicolons, single quotes, 2 spaces (from .prettierrc, src/a.ts)`. */
export function describeCodeStyle(style: CodeStyle): string {
  const parts = [
    style.semicolons === null ? null : style.semicolons ? "semicolons" : "no semicolons",
    style.quote ? `${style.quote} quotes` : null,
    style.indent ? (style.indent.tabs ? "tabs" : `${style.indent.size} spaces`) : null,
  ].filter(Boolean);
  return parts.length ? `style: ${parts.join(", ")} (from ${style.from.join(", ")})` : "style: the engine's defaults (nothing configured or detectable)";
}

/** Make the engine format the edits it computes for `rel` in the project's style; returns the style. */
export async function useCodeStyle(engine: TsEngine, root: string, rel: string, text?: string | null): Promise<CodeStyle> {
  const style = detectCodeStyle(root, rel, text);
  await engine.setEditorSettings(engineSettings(style), join(root, rel));
  return style;
}
