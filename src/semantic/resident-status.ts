// What this process holds resident per root, for the availability header and svc/stats.
// Kept free of engine imports so any answer can read it cheaply.

import { servingHostPid } from "../host/endpoint.ts";

export interface ResidentStatus {
  state: "loading" | "ready" | "updating" | "failed";
  projects: number;
  detail?: string;
}

const statuses = new Map<string, ResidentStatus>();

export function setResidentStatus(root: string, status: ResidentStatus | null): void {
  if (status) statuses.set(root, status);
  else statuses.delete(root);
}

export function residentStatus(root: string | undefined): ResidentStatus | null {
  return root === undefined ? null : (statuses.get(root) ?? null);
}

/** The availability fragment: `resident workspace (3 projects, current)`, `resident workspace on the host (pid N)` or `no resident workspace`. */
export function residentLine(root: string | undefined): string {
  const s = residentStatus(root);
  if (!s) {
    const host = root === undefined ? null : servingHostPid(root);
    return host === null ? "no resident workspace" : `resident workspace on the host (pid ${host})`;
  }
  const n = `${s.projects} project${s.projects === 1 ? "" : "s"}`;
  if (s.state === "ready") return `resident workspace (${n}, current)`;
  if (s.state === "updating") return `resident workspace (${n}, updating)`;
  if (s.state === "loading") return "resident workspace loading";
  return `resident workspace failed${s.detail ? ` (${s.detail})` : ""}`;
}

/** Roots whose semantic upgrade this process runs in the background (a long-lived MCP server without a host). */
const upgrading = new Set<string>();

export function setBackgroundUpgrade(root: string, running: boolean): void {
  if (running) upgrading.add(root);
  else upgrading.delete(root);
}

/** Whether something brings a pending semantic update in: a host serving the root, this process's resident workspace or its background upgrade. Else only the next `svc index` does. */
export function upgradeUnderway(root: string | undefined): boolean {
  if (root === undefined) return false;
  return upgrading.has(root) || statuses.has(root) || servingHostPid(root) !== null;
}

/** Degraded states this process saw per root (engine deaths, time-outs), newest last. */
const degraded = new Map<string, string[]>();

export function noteDegraded(root: string, message: string): void {
  const list = degraded.get(root) ?? [];
  list.push(`${new Date().toISOString()} ${message}`);
  if (list.length > 10) list.shift();
  degraded.set(root, list);
}

export function degradedStates(root: string): string[] {
  return degraded.get(root) ?? [];
}
