// Operations whose answer holds parts no budget may cut — a staged refactor's files, which apply writes whole: under the
// least budget that holds one they refuse, leading with `pass maxTokens=N or more` (N over the budget given), at any budget,
// where every other operation answers within it (or refuses only under the floor). The registry-walking budget tests
// accept that refusal for these operations alone, and only within the budget.

export const UNCUT: ReadonlySet<string> = new Set(["refactor"]);

/** The least budget a refusal names (`pass maxTokens=N or more`, after an optional `validation_error: `), or null. */
export function leastNamed(text: string): number | null {
  const n = Number(/(?:^|validation_error(?:: |","message":"))pass \S+=(\d+) or more/.exec(text)?.[1] ?? Number.NaN);
  return Number.isNaN(n) ? null : n;
}

/** Whether `text` is `op`'s refusal of a budget too small for a part it never cuts. */
export const refusedUncut = (op: string, text: string, budget: number): boolean => UNCUT.has(op) && (leastNamed(text) ?? 0) > budget;
