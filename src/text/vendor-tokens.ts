// Vendor tokens with a literal prefix (`ghp_…`, `sk_live_…`, `AKIA…`): one combined pass, and
// the same pass over string literals joined in code (`"sk_live_" + "…"`, `"sk_" + "live_…"`, `` `ghp_${"…"}` ``,
// text/redact-code.ts). A detector of text/redact.ts.

import { isPlaceholder, type Push, type SecretKind } from "./secret-values.ts";

// Vendor tokens with a literal prefix: one combined pass (kind = capturing group). The
// regex scan is as cheap as a substring check per prefix, so it needs no trigger of its own.
export const TOKEN_KINDS: Array<[SecretKind, string]> = [
  ["aws-access-key", String.raw`\b(?:AKIA|ASIA)[A-Z0-9]{16}\b`],
  ["github-token", String.raw`\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})(?![A-Za-z0-9_])`],
  ["gitlab-token", String.raw`\bgl(?:pat|dt|rt|ptt|ft|soat)-[A-Za-z0-9_-]{20,}`],
  ["slack-token", String.raw`\bxox[abcdeprs]-[A-Za-z0-9-]{10,}|\bxapp-\d-[A-Za-z0-9-]{20,}|https?:\/\/hooks\.slack\.com\/services\/T\w+\/B\w+\/\w+`],
  ["stripe-key", String.raw`\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}`],
  ["google-api-key", String.raw`\bAIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])|\bya29\.[A-Za-z0-9_-]{30,}`],
  ["anthropic-key", String.raw`\bsk-ant-[A-Za-z0-9_-]{20,}`],
  ["openai-key", String.raw`\bsk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{20,})`],
  ["npm-token", String.raw`\bnpm_[A-Za-z0-9]{36}(?![A-Za-z0-9])`],
  ["jwt", String.raw`(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{7,}\.eyJ[A-Za-z0-9_-]{7,}\.[A-Za-z0-9_-]{10,}`],
  ["sendgrid-key", String.raw`\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`],
  ["twilio-key", String.raw`\bSK[0-9a-fA-F]{32}\b`],
  // Shopify, DigitalOcean, PyPI, Hugging Face, Stripe webhooks, Vault, Linear, Postman, Grafana, New Relic, Sentry, Databricks, Atlassian, RubyGems,
  // Discord webhook URLs (redacted whole, like Slack's): no kind of their own
  ["api-token", String.raw`\b(?:shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|do[opr]_v1_[a-f0-9]{64}|pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}|hf_[A-Za-z0-9]{34,}|whsec_[A-Za-z0-9+/]{32,}|hvs\.[A-Za-z0-9_-]{90,}|lin_api_[A-Za-z0-9]{40}|PMAK-[a-f0-9]{24}-[a-f0-9]{34}|glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|NRAK-[A-Z0-9]{27}|sntrys_[A-Za-z0-9+/=_]{40,}|dapi[a-f0-9]{32}|ATATT3[A-Za-z0-9_=-]{100,}|rubygems_[a-f0-9]{48}|https?:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api\/webhooks\/\d{5,}\/[\w-]{40,})(?![A-Za-z0-9_-])`],
  // Telegram bot tokens (also in a bot URL: `/bot123456789:AA…/sendMessage`; no look-behind, tried at every position), Microsoft Teams incoming-webhook URLs (whole), Mailgun keys
  ["api-token", String.raw`\d{8,10}:AA[A-Za-z0-9_-]{30,}(?![A-Za-z0-9_-])|https:\/\/[\w-]+\.webhook\.office\.com\/webhookb2\/[\w@.-]+\/IncomingWebhook\/[A-Za-z0-9]{32}\/[\w-]+|\bkey-[0-9a-f]{32}\b`],
];
/**
 * The last alternative: a vendor prefix starting a literal's last fragment, right before its closing quote or a `${`
 * (`"sk_live_" + …`): where a token may go on in the next literal (joinedAt). The same pass finds it, at no cost of its own.
 */
const FRAGMENT = String.raw`\b(?:AKIA|ASIA|gh[pousr]_|github_pat_|gl(?:pat|dt|rt|ptt|ft|soat)-|xox[abcdeprs]-|xapp-|[rs]k_(?:live|test)_|AIza|ya29\.|sk-|npm_|SG\.|SK|shp(?:at|ss|ca|pa)_|do[opr]_v1_|pypi-|hf_|whsec_|hvs\.|lin_api_|PMAK-|glsa_|NRAK-|sntrys_|dapi|ATATT3|rubygems_)[\w.+/=-]{0,64}(?=["'\x60]|\$\{)`;
const SOURCE = [...TOKEN_KINDS.map(([, source]) => `(${source})`), `(${FRAGMENT})`].join("|");
const TOKENS = new RegExp(SOURCE, "g");
/** The same, over the text a joined literal makes (tokensAcross). */
const JOINED = new RegExp(SOURCE, "g");
export function vendorTokens(text: string, push: Push): void {
  const folded = new Set<number>();
  TOKENS.lastIndex = 0;
  for (let m = TOKENS.exec(text); m; m = TOKENS.exec(text)) {
    const group = m.findIndex((g, i) => i > 0 && g !== undefined);
    const kind = TOKEN_KINDS[group - 1]?.[0];
    if (kind === undefined) TOKENS.lastIndex = Math.max(TOKENS.lastIndex, joinedAt(text, m.index + m[0].length, push, folded)); // a chain is read once
    else if (!isPlaceholder(m[0])) push(kind, m.index, m.index + m[0].length); // sk-proj-xxxx…
  }
  if (text.includes("_gh") || text.includes("_github_pat_")) namedTokens(text, push);
  prefixSplits(text, push, folded);
}

/** Each literal prefix FRAGMENT knows, spelled out: a literal may end inside one (`"sk_" + "live_…"`, `"gh" + "p_…"`). */
const PREFIXES = ["AKIA", "ASIA", "github_pat_", "xapp-", "AIza", "ya29.", "sk-ant-", "sk-proj-", "sk-svcacct-", "sk-admin-", "npm_", "SG.", "pypi-", "hf_",
  "whsec_", "hvs.", "lin_api_", "PMAK-", "glsa_", "NRAK-", "sntrys_", "dapi", "ATATT3", "rubygems_", ..."pousr".split("").map((c) => `gh${c}_`),
  ..."pat dt rt ptt ft soat".split(" ").map((g) => `gl${g}-`), ..."abcdeprs".split("").map((c) => `xox${c}-`),
  ...["sk", "rk"].flatMap((k) => [`${k}_live_`, `${k}_test_`]), ..."at ss ca pa".split(" ").map((s) => `shp${s}_`), ..."opr".split("").map((c) => `do${c}_v1_`)];
/**
 * Their starts short of the whole prefix (FRAGMENT takes a literal that ends after one); a start of one character counts only
 * as a literal's whole text (`"s" + "k_live_…"`, `\`${"g"}hp_…\``).
 */
const PREFIX_STARTS = new Set(PREFIXES.flatMap((p) => Array.from({ length: p.length - 1 }, (_, i) => p.slice(0, i + 1))));
const LONGEST_START = Math.max(...[...PREFIX_STARTS].map((p) => p.length));
/**
 * Where a literal's text ends and the string goes on: a closing quote, the joiner, the next opening quote (as GLUE_AT); a
 * literal interpolated into a template, closed before its `}` (`\`${"sk_li"}ve_…\``); a template's text before a `${`
 * (`\`sk_li${"ve_…"}\``). Each match starts where the fragment ends.
 */
const GLUE = /["'`](?:[ \t]*(?:\+|\.\.?)?[ \t]*(?:\r?\n[ \t]*(?:\+|\.\.?)?[ \t]*)?["'`]|[ \t]*\})|\$\{/g;

/**
 * A literal ending inside a vendor prefix, joined to the next (`"sk_" + "live_…"`) or to a template's text across an
 * interpolation (`\`${"sk_li"}ve_…\``, `\`sk_${"live_…"}\``): found from the joints, far fewer than the positions the
 * combined pass tries (as an alternative of it, 100 prefixes cost that pass a fifth more time).
 */
function prefixSplits(text: string, push: Push, folded: Set<number>): void {
  GLUE.lastIndex = 0;
  for (let m = GLUE.exec(text); m; m = GLUE.exec(text)) {
    const close = m.index;
    for (let k = 1; k <= LONGEST_START && k <= close; k++) {
      if (!PREFIX_STARTS.has(text.slice(close - k, close)) || /\w/.test(text[close - k - 1] ?? "")) continue;
      if (k === 1 && !/["'`]/.test(text[close - 2] ?? "")) continue;
      GLUE.lastIndex = Math.max(GLUE.lastIndex, joinedAt(text, close, push, folded));
      break;
    }
  }
}

/** A GitHub token inside a name (`handler_ghp_…`): `\b` does not start it after `_`; its own pass, run where `_gh` occurs. */
const NAMED_GITHUB = /_((?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})(?![A-Za-z0-9_]))/g;
function namedTokens(text: string, push: Push): void {
  NAMED_GITHUB.lastIndex = 0;
  for (let m = NAMED_GITHUB.exec(text); m; m = NAMED_GITHUB.exec(text)) push("github-token", m.index + 1, m.index + m[0].length);
}

// ---------- literals joined in code ----------

// `"sk_live_" + "…"`, `'ghp_' . '…'` (PHP, Perl), `"ghp_" .. "…"` (Lua), `"sk_live_" "…"` (Python, C: implicit),
// one literal per line with the `+` at either end: the closing quote, the joiner, the next opening quote.
const GLUE_AT = /(["'`])(?=[\s+.])[ \t]*(?:\+|\.\.?)?[ \t]*(?:\r?\n[ \t]*(?:\+|\.\.?)?[ \t]*)?(["'`])/y;

/** [start, end) of the text pieces a joined literal is made of. */
export type Piece = readonly [number, number];

/** A vendor token the pieces make together (crossing a boundary) spans from its first piece to its last, the glue between included. */
function tokensAcross(text: string, pieces: Piece[], push: Push): void {
  if (pieces.length < 2) return;
  const joined = pieces.map(([s, e]) => text.slice(s, e)).join("");
  const at: number[] = []; // joined offset → text offset
  for (const [s, e] of pieces) for (let i = s; i < e; i++) at.push(i);
  const ends = new Set<number>(); // joined offsets where a piece ends
  let sum = 0;
  for (const [s, e] of pieces) ends.add((sum += e - s));
  JOINED.lastIndex = 0;
  for (let m = JOINED.exec(joined); m; m = JOINED.exec(joined)) {
    const end = m.index + m[0].length;
    let crosses = false;
    for (const b of ends) if (b > m.index && b < end) crosses = true;
    const group = m.findIndex((g, i) => i > 0 && g !== undefined), kind = TOKEN_KINDS[group - 1]?.[0];
    if (crosses && kind && !isPlaceholder(m[0])) push(kind, at[m.index]!, at[end - 1]! + 1);
  }
}

/** The start of the one-line literal closed by the quote at `close`, or -1. */
function literalStart(text: string, close: number): number {
  const q = text[close]!, open = text.lastIndexOf(q, close - 1), line = text.lastIndexOf("\n", close - 1);
  return open > line ? open + 1 : -1;
}

/**
 * A vendor token split over string literals joined by `+` (or `.`, `..`, nothing, over two lines too), interpolated into a
 * template literal (nested ones too), or listed in an array joined with an empty string: its first fragment ends at `close`
 * (a quote, or `${`). Each line is folded once (`folded`: the lines' starts). Returns where the joined literals end.
 */
function joinedAt(text: string, close: number, push: Push, folded: Set<number>): number {
  const pieces = text[close] === "$" ? [] : joinedLiterals(text, close);
  if (pieces.length) tokensAcross(text, pieces, push);
  const line = text.lastIndexOf("\n", close - 1) + 1;
  if (!folded.has(line)) {
    folded.add(line);
    for (const chain of lineChains(text, line, close)) tokensAcross(text, chain, push);
  }
  return pieces.length ? pieces.at(-1)![1] : close;
}

/**
 * The one-line literal closed by the quote at `close` and the literals joined to it (`"Sp6u0cP" +\n  "2okVseakP"`), as
 * [start, end) of their text; empty when no glue follows it. A credential name's value split this way is judged as the
 * value its pieces make (text/redact-assign.ts).
 */
export function joinedLiterals(text: string, close: number): Piece[] {
  const start = literalStart(text, close);
  GLUE_AT.lastIndex = close;
  let glue = GLUE_AT.exec(text);
  if (start < 0 || !glue) return [];
  const pieces: Piece[] = [[start, close]];
  for (let open = close + glue[0].length - 1; pieces.length < 64; open = close + glue[0].length - 1) { // the next literal, and the glue after it
    close = text.indexOf(text[open]!, open + 1);
    const line = text.indexOf("\n", open + 1);
    if (close < 0 || (line >= 0 && line < close)) break;
    pieces.push([open + 1, close]);
    GLUE_AT.lastIndex = close;
    if (!(glue = GLUE_AT.exec(text))) break;
  }
  return pieces;
}

/** How far around the fragment a line is folded (a minified bundle's line may be megabytes long). */
const FOLD_REACH = 4096;
/** The syntax that joins two literals into one string, their quotes left out: `+`, `.`, `..`, blanks, `${` and `}` of an interpolation. */
const JOINS = /^(?:[ \t+]|\.\.?|\$\{|\})*$/;
/** An array of literals joined with an empty string: JavaScript's `[…].join("")`, Python's `"".join([…])`. */
const JOINED_ARRAY = /\[([^[\]\r\n]*)\][ \t]*\.join\([ \t]*(["'`])\2[ \t]*\)|(["'])\3\.join\([ \t]*[[(]([^[\]()\r\n]*)[\])][ \t]*\)/g;

/**
 * The literals of the line holding `at` (within FOLD_REACH of it) that make one string, as runs of pieces: a template's text
 * and the literals or templates its `${…}` interpolate (`\`${\`sk_live_${"…"}\`}\``), literals joined by JOINS, an array's
 * elements joined with "" (`["sk_live_ab", "cdef…"].join("")`). A literal with an escape ends a run.
 */
function lineChains(text: string, line: number, at: number): Piece[][] {
  const from = Math.max(line, at - FOLD_REACH), nl = text.indexOf("\n", at), to = Math.min(nl < 0 ? text.length : nl, at + FOLD_REACH);
  const pieces: Piece[] = [];
  const literal = (open: number): number => { // the index after the literal opened at `open`, or -1
    const q = text[open]!;
    let seg = open + 1;
    for (let j = open + 1; j < to; j++) {
      const c = text[j]!;
      if (c === "\\") return -1;
      if (c === q) return pieces.push([seg, j]), j + 1;
      if (q === "`" && c === "$" && text[j + 1] === "{") {
        pieces.push([seg, j]);
        const after = interpolation(j + 2);
        if (after < 0) return -1;
        seg = after;
        j = after - 1;
      }
    }
    return -1;
  };
  const interpolation = (start: number): number => { // the index after the `}` closing the `${` before `start`, or -1
    let depth = 0;
    for (let j = start; j < to; j++) {
      const c = text[j]!;
      if (c === '"' || c === "'" || c === "`") {
        const after = literal(j);
        if (after < 0) return -1;
        j = after - 1;
      } else if (c === "{") depth++;
      else if (c === "}" && depth-- === 0) return j + 1;
    }
    return -1;
  };
  for (let i = from; i < to; i++) {
    const c = text[i]!;
    if (c !== '"' && c !== "'" && c !== "`") continue;
    const after = literal(i);
    if (after > i) i = after - 1;
  }
  const arrays: Piece[] = [];
  const body = text.slice(from, to);
  JOINED_ARRAY.lastIndex = 0;
  for (let m = JOINED_ARRAY.exec(body); m; m = JOINED_ARRAY.exec(body)) {
    const inner = m[1] ?? m[4]!, start = from + m.index + m[0].indexOf(inner, m[1] === undefined ? 3 : 0);
    arrays.push([start, start + inner.length]);
  }
  const listed = (a: Piece, b: Piece) => arrays.some(([s, e]) => s <= a[0] && b[1] <= e);
  const chains: Piece[][] = [];
  let chain: Piece[] = [];
  pieces.sort((a, b) => a[0] - b[0]);
  for (const piece of pieces) {
    const last = chain.at(-1);
    const glue = last ? text.slice(last[1], piece[0]).replace(/["'`]/g, "") : "";
    if (last && !(JOINS.test(glue) || (/^[ \t]*,[ \t]*$/.test(glue) && listed(last, piece)))) {
      if (chain.length > 1) chains.push(chain);
      chain = [];
    }
    chain.push(piece);
  }
  if (chain.length > 1) chains.push(chain);
  return chains;
}
