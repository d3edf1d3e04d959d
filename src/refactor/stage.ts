// The verify gate of every refactor: proposed contents of several files put in the engine's
// memory at once (never on disk), the edited files and their dependents re-checked, and
// their diagnostics compared with the same files on disk. The staged result — a unified
// diff per file and `{file, expectedHash, content}` for svc_workspace action=apply — is
// returned only when no new error appears; otherwise the new errors, named by site.

import type { ConfigProblem } from "../check/config-caveat.ts";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { diagLine, errorsOf, renameDelta, type Diag } from "../check/diag.ts";
import type { CheckWorkspace } from "../check/workspace.ts";
import { SvcError } from "../errors.ts";
import { linksTo } from "../git/staged.ts";
import { ABSENT, applicable, sha256 } from "../ops/apply.ts";
import { restoreMarkers } from "../ops/apply-fidelity.ts";
import { redactResult } from "../render/redact-output.ts";
import { rememberedAt } from "../text/remembered-at.ts";
import type { Remembered } from "../text/remembered-secrets.ts";
import { unifiedDiff } from "../render/diff.ts";
import { addTiming } from "../sys/timing.ts";
import type { RefactorProgress } from "./progress.ts";
import { renameReachable } from "./rename-reach.ts";

/** apply's expectedHash of a file the refactor creates (refactor/pages.ts tells one apart). */
export { ABSENT };

/** Files re-checked with the edits at once. */
const AFTER_PARALLEL = 8;

export interface StagedFile {
  file: string;
  /** SHA-256 hex of the file as it is on disk now (what svc_workspace apply checks); empty for a file the refactor creates. */
  expectedHash: string;
  content: string;
}

export interface Staged {
  files: StagedFile[];
  diffs: { file: string; diff: string }[];
  /** Files re-checked with the overlays (the edited files and their dependents). */
  checked: number;
  /** Every diagnostic of the checked files with the overlays in. */
  after: Diag[];
  /** The configs of the projects checked that loaded with errors (check/config-caveat.ts): the verification is partial. */
  configProblems: ConfigProblem[];
}

export type StageOutcome = ({ ok: true } & Staged) | { ok: false; reason: string; introduced?: Diag[] };

/** The disk text of root-relative files (a refactor derives its edits from it). */
export function diskText(cw: CheckWorkspace, rel: string): string {
  return readFileSync(cw.abs(rel), "utf8");
}

/**
 * Stage new contents (root-relative path → text). Call inside `cw.exclusive` after
 * `cw.refresh()`, with no overlay of the caller's left in the engine.
 */
export async function stageContents(cw: CheckWorkspace, contents: ReadonlyMap<string, string>, renamed?: { from: string; to: string; names: readonly string[]; declaring: string }, progress?: RefactorProgress): Promise<StageOutcome> {
  const edited = [...contents.keys()].sort();
  const created = new Set(edited.filter((f) => !existsSync(cw.abs(f))));
  const bytes = new Map(edited.map((f) => [f, created.has(f) ? null : readFileSync(cw.abs(f))] as const));
  const originals = new Map(edited.map((f) => [f, bytes.get(f)?.toString("utf8") ?? ""] as const));
  const changed = edited.filter((f) => created.has(f) || originals.get(f) !== contents.get(f));
  if (!changed.length) return { ok: false, reason: "the engine's edits change nothing" };
  for (const f of changed) {
    const refusal = applyRefusal(cw.root, cw.abs(f), f);
    if (refusal) return { ok: false, reason: refusal };
  }
  for (const f of changed) {
    if (!(await cw.projectsFor(f)).length) return { ok: false, reason: `cannot verify ${f}: no loaded TypeScript project holds it` };
  }
  const dependents = new Set<string>();
  for (const f of changed) if (!created.has(f)) for (const d of await cw.dependentsOf(f)) if (!contents.has(d)) dependents.add(d);
  // a rename: only the importers that bind one of its names (rename-reach.ts)
  const readDependent = (rel: string) => (existsSync(cw.abs(rel)) ? readFileSync(cw.abs(rel), "utf8") : null);
  if (renamed) {
    const reached = new Set(renameReachable([...dependents], renamed.names, renamed.to, readFileSync(cw.abs(renamed.declaring), "utf8"), readDependent));
    for (const d of dependents) if (!reached.has(d)) dependents.delete(d);
  }
  // a file importing an edited one through a symbolic link to it: the inventory lists no link (the import graph has no such edge) and the
  // engine reads the link as a file of its own, which the language service's edits never reach — checked, with the link seeing the new content
  const links = existsSync(join(cw.root, ".git")) ? await linksTo(cw.root, changed.filter((f) => !created.has(f))) : new Map<string, string>();
  for (const reachers of (await cw.reachersOfUnlisted([...links.keys()])).values()) for (const d of reachers) if (!contents.has(d)) dependents.add(d);
  const affected = [...changed, ...[...dependents].sort()];
  let t0 = performance.now();
  const after: Diag[] = [];
  const checks: Diag[][] = [];
  try {
    for (const f of changed) await cw.engine.setOverlay(cw.abs(f), contents.get(f)!);
    for (const [link, target] of links) await cw.engine.setOverlay(cw.abs(link), contents.get(target)!);
    for (const f of created) {
      const projects = await cw.projectsFor(f);
      if (!(await Promise.all(projects.map((p) => cw.inProgram(p, f)))).some(Boolean)) return { ok: false, reason: `cannot verify ${f}: no loaded TypeScript project takes the new file` };
    }
    // several asked at once, as the disk pass does (its checker pool takes them in turn); kept in the files' order
    // one set of readers for the pass (the texts, their secrets and imports, the outside view): the engine's state stays
    let next = 0, done = 0;
    await cw.sharingReaders(() =>
      Promise.all(
        Array.from({ length: Math.min(AFTER_PARALLEL, affected.length) }, async () => {
          while (next < affected.length) {
            const i = next++;
            progress?.at(`re-checking the ${affected.length} affected files (${changed.length} edited and the files importing them) with the edits in memory (${done} done)`);
            checks[i] = await cw.fileDiagnostics(affected[i]!);
            done++;
          }
        }),
      ),
    );
    for (const diags of checks) after.push(...diags);
  } finally {
    for (const f of [...changed, ...links.keys()]) cw.engine.clearOverlay(cw.abs(f));
    addTiming(`stage: diagnostics with the edits (${affected.length} files, ${changed.length} edited)`, performance.now() - t0);
  }
  // Only an error the edits leave can be one they introduced, and a file's errors are told apart by its own (diagKey: the
  // path first): the files as they are on disk are checked only where an error remains — on mikro-orm's rename of
  // Utils.isObject 90 of the 175, cold (warm, the disk's diagnostics are cached)
  t0 = performance.now();
  const withErrors = affected.filter((f, i) => !created.has(f) && checks[i]!.some((d) => d.severity === "error"));
  progress?.at(`checking the ${withErrors.length} of the ${affected.length} affected files still with an error as they are on disk`);
  const before = [...(await cw.sharingReaders(() => cw.diskDiagnostics(withErrors))).values()].flat();
  addTiming(`stage: disk diagnostics (${withErrors.length} of ${affected.length} files)`, performance.now() - t0);
  // a rename respells the errors it leaves in place: those are not introduced
  const introduced = errorsOf(renameDelta(before, after, renamed ? [{ from: renamed.from, to: renamed.to }] : []).introduced);
  if (introduced.length) {
    const shown = introduced.slice(0, 10).map(diagLine);
    const more = introduced.length > shown.length ? `; and ${introduced.length - shown.length} more` : "";
    return { ok: false, reason: `it would introduce ${shown.join("; ")}${more}`, introduced };
  }
  for (const f of changed) {
    const unsure = secretsApplyCannotRestore(f, cw.abs(f), contents.get(f)!, created.has(f) ? null : originals.get(f)!, rememberedAt(cw.root));
    if (unsure) return { ok: false, reason: unsure };
  }
  return {
    ok: true,
    // A new file's expectedHash says it must not exist: svc_workspace apply creates it, and refuses if one appeared.
    files: changed.map((f) => ({ file: f, expectedHash: created.has(f) ? ABSENT : sha256(bytes.get(f)!), content: contents.get(f)! })),
    diffs: changed.map((f) => {
      const diff = unifiedDiff(originals.get(f)!, contents.get(f)!, { path: f });
      return { file: f, diff: created.has(f) ? diff.replace(`--- a/${f}\n`, "--- /dev/null\n") : diff };
    }),
    checked: affected.length,
    after,
    configProblems: await cw.configProblems({ files: affected }),
  };
}

/**
 * Why svc_workspace apply would refuse to overwrite `rel` as it is on disk (read-only, not
 * UTF-8…), or null: staged anyway, the handoff would stop there after its other files were
 * written — half a rename.
 */
function applyRefusal(root: string, abs: string, rel: string): string | null {
  try {
    applicable(root, abs, rel);
    return null;
  } catch (error) {
    if (!(error instanceof SvcError)) throw error;
    return `svc_workspace apply would refuse ${rel}: ${error.message.replace(/^(?:refusing to apply to|cannot apply to|refusing to create) '[^']*': /, "")}`;
  }
}

/**
 * Answers show a staged file with its secrets as markers, and svc_workspace apply puts the
 * file's own values back: why that would not give back exactly the verified `content` (a
 * secret moved into a new file, or onto a line whose value cannot be told), or null. Applying
 * such a handoff would refuse that file after its siblings were written — the secret gone.
 */
function secretsApplyCannotRestore(rel: string, abs: string, content: string, disk: string | null, remembered: Remembered): string | null {
  // as the answer shows it: the refactor names the edited files as its secretSources (a rename can take a password's name
  // away from its value: `DB_PW = "hunter2"` shows the disk's value as a marker, which apply cannot tell is one there)
  // and with the values the index remembers as secrets taken out (engine.ts), which apply puts back from disk the same way
  const shown = redactResult({ text: content, data: {}, secretSources: disk === null ? [] : [abs] }, remembered).text;
  if (shown === content) return null;
  const kinds = [...new Set([...shown.matchAll(/\[REDACTED:([a-z0-9-]+)\]/g)].map((m) => m[1]))].join(", ");
  let back: string | null = null;
  try {
    back = restoreMarkers(rel, shown, disk === null ? null : disk.replace(/^\uFEFF/, ""), remembered).text;
  } catch {
    back = null;
  }
  if (back === content) return null;
  return `${rel} would hold a secret (${kinds}) that answers show as a marker and svc_workspace apply could not put back${disk === null ? " into a new file" : " on the line it lands"}; make this change by hand`;
}
