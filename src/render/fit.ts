// Hard budgets on whole answers. What a client receives — the warning lines, the text and the
// structured result — is counted with the configured tokenizer and never exceeds the budget.
// Operations fit their own answers first (fusion downgrades and drops entries, toc degrades);
// `fitAnswer` is the guarantee behind them for every operation: the structured result's
// longest arrays and strings are shortened, then the text becomes a head-and-tail excerpt
// with a marker saying what was cut and what to call instead. A cut keeps the meaning: a JSON
// text (format=json) is shortened as the structured result is, never replaced, and the structured
// result keeps the same items; an empty answer keeps why it is empty and what to try before any
// other line, advising no larger budget; a surface note too long for the budget is said in short.

import { SvcError, validationError } from "../errors.ts";
import { commentSafe } from "./format.ts";
import { isApplyHandoff } from "./redact-output.ts";
import type { TokenCounter } from "../text/tokens.ts";
import { formatTokens } from "../text/tokens.ts";
import { alignedTo, jsonObject, listsCut, reasonKeys, reasonsFirst } from "./fit-json.ts";

const isHandoff = (value: unknown): boolean => value !== null && typeof value === "object" && !Array.isArray(value) && isApplyHandoff(value);

/** Whether a structured result carries files an agent hands back to apply (a staged refactor): those are whole or not at all. */
function carriesHandoff(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(carriesHandoff);
  if (value === null || typeof value !== "object") return false;
  return isApplyHandoff(value) || Object.values(value).some(carriesHandoff);
}

export interface BudgetedAnswer {
  text: string;
  data: object;
  warnings?: string[];
}

/** The warning lines as MCP prepends them to the text. */
export function warningLines(warnings: readonly string[] | undefined): string {
  return (warnings ?? []).map((w) => `<!-- svc: warning: ${commentSafe(w)} -->\n`).join("");
}

/** Tokens of everything a client receives for this answer: warnings, text and structured result — without the structured result when the client is shown the text alone (`textOnly`: the CLI without --json). */
export function answerTokens(answer: BudgetedAnswer, counter: TokenCounter, textOnly = false): number {
  return counter.count(warningLines(answer.warnings)) + counter.count(answer.text) + (textOnly ? 0 : counter.count(JSON.stringify(answer.data)));
}

/**
 * `text` cut to at most `maxTokens` tokens: the head (two thirds) and the tail (one third),
 * cut at line ends where possible, around one marker line. `marker(cutLines, cutTokens)`
 * says what was cut and what to call for the rest. Returns "" when not even the marker fits.
 */
export function headAndTail(text: string, maxTokens: number, counter: TokenCounter, marker: (lines: number, tokens: number) => string, wholeLines = false): string {
  const total = counter.count(text);
  if (total <= maxTokens) return text;
  const build = (keep: number): string => {
    const headChars = Math.floor((keep * 2) / 3);
    const tailChars = keep - headChars;
    let head = text.slice(0, headChars);
    let tail = tailChars > 0 ? text.slice(text.length - tailChars) : "";
    const lastNl = head.lastIndexOf("\n");
    // wholeLines: never a line cut inside (a comment cut mid-way reads as garbage) — a part without a line end goes whole
    if (wholeLines) head = head.endsWith("\n") ? head : head.slice(0, lastNl + 1);
    else if (lastNl > headChars / 2) head = head.slice(0, lastNl + 1);
    else if (head && !head.endsWith("\n")) head = `${head}\n`;
    const firstNl = tail.indexOf("\n");
    if (wholeLines) tail = text[text.length - tail.length - 1] === "\n" ? tail : firstNl >= 0 ? tail.slice(firstNl + 1) : "";
    else if (firstNl >= 0 && firstNl < tail.length / 2) tail = tail.slice(firstNl + 1);
    const cut = text.slice(head.length, text.length - tail.length);
    const cutLines = cut.split("\n").length;
    // the cut part's tokens pro rata (counting it on every probe would cost more than the rest)
    const cutTokens = Math.round((total * cut.length) / Math.max(1, text.length));
    return `${head}${marker(cutLines, cutTokens)}${tail ? `\n${tail}` : ""}`;
  };
  // The longest kept length whose rendering fits: start from the proportional guess and
  // correct by the measured ratio (a few probes; each counts at most a budget's worth).
  let best = counter.count(build(0)) <= maxTokens ? build(0) : "";
  let keep = Math.floor((text.length * maxTokens) / total);
  let bestKeep = 0;
  for (let i = 0; i < 10 && keep > bestKeep && keep < text.length; i++) {
    const candidate = build(keep);
    const n = counter.count(candidate);
    if (n <= maxTokens) {
      best = candidate;
      bestKeep = keep;
      if (n >= maxTokens * 0.97) break;
      keep = Math.min(text.length - 1, Math.max(keep + 1, Math.floor((keep * maxTokens) / Math.max(1, n) * 0.99)));
    } else keep = Math.max(bestKeep + 1, Math.floor(((keep * maxTokens) / n) * 0.97));
  }
  return best;
}

/**
 * `text` cut to at most `maxTokens` tokens keeping the `pinned` lines (0-based, [from, to)) and
 * as many lines from the top as fit (at most `headMax` tokens of them); each run of lines cut becomes one marker line
 * (`marker(cutLines, cutTokens)`). Null when the pinned lines alone do not fit.
 */
export function excerptAround(text: string, pinned: readonly [number, number][], maxTokens: number, counter: TokenCounter, marker: (lines: number, tokens: number) => string, headMax = Number.POSITIVE_INFINITY): string | null {
  const lines = text.split("\n");
  const pin = new Uint8Array(lines.length);
  for (const [from, to] of pinned) pin.fill(1, Math.max(0, from), Math.min(lines.length, to));
  // the tokens a marker says were cut: pro rata, at the rate of the lines counted
  let perChar = 0.25;
  const build = (head: number): string => {
    const out: string[] = [];
    let run = 0;
    let runChars = 0;
    const flush = () => {
      if (run) out.push(marker(run, Math.round(runChars * perChar)));
      run = 0;
      runChars = 0;
    };
    for (const [i, line] of lines.entries()) {
      if (i < head || pin[i]) {
        flush();
        out.push(line);
      } else {
        run++;
        runChars += line.length + 1;
      }
    }
    flush();
    return out.join("\n");
  };
  // The most lines from the top that fit, estimated from per-line counts (each line counted once, only
  // as far as the head can reach), then checked on the excerpt itself and shortened while it is over.
  const cost = (i: number) => counter.count(`${lines[i]}\n`);
  const markerCost = counter.count(marker(lines.length, text.length)) + 1;
  let pinnedLeft = 0;
  let countedChars = 0;
  for (const [i, p] of pin.entries()) {
    if (!p) continue;
    pinnedLeft += cost(i);
    countedChars += (lines[i] as string).length + 1;
  }
  const runsAfter = (head: number) => {
    let runs = 0;
    for (let i = head; i < lines.length; i++) if (!pin[i] && (i === head || pin[i - 1])) runs++;
    return runs;
  };
  let head = 0;
  let headCost = 0;
  while (head < lines.length) {
    const next = pin[head] ? 0 : cost(head);
    if (headCost + next > headMax || headCost + next + pinnedLeft + markerCost * runsAfter(head + 1) > maxTokens) break;
    if (!pin[head]) {
      headCost += next;
      countedChars += (lines[head] as string).length + 1;
    }
    head++;
  }
  if (countedChars > 0) perChar = (headCost + pinnedLeft) / countedChars;
  for (let guard = 0; guard < 20; guard++) {
    const out = build(head);
    if (counter.count(out) <= maxTokens) return out;
    if (head === 0) return null;
    head = Math.floor(head * 0.9);
  }
  return null;
}

/** The largest array or string inside `value` (by JSON length), with a setter to replace it; `kept`: lists left their last item (cut inside it, not emptied). */
function largestPart(value: unknown, kept: { has(v: unknown): boolean; add(v: unknown): void } = new Set()): { size: number; replace: (shrink: (v: unknown) => unknown) => void } | null {
  let best: { size: number; replace: (shrink: (v: unknown) => unknown) => void } | null = null;
  const visit = (node: unknown, set: ((v: unknown) => void) | null) => {
    // staged content for apply is whole or not at all: its strings are never cut, a list holding it never halved
    if (isHandoff(node)) return;
    if (Array.isArray(node)) {
      // a list one item dominates (three quarters of it or more) is ranked by what halving it saves when that item stays:
      // review's API delta of six entries, one a 3,000-token signature, lost five small entries and kept the huge one
      // whole — the string inside is the one to cut
      const whole = JSON.stringify(node).length;
      const sizes = node.map((item) => JSON.stringify(item)?.length ?? 0);
      const biggest = sizes.indexOf(Math.max(0, ...sizes));
      const dominant = biggest >= 0 && biggest < Math.floor(node.length / 2) && (sizes[biggest] as number) * 4 >= whole * 3;
      const size = whole - (dominant ? (sizes[biggest] as number) : 0);
      // a list of one string (a note saying why) is cut inside, not emptied; so is a kept list's last item
      const lone = node.length === 1 && (typeof node[0] === "string" || kept.has(node));
      // (a kept list stays kept once halved)
      const replace = (shrink: (v: unknown) => unknown) => {
        const next = shrink(node);
        if (kept.has(node)) kept.add(next);
        set?.(next);
      };
      if (set && node.length > 0 && !lone && !node.some(isHandoff) && (!best || size > best.size)) best = { size, replace };
      node.forEach((child, i) => visit(child, (v) => (node[i] = v)));
    } else if (node && typeof node === "object") {
      for (const key of Object.keys(node)) visit((node as Record<string, unknown>)[key], (v) => ((node as Record<string, unknown>)[key] = v));
    } else if (typeof node === "string" && set && node.length > 80) {
      const size = node.length + 2;
      if (!best || size > best.size) best = { size, replace: (shrink) => set(shrink(node)) };
    }
  };
  visit(value, null);
  return best;
}

function shrinkOnce(v: unknown): unknown {
  if (Array.isArray(v)) return v.slice(0, Math.floor(v.length / 2));
  if (typeof v === "string") return `${v.slice(0, Math.max(40, Math.floor(v.length / 2)))}…`;
  return v;
}

/**
 * A structured result of at most `maxTokens` tokens: the largest arrays are halved and the
 * longest strings shortened until it fits (arrays stay arrays, so the schema still holds; a list of one string is cut
 * inside); `truncated: true` says so. A required list keeps its last item while a key outside `required` is left:
 * those go first, `notes` last of them. Only then are required lists emptied, `cut` naming how many items each had.
 * `keepLast`: every list keeps its last item (cut inside it) while keys outside `required` are left.
 * `listsFirst`: every list is shortened before any key goes, required ones too (toc sizes its structured result so,
 * its `files` counting what its emptied `entries` listed; the view it picks under a budget follows from that size).
 */
export function fitData(data: object, maxTokens: number, counter: TokenCounter, required: readonly string[] = [], options: { listsFirst?: boolean; keepLast?: boolean } = {}): object {
  if (counter.count(JSON.stringify(data)) <= maxTokens) return data;
  const copy = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
  copy.truncated = true;
  const over = () => counter.count(JSON.stringify(copy)) > maxTokens;
  const shrink = (kept?: { has(v: unknown): boolean; add(v: unknown): void }) => {
    for (let i = 0; i < 400 && over(); i++) {
      const part = largestPart(copy, kept);
      if (!part || part.size < 8) break;
      part.replace(shrinkOnce);
    }
  };
  // A required list the answer had items in keeps one (cut inside it) while an optional key is left to give up:
  // review's `changed: []` under a small budget read "nothing changed" while its optional context stayed
  const had = options.listsFirst ? {} : Object.fromEntries(required.filter((k) => Array.isArray(copy[k]) && (copy[k] as unknown[]).length > 0).map((k) => [k, (copy[k] as unknown[]).length]));
  const requiredLists = new Set(Object.keys(had).map((k) => copy[k]));
  const optional = Object.keys(copy).filter((k) => !required.includes(k) && k !== "truncated" && !carriesHandoff(copy[k]));
  // (`keepLast`: every list keeps its last item, cut inside, before any key goes — a JSON text's one file keeps part of its content)
  shrink(options.keepLast ? { has: () => true, add: () => undefined } : optional.length ? requiredLists : undefined);
  if (!over()) return copy;
  // `notes` (why an answer is empty or cut, what to call instead) goes last of the keys
  const keys = optional.sort((a, b) => Number(b === "notes") - Number(a === "notes"));
  while (keys.length && over()) delete copy[keys.pop() as string];
  if (!over()) return copy;
  // the last resort empties required lists: how many items each had survives (`cut`), so an emptied list never reads as none
  const counts = { ...had };
  if (Object.keys(counts).length) copy.cut = counts;
  shrink();
  for (const k of Object.keys(counts)) if ((copy[k] as unknown[]).length > 0) delete counts[k];
  // (the count goes too when it alone is over: `truncated` still says the lists were cut)
  if (Object.keys(counts).length === 0 || over()) delete copy.cut;
  return copy;
}

/**
 * The warnings within `room` tokens (as warning lines): those that fit whole, then the next one
 * cut with a count of the rest — never dropped without a word (an ignored svc.json went unsaid
 * under a small budget). None when not even a cut one fits.
 */
export function fitWarnings(warnings: readonly string[] | undefined, room: number, counter: TokenCounter, shortForms: ReadonlyMap<string, string> = new Map()): string[] | undefined {
  if (!warnings?.length || counter.count(warningLines(warnings)) <= room) return warnings as string[] | undefined;
  const kept: string[] = [];
  for (const [i, warning] of warnings.entries()) {
    if (counter.count(warningLines([...kept, warning])) <= room) {
      kept.push(warning);
      continue;
    }
    // a warning with a short form (the refused-roots note: what the answer is about) says it whole rather than cut to "[cut]"
    const short = shortForms.get(warning);
    if (short !== undefined && counter.count(warningLines([...kept, short])) <= room) {
      kept.push(short);
      continue;
    }
    const rest = warnings.length - i - 1;
    const tail = `… [cut${rest ? `; ${rest} more warning${rest === 1 ? "" : "s"}` : ""}]`;
    const lo = longestPrefix(warning.length, (mid) => counter.count(warningLines([...kept, `${warning.slice(0, mid)}${tail}`])) <= room);
    if (lo >= Math.min(12, warning.length)) kept.push(`${warning.slice(0, lo)}${tail}`);
    break;
  }
  return kept;
}

export interface FitOptions {
  /** The call that gets what was cut, in the surface's terms (e.g. "raise maxTokens or narrow path"). */
  hint: string;
  /** Keys of the structured result its schema requires (kept longest). */
  required?: readonly string[];
  /** The request's budget parameter, named when a budget is too small for any answer (default maxTokens). */
  budgetParam?: string;
  /** The client is shown the text alone (the CLI without --json): the structured result, never printed, is not counted nor cut. */
  textOnly?: boolean;
  /** Why the answer is empty and what to try (the structured result's note): kept before any other line when the answer is cut, which then advises no larger budget (it would show no content). */
  reasons?: readonly string[];
  /** Warnings' short forms, said when the whole one does not fit (the refused-roots note). */
  shortForms?: ReadonlyMap<string, string>;
  /** The client receives the structured result alone (the host's JSON-RPC reply; the CLI's --json, its warnings on stderr): the text, never sent, is not counted nor cut, and the structured result has the budget the warnings leave. */
  dataOnly?: boolean;
}

/**
 * The answer within `budget` tokens, counted over everything a client receives. The
 * structured result may take at most a third of the budget (its arrays shortened); the
 * text gets the rest as a head-and-tail excerpt with a marker (around an empty answer's
 * reasons), or, as JSON, shortened beside a structured result holding the same items. A
 * client shown the text alone (`textOnly`) gets the whole budget for the warnings and the text.
 */
export function fitAnswer<A extends BudgetedAnswer>(answer: A, budget: number, counter: TokenCounter, options: FitOptions): A {
  const textOnly = options.textOnly === true;
  const received = (a: BudgetedAnswer) => (options.dataOnly ? counter.count(warningLines(a.warnings)) + counter.count(JSON.stringify(a.data)) : answerTokens(a, counter, textOnly));
  if (!Number.isFinite(budget) || budget <= 0 || received(answer) <= budget) return answer;
  // Part of a verified change is not a safe change: its staged files (the handoff to apply) stay whole and the rest
  // (the diffs to read) is cut around them; when the files alone are over the budget, the change is refused whole.
  const handoff = carriesHandoff(answer.data);
  const handoffFloor = handoff ? counter.count(JSON.stringify(fitData(answer.data, 1, counter, options.required))) : 0;
  if (handoff && handoffFloor + counter.count(warningLines(answer.warnings)) + (options.dataOnly ? 0 : 60) > budget) {
    throw validationError(`the staged change is ~${formatTokens(received(answer))} tokens, over the ${formatTokens(budget)}-token answer budget, and cannot be returned in part (applying some of its files would leave the project broken; its staged files alone are ~${formatTokens(handoffFloor)} tokens); ${options.hint}`);
  }
  // An empty answer keeps why it is empty and what to try before anything else: the notes saying so are first in their
  // lists (a list halved keeps them) and, where the structured result is all the client gets, their keys outlast the
  // others (beside a text, the text says it: the structured result keeps its own required keys)
  const reasons = options.reasons ?? [];
  const required = [...(options.required ?? []), ...(options.dataOnly ? reasonKeys(answer.data, reasons) : [])];
  const whole = reasonsFirst(answer.data, reasons);
  const hint = handoff ? `every staged file is whole in the structured result (files): only diffs to read were cut; ${options.hint}` : reasons.length ? "the answer is empty: more budget shows no content; the note kept says why and what to try" : options.hint;
  const warningRoom = (forWarnings: number) => {
    // a short form (the refused-roots note) gets up to half the budget: the answer is about another workspace than the caller named
    const shorts = [...(options.shortForms?.values() ?? [])].filter((s) => answer.warnings?.some((w) => options.shortForms?.get(w) === s));
    return Math.max(forWarnings, Math.min(Math.floor(budget / 2), counter.count(warningLines(shorts))));
  };
  if (options.dataOnly) {
    // the structured result is what the client gets: it has the budget, not the third the text leaves it (svc/scope lost its payloadPath under a small budget)
    const warnings = fitWarnings(answer.warnings, warningRoom(Math.floor(budget / 4)), counter, options.shortForms);
    const data = fitData(whole, Math.max(1, budget - counter.count(warningLines(warnings))), counter, required);
    if (received({ text: "", data, warnings }) > budget) {
      const least = counter.count(warningLines(answer.warnings)) + counter.count(JSON.stringify(fitData(answer.data, 1, counter, options.required))) + 8;
      throw validationError(`pass ${options.budgetParam ?? "maxTokens"}=${least} or more: ${budget} is too small for any answer (the least that says what was cut)`);
    }
    return { ...answer, data, warnings };
  }
  const warnings = fitWarnings(answer.warnings, warningRoom(Math.floor(budget / 4)), counter, options.shortForms);
  const warnTokens = counter.count(warningLines(warnings));
  const short = reasons.length ? `[svc: the answer is empty: ${reasons.join("; ")}]` : `[svc: cut to fit ${budget} tokens; ${hint}]`;
  const json = jsonObject(answer.text);
  const fitted = json
    ? fitJsonText(json, whole, budget - warnTokens, counter, required, `cut to fit the ${budget}-token budget; ${hint}`, handoffFloor, textOnly)
    : fitPlainText(answer.text, whole, budget, warnTokens, counter, { ...options, required, hint, textOnly, handoffFloor, reasons });
  let { text, data } = fitted;
  const room = budget - warnTokens - (textOnly ? 0 : counter.count(JSON.stringify(data)));
  if (text === "" && room > 0) text = counter.count(short) <= room ? short : reasons.length ? prefixFitting(short, "…]", room, counter) : "";
  // Not even a note saying what was cut fits (the schema's required keys alone may not): refuse
  // rather than exceed the budget or answer with nothing.
  if (text === "" || answerTokens({ text, data, warnings }, counter, textOnly) > budget) {
    const least = counter.count(warningLines(answer.warnings)) + counter.count(short) + (textOnly ? 0 : counter.count(JSON.stringify(fitData(whole, 1, counter, required)))) + 8;
    const param = options.budgetParam ?? "maxTokens";
    // the instruction first: on a small budget the message is cut from its end
    throw validationError(`pass ${param}=${least} or more: ${budget} is too small for any answer (the least that says what was cut)`);
  }
  return { ...answer, text, data, warnings };
}

/** The largest n in [0, max] for which `fits(n)` holds (0 when none does), `fits` holding for every n below one it holds for. */
function longestPrefix(max: number, fits: (n: number) => boolean): number {
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The longest start of `text` that fits `room` tokens with `tail` after it ("" when not 12 characters of it do). */
function prefixFitting(text: string, tail: string, room: number, counter: TokenCounter): string {
  const n = longestPrefix(text.length, (mid) => counter.count(`${text.slice(0, mid)}${tail}`) <= room);
  return n >= Math.min(12, text.length) ? `${text.slice(0, n)}${tail}` : "";
}

/**
 * A text that is not JSON, cut to what the structured result leaves: the structured result may take at most a third of the
 * budget (its arrays shortened); the text gets the rest as a head-and-tail excerpt with a marker — around the lines saying
 * why an empty answer is empty, when there are (`reasons`). "" when nothing fits.
 */
function fitPlainText(text: string, whole: object, budget: number, warnTokens: number, counter: TokenCounter, o: { hint: string; required: readonly string[]; textOnly: boolean; handoffFloor: number; reasons: readonly string[] }): { text: string; data: object } {
  const textTokens = counter.count(text);
  // The text keeps priority: the structured result gets what the text leaves, at most a third.
  // (shown the text alone, the client never sees the structured result: it stays whole and takes no room)
  const dataShare = Math.max(Math.floor((budget - warnTokens) / 3), budget - warnTokens - textTokens, o.handoffFloor);
  const data = o.textOnly ? whole : fitData(whole, Math.max(1, dataShare), counter, o.required);
  const room = budget - warnTokens - (o.textOnly ? 0 : counter.count(JSON.stringify(data)));
  if (room <= 0) return { text: "", data };
  const marker = (lines: number, tokens: number) =>
    `… [svc: ${lines} line${lines === 1 ? "" : "s"} (~${formatTokens(tokens)} tokens) cut to fit the ${formatTokens(budget)}-token budget; ${o.hint}] …`;
  const lines = text.split("\n");
  const pinned: [number, number][] = o.reasons.length
    ? lines.flatMap((line, i) => (o.reasons.some((r) => line.includes(r.slice(0, 60))) ? [[i, i + 1] as [number, number]] : []))
    : [];
  if (pinned.length) return { text: excerptAround(text, pinned, room, counter, marker) ?? "", data };
  return { text: headAndTail(text, room, counter, marker, true), data };
}

/**
 * A JSON text (format=json: the structured result again, with content) shortened as a structured result is, with `reason`
 * saying what was cut; the structured result beside it keeps the same items of the lists both hold. The text gets two
 * thirds of `room` to start with, less while the structured result it leaves does not fit whole.
 */
function fitJsonText(json: Record<string, unknown>, whole: object, room: number, counter: TokenCounter, required: readonly string[], why: string, floor: number, textOnly: boolean): { text: string; data: object } {
  /** The text fitted to `share` tokens, with the structured result it leaves; `agrees` when that one kept all the text kept. */
  const attempt = (share: number): { text: string; data: object; agrees: boolean; fits: boolean } => {
    // (room kept for the reason saying what was shown)
    const probe = fitData(json, Math.max(1, share - counter.count(why) - 24), counter, required, { keepLast: true }) as Record<string, unknown>;
    const cut = listsCut(json, probe);
    let text = JSON.stringify({ ...probe, truncated: true, reason: `${why}${cut.length ? ` (shown: ${cut.join(", ")})` : ""}` });
    if (counter.count(text) > share) text = JSON.stringify({ ...probe, truncated: true });
    if (textOnly) return { text, data: whole, agrees: true, fits: counter.count(text) <= room };
    const aligned = alignedTo(whole, json, probe) as Record<string, unknown>;
    if (JSON.stringify(aligned) !== JSON.stringify(whole)) aligned.truncated = true;
    const left = room - counter.count(text);
    const data = fitData(aligned, Math.max(1, left, floor), counter, required);
    return { text, data, agrees: data === aligned, fits: counter.count(JSON.stringify(data)) <= left };
  };
  // the text's largest share whose structured result keeps what the text kept (both say the same about what was shown):
  // from what the whole structured result leaves, at least two thirds, down by halves
  let hi = textOnly ? room : Math.max(Math.floor((room * 2) / 3), room - counter.count(JSON.stringify(whole)) - 8);
  let best = attempt(hi);
  if (best.fits && best.agrees) return best;
  let fallback = best.fits ? best : null;
  let lo = 0;
  for (let i = 0; i < 7 && hi - lo > 16; i++) {
    const mid = Math.floor((lo + hi) / 2);
    const tried = attempt(mid);
    if (tried.fits && tried.agrees) {
      best = tried;
      lo = mid;
    } else {
      if (tried.fits) fallback ??= tried;
      hi = mid;
    }
  }
  if (best.fits && best.agrees) return best;
  return fallback ?? { text: "", data: fitData(whole, Math.max(1, Math.floor(room / 3)), counter, required) };
}

/** How a surface carries an error: what its client receives, to count (the CLI's --json object, MCP's text, the host's JSON-RPC error with the message twice). */
export type ErrorShape = (error: SvcError) => string;

/** The largest error form outside the host: the CLI's `--json` object and its line end (its text line and MCP's text are shorter). */
export const plainErrorShape: ErrorShape = (e) => `${JSON.stringify({ error: { prefix: e.prefix, message: e.message } })}\n`;

/** The host's JSON-RPC error: `{code, message: <prefixed line>, data: {prefix, message}}`. */
export const rpcErrorShape: ErrorShape = (e) => JSON.stringify({ code: -32602, message: e.formatted, data: { prefix: e.prefix, message: e.message } });

/**
 * An error within `budget` tokens as a client receives it (`shape`): its message cut, with a
 * marker, when longer (a context call with maxTokens=50 and 100 seeds that matched nothing
 * answered a 500-token error) — the marker shortened, then the message, down to the prefix
 * alone. Every budget the engine accepts (MIN_BUDGET or more) holds the prefix and the start of
 * the message on every surface.
 */
export function fitError(error: SvcError, budget: number, counter: TokenCounter, shape: ErrorShape = plainErrorShape): SvcError {
  const fits = (e: SvcError) => counter.count(shape(e)) <= budget;
  if (fits(error)) return error;
  for (const marker of [` … [svc: error cut to fit the ${formatTokens(budget)}-token budget]`, " … [cut]"]) {
    const cut = (n: number) => new SvcError(error.prefix, `${error.message.slice(0, n)}${marker}`);
    const lo = longestPrefix(error.message.length, (mid) => fits(cut(mid)));
    if (lo >= Math.min(24, error.message.length)) return cut(lo);
  }
  return new SvcError(error.prefix, "…");
}
