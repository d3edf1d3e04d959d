// The two baselines the localization benchmark scores `find --kind task` against, kept
// deliberately textbook (fixed parameters, never tuned on the tasks):
//  - BM25 over whole files: one bag of tokens per file (k1 1.2, b 0.75);
//  - BM25F over three fields — path, declared names, body — with field weights 2 / 3 / 1,
//    per-field length normalisation (b 0.75) and one saturation (k1 1.2) over the
//    weighted term frequency (Robertson & Zaragoza's simple BM25F).
// Tokens: identifiers split at camelCase, snake_case and digits, lower-cased, the whole
// identifier kept too when it has several parts; English stop words and one-letter tokens
// dropped. No stemming. Both rank the same files `find --kind task` ranks (the collection
// of the fresh index), with the declared names taken from that index's symbols table.

const STOP = new Set(
  "a an and are as at be but by for from has have if in into is it its of on or so that the their then there these this to was were will with when which while not no do does did can should would new fix fixed fixes add added adds use used uses using make makes now only also more".split(" "),
);

export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z][A-Za-z0-9]*/g)) {
    const id = m[0];
    const parts = id
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .replace(/([A-Za-z])([0-9])/g, "$1 $2")
      .toLowerCase()
      .split(" ");
    for (const p of parts) if (p.length > 1 && !STOP.has(p)) out.push(p);
    if (parts.length > 1) out.push(id.toLowerCase());
  }
  return out;
}

export interface BaselineDoc {
  path: string;
  body: string;
  names: string[];
}

type Field = "path" | "names" | "body";
const FIELDS: Field[] = ["path", "names", "body"];
const WEIGHT: Record<Field, number> = { path: 2, names: 3, body: 1 };
const K1 = 1.2;
const B = 0.75;

interface Indexed {
  path: string;
  tf: Record<Field, Map<string, number>>;
  len: Record<Field, number>;
  all: Map<string, number>;
  allLen: number;
}

function counts(list: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of list) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

export class Baselines {
  private readonly docs: Indexed[];
  private readonly df = new Map<string, number>();
  private readonly avg: Record<Field, number> & { all: number };

  constructor(docs: readonly BaselineDoc[]) {
    this.docs = docs.map((d) => {
      const path = tokens(d.path.replace(/\.[a-z]+$/i, ""));
      const names = d.names.flatMap(tokens);
      const body = tokens(d.body);
      const all = [...path, ...body];
      return {
        path: d.path,
        tf: { path: counts(path), names: counts(names), body: counts(body) },
        len: { path: path.length, names: names.length, body: body.length },
        all: counts(all),
        allLen: all.length,
      };
    });
    for (const d of this.docs) for (const t of new Set([...d.all.keys(), ...d.tf.names.keys()])) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    const n = Math.max(1, this.docs.length);
    const mean = (f: (d: Indexed) => number) => this.docs.reduce((s, d) => s + f(d), 0) / n || 1;
    this.avg = { path: mean((d) => d.len.path), names: mean((d) => d.len.names), body: mean((d) => d.len.body), all: mean((d) => d.allLen) };
  }

  private idf(term: string): number {
    const df = this.df.get(term) ?? 0;
    const n = this.docs.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Σ idf(t) · w/(k1 + w) over query terms, w the (field-weighted) length-normalised tf: BM25's saturation (its constant k1 + 1 factor dropped). */
  private rank(score: (d: Indexed, term: string) => number, query: string, limit: number): string[] {
    const terms = [...new Set(tokens(query))];
    const scored: [string, number][] = [];
    for (const d of this.docs) {
      let s = 0;
      for (const t of terms) {
        const w = score(d, t);
        if (w > 0) s += this.idf(t) * (w / (K1 + w));
      }
      if (s > 0) scored.push([d.path, s]);
    }
    scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return scored.slice(0, limit).map(([p]) => p);
  }

  /** Plain BM25 over whole files (path and body as one bag). */
  bm25(query: string, limit: number): string[] {
    return this.rank((d, t) => {
      const tf = d.all.get(t) ?? 0;
      return tf / (1 - B + (B * d.allLen) / this.avg.all);
    }, query, limit);
  }

  /** BM25F over path, declared names and body. */
  bm25f(query: string, limit: number): string[] {
    return this.rank((d, t) => {
      let w = 0;
      for (const f of FIELDS) {
        const tf = d.tf[f].get(t) ?? 0;
        if (tf) w += (WEIGHT[f] * tf) / (1 - B + (B * d.len[f]) / this.avg[f]);
      }
      return w;
    }, query, limit);
  }
}
