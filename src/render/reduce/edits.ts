// Offset edits over the original source: replacements, insertions and removals collected
// by the structural passes and applied in one sweep. Outer edits win over edits inside
// them; at the same range the edit added first wins (collapse markers are added before
// skeleton bodies, whole-kept declarations before anything inside them).

export interface Edit {
  start: number;
  end: number;
  text: string;
  order: number;
}

function isBlank(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\r";
}

/** The whitespace between the start of the line and `pos`, or null when code precedes `pos` on its line. */
export function indentAt(text: string, pos: number): string | null {
  let i = pos;
  while (i > 0 && isBlank(text[i - 1])) i--;
  return i === 0 || text[i - 1] === "\n" ? text.slice(i, pos) : null;
}

export class Edits {
  private readonly list: Edit[] = [];

  constructor(private readonly text: string) {}

  get size(): number {
    return this.list.length;
  }

  replace(start: number, end: number, text: string): void {
    if (start < 0 || end < start || end > this.text.length) return;
    this.list.push({ start, end, text, order: this.list.length });
  }

  insert(at: number, text: string): void {
    this.replace(at, at, text);
  }

  /** Remove [start, end), widened to whole lines when nothing else is on them; a directly following separator (`;`, or one of `separators`) goes too. */
  remove(start: number, end: number, separators = ";"): void {
    const { text } = this;
    let e = end;
    while (isBlank(text[e])) e++;
    if (text[e] !== undefined && separators.includes(text[e]!)) end = e + 1;
    e = end;
    while (isBlank(text[e])) e++;
    let s = start;
    while (s > 0 && isBlank(text[s - 1])) s--;
    const lineStart = s === 0 || text[s - 1] === "\n";
    if (lineStart && (e === text.length || text[e] === "\n")) this.replace(s, Math.min(text.length, e + 1), "");
    else this.replace(start, end, "");
  }

  apply(): string {
    const { text } = this;
    if (this.list.length === 0) return text;
    const sorted = [...this.list].sort((a, b) => {
      if (a.start !== b.start) return a.start - b.start;
      const ai = a.start === a.end ? 0 : 1;
      const bi = b.start === b.end ? 0 : 1;
      if (ai !== bi) return ai - bi;
      if (a.end !== b.end) return b.end - a.end;
      return a.order - b.order;
    });
    const parts: string[] = [];
    let at = 0;
    for (const e of sorted) {
      if (e.start < at) continue; // inside an edit already applied
      parts.push(text.slice(at, e.start), e.text);
      at = e.end;
    }
    parts.push(text.slice(at));
    return parts.join("");
  }
}
