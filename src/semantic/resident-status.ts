// What this process holds resident per root, for the availability header and svc/stats.
// Kept free of engine imports so any answer can read it cheaply.

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

/** The availability fragment: `resident workspace (3 projects, current)` or `no resident workspace`. */
export function residentLine(root: string | undefined): string {
  const s = residentStatus(root);
  if (!s) return "no resident workspace";
  const n = `${s.projects} project${s.projects === 1 ? "" : "s"}`;
  if (s.state === "ready") return `resident workspace (${n}, current)`;
  if (s.state === "updating") return `resident workspace (${n}, updating)`;
  if (s.state === "loading") return "resident workspace loading";
  return `resident workspace failed${s.detail ? ` (${s.detail})` : ""}`;
}
