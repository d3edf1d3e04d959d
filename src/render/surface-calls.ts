// The next calls an answer suggests, in the terms of the surface the request came through:
// CLI commands and flags on the CLI, tool names and parameters over MCP and RPC. A note that
// names a call the caller cannot make is a dead end.

import type { Surface } from "../ops/types.ts";

export type { Surface };

const shellWord = (s: string) => (/^[\w./@+:=-][\w./@+:=~-]*$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`); // `~` expands only at a word's start

/** How the surface names the budget parameter `name` (maxTokens, or ask's tokenBudget). */
export function budgetName(surface: Surface | undefined, name: "maxTokens" | "tokenBudget" = "maxTokens"): string {
  if (surface !== "cli") return name;
  return name === "tokenBudget" ? "--budget" : "--max-tokens";
}

/** The call that fetches one whole file (no reduction) with a budget that holds it. */
export function wholeFileCall(surface: Surface | undefined, path: string, tokens: number): string {
  const budget = Math.ceil((tokens * 1.1 + 200) / 100) * 100;
  return surface === "cli" ? `svc reduce --files ${shellWord(path)} --level none --max-tokens ${budget}` : `svc_reduce files=${JSON.stringify([path])} level=none maxTokens=${budget}`;
}

/** The reduce call at the next smaller level than `level` for one file (null: the raw content the request passed); "" past publicApi. */
export function smallerReduceCall(surface: Surface | undefined, path: string | null, level: string): string {
  const smaller = level === "skeleton" ? "publicApi" : level === "publicApi" ? null : "skeleton";
  if (!smaller) return "";
  if (surface === "cli") return `svc reduce ${path === null ? "--stdin" : `--files ${shellWord(path)}`} --level ${smaller}`;
  return `svc_reduce ${path === null ? "content=<the same>" : `files=${JSON.stringify([path])}`} level=${smaller}`;
}

/** The call that emits the files of one extension an answer set aside. */
export function onlyExtensionCall(surface: Surface | undefined, ext: string): string {
  return surface === "cli" ? `svc fuse --only-ext ${shellWord(ext)}` : `svc_generic onlyExtensions=${JSON.stringify([ext])}`;
}

/** The call that focuses on one file (and its neighbours). */
export function focusCall(surface: Surface | undefined, path: string): string {
  return surface === "cli" ? `svc focus ${shellWord(path)}` : `svc_focus focus=${path}`;
}

/** The call that fetches one file at reduce's default level; `common`: the arguments every such call shares (the workspace path when the request named a folder inside it). */
export function fetchCall(surface: Surface | undefined, path: string): { next: (file: string) => string; common: string } {
  const here = path === "." || path === "";
  if (surface === "cli") return { next: (file) => `svc reduce --files ${shellWord(file)}`, common: here ? "" : ` --path ${shellWord(path)}` };
  return { next: (file) => `svc_reduce files=${JSON.stringify([file])}`, common: here ? "" : ` path=${JSON.stringify(path)}` };
}

/** An operation as the surface names it: `svc focus` on the CLI, the `svc_focus` tool elsewhere. */
export function opName(surface: Surface | undefined, op: "focus" | "search" | "skeleton" | "toc"): string {
  return surface === "cli" ? `svc ${op}` : `svc_${op}`;
}

/** The call asking `op` again for the changes since another ref: `svc changes HEAD~1` / `svc_changes changedSince=HEAD~1` (fuse: `svc fuse --changed-since …` / `changedSince=…` on its tool). */
export function changesCall(surface: Surface | undefined, ref: string, op: "changes" | "fuse" | "scope" | "review" = "changes"): string {
  if (op === "review") return surface === "cli" ? `svc review --changed-since ${shellWord(ref)}` : `svc_review changedSince=${ref}`;
  if (op === "scope") return `svc/scope with mode "changes", since "${ref}"`; // an RPC method only
  if (op === "fuse") return surface === "cli" ? `svc fuse --changed-since ${shellWord(ref)}` : `changedSince=${ref}`;
  return surface === "cli" ? `svc changes ${shellWord(ref)}` : `svc_changes changedSince=${ref}`;
}

/** The impact call of one declaration: `svc impact X` / `svc_impact symbol=X`. */
export function impactCall(surface: Surface | undefined, symbol: string): string {
  return surface === "cli" ? `svc impact ${shellWord(symbol)}` : `svc_impact symbol=${symbol}`;
}

/** The index status call: `svc diagnostics` on the CLI, `svc/stats` over the host RPC, `svc_workspace action=status` over MCP. */
export function statusCall(surface: Surface | undefined): string {
  return surface === "cli" ? "svc diagnostics" : surface === "rpc" ? "svc/stats" : "svc_workspace action=status";
}

/** A find kind as the surface passes it: `--kind text` on the CLI, `kind=text` elsewhere (`find`: with the operation, `svc find --kind text` / `svc_find kind=text`). */
export function findKind(surface: Surface | undefined, kind: string, find = false): string {
  const arg = surface === "cli" ? `--kind ${kind}` : `kind=${kind}`;
  return find ? `${surface === "cli" ? "svc find" : "svc_find"} ${arg}` : arg;
}

/** What to try after a task that carries no signal (retrieve/localize-signal.ts): a name to look up, words of the code, or the map of the files. */
export function noSignalNext(surface: Surface | undefined): string {
  const find = surface === "cli" ? "svc find <name>" : "svc_find query=<name>";
  return `name a file, symbol, route or service the change touches (${find}), or describe the behaviour in the code's own words; ${opName(surface, "toc")} lists the files and their declarations`;
}
