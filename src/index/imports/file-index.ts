// The workspace as the resolvers see it: the inventory's path set, files per folder and a
// few lazily built lookups (by file name, by folder name), plus cached config reads.
// Built once per createResolver; every query afterwards is a map lookup or a short scan.

import { baseOf, child, dirOf } from "./paths.ts";

export class FileIndex {
  readonly files: ReadonlySet<string>;
  /** Direct files of each folder ("" = root), in inventory order. */
  private readonly dirFiles = new Map<string, string[]>();
  private byBaseMap: Map<string, string[]> | null = null;
  private byDirNameMap: Map<string, string[]> | null = null;
  private readonly texts = new Map<string, string | null>();
  private readonly jsons = new Map<string, unknown>();

  constructor(
    paths: readonly string[],
    private readonly read: (path: string) => string | null,
  ) {
    this.files = new Set(paths);
    for (const p of paths) {
      let dir = dirOf(p);
      const list = this.dirFiles.get(dir);
      if (list) {
        list.push(p);
        continue;
      }
      this.dirFiles.set(dir, [p]);
      // register every ancestor folder so that isDir() knows folders holding only folders
      while (dir !== "") {
        dir = dirOf(dir);
        if (this.dirFiles.has(dir)) break;
        this.dirFiles.set(dir, []);
      }
    }
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  isDir(dir: string): boolean {
    return this.dirFiles.has(dir);
  }

  /** Direct files of a folder. */
  filesIn(dir: string): readonly string[] {
    return this.dirFiles.get(dir) ?? [];
  }

  /** Files with this exact file name, anywhere. */
  named(name: string): readonly string[] {
    if (!this.byBaseMap) {
      const map = new Map<string, string[]>();
      for (const p of this.files) push(map, baseOf(p), p);
      this.byBaseMap = map;
    }
    return this.byBaseMap.get(name) ?? [];
  }

  /** Folders whose last segment (or last dotted part of it, `Acme.Orders` → `Orders`) is `name`. */
  dirsNamed(name: string): readonly string[] {
    if (!this.byDirNameMap) {
      const map = new Map<string, string[]>();
      for (const d of this.dirFiles.keys()) {
        if (d === "") continue;
        const last = baseOf(d);
        push(map, last, d);
        const dot = last.lastIndexOf(".");
        if (dot > 0 && dot < last.length - 1) push(map, last.slice(dot + 1), d);
      }
      this.byDirNameMap = map;
    }
    return this.byDirNameMap.get(name) ?? [];
  }

  /** The first of `names` that is a file in `dir`, or null. */
  firstIn(dir: string, names: readonly string[]): string | null {
    for (const n of names) {
      const p = child(dir, n);
      if (this.files.has(p)) return p;
    }
    return null;
  }

  /** A file's text through the caller's reader, cached; null when unreadable or not in the inventory. */
  text(path: string): string | null {
    let t = this.texts.get(path);
    if (t === undefined) {
      try {
        t = this.files.has(path) ? this.read(path) : null;
      } catch {
        t = null;
      }
      this.texts.set(path, t);
    }
    return t;
  }

  /** A file parsed as JSON (comments and trailing commas allowed), cached; null when absent or invalid. */
  json(path: string): unknown {
    if (this.jsons.has(path)) return this.jsons.get(path);
    const t = this.text(path);
    const v = t === null ? null : parseJsonc(t);
    this.jsons.set(path, v);
    return v;
  }
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** JSON with comments and trailing commas (tsconfig, jsconfig); null when still invalid. */
export function parseJsonc(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // fall through to the lenient path
  }
  try {
    return JSON.parse(scan(scan(text, true), false));
  } catch {
    return null;
  }
}

/** One string-aware pass: drop comments (`comments`), else drop commas that precede a closer. */
function scan(text: string, comments: boolean): string {
  let out = "";
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (comments && c === "/" && text[i + 1] === "/") {
      while (i < n && text[i] !== "\n") i++;
    } else if (comments && c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? n : close + 2;
    } else if (!comments && c === ",") {
      let j = i + 1;
      while (j < n && (text[j] === " " || text[j] === "\n" || text[j] === "\r" || text[j] === "\t")) j++;
      if (text[j] !== "}" && text[j] !== "]") out += c;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
