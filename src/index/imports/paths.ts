// Root-relative path helpers for import resolution: '/'-separated, no leading "./", ""
// for the workspace root. Pure string work (no node:path, which would allow "..").

/** The folder of a root-relative path ("" at the root). */
export function dirOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Join and normalize (`.`/`..`/empty segments); null when the result leaves the root. */
export function joinPath(base: string, rel: string): string | null {
  const out: string[] = base === "" ? [] : base.split("/");
  for (const seg of rel.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.join("/");
}

/** `a/b` + `c` → `a/b/c`, with the root as "". */
export function child(dir: string, name: string): string {
  return dir === "" ? name : `${dir}/${name}`;
}

/** Whether `path` is `dir` or lies below it. */
export function isUnder(path: string, dir: string): boolean {
  return dir === "" || path === dir || path.startsWith(`${dir}/`);
}

/** Whether `path` ends with the '/'-separated `suffix` on a segment boundary. */
export function endsWithSegments(path: string, suffix: string): boolean {
  return path === suffix || (path.endsWith(suffix) && path[path.length - suffix.length - 1] === "/");
}

/** Length of the common leading folder segments of two paths. */
export function commonDepth(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}

/** The candidates that share the most leading folders with `from` (all of them on a tie). */
export function nearest(from: string, candidates: readonly string[]): string[] {
  if (candidates.length <= 1) return [...candidates];
  let best = -1;
  let out: string[] = [];
  for (const c of candidates) {
    const d = commonDepth(from, c);
    if (d > best) {
      best = d;
      out = [c];
    } else if (d === best) out.push(c);
  }
  return out;
}

/** The extension of a path's last segment, with the dot ("" if none). */
export function extOf(path: string): string {
  const name = baseOf(path);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot);
}

/** `nearest` for folders (compared as whole paths). */
export function nearestDirs(from: string, dirs: readonly string[]): string[] {
  return nearest(from, dirs.map((d) => `${d}/`)).map((d) => d.slice(0, -1));
}
