// Packing for editing (ask, issue 23): how each of the files planned whole is sent — whole, as
// signatures, or left for later. Taking them greedily in rank order lets one large candidate
// crowd out the next ones; here the forms are chosen together to carry the most expected
// value within the room: a file's value is the chance it is one the task changes (from its
// rank and its score relative to the best, `prior`), counted once when the file is present
// and once more when it is whole. A multiple-choice knapsack over the candidates picks the
// forms (costs rounded up, so the choice never assumes more room than there is).

export interface WholeOption {
  /** Relevance, best = 1 (plan score; null counts as 1). */
  score: number | null;
  /** Cost of the entry whole and as signatures (answer tokens, both sides counted). */
  whole: number;
  skeleton: number;
}

export type Form = "whole" | "skeleton" | "later";

/** The chance a candidate is one the task changes: the best one `first`, the others `scale`·score^`power` (fitted on the localization tuning split). */
export interface Prior {
  first: number;
  scale: number;
  power: number;
}

export function priorOf(rank: number, score: number | null, prior: Prior): number {
  const s = Math.max(0, Math.min(1, score ?? 1));
  return rank === 0 ? prior.first : Math.min(prior.first, prior.scale * s ** prior.power);
}

/** The form of each option: the most Σ value (present + whole) whose costs fit `room`. */
export function chooseForms(options: readonly WholeOption[], room: number, prior: Prior): Form[] {
  const forms: Form[] = options.map(() => "later");
  if (options.length === 0 || room <= 0) return forms;
  const unit = Math.max(1, Math.ceil(room / 800));
  const slots = Math.floor(room / unit);
  const cost = (t: number) => Math.max(0, Math.ceil(t / unit));
  const value = options.map((o, i) => priorOf(i, o.score, prior));
  // dp over the suffix i…n-1: best value within c slots; pick[i][c] = the form option i takes there
  let dp = new Float64Array(slots + 1);
  const pick: Uint8Array[] = [];
  for (let i = options.length - 1; i >= 0; i--) {
    const o = options[i] as WholeOption;
    const v = value[i] as number;
    const [cs, cw] = [cost(o.skeleton), cost(o.whole)];
    const next = new Float64Array(slots + 1);
    const p = new Uint8Array(slots + 1); // 0 later, 1 skeleton, 2 whole
    for (let c = 0; c <= slots; c++) {
      let best = dp[c] as number;
      let form = 0;
      if (cs <= c && (dp[c - cs] as number) + v > best + 1e-12) [best, form] = [(dp[c - cs] as number) + v, 1];
      if (cw <= c && (dp[c - cw] as number) + 2 * v > best + 1e-12) [best, form] = [(dp[c - cw] as number) + 2 * v, 2];
      next[c] = best;
      p[c] = form;
    }
    pick[i] = p;
    dp = next;
  }
  let c = slots;
  for (let i = 0; i < options.length; i++) {
    const f = pick[i]?.[c] ?? 0;
    const o = options[i] as WholeOption;
    if (f === 2) [forms[i], c] = ["whole", c - cost(o.whole)];
    else if (f === 1) [forms[i], c] = ["skeleton", c - cost(o.skeleton)];
  }
  return forms;
}
