// Unified line diff without dependencies: Myers O(ND) on the region left after trimming the
// common prefix and suffix, then git's change compaction (xdiff `xdl_change_compact`
// without the indent heuristic) so hunks slide where `git diff --no-indent-heuristic` puts
// them. Lines keep their terminators, so "a\r\n" and "a\n" differ, and a last line without
// a newline differs from the same line with one (printed with `\ No newline at end of file`).
//
// Bounded time: when the edit distance of the trimmed region exceeds MAX_EDIT_DISTANCE the
// search stops and the whole trimmed region becomes one delete-all/insert-all change (the
// common prefix and suffix still give context). Cost is O((N + M) · min(D, 2000)) time and
// O(min(D, 2000)²) memory.

export const MAX_EDIT_DISTANCE = 2000;

function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", start)) {
    lines.push(text.slice(start, i + 1));
    start = i + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** Myers forward search on a[lo1,hi1) × b[lo2,hi2); marks changed lines in ca/cb (offset by 1). */
function myers(a: Int32Array, b: Int32Array, lo1: number, hi1: number, lo2: number, hi2: number, ca: Uint8Array, cb: Uint8Array): void {
  const n = hi1 - lo1;
  const m = hi2 - lo2;
  if (n === 0 || m === 0) {
    ca.fill(1, lo1 + 1, hi1 + 1);
    cb.fill(1, lo2 + 1, hi2 + 1);
    return;
  }
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(off - d, off + d + 1)); // state before round d, diagonals -d..d
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && (v[off + k - 1] ?? 0) < (v[off + k + 1] ?? 0)) ? (v[off + k + 1] ?? 0) : (v[off + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[lo1 + x] === b[lo2 + y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) {
    ca.fill(1, lo1 + 1, hi1 + 1);
    cb.fill(1, lo2 + 1, hi2 + 1);
    return;
  }
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d] as Int32Array; // index k + d
    const k = x - y;
    const down = k === -d || (k !== d && (prev[k - 1 + d] ?? 0) < (prev[k + 1 + d] ?? 0));
    const pk = down ? k + 1 : k - 1;
    const px = prev[pk + d] ?? 0;
    const py = px - pk;
    if (down) cb[lo2 + py + 1] = 1;
    else ca[lo1 + px + 1] = 1;
    x = px;
    y = py;
  }
}

interface Side {
  recs: Int32Array;
  ch: Uint8Array; // ch[i + 1] = line i changed; ch[0] and ch[n + 1] are sentinels (0)
  n: number;
}
interface Group {
  start: number;
  end: number;
}

const changed = (s: Side, i: number): boolean => s.ch[i + 1] === 1;
function groupInit(s: Side): Group {
  let end = 0;
  while (changed(s, end)) end++;
  return { start: 0, end };
}
function groupNext(s: Side, g: Group): boolean {
  if (g.end === s.n) return false;
  g.start = g.end + 1;
  for (g.end = g.start; changed(s, g.end); g.end++);
  return true;
}
function groupPrevious(s: Side, g: Group): boolean {
  if (g.start === 0) return false;
  g.end = g.start - 1;
  for (g.start = g.end; changed(s, g.start - 1); g.start--);
  return true;
}
function slideDown(s: Side, g: Group): boolean {
  if (g.end >= s.n || s.recs[g.start] !== s.recs[g.end]) return false;
  s.ch[g.start++ + 1] = 0;
  s.ch[g.end++ + 1] = 1;
  while (changed(s, g.end)) g.end++;
  return true;
}
function slideUp(s: Side, g: Group): boolean {
  if (g.start <= 0 || s.recs[g.start - 1] !== s.recs[g.end - 1]) return false;
  s.ch[--g.start + 1] = 1;
  s.ch[--g.end + 1] = 0;
  while (changed(s, g.start - 1)) g.start--;
  return true;
}

/** xdiff's compaction: slide each change group down as far as it goes, back up to align with a change in the other side. */
function compact(s: Side, o: Side): void {
  const g = groupInit(s);
  const go = groupInit(o);
  for (;;) {
    if (g.end !== g.start) {
      let size: number;
      let endMatchingOther: number;
      let earliestEnd: number;
      do {
        size = g.end - g.start;
        endMatchingOther = -1;
        while (slideUp(s, g)) groupPrevious(o, go);
        earliestEnd = g.end;
        if (go.end > go.start) endMatchingOther = g.end;
        while (slideDown(s, g)) {
          groupNext(o, go);
          if (go.end > go.start) endMatchingOther = g.end;
        }
      } while (size !== g.end - g.start);
      if (g.end !== earliestEnd && endMatchingOther !== -1) {
        while (go.end === go.start) {
          slideUp(s, g);
          groupPrevious(o, go);
        }
      }
    }
    if (!groupNext(s, g)) break;
    groupNext(o, go);
  }
}

function range(start: number, count: number): string {
  return `${count === 0 ? start : start + 1}${count === 1 ? "" : `,${count}`}`;
}

function emit(prefix: string, line: string): string {
  return line.endsWith("\n") ? `${prefix}${line}` : `${prefix}${line}\n\\ No newline at end of file\n`;
}

/** A change between two line lists: at line `i` of the old and `j` of the new, `deleted` old lines became `added` new ones. */
export type LineChange = [i: number, j: number, deleted: number, added: number];

/** The changes from `al` to `bl` (lines compared exactly), in order, as `git diff` places them; the lines between changes are the same on both sides. */
export function lineChanges(al: readonly string[], bl: readonly string[]): LineChange[] {
  const ids = new Map<string, number>();
  const intern = (lines: readonly string[]): Int32Array =>
    Int32Array.from(lines, (l) => {
      let id = ids.get(l);
      if (id === undefined) ids.set(l, (id = ids.size));
      return id;
    });
  const A: Side = { recs: intern(al), ch: new Uint8Array(al.length + 2), n: al.length };
  const B: Side = { recs: intern(bl), ch: new Uint8Array(bl.length + 2), n: bl.length };
  let pre = 0;
  while (pre < A.n && pre < B.n && A.recs[pre] === B.recs[pre]) pre++;
  let suf = 0;
  while (suf < A.n - pre && suf < B.n - pre && A.recs[A.n - 1 - suf] === B.recs[B.n - 1 - suf]) suf++;
  myers(A.recs, B.recs, pre, A.n - suf, pre, B.n - suf, A.ch, B.ch);
  compact(A, B);
  compact(B, A);
  // walking both sides in step
  const changes: LineChange[] = [];
  for (let i = 0, j = 0; i < A.n || j < B.n; ) {
    if (changed(A, i) || changed(B, j)) {
      const i0 = i;
      const j0 = j;
      while (changed(A, i)) i++;
      while (changed(B, j)) j++;
      changes.push([i0, j0, i - i0, j - j0]);
    } else {
      i++;
      j++;
    }
  }
  return changes;
}

export function unifiedDiff(oldText: string, newText: string, options: { path: string; context?: number }): string {
  if (oldText === newText) return "";
  const ctx = Math.max(0, Math.floor(options.context ?? 3));
  const al = splitLines(oldText);
  const bl = splitLines(newText);
  const changes = lineChanges(al, bl);

  let out = `--- a/${options.path}\n+++ b/${options.path}\n`;
  for (let h = 0; h < changes.length; ) {
    let last = h;
    while (last + 1 < changes.length) {
      const [pi, , pd] = changes[last] as [number, number, number, number];
      const next = changes[last + 1] as [number, number, number, number];
      if (next[0] - (pi + pd) > 2 * ctx) break;
      last++;
    }
    const [fi, fj] = changes[h] as [number, number, number, number];
    const [li, lj, ld, la] = changes[last] as [number, number, number, number];
    const s1 = Math.max(fi - ctx, 0);
    const s2 = Math.max(fj - ctx, 0);
    const e1 = Math.min(li + ld + ctx, al.length);
    const e2 = Math.min(lj + la + ctx, bl.length);
    out += `@@ -${range(s1, e1 - s1)} +${range(s2, e2 - s2)} @@\n`;
    let i = s1;
    let j = s2;
    for (let c = h; c <= last; c++) {
      const [ci, cj, cd, ca] = changes[c] as [number, number, number, number];
      for (; i < ci; i++, j++) out += emit(" ", al[i] ?? "");
      for (; i < ci + cd; i++) out += emit("-", al[i] ?? "");
      for (; j < cj + ca; j++) out += emit("+", bl[j] ?? "");
    }
    for (; i < e1; i++, j++) out += emit(" ", al[i] ?? "");
    h = last + 1;
  }
  return out;
}
