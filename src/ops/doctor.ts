// svc doctor / svc_workspace action=doctor / svc/doctor: how the workspace loads
// semantically. Reads the diagnosis the semantic upgrade stamped in index_meta; with
// refresh=true loads the projects now (through the host when one serves the root).
// Never creates the store.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { connectHost } from "../host/client.ts";
import { endpointFor } from "../host/endpoint.ts";
import { markedSocket } from "../host/marker.ts";
import { availabilityHeader } from "../render/availability.ts";
import type { LoadDiagnosis } from "../semantic/diagnosis.ts";
import { renderDiagnosis } from "../semantic/doctor-render.ts";
import { degradedStates } from "../semantic/resident-status.ts";
import { openReader, storePath } from "../store/db.ts";
import { alive } from "../sys/takeover.ts";
import { readMeta, type IndexMeta } from "../store/meta.ts";
import { resolveWorkspace } from "../workspace/root.ts";
import { stateOf } from "./status.ts";
import type { OpContext, OpResult } from "./types.ts";

export interface DoctorRequest {
  path: string;
  refresh: boolean;
}

export interface DoctorData {
  root: string;
  indexState: string;
  tier: string;
  /** The diagnosis shown: stamped by the last semantic upgrade, or loaded live (refresh). */
  diagnosis: LoadDiagnosis | null;
  source: "stamped" | "refresh" | "none";
  hosts: { root: string; pid: number; version: string }[];
  degraded: string[];
  /** Files the syntax tier could not fully read (parse_status partial): their declarations may be incomplete. */
  partialFiles: string[];
  /** The doctor text (svc/doctor's result). */
  report: string;
}

/** Hosts with a registry file in the runtime folder whose process is alive, and the one the workspace's host marker names (started with another runtime folder). */
function runningHosts(root: string): DoctorData["hosts"] {
  const hosts = registeredHosts(root);
  const marked = markedSocket(root);
  if (marked.socket !== null && !hosts.some((h) => h.pid === marked.pid)) hosts.push({ root, pid: marked.pid, version: marked.version });
  return hosts;
}

function registeredHosts(root: string): DoctorData["hosts"] {
  const dir = endpointFor(root).dir;
  const hosts: DoctorData["hosts"] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => /^host-[0-9a-f]+\.json$/.test(n));
  } catch {
    return hosts;
  }
  for (const name of names.sort()) {
    try {
      const info = JSON.parse(readFileSync(join(dir, name), "utf8")) as { root: string; pid: number; version: string };
      if (alive(info.pid)) hosts.push({ root: info.root, pid: info.pid, version: info.version });
    } catch {
      // a registry file being written or removed
    }
  }
  return hosts;
}

function storeLines(root: string, meta: IndexMeta | null): string[] {
  if (!meta) return ["store: none (svc index builds it; the stamped diagnosis comes with it)"];
  let size = "";
  try {
    size = `, ${(statSync(storePath(root)).size / 1024 / 1024).toFixed(1)} MB`;
  } catch {
    size = "";
  }
  return [
    `store: ${storePath(root)}${size}; index mode ${meta.index_mode ?? "unknown"}${meta.semantic_pending === "1" ? " (semantic update pending)" : ""}; integrity ${meta.index_integrity ?? "not checked"}`,
    `skipped files: ${meta.skipped_files ?? "0"}`,
  ];
}

/** Files only partly read by the syntax tier, named (up to 10). */
function partialLine(files: readonly string[]): string {
  if (files.length === 0) return "syntax tier: every parsed file read in full";
  const shown = files.slice(0, 10).join(", ");
  return `syntax tier: ${files.length} file${files.length === 1 ? "" : "s"} only partly read (declarations may be missing; marked [partial] in toc and skeleton): ${shown}${files.length > 10 ? `, and ${files.length - 10} more` : ""}`;
}

async function liveLoad(root: string, ctx: OpContext): Promise<LoadDiagnosis> {
  const { openSemantic } = await import("../semantic/index.ts");
  const { liveDiagnosis } = await import("../semantic/live-diagnosis.ts");
  const started = performance.now();
  const handle = await openSemantic(root, ctx);
  try {
    return await liveDiagnosis(handle.engine, handle.loaded, started);
  } finally {
    await handle.release();
  }
}

export async function doctor(request: DoctorRequest, ctx: OpContext): Promise<OpResult<DoctorData>> {
  const ws = resolveWorkspace(request.path, ctx.cwd);
  if (request.refresh && !ctx.host) {
    const host = await connectHost(ws.root, 500);
    if (host) {
      try {
        const data = await host.call<DoctorData>("svc/doctor", { root: ws.root, refresh: true }, 600_000, { signal: ctx.signal });
        return { text: data.report, data };
      } finally {
        host.close();
      }
    }
  }
  const db = openReader(ws.root);
  let meta: IndexMeta | null = null;
  let partialFiles: string[] = [];
  if (db) {
    try {
      meta = readMeta(db);
      partialFiles = (db.query("SELECT path FROM files WHERE parse_status = 'partial' ORDER BY path").all() as { path: string }[]).map((r) => r.path);
    } finally {
      db.close();
    }
  }
  const indexState = meta ? stateOf(meta, ws.root) : "not_indexed";
  let diagnosis: LoadDiagnosis | null = null;
  let source: DoctorData["source"] = "none";
  if (request.refresh) {
    diagnosis = await liveLoad(ws.root, ctx);
    source = "refresh";
  } else if (meta?.load_diagnosis) {
    try {
      diagnosis = JSON.parse(meta.load_diagnosis) as LoadDiagnosis;
      source = "stamped";
    } catch {
      diagnosis = null;
    }
  }
  const hosts = runningHosts(ws.root);
  const degraded = degradedStates(ws.root);
  const lines = [availabilityHeader(indexState, meta), `root: ${ws.root}`];
  if (diagnosis) {
    lines.push(...renderDiagnosis(diagnosis));
    lines.push(source === "refresh" ? `diagnosis: loaded now in ${(diagnosis.elapsedMs / 1000).toFixed(1)}s` : `diagnosis: stamped ${diagnosis.at} by the semantic upgrade (svc doctor --refresh loads the projects now)`);
  } else {
    lines.push("diagnosis: none stamped yet — the semantic upgrade has not run on this index (svc index runs it; svc doctor --refresh loads the projects now)");
  }
  lines.push(...storeLines(ws.root, meta));
  if (meta) lines.push(partialLine(partialFiles));
  const here = hosts.find((h) => h.root === ws.root);
  lines.push(`hosts: ${here ? `pid ${here.pid} serves this root (svc ${here.version})` : "none serves this root"}${hosts.length > (here ? 1 : 0) ? `; ${hosts.length - (here ? 1 : 0)} other root(s) served` : ""}`);
  lines.push(`degraded states seen by this process: ${degraded.length ? degraded.join("; ") : "none"}`);
  const report = lines.join("\n");
  return { text: report, data: { root: ws.root, indexState, tier: diagnosis?.tier ?? meta?.index_mode ?? "unknown", diagnosis, source, hosts, degraded, partialFiles, report } };
}
