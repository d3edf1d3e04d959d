// Ask's default strategy (issue 23): the task localizer (`find --kind task`) chooses the
// files, and the plan orders them for editing — the source candidates first at `standard`
// (bodies kept; the renderer keeps them whole while they fit, see render/fusion.ts packing),
// then the strongest graph neighbours of the best ones (callers, callees, tests) at
// signature level, then the candidates the task did not ask for (tests, docs, benchmarks,
// examples, generated files, copies of a source candidate under another folder) at
// signature level. A candidate that does not fit whole waits while the ones after it are
// tried whole, then arrives as signatures (an excerpt of them at least, in room kept for it).
// What does not fit is listed with the call that fetches it; budget left at the end turns
// signatures whole, the task's candidates before the neighbours. A first
// candidate that is a guess (not confident, no exact declaration match, not first in the text
// ranking too) and would take more than tentativeShare of the budget whole goes as signatures,
// whole only if room remains.
// A candidate that arrives as signatures keeps whole the declarations the localizer finds the
// task most likely touches (localize-symbols.ts), as many as fit in focusShare of the budget —
// around them an excerpt of its signatures when those are larger — so an agent can edit them.

import { escapeRegExp } from "../lang/identifier.ts";
import { moduleName } from "../lang/languages.ts";
import { loadFileGraph } from "../graph/file-graph.ts";
import { localize, type Candidate, type Localization } from "../retrieve/localize.ts";
import { MINOR } from "../retrieve/localize-symbols.ts";
import { isAuxiliary } from "../workspace/classify.ts";
import type { Collection, IndexedFile } from "./collect.ts";
import { planFromSeeds } from "./context.ts";
import type { Plan, PlanEntry } from "./model.ts";
import { resolveSeed } from "./seeds.ts";

/** Tuning switches (the benchmark's --params overrides them in-process for ablations). */
export const ASK_PARAMS = {
  /** Localizer candidates considered. */
  candidates: 30,
  /** Source candidates planned at `standard` (the rest at signature level, after the neighbours). */
  wholeCandidates: 12,
  /** The best candidates whose graph neighbours are added. */
  neighbourSeeds: 3,
  /** Graph neighbours added at most. */
  neighbours: 8,
  /** Share of the budget whole files may take before the rest arrives as signatures (render/fusion.ts), plus the map's hold (0.93 + 0.02: 95 %, as at 0.9 + 0.05). */
  wholeShare: 0.93,
  /** 1: budget left at the end turns signature-level entries whole, best first. */
  upgrade: 1,
  /** 1: tests, docs, benchmarks, generated files and copies go after the source (0: localizer order). */
  sourceFirst: 1,
  /** Such a file stays with the source when the task asks for it by name — 1: its file name written with the extension; 2: that, or a docs/benchmark/script file's distinctive name (namesDistinctly); 3: that, or any such file's bare name; 0: never. */
  askedByName: 2,
  /** One file's signatures take at most this share of the budget, a larger skeleton going as a head-and-tail excerpt (0: no cap). */
  signatureShare: 0.15,
  /** Share of the budget held for the map of relevant files not packed, until the files are placed (0: no map); the map then takes whatever room is left. */
  mapShare: 0.02,
  /** The first candidate, on a match that is not confident and not an exact declaration of a name in the task, takes at most this share of the budget whole, else goes as signatures (whole if room remains; 0: off). */
  tentativeShare: 0.6,
  /** 1: an exact declaration match, or the task naming the file, exempts the first candidate from tentativeShare. */
  tentativeExact: 1,
  /** 1: the text ranking alone (BM25F over names, paths and bodies) putting the first candidate first too exempts it from tentativeShare: two rankers agreeing is no guess. */
  tentativeText: 1,
  /** 1: a candidate planned whole that does not fit whole waits while the candidates after it are tried whole; its signatures come after them, before the neighbours' (render/fusion.ts). */
  deferSignatures: 1,
  /** A waiting candidate keeps this share of the budget for a head-and-tail excerpt of its signatures, so it still arrives (0: none kept). */
  deferKeep: 0.03,
  /** 1: the budget left at the end (upgrade) turns the task's candidates whole before the graph neighbours (0: in plan order, the neighbours first). */
  upgradeMatchesFirst: 1,
  /** A candidate that arrives as signatures keeps the localizer's likely declarations of it whole (localize-symbols.ts), its signatures then taking at most this share of the budget (0: plain signatures). */
  focusShare: 0.35,
  /** A task with no usable signal whose words occur here all the same (common words: "fix", "update") gets the search's matches under a low-confidence note (plan/ask.ts) — 2: packed as ask packs (whole while they fit, the rest turned whole as room remains); 1: at the search's own tiers (signatures but small files); 0: nothing packed, as when no word occurs. */
  commonSearch: 2,
};

/** The renderer's packing for ask's plans (render/fusion.ts). */
export function askPacking(): NonNullable<Plan["packing"]> {
  return {
    wholeShare: ASK_PARAMS.wholeShare,
    upgrade: ASK_PARAMS.upgrade === 1,
    ...(ASK_PARAMS.signatureShare > 0 ? { signatureShare: ASK_PARAMS.signatureShare } : {}),
    ...(ASK_PARAMS.tentativeShare > 0 ? { tentativeShare: ASK_PARAMS.tentativeShare } : {}),
    ...(ASK_PARAMS.deferSignatures === 1 ? { deferSignatures: true } : {}),
    ...(ASK_PARAMS.deferKeep > 0 ? { deferKeep: ASK_PARAMS.deferKeep } : {}),
    ...(ASK_PARAMS.focusShare > 0 ? { focusShare: ASK_PARAMS.focusShare } : {}),
    ...(ASK_PARAMS.upgradeMatchesFirst === 1 ? { upgradeMatchesFirst: true } : {}),
  };
}

export type AuxKind = "test" | "auxiliary" | "generated" | "copy";

/** Why a candidate is not plain source (null when it is): tests, docs/benchmarks/examples/scripts, generated, or a copy of a better-ranked file under another folder. */
export function auxKind(file: IndexedFile, better: ReadonlySet<string>): AuxKind | null {
  if (file.isTest) return "test";
  if (file.isGenerated) return "generated";
  if (isAuxiliary(file.path)) return "auxiliary";
  const parts = file.path.split("/");
  if (parts.length >= 2 && better.has(parts.slice(-2).join("/"))) return "copy";
  return null;
}

/** The task names the file as a word: its name without the extension, or its folder's for an index file ("queue: deep clone opts" names lib/queue.js). */
export function namesFile(task: string, path: string): boolean {
  const name = moduleName(path);
  if (name.length < 3) return false;
  return writtenAsWord(task, name, "\\w-");
}

/** `word` stands in the task on its own: not inside a longer name (`notBefore`: the characters that may not precede it). */
const writtenAsWord = (task: string, word: string, notBefore: string) => new RegExp(`(^|[^${notBefore}])${escapeRegExp(word)}($|[^\\w-])`, "i").test(task);

/** The task writes the file's name with its extension ("grades.ts: --absent on the history trees"): it asks for that file, whatever its kind. */
export function writesFileName(task: string, path: string): boolean {
  const name = path.split("/").at(-1) ?? "";
  if (!/\.\w+$/.test(name) || name.length < 4) return false;
  return writtenAsWord(task, name, "\\w.-");
}

/** The task names the file by a name no sentence uses by chance: a compound one ("same-answers", "semanticReplay") written as a word, or any one opening the task as its scope ("grades: …"). */
export function namesDistinctly(task: string, path: string): boolean {
  const stem = (path.split("/").at(-1) ?? "").replace(/\.[^.]+$/, "");
  if (stem.length < 3 || !namesFile(task, path)) return false;
  return /[-_.]|[a-z][A-Z]/.test(stem) || task.toLowerCase().startsWith(`${stem.toLowerCase()}:`);
}

function askedByName(task: string, path: string, kind: AuxKind): boolean {
  if (ASK_PARAMS.askedByName === 0) return false;
  if (writesFileName(task, path)) return true;
  if (kind !== "auxiliary" || ASK_PARAMS.askedByName < 2) return false;
  return ASK_PARAMS.askedByName === 2 ? namesDistinctly(task, path) : namesFile(task, path);
}

/** The kinds of non-source files the task itself asks for. */
export function askedKinds(task: string): Set<AuxKind> {
  const out = new Set<AuxKind>();
  if (/\b(tests?|specs?|testing|unit|e2e|coverage|assert\w*)\b/i.test(task)) out.add("test");
  if (/\b(docs?|documentation|readme|examples?|benchmarks?|bench|scripts?|samples?|demos?|fixtures?)\b/i.test(task)) out.add("auxiliary");
  if (/\b(generated|codegen|dist|build output)\b/i.test(task)) out.add("generated");
  return out;
}

const short = (c: Candidate) => c.reasons[0]?.slice(0, 70) ?? "matched the task";

export interface LocalizedAsk {
  plan: Plan;
  grade: string;
  candidates: number;
  /** The named type's declaring files were found. */
  namedResolved: boolean;
  /** The task carries no usable signal (retrieve/localize-signal.ts): why; the plan is empty. */
  noSignal?: string;
  /** With noSignal: its words that occur here all the same (retrieve/localize.ts). */
  commonWords?: Localization["commonWords"];
}

/**
 * The plan from the localizer's candidates, or null when it has none (a low-signal task,
 * nothing matched). `named`: a type the task names; its declaring file joins the candidates
 * first, without replacing the rest of the task.
 */
export function planLocalized(collection: Collection, options: { task: string; query: string; named: string | null; depth: number }): LocalizedAsk | null {
  const db = collection.index.db;
  const graph = loadFileGraph(db, collection.index.meta.index_completed_at ?? "");
  const loc = localize(collection, { query: options.query, limit: ASK_PARAMS.candidates, graph, symbols: ASK_PARAMS.focusShare > 0 });
  if (loc.noSignal) return { plan: { mode: "ask", entries: [], collected: collection.files.length, prelude: [], manifestNotes: [] }, grade: loc.grade, candidates: 0, namedResolved: false, noSignal: loc.noSignal, ...(loc.commonWords ? { commonWords: loc.commonWords } : {}) };
  // the declarations the change most likely touches, kept whole if their file arrives as signatures (not properties and fields: a line each)
  const likely = new Map(loc.candidates.map((c) => [c.path, (c.symbols ?? []).filter((s) => !MINOR.has(s.kind))]));
  const byPath = new Map(collection.files.map((f) => [f.path, f]));
  const ranked: { file: IndexedFile; why: string; score: number }[] = [];
  const best = loc.candidates[0]?.score || 1;
  for (const [i, c] of loc.candidates.entries()) {
    const file = byPath.get(c.path);
    if (file) ranked.push({ file, why: `task candidate ${i + 1} (${short(c)})`, score: c.score / best });
  }
  let namedResolved = false;
  if (options.named) {
    const seed = resolveSeed(db, options.named, collection.files, collection.workspace.relDir);
    namedResolved = (seed?.files.length ?? 0) > 0;
    // focus: the declaring files lead (at most two), the localizer's other candidates follow
    for (const f of (seed?.files ?? []).slice(0, 2).reverse()) {
      const at = ranked.findIndex((r) => r.file.id === f.id);
      const why = `declares ${options.named}, named in the task${at >= 0 ? `; ${ranked[at]?.why}` : ""}`;
      if (at >= 0) ranked.splice(at, 1);
      ranked.unshift({ file: f, why, score: 1 });
    }
  }
  if (ranked.length === 0) return null;
  const asked = askedKinds(options.task);
  const source: typeof ranked = [];
  const later: (typeof ranked[number] & { kind: AuxKind })[] = [];
  const tails = new Set<string>();
  for (const r of ranked) {
    const kind = ASK_PARAMS.sourceFirst ? auxKind(r.file, tails) : null;
    if (kind && !asked.has(kind) && !askedByName(options.task, r.file.path, kind)) later.push({ ...r, kind });
    else {
      source.push(r);
      tails.add(r.file.path.split("/").slice(-2).join("/"));
    }
  }
  const entry = (file: IndexedFile, role: PlanEntry["role"], tier: PlanEntry["tier"], score: number, why: string): PlanEntry => ({
    fileId: file.id,
    path: file.path,
    role,
    tier,
    score: Math.round(score * 1000) / 1000,
    provenance: [why],
    language: file.language,
    generated: file.isGenerated,
    estimate: file.tokens,
  });
  const entries: PlanEntry[] = [];
  const seen = new Set<number>();
  const push = (e: PlanEntry) => {
    if (seen.has(e.fileId)) return;
    seen.add(e.fileId);
    entries.push(e);
  };
  // The first candidate is a guess when the localizer is not confident of it, the task does not name its type,
  // no declaration the task names exactly backs it (localize-signals.ts: "declares X (exact)"), the task does not name the
  // file and the text ranking alone (BM25F) does not put it first too (gradeEvidence.textFirst): whole it may take
  // at most tentativeShare of the budget, so a large wrong first file cannot keep the next candidates from arriving whole.
  const lead = source[0];
  const exact = (path: string) => loc.candidates.find((c) => c.path === path)?.reasons.some((r) => r.endsWith("(exact)")) === true;
  const guess =
    ASK_PARAMS.tentativeShare > 0 && lead && loc.grade !== "confident" && !(namedResolved && options.named) && !(ASK_PARAMS.tentativeExact === 1 && (exact(lead.file.path) || namesFile(options.task, lead.file.path))) &&
    !(ASK_PARAMS.tentativeText === 1 && loc.gradeEvidence?.textFirst === true && loc.candidates[0]?.path === lead.file.path)
      ? lead
      : null;
  source.slice(0, ASK_PARAMS.wholeCandidates).forEach((r) => {
    const keep = likely.get(r.file.path);
    const kept = keep?.length ? { keepWhole: keep.map((s) => s.name), keepLines: keep.map((s): [number, number] => [s.line, s.endLine]) } : {};
    push({ ...entry(r.file, "match", "standard", r.score, r.why), ...(r === guess ? { tentative: `a ${loc.grade} match` } : {}), ...kept });
  });
  // The strongest neighbours of the best candidates: callers, callees, tests, at signature level.
  const seeds = source.slice(0, ASK_PARAMS.neighbourSeeds).map((r) => ({ id: r.file.id, label: r.file.path, score: r.score }));
  if (seeds.length && ASK_PARAMS.neighbours > 0) {
    const around = planFromSeeds(collection, seeds, options.depth, "ask", [], "match").entries.filter((e) => !e.mustKeep && !seen.has(e.fileId));
    for (const e of around.slice(0, ASK_PARAMS.neighbours)) {
      const via = e.provenance[1]?.replace(/ \(hop \d+\)$/, "") ?? "";
      push({ ...e, tier: "skeleton", provenance: [`${e.role} of ${e.provenance[0]?.replace(/^seed: /, "")}${via ? ` (${via.split(" ")[0]} ${via.split(" ")[1]})` : ""}`] });
    }
  }
  source.slice(ASK_PARAMS.wholeCandidates).forEach((r) => push(entry(r.file, "match", "skeleton", r.score, r.why)));
  later.forEach((r) => push(entry(r.file, r.kind === "test" ? "test" : "match", "skeleton", r.score, `${r.why}; ${r.kind}, after the source`)));
  const notes = [
    `seeded by the task localizer (find --kind task) [${loc.grade}]: ${loc.candidates.length} candidate${loc.candidates.length === 1 ? "" : "s"}${later.length ? `, ${later.length} of them tests/docs/benchmarks/generated/copies placed after the source` : ""}${namedResolved ? `; ${options.named}'s declaring file first, with the rest of the task` : ""}`,
  ];
  return {
    plan: { mode: "ask", entries, collected: collection.files.length, prelude: [], manifestNotes: notes, packing: askPacking(), suffixes: new Map(entries.map((e) => [e.path, ` — ${e.provenance[0]}`])) },
    grade: loc.grade,
    candidates: loc.candidates.length,
    namedResolved,
  };
}
