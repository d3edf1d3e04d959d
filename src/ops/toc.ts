// svc toc / svc_toc: the table of contents of a directory from the index, degrading to fit
// its budget. Token costs are the index's estimates (no file is re-read or re-tokenized).

import { opName, statusCall, type Surface } from "../render/surface-calls.ts";
import type { DeclKind } from "../lang/model.ts";
import { collectIndexed, type ExclusionFilter } from "../plan/collect.ts";
import {
  directoryRows,
  outlineForToc,
  renderDirectoryRow,
  renderTree,
  tocHeader,
  type TocDecl,
  type TocDetail,
  type TocEntry,
} from "../render/toc.ts";
import { tokenCounter, type TokenCounter } from "../text/tokens.ts";
import { fitData, warningLines } from "../render/fit.ts";
import { commentSafe } from "../render/format.ts";
import { setAsideDataAndDocs, setAsideLines, type SetAside } from "../plan/source-split.ts";
import type { SkippedFile } from "../workspace/inventory.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { nothingCollected } from "./fusion.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface TocRequest extends ExclusionFilter {
  path: string;
  maxTokens: number;
}

export interface TocData {
  root: string;
  path: string;
  files: number;
  readCostTokens: number;
  tokenizer: string;
  detail: TocDetail;
  outputTokens: number;
  /** Every file with its cost (the outline is the text); shortened with `truncated` when the budget needs it. */
  entries: { path: string; tokens: number; generated?: boolean }[];
  skipped: SkippedFile[];
  /** Data and docs files not listed in the tree, one row per extension. */
  notIncluded: SetAside[];
  /** No file listed: why, and what to try. */
  empty?: string;
}

function skippedNote(skipped: readonly SkippedFile[]): string {
  if (skipped.length === 0) return "";
  const shown = skipped.slice(0, 5).map((s) => `${commentSafe(s.path)} (${s.reason})`);
  const more = skipped.length > 5 ? `, and ${skipped.length - 5} more` : "";
  return `<!-- skipped ${skipped.length} file${skipped.length === 1 ? "" : "s"}: ${shown.join(", ")}${more} -->`;
}

function assemble(header: string, body: string[], footer: string): string {
  return [header, ...body, ...(footer ? [footer] : [])].join("\n");
}

/** Render at the richest detail that fits `maxTokens`; the directory view is truncated as a last resort. */
function renderWithinBudget(
  entries: TocEntry[],
  total: number,
  scope: string,
  footer: string,
  maxTokens: number,
  counter: TokenCounter,
  surface: Surface | undefined,
  /** The room for a view listing every file (the structured result then lists every file too): less than `maxTokens`. */
  listingRoom = maxTokens,
): { text: string; detail: TocDetail; tokens: number } {
  for (const detail of ["full", "paths"] as const) {
    const text = assemble(tocHeader(entries.length, total, detail, scope, entries.filter((e) => e.partial).length, surface), renderTree(entries, detail === "full"), footer);
    const tokens = counter.count(text);
    if (tokens <= listingRoom) return { text, detail, tokens };
  }
  const header = tocHeader(entries.length, total, "directories", scope, entries.filter((e) => e.partial).length, surface);
  const rows = directoryRows(entries, scope).map(renderDirectoryRow);
  let used = counter.count(header) + (footer ? counter.count(footer) + 1 : 0);
  const body: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as string;
    const cost = counter.count(row) + 1;
    const reserve = i < rows.length - 1 ? 24 : 0; // room for the truncation line
    if (body.length > 0 && used + cost + reserve > maxTokens) {
      body.push(`… ${rows.length - i} more directories not shown; call ${opName(surface, "toc")} on a subdirectory`);
      break;
    }
    body.push(row);
    used += cost;
  }
  const text = assemble(header, body, footer);
  return { text, detail: "directories", tokens: counter.count(text) };
}

export async function toc(request: TocRequest, ctx: OpContext): Promise<OpResult<TocData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const collection = await collectIndexed(ws, { ...request, template: null }, ctx);
  try {
    const counter = await tokenCounter();
    const symbols = collection.index.db.prepare("SELECT kind, name, container, qualified_name AS qualifiedName FROM symbols WHERE file_id = ? ORDER BY start_offset");
    const { collection: sources, setAside } = setAsideDataAndDocs(collection);
    const entries: TocEntry[] = sources.files.map((file) => {
      const decls = symbols.all(file.id) as (Omit<TocDecl, "kind"> & { kind: DeclKind })[];
      return { path: file.path, tokens: file.tokens, generated: file.isGenerated, ...(file.partial ? { partial: true } : {}), ...outlineForToc(decls) };
    });
    const total = entries.reduce((sum, e) => sum + e.tokens, 0);
    const scope = ws.relDir;
    const footer = [skippedNote(collection.skipped), ...setAsideLines(setAside, ctx.surface).map((l) => `<!-- ${commentSafe(l)} -->`)].filter(Boolean).join("\n");
    // The structured result counts toward the budget: it takes at most a quarter, the tree the rest.
    const base = {
      root: ws.root,
      path: scope,
      files: entries.length,
      readCostTokens: total,
      tokenizer: counter.id,
      entries: entries.map((e) => ({ path: e.path, tokens: e.tokens, ...(e.generated ? { generated: true } : {}) })),
      skipped: collection.skipped.slice(0, 20),
      notIncluded: setAside,
    };
    // A view listing every file comes with a structured result listing every file (text and structured result agree on
    // what was shown: hono's 386 files were all in the tree while `entries` held 193); when both do not fit, the
    // directory view comes with a structured result cut to a quarter of the budget
    const whole = { ...base, detail: "directories" as TocDetail, outputTokens: 0 } as TocData;
    const warnTokens = counter.count(warningLines(collection.warnings));
    const data = fitData(whole, Math.floor(request.maxTokens / 4), counter, ["root", "files", "detail", "entries"], { listsFirst: true }) as TocData;
    const textBudget = request.maxTokens - counter.count(JSON.stringify(data)) - warnTokens - 8;
    const listingRoom = request.maxTokens - counter.count(JSON.stringify(whole)) - warnTokens - 8;
    let rendered: { text: string; detail: TocDetail; tokens: number };
    if (entries.length === 0) {
      const where = scope || "the workspace root";
      const aside = setAside.reduce((n, r) => n + r.files, 0);
      const filtered = !!(request.excludePatterns?.length || request.excludeDirectories?.length || request.excludeFiles?.length || request.excludeTestProjects);
      // the exclude parameters left nothing: said so first (the files the inventory skipped were named as the reason)
      data.empty = !aside && filtered ? nothingCollected(scope, request, ctx.surface) : `no source files under ${where}: ${
        aside ? `only ${aside} data and docs file${aside === 1 ? "" : "s"} (notIncluded lists them)` : collection.skipped.length ? `the ${collection.skipped.length} file${collection.skipped.length === 1 ? "" : "s"} here were skipped (skipped says why)` : "nothing indexed here"
      }; the inventory skips ignored, binary and oversized files: check path${filtered ? " and the exclude parameters" : ""}, or ${statusCall(ctx.surface)} for the root and its files`;
      const text = assemble(tocHeader(0, 0, "full", scope, 0, ctx.surface), [`(${data.empty})`], footer);
      rendered = { text, detail: "full", tokens: counter.count(text) };
    } else {
      rendered = renderWithinBudget(entries, total, scope, footer, textBudget, counter, ctx.surface, data === whole ? textBudget : listingRoom);
    }
    const shown = rendered.detail === "directories" || entries.length === 0 ? data : whole;
    return { text: rendered.text, data: { ...shown, detail: rendered.detail, outputTokens: rendered.tokens }, warnings: collection.warnings };
  } finally {
    collection.index.db.close();
  }
}
