// The render pipeline of every fusion answer: reduce → redact → count → pack → format.
// Entries go out most relevant first; under a budget, lower entries are first downgraded
// to skeleton, then dropped (named in a closing note); the first entry is always emitted.
// Output bytes depend only on the inputs (timings appear only in the trackTopTokenFiles
// stats comment).

import type { Plan, PlanEntry } from "../plan/model.ts";
import { unifiedDiff } from "./diff.ts";
import { commentSafe, fileBlock } from "./format.ts";
import { droppedNote, manifestComment, mapComment, mapText, shortWhy, statsComment, type DroppedFile, type ManifestLine, type MapLine } from "./manifest.ts";
import type { Level } from "./reduce/index.ts";
import { compareSent, recordSent, session as sessionFor } from "./session.ts";
import { excerptAround, headAndTail } from "./fit.ts";
import { focusCall } from "./surface-calls.ts";
import { formatTokens, tokenCounter } from "../text/tokens.ts";
import { pinnedExcerptOf, pinRanges, showsPin } from "./pinned-excerpt.ts";
import { CODE_LEVELS, emitted, excerptOf, focusedExcerptOf, keptMark, keptOf, keptThatMayFit, prepare, readText, tierMark, type Candidate, type EmittedEntry, type RenderOptions } from "./fusion-candidate.ts";

export type { EmittedEntry, RenderOptions };

/** The structured result of a fusion answer: the manifest, not the content (that is the text). */
export interface FusionData {
  mode: string;
  tokenizer: string;
  level: Level;
  collected: number;
  files: number;
  totalTokens: number;
  redacted: number;
  maxTokens: number | null;
  entries: EmittedEntry[];
  /** Files left out to fit the budget (the first 50; droppedCount says how many), most relevant first. */
  dropped: DroppedFile[];
  droppedCount: number;
  /** The call that fetches a dropped file (`<path>` stands for its path). */
  next?: string;
  omittedBySession: string[];
  notes: string[];
  /** Data and docs files set aside, one row per extension (see plan/source-split.ts). */
  notIncluded?: NonNullable<Plan["notIncluded"]>;
  /** ask: the relevant files not packed, most relevant first — why each is relevant and the call that fetches it (in place of `dropped`). */
  map?: MapLine[];
  /** ask: relevant files not packed that the map leaves out to fit the budget. */
  mapCut?: number;
}

export type { MapLine };

const DROPPED_LISTED = 50;

export async function renderPlan(plan: Plan, options: RenderOptions & { reserve?: number }): Promise<{ text: string; data: FusionData }> {
  const counter = await tokenCounter();
  const budget = options.maxTokens ?? Number.POSITIVE_INFINITY;
  const budgetParam = options.budgetParam ?? "maxTokens";
  const session = options.sessionId ? sessionFor(options.sessionId) : null;
  const chosen: Candidate[] = [];
  const dropped: DroppedFile[] = [];
  const omitted: string[] = [];
  const diffed: string[] = [];
  let prelude = plan.prelude.join("\n");
  // A prelude (review map, API delta) takes at most half of a budget.
  // Whole lines only; the items it keeps (review's API delta count) stay, with as many lines from the top as fit.
  if (Number.isFinite(budget) && prelude && counter.count(prelude) > budget / 2) {
    const marker = (lines: number, tokens: number) => `… [svc: ${lines} line${lines === 1 ? "" : "s"} (~${formatTokens(tokens)} tokens) of this map cut to fit ${budgetParam}=${budget}; narrow path or raise ${budgetParam}] …`;
    const keep = plan.preludeKeep ?? [];
    let kept: string | null = null;
    // the items kept, most important first: as many of them as fit
    for (let k = keep.length; k > 0 && kept === null; k--) kept = excerptAround(prelude, preludeLines(plan.prelude, keep.slice(0, k)), Math.floor(budget / 2), counter, marker);
    prelude = kept ?? headAndTail(prelude, Math.floor(budget / 2), counter, marker, true);
  }
  // what the budget counts: the structured result too, unless the client is shown the text alone (the CLI without --json)
  const dataCounted = options.textOnly !== true;
  const dataCost = (value: unknown) => (dataCounted ? counter.count(JSON.stringify(value)) : 0);
  // The manifest head, the structured result's fixed fields and the notes.
  // (notes appear twice: in the manifest and in the structured result)
  let used =
    (prelude ? counter.count(prelude) : 0) +
    (dataCounted ? 140 : 60) +
    (options.reserve ?? 0) +
    plan.manifestNotes.reduce((sum, n) => sum + (dataCounted ? 2 : 1) * counter.count(n) + 4, 0) +
    (plan.notIncludedLines ?? []).reduce((sum, n) => sum + counter.count(n) + 2, 0) +
    dataCost(plan.notIncluded ?? []);
  const fixed = used;
  // the map's share is held while packing and handed back before the map is filled
  const mapHeld = plan.map && Number.isFinite(budget) ? Math.floor(budget * plan.map.share) : 0;
  used += mapHeld;
  // format=json: the text is the structured result with each file's content as a JSON string, so an entry's fields count twice (text and data) and its content as escaped JSON
  const asJson = options.format === "json";
  const contentCost = (c: Candidate) => (asJson ? counter.count(JSON.stringify(c.content)) + 4 : c.tokens);
  // entries sent as signatures because whole they would take too much of the budget for a guess: the manifest and the structured result say so
  const heldBack = new Map<string, string>();
  const emit = (c: Candidate): EmittedEntry => {
    const e = emitted(c);
    const held = c.tier !== c.entry.tier ? heldBack.get(c.entry.path) : undefined;
    return held ? { ...e, provenance: [...e.provenance, held] } : e;
  };
  // an entry's fields: in the structured result (counted unless the client is shown the text alone), in the text when format=json, else its manifest line
  // (whose marks cost a few tokens more when the entry was downgraded or cut: the final fit below holds the budget exactly)
  const manifestLine = (c: Candidate) => counter.count(`  ${c.entry.path} (~0.0k tokens)${plan.suffixes?.get(c.entry.path) ?? ""}`) + (c.tier !== c.entry.tier || c.excerpt ? 10 : 0);
  const entryCost = (c: Candidate) => contentCost(c) + 12 + (dataCounted ? (asJson ? 2 : 1) * counter.count(JSON.stringify(emit(c))) : asJson ? counter.count(JSON.stringify(emit(c))) : manifestLine(c));
  const packing = plan.packing;
  const texts = new Map<string, string>();
  // an entry reduced at a tier (with the declarations it keeps whole) once per answer: a waiting entry is placed twice, an upgrade meets its whole file again
  const reduced = new Map<string, Omit<Candidate, "sent">>();
  const prepared = (entry: PlanEntry, tier: Level, text: string): Candidate => {
    const key = `${entry.path}\0${tier}\0${CODE_LEVELS.has(tier) ? (entry.keepWhole ?? []).join("\0") : ""}`;
    let c = reduced.get(key);
    if (!c) reduced.set(key, (c = prepare(entry, tier, text, options, counter, plan.annotate)));
    return { ...c, entry, sent: "full" };
  };
  // packing for editing (deferSignatures): a candidate planned whole that does not fit whole waits, keeping deferKeep of the
  // budget for an excerpt of its signatures; the candidates after it are tried whole first, and its signatures go in before
  // the first entry planned at signature level, once a later one does not arrive whole either, or at the end
  const deferred: { entry: PlanEntry; index: number; kept: number }[] = [];
  // packing for editing (focusShare): signatures keeping the entry's likely declarations whole
  const focused = (c: Candidate) => packing?.focusShare !== undefined && !CODE_LEVELS.has(c.entry.tier) && keptOf(c).length > 0;
  // An entry planned whole that arrives as signatures: with as many of its likely declarations whole (best first) as fit in
  // focusShare of the budget and the room left, else plain signatures. Kept declarations that are most of the file (its
  // signatures with them at over 80 % of the whole file, `whole` or the index's estimate) are no excerpt: plain signatures then.
  const signaturesOf = (entry: PlanEntry, text: string, whole?: Candidate): Candidate => {
    const room = Math.min(budget - used, Math.floor(budget * (packing?.focusShare ?? 0)), Math.floor(0.8 * (whole ? entryCost(whole) : entry.estimate)));
    const keep = packing?.focusShare && !CODE_LEVELS.has(entry.tier) ? keptThatMayFit(entry, text, room - 60) : [];
    for (let k = keep.length; k > 0; k--) {
      const kept = keep.slice(0, k);
      const c: Candidate = prepared({ ...entry, keepWhole: kept.map((i) => entry.keepWhole?.[i] as string), keepLines: kept.map((i) => entry.keepLines?.[i] as [number, number]) }, "skeleton", text);
      if (entryCost(c) <= room) return c;
      // signatures too large whole: an excerpt of them around the kept declarations, with at most signatureShare of the budget of the rest
      const cut = focusedExcerptOf(c, text, room - 12 - 60, Math.floor(budget * (packing?.signatureShare ?? 1)), options, counter, entry.estimate);
      if (cut && entryCost(cut) <= room) return cut;
    }
    return prepared({ ...entry, keepWhole: undefined }, "skeleton", text);
  };
  // Sessions: a view the session already sent unchanged is omitted (null); a changed one goes as a diff when that is smaller.
  const againstSession = (c: Candidate): Candidate | null => {
    if (!session) return c;
    const path = c.entry.path;
    const verdict = compareSent(session, path, c.content);
    if (verdict.kind === "same") {
      if (!omitted.includes(path)) omitted.push(path);
      return null;
    }
    if (verdict.kind === "changed") {
      const patchBlock = fileBlock(options.format, path, unifiedDiff(verdict.previous, c.content, { path }), { sent: "diff" });
      const patchTokens = counter.count(patchBlock);
      if (patchTokens < c.tokens) {
        if (!diffed.includes(path)) diffed.push(path);
        return { ...c, block: patchBlock, tokens: patchTokens, sent: "diff" };
      }
    }
    return c;
  };
  // A cut of a seed's file keeps what the seed names (a line, a declaration: plan/seed-pins.ts) — the declaration whole in its
  // signatures, else the line and its enclosing headers in the file as planned — and says so when not even that fits.
  const cutOf = (c: Candidate, room: number, fullTokens: number, short = false): Candidate | null => {
    const pin = c.entry.pin;
    if (!pin) return excerptOf(c, room, options, counter, fullTokens, short);
    const text = c.entry.text ?? readText(options.root, c.entry.path);
    if (text !== null) {
      const views: [Candidate, boolean][] = [
        ...(pin.decl ? [[prepared({ ...c.entry, keepWhole: [pin.decl.name] }, "skeleton", text), true] as [Candidate, boolean]] : []),
        [c, false],
        ...(c.tier !== c.entry.tier ? [[prepared(c.entry, c.entry.tier, text), false] as [Candidate, boolean]] : []),
      ];
      for (const [view, whole] of views) {
        const cut = pinnedExcerptOf(view, text, pinRanges(pin, whole), room, options, counter, fullTokens);
        if (cut) return cut;
      }
    }
    const cut = excerptOf(c, room, options, counter, fullTokens, short);
    // a head and a tail that happen to hold the line need no word; else the marker says what the seed named is not shown
    return !cut || (text !== null && showsPin(cut, text, pin, options.root)) ? cut : excerptOf(c, room, options, counter, fullTokens, short, `${pin.label}, which the seed names,`);
  };
  /**
   * The fewest tokens a file takes in an answer: its smallest excerpt (the room the packer cuts it to, with what the entry
   * costs besides), else its view whole. The note that nothing fits names a budget from it: named from the whole view, a
   * 30k-token skeleton had hono's svc_search maxTokens=200 say "raise maxTokens to 30300+" where 317 returned an excerpt.
   */
  const leastOf = (c: Candidate, fullTokens: number): number => {
    const whole = entryCost(c);
    for (let room = 64; room + 72 < whole; room = Math.ceil(room * 1.5)) if (cutOf(c, room, fullTokens)) return room + 72;
    return whole;
  };
  const waited = new Set<string>();
  const place = (entry: PlanEntry, index: number, mayDefer: boolean): "blocked" | void => {
    const first = chosen.length === 0 || entry.mustKeep === true;
    // A fair share: while other entries wait, one that is not a must-keep takes at most half
    // of the room left, so one big file cannot crowd out the rest of a budgeted answer.
    const share = Number.isFinite(budget) && !packing && index < plan.entries.length - 1 && entry.mustKeep !== true ? Math.max(200, Math.floor((budget - used) / 2)) : Number.POSITIVE_INFINITY;
    // packing for editing: a whole file may take the answer up to wholeShare of the budget
    // (the map's share is held from the signatures' part of the budget, not from the whole files')
    const wholeRoom = packing && !first ? Math.min(budget, budget * packing.wholeShare + mapHeld) : budget + mapHeld;
    // packing for editing: one file's signatures take at most signatureShare of the budget (a larger skeleton goes as a head-and-tail excerpt), so a huge file's signatures cannot crowd out the next candidates whole
    // (signatures keeping the likely declarations whole: at most focusShare)
    const shareOf = (c: Candidate) => (packing?.signatureShare && CODE_LEVELS.has(c.tier) ? Math.floor(budget * (focused(c) ? (packing.focusShare ?? 0) : packing.signatureShare)) : share);
    const fits = (c: Candidate) => used + entryCost(c) <= (CODE_LEVELS.has(c.tier) ? budget : wholeRoom) && entryCost(c) <= shareOf(c);
    // Entries that cannot fit even as signatures (a skeleton is rarely under a fifth of the
    // file) are dropped without being read, so a small budget over a big plan stays cheap.
    if (!first && !waited.has(entry.path) && (budget - used < 40 || entry.estimate * 0.2 > budget - used)) {
      dropped.push({ path: entry.path, estimate: entry.estimate });
      return;
    }
    const text = entry.text ?? readText(options.root, entry.path);
    if (text === null) return;
    if (packing) texts.set(entry.path, text);
    // packing for editing: a file far over the room whole files have left goes straight to signatures
    const tooBig = packing && !first && !CODE_LEVELS.has(entry.tier) && entry.estimate * 0.5 > wholeRoom - used;
    const arrived = againstSession(tooBig ? signaturesOf(entry, text) : prepared(entry, entry.tier, text));
    if (arrived === null) return;
    let candidate: Candidate = arrived;
    // another view of it (signatures, an excerpt) is held against the session too: the view already sent is not sent again
    const take = (c: Candidate): void => {
      const view = c === arrived ? c : againstSession(c);
      if (!view) return;
      chosen.push(view);
      used += entryCost(view);
    };
    // packing for editing: a guess that would take most of the budget whole goes as signatures (whole if room remains at the end), so the next candidates can arrive whole
    if (packing?.tentativeShare && entry.tentative && !CODE_LEVELS.has(candidate.tier) && candidate.sent === "full" && entryCost(candidate) > packing.tentativeShare * budget) {
      heldBack.set(entry.path, `skeleton: whole it would take ~${Math.round((100 * entryCost(candidate)) / budget)}% of ${budgetParam}=${budget} on ${entry.tentative}`);
      candidate = signaturesOf(entry, text, candidate);
    }
    // packing for editing (deferSignatures): a candidate planned whole that is not going whole waits for the candidates after it
    const wholeNow = !CODE_LEVELS.has(candidate.tier) && fits(candidate);
    if (mayDefer && !wholeNow && packing?.deferSignatures && !first && !heldBack.has(entry.path) && !CODE_LEVELS.has(entry.tier) && candidate.sent === "full") {
      // the room a short excerpt of its signatures needs stays kept for it (deferKeep of the budget), so it still arrives
      const kept = packing?.deferKeep ? Math.min(Math.floor(budget * packing.deferKeep), Math.max(0, budget - used)) : 0;
      used += kept;
      deferred.push({ entry, index, kept });
      return;
    }
    // the entries waiting are more relevant: once one does not arrive whole, their signatures go first
    if (mayDefer && !wholeNow && deferred.length) return "blocked";
    if (fits(candidate)) return take(candidate);
    // Downgrade: signatures first; the first entry (and a must-keep one) then becomes a
    // head-and-tail excerpt rather than being emitted whole or lost.
    let smaller = candidate;
    if (!CODE_LEVELS.has(candidate.tier) && candidate.sent === "full") {
      smaller = signaturesOf(entry, text, candidate);
      if (fits(smaller)) return take(smaller);
    }
    const overShare = used + entryCost(smaller) <= budget; // it would fit, but not in its share
    if (first || overShare || waited.has(entry.path)) {
      const room = Math.min(budget - used, shareOf(smaller)) - 12 - 60;
      const cut = cutOf(smaller, room, candidate.tokens);
      if (cut) return take(cut);
      // nothing packed yet: the shares keep room for the candidates after this one, not from it — its signatures (or an excerpt of
      // them) in the room left, else an answer holding no file says "nothing fits" while they fit (svc_ask tokenBudget=350, a 122-token file)
      if (chosen.length === 0) {
        // (the map's hold is handed back to it: the file the task is about comes first)
        const left = budget - (used - mapHeld);
        if (entryCost(smaller) <= left) return take(smaller);
        const rest = cutOf(smaller, left - 12 - 60, candidate.tokens);
        if (rest) return take(rest);
        // what it takes at the least, for the note that nothing fits (the index's estimate of the file leaves its entries out)
        dropped.push({ path: entry.path, estimate: entry.estimate, least: leastOf(smaller, candidate.tokens) });
        return;
      }
    }
    dropped.push({ path: entry.path, estimate: entry.estimate });
  };
  const flush = () => {
    for (const d of deferred.splice(0)) {
      used -= d.kept;
      if (d.kept) waited.add(d.entry.path);
      place(d.entry, d.index, false);
    }
  };
  for (const [index, entry] of plan.entries.entries()) {
    if (deferred.length && CODE_LEVELS.has(entry.tier)) flush();
    if (place(entry, index, true) !== "blocked") continue;
    flush();
    place(entry, index, false);
  }
  flush();
  const order = new Map(plan.entries.map((e, i) => [e.path, i]));
  // `chosen` in plan order again (a waiting entry was placed after the ones it waited for)
  if (packing?.deferSignatures) chosen.sort((a, b) => (order.get(a.entry.path) ?? 0) - (order.get(b.entry.path) ?? 0));

  // Room left: entries sent as signatures become whole (standard), most relevant first (packing for editing); with
  // upgradeMatchesFirst the task's candidates (role match) before the graph neighbours the plan puts ahead of the later ones
  if (packing && packing.upgrade !== false && Number.isFinite(budget)) {
    const upgradeOrder = [...chosen.keys()];
    const neighbour = (i: number) => Number(packing.upgradeMatchesFirst === true && (chosen[i] as Candidate).entry.role !== "match");
    upgradeOrder.sort((a, b) => neighbour(a) - neighbour(b) || a - b);
    for (const i of upgradeOrder) {
      const c = chosen[i] as Candidate;
      const target: Level = CODE_LEVELS.has(c.entry.tier) ? "standard" : c.entry.tier;
      if (c.tier === target || c.excerpt || c.sent !== "full" || budget - used < 40) continue;
      const text = texts.get(c.entry.path);
      if (text === undefined || c.entry.estimate * 0.25 > budget - used) continue;
      const whole: Candidate = prepared({ ...c.entry, tier: target }, target, text);
      const delta = entryCost(whole) - entryCost(c);
      if (used + delta > budget) continue;
      chosen[i] = whole;
      used += delta;
    }
  }

  used -= mapHeld;
  const provenanceOf = new Map(plan.entries.map((e) => [e.path, e.provenance[0] ?? ""]));
  const map = plan.map;
  const common = map?.common ?? "";
  // the call that fetches one file, in the surface's terms (ask's map; also for the note when nothing fits)
  const fetchOf = map ? (path: string) => `${map.next(path)}${common}` : (plan.fetch ?? ((path: string) => focusCall(options.surface, path)));
  const mapLineOf = (d: DroppedFile): MapLine => ({ path: d.path, tokens: d.estimate, why: shortWhy(provenanceOf.get(d.path) ?? ""), next: map ? fetchOf(d.path) : "" });
  // map lines that fit the room left (the shrink loop below cuts more if the whole answer is over)
  let mapLimit = 0;
  if (plan.map) {
    const sortedNow = [...dropped].sort((x, y) => (order.get(x.path) ?? 0) - (order.get(y.path) ?? 0));
    let room = budget - used - 60;
    for (const d of sortedNow) {
      const line = mapLineOf(d);
      const cost = counter.count(mapText(line, common)) + dataCost(line) + 4;
      if (cost > room) break;
      room -= cost;
      mapLimit++;
    }
  }
  const emitOrder = plan.emitOrder;
  // `chosen` stays in plan order (the shrink loop below drops its least needed entry); the output goes in the plan's emit order
  // the list a budget can afford (about one entry per 200 tokens of budget, at most 50); shortened before the last file is cut
  // nothing fits and the answer is still over: the data and docs files set aside leave the structured result (the note saying why stays)
  let lean = false;
  // the last resort of a tiny budget (below): the manifest names the files set aside in one line, not one per kind
  let tiny = false;
  // ask's answer when no file fits and even the note saying so is over the budget (a few dozen tokens): the note in short
  let terse = false;
  // when nothing fits, the manifest's notes (why a seed matched what it did, what was set aside) stay in the text as in the structured result, while
  // they fit; ask's text has its map there instead (the files with their calls), worth more than its notes
  let notesInText = !plan.map;
  const nothingFitsNote = (sorted: readonly DroppedFile[]) => (terse ? shortNothingFits(sorted[0] as DroppedFile, budget, budgetParam, fetchOf) : droppedNote(sorted, budget, sorted.length, true, budgetParam, fixed, fetchOf));
  let droppedListed = Number.isFinite(budget) ? Math.min(DROPPED_LISTED, Math.floor(budget / 200)) : DROPPED_LISTED;
  const buildData = (shown: readonly Candidate[], sorted: readonly DroppedFile[], total: number, redacted: number): FusionData => {
    return {
      mode: plan.mode,
      tokenizer: counter.id,
      level: plan.level ?? options.level,
      collected: plan.collected,
      files: shown.length,
      totalTokens: total,
      redacted,
      maxTokens: options.maxTokens,
      entries: shown.map(emit),
      dropped: plan.map ? [] : sorted.slice(0, droppedListed),
      droppedCount: sorted.length,
      ...(sorted.length && !plan.map && fetchOf("<path>") ? { next: plan.fetch ? fetchOf("<path>") : "svc_focus focus=<path>" } : {}),
      ...(plan.map && sorted.length ? { map: sorted.slice(0, mapLimit).map(mapLineOf), mapCut: Math.max(0, sorted.length - mapLimit) } : {}),
      omittedBySession: omitted,
      // an empty answer says why and what to try in the structured result too (--json, structuredContent, format=json read only this)
      // (the note that nothing fits first: a budget too small for the whole answer halves arrays from their end)
      notes: [...(shown.length === 0 && sorted.length > 0 ? [nothingFitsNote(sorted)] : []), ...plan.prelude.slice(0, 1).map((l) => l.slice(0, 160)), ...plan.manifestNotes],
      ...(plan.notIncluded?.length && !lean ? { notIncluded: plan.notIncluded } : {}),
    };
  };
  const assemble = () => {
    const shown = emitOrder ? [...chosen].sort((a, b) => emitOrder(a.entry, b.entry)) : chosen;
    const sorted = [...dropped].sort((x, y) => (order.get(x.path) ?? 0) - (order.get(y.path) ?? 0));
    const files: ManifestLine[] = shown.map((c) => ({
      path: c.entry.path,
      tokens: c.tokens,
      marks: tiny ? [...(c.tier !== c.entry.tier ? ["skeleton"] : []), "head-and-tail excerpt"] : [
        ...(c.tier !== c.entry.tier ? [keptMark(c, heldBack.get(c.entry.path) ?? "skeleton: downgraded to fit")] : tierMark(c, plan.level ?? options.level)),
        ...(c.excerpt ? [c.focused ? "excerpt around the kept declarations: cut to fit" : "head-and-tail excerpt: cut to fit"] : []),
        ...(c.sent === "diff" ? ["diff since last sent"] : []),
      ],
      suffix: plan.suffixes?.get(c.entry.path),
    }));
    const total = chosen.reduce((sum, c) => sum + c.tokens, 0);
    const redacted = chosen.reduce((sum, c) => sum + c.redacted, 0);
    const data = buildData(shown, sorted, total, redacted);
    if (options.format === "json") {
      const full = { ...data, entries: shown.map((c) => ({ ...emit(c), content: c.content })) };
      return { text: JSON.stringify(full), data };
    }
    const sessionNote =
      omitted.length || diffed.length
        ? `<!-- svc: session ${options.sessionId}: ${omitted.length ? `omitted ${omitted.length} unchanged file${omitted.length === 1 ? "" : "s"} already sent (${omitted.join(", ")})` : ""}${omitted.length && diffed.length ? "; " : ""}${diffed.length ? `sent ${diffed.length} changed file${diffed.length === 1 ? "" : "s"} as a diff (${commentSafe(diffed.join(", "))})` : ""}. Call without session for full copies. -->`
        : "";
    const manifest = manifestComment({
      files,
      collected: plan.collected,
      totalTokens: total,
      tokenizer: counter.id,
      level: plan.level ?? options.level,
      redacted,
      notes: [...plan.manifestNotes, ...(tiny ? notIncludedSummary(plan.notIncluded) : (plan.notIncludedLines ?? []))],
    });
    // Nothing fits: the note alone says why and what to call (a manifest of nothing would only cost tokens).
    const nothingFits = chosen.length === 0 && dropped.length > 0;
    // ask's map names the files not packed with their calls, also when none was packed (the most relevant first, as many as fit)
    const map = plan.map && (!nothingFits || mapLimit > 0) ? mapComment(data.map ?? [], data.mapCut ?? 0, budget, budgetParam, common) : "";
    const closing = nothingFits
      ? [nothingFitsNote(sorted), ...(notesInText ? plan.manifestNotes.map((n) => `<!-- svc: ${commentSafe(n)} -->`) : []), map].filter(Boolean).join("\n")
      : plan.map
        ? map
        : tiny && sorted[0]
          ? `<!-- svc: omitted ${data.droppedCount} file${data.droppedCount === 1 ? "" : "s"} to fit ${budgetParam}=${budget}.${fetchOf(sorted[0].path) ? ` Fetch ${data.droppedCount > 1 ? "the first" : "it"} with ${commentSafe(fetchOf(sorted[0].path))}.` : ""} -->`
          : droppedNote(sorted, budget, data.droppedCount, false, budgetParam, fixed, fetchOf);
    const parts = [prelude, sessionNote, nothingFits ? "" : manifest, ...shown.map((c) => c.block), closing].filter(Boolean);
    if (options.trackTopTokenFiles) parts.push(statsComment(files, plan.collected, total, performance.now() - (options.startedAt ?? performance.now())));
    return { text: parts.join("\n"), data };
  };

  /** The first dropped file as the largest short excerpt whose whole answer fits (null: none does). */
  function lastResort(first: DroppedFile): { text: string; data: FusionData } | null {
    const entry = plan.entries.find((e) => e.path === first.path);
    const text = entry ? (entry.text ?? readText(options.root, entry.path)) : null;
    if (!entry || text === null) return null;
    const whole = prepared(entry, entry.tier, text);
    const source = CODE_LEVELS.has(whole.tier) ? whole : prepared({ ...entry, keepWhole: undefined }, "skeleton", text);
    const at = dropped.indexOf(first);
    tiny = true;
    lean = true;
    let best: { text: string; data: FusionData } | null = null;
    let lo = 0;
    let hi = budget;
    while (lo <= hi) {
      const room = Math.floor((lo + hi) / 2);
      const cut = cutOf(source, room, whole.tokens, true);
      if (!cut) {
        lo = room + 1;
        continue;
      }
      dropped.splice(at, 1);
      chosen.push(cut);
      const tried = assemble();
      chosen.pop();
      dropped.splice(at, 0, first);
      if (size(tried) <= budget) {
        best = tried;
        lo = room + 1;
      } else hi = room - 1;
    }
    if (!best) {
      tiny = false;
      lean = false;
      return null;
    }
    // keep the state the answer was built from (the session records what went out)
    const cut = cutOf(source, lo - 1, whole.tokens, true) as Candidate;
    dropped.splice(at, 1);
    chosen.push(cut);
    return assemble();
  }

  const reserve = options.reserve ?? 0;
  const size = (o: { text: string; data: FusionData }) => counter.count(o.text) + dataCost(o.data) + reserve;
  let out = assemble();
  for (let guard = 0; Number.isFinite(budget) && guard < 10_000; guard++) {
    const over = size(out) - budget;
    if (over <= 0) break;
    if (mapLimit > 0) {
      // the map is cut first (about one line per 60 tokens over)
      mapLimit = Math.max(0, mapLimit - Math.max(1, Math.ceil(over / 60)));
    } else if (chosen.length > 1) {
      const last = chosen.pop() as Candidate;
      dropped.push({ path: last.entry.path, estimate: last.tokens });
    } else if (chosen.length === 1 && droppedListed > 0 && !plan.map) {
      // the list of what was left out goes before the one file the answer still holds
      droppedListed = Math.max(0, droppedListed - Math.max(1, Math.ceil(over / 12)));
    } else if (chosen.length === 1) {
      const only = chosen[0] as Candidate;
      // the excerpt's block tokens for the content's cost in this format (JSON escapes it)
      const inOutput = contentCost(only);
      const cut = cutOf(only, Math.floor(((inOutput - over) * only.tokens) / Math.max(1, inOutput)) - 8, only.tokens);
      chosen.pop();
      if (cut && cut.tokens < only.tokens) chosen.push(cut);
      else dropped.push({ path: only.entry.path, estimate: only.tokens });
    } else if (chosen.length === 0 && !lean && plan.notIncluded?.length) {
      lean = true;
    } else if (chosen.length === 0 && plan.map && !terse) {
      terse = true;
    } else if (chosen.length === 0 && notesInText && plan.manifestNotes.length) {
      notesInText = false;
    } else break;
    out = assemble();
  }
  // Nothing fits (a budget of a few hundred tokens over a large first file): the first file goes as a head-and-tail
  // excerpt with the short marker, the largest whose answer holds the budget — the spec's last downgrade, never the
  // note alone (a scoped call never returns empty). A budget that holds any excerpt never comes here.
  // So too when the first entry (focus's seed) was dropped for files after it that fit: the one asked about goes first.
  const lead = plan.entries[0];
  const leadDropped = lead ? dropped.find((d) => d.path === lead.path) : undefined;
  if (Number.isFinite(budget) && !plan.map && leadDropped) {
    const kept = chosen.splice(0);
    dropped.push(...kept.map((c) => ({ path: c.entry.path, estimate: c.tokens })));
    dropped.sort((x, y) => (order.get(x.path) ?? 0) - (order.get(y.path) ?? 0));
    const rescued = lastResort(leadDropped);
    if (rescued) out = rescued;
    else {
      // no excerpt of it fits: the answer stays as packed
      dropped.splice(0, dropped.length, ...dropped.filter((d) => !kept.some((c) => c.entry.path === d.path)));
      chosen.push(...kept);
    }
  }
  // The map grows back a line at a time while the whole answer fits: the cut above is coarse
  // and the first estimate of its room conservative, so a map cut further than the budget
  // needs would hide relevant files the answer had room to name.
  if (plan.map && Number.isFinite(budget) && (chosen.length > 0 || dropped.length > 0) && size(out) <= budget) {
    for (let guard = 0; mapLimit < dropped.length && guard < 200 && budget - size(out) > 20; guard++) {
      mapLimit++;
      const grown = assemble();
      if (size(grown) > budget) {
        mapLimit--;
        break;
      }
      out = grown;
    }
  }
  if (session) for (const c of chosen) recordSent(session, c.entry.path, c.content);
  return out;
}

/** The note that nothing fits, in short: the call that fetches the first file (ask's answer at a budget of a few dozen tokens, whose header names the budget). */
function shortNothingFits(first: DroppedFile, budget: number, budgetParam: string, fetch: (path: string) => string): string {
  const call = fetch(first.path);
  return `<!-- svc: nothing fits ${budgetParam}=${budget}${call ? `; the first file: ${commentSafe(call)}` : ""} -->`;
}

/** The data and docs files set aside, in one manifest line (a tiny budget's answer). */
function notIncludedSummary(notIncluded: Plan["notIncluded"]): string[] {
  if (!notIncluded?.length) return [];
  const files = notIncluded.reduce((sum, n) => sum + n.files, 0);
  return [`not included: ${files} data and docs file${files === 1 ? "" : "s"} (${notIncluded.map((n) => n.ext).join(" ")})`];
}

/** The line ranges ([from, to), 0-based) of the prelude's items `keep` in its text (an item may hold several lines). */
function preludeLines(prelude: readonly string[], keep: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  let line = 0;
  for (const [i, item] of prelude.entries()) {
    const n = item.split("\n").length;
    if (keep.includes(i)) ranges.push([line, line + n]);
    line += n;
  }
  return ranges;
}
