// svc reduce / svc_reduce: compact given files or raw content at a reduction level, with
// the fusion manifest. Works without git and without an index.

import { budgetName, opName, smallerReduceCall } from "../render/surface-calls.ts";
import { readFileSync, statSync } from "node:fs";
import { asSvcError, validationError } from "../errors.ts";
import { languageOf } from "../lang/languages.ts";
import type { Plan, PlanEntry } from "../plan/model.ts";
import type { Format } from "../render/format.ts";
import { renderPlan, type FusionData } from "../render/fusion.ts";
import type { Level } from "../render/reduce/index.ts";
import { decodeText, isBinary, isGenerated } from "../workspace/classify.ts";
import { confine } from "../workspace/confine.ts";
import { maxFileBytes } from "../workspace/inventory.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface ReduceRequest {
  path: string;
  files: string[] | null;
  content: string | null;
  extension: string;
  level: Level;
  maxTokens: number;
  format: Format;
}

function entry(path: string, text: string): PlanEntry {
  return { fileId: 0, path, role: "file", tier: "none", score: null, provenance: ["given"], language: languageOf(path), generated: isGenerated(path, text), estimate: Math.ceil(text.length / 4), text };
}

export async function reduce(request: ReduceRequest, ctx: OpContext): Promise<OpResult<FusionData>> {
  const hasFiles = (request.files?.length ?? 0) > 0;
  if (!hasFiles && request.content === null) throw validationError("pass files (paths to reduce) or content (text to reduce)");
  if (hasFiles && request.content !== null) throw validationError("files and content are mutually exclusive; pass one");
  const ws = resolveWorkspace(request.path, ctx.cwd);
  const entries: PlanEntry[] = [];
  const notes: string[] = [];
  if (request.content !== null) {
    const given = request.extension || ".ts"; // "" is no value: the default, not a file named "content."
    const ext = given.startsWith(".") ? given : `.${given}`;
    entries.push(entry(`content${ext}`, request.content));
  } else {
    for (const file of request.files ?? []) {
      const { abs, rel } = confine(ws.root, file, "reduce", ws.dir);
      // a FIFO (a socket, a device) is read by no one: readFileSync waited on it for ever
      let kind: ReturnType<typeof statSync> | undefined;
      try {
        kind = statSync(abs, { throwIfNoEntry: false });
      } catch {
        kind = undefined; // a name too long, a permission: the read below says which
      }
      if (kind && !kind.isFile() && !kind.isDirectory()) throw validationError(`cannot reduce '${file}': it is not a regular file (a FIFO, socket or device)`);
      // over the inventory's per-file cap, as every other view skips it: a 37 MB file named here took 33 s and 2 GB to answer "nothing fits"
      if (kind?.isFile() && kind.size > maxFileBytes()) {
        notes.push(`skipped ${rel}: ${kind.size} bytes, over the ${maxFileBytes()}-byte cap of one file (SVC_MAX_FILE_BYTES)`);
        continue;
      }
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(abs);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "ENOENT" || code === "ENOTDIR") throw validationError(`cannot read '${file}': no such file (${abs})`);
        if (code === "EISDIR") throw validationError(`cannot reduce '${file}': it is a directory (files takes files; ${opName(ctx.surface, "skeleton")} or ${opName(ctx.surface, "toc")} take a directory)`);
        throw asSvcError(error);
      }
      if (isBinary(bytes)) {
        notes.push(`skipped ${rel}: binary`);
        continue;
      }
      entries.push(entry(rel, decodeText(bytes, true))); // reduceFile drops the BOM, as for every view
    }
  }
  for (const e of entries) e.tier = request.level;
  // what to call when a file does not fit: the same file at a smaller level (raw content has no path svc_focus could take)
  const fetch = (path: string) => smallerReduceCall(ctx.surface, request.content !== null ? null : path, request.level);
  const plan: Plan = { mode: "reduce", entries, collected: entries.length, prelude: [], manifestNotes: notes, fetch };
  const { text, data } = await renderPlan(plan, {
    root: ws.root,
    format: request.format,
    maxTokens: request.maxTokens > 0 ? request.maxTokens : null,
    // in the caller's terms and counted as its surface shows the answer, as the other fusion operations do (the CLI's notes said maxTokens)
    budgetParam: budgetName(ctx.surface),
    ...(ctx.surface ? { surface: ctx.surface } : {}),
    ...(ctx.textOnly ? { textOnly: true } : {}),
    level: request.level,
  });
  return { text, data: data as unknown as FusionData };
}
