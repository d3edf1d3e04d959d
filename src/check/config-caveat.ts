// A check whose project loaded with config errors (an `extends` not installed: TS6053, an unknown option) ran with
// compiler options that are not the real build's: its diagnostics may differ from what `tsc` reports, so "clean",
// "verified: no new errors" or "ok" would claim more than it earned. Every operation that gives a typecheck verdict
// (svc_check, svc_refactor's verification, svc gate, svc_test's candidate typecheck, the check hooks) says so here,
// naming the config and why it did not load (svc doctor reports the same reasons), and calls its verdict partial.

/** A loaded project's config that the engine read with errors (semantic/load.ts: status "partial"). */
export interface ConfigProblem {
  /** Root-relative config (tsconfig.json). */
  config: string;
  /** Why it did not load cleanly (`TS6053: File '@sindresorhus/tsconfig' not found.`). */
  reasons: string[];
}

/** The clause a verdict adds ("" when every config checked loaded cleanly). */
export function configCaveat(problems: readonly ConfigProblem[] | undefined): string {
  if (!problems?.length) return "";
  const named = problems.slice(0, 3).map((p) => `${p.config} (${p.reasons.slice(0, 2).join("; ")})`).join(", ");
  const more = problems.length > 3 ? ` and ${problems.length - 3} more` : "";
  const one = problems.length === 1;
  // a missing `extends` naming a package (TS6053: File '@sindresorhus/tsconfig' not found.) is a dependency not installed; any other reason is the config's own to fix
  const packaged = problems.some((p) => p.reasons.some((r) => /^TS6053: File '[^./][^']*' not found/.test(r)));
  const advice = packaged ? `install the dependencies: a config it extends is a package's; or fix ${one ? "it" : "them"}` : `fix ${one ? "it" : "them"}`;
  return `checked with ${one ? "a config" : "configs"} that failed to load in part: ${named}${more} — the compiler options ${one ? "it" : "they"} would set are unknown, so the real build's diagnostics may differ (svc doctor shows it; ${advice})`;
}
