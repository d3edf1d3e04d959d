// The workspace files a set of files imports, however far (the store's `imports` edges, syntax
// and checker): what a process running those files may have loaded. The test operation reads
// their secrets to take them out of a runner's message (`Received: "…"` quotes a value defined
// in a module the test reaches, with none of the names beside it there: OpResult.secretSources), and of the
// files a process reads rather than imports: those the code names, and the workspace's credential files.

import type { Database } from "bun:sqlite";

/** At most this many files: a closure larger than that is cut (nearest first). */
export const IMPORT_CLOSURE_LIMIT = 512;

/** `paths` and the files they import, breadth first (nearest first), at most `limit` in all; paths the index does not hold are kept as given. */
export function importClosure(db: Database, paths: readonly string[], limit = IMPORT_CLOSURE_LIMIT): string[] {
  const byPath = db.query("SELECT id FROM files WHERE path = ?");
  const imports = db.query("SELECT DISTINCT f.id, f.path FROM edges e JOIN files f ON f.id = e.to_file WHERE e.from_file = ? AND e.type = 'imports'");
  const seen = new Set<string>(paths);
  let frontier = paths.map((p) => (byPath.get(p) as { id: number } | null)?.id).filter((id): id is number => id !== undefined);
  while (frontier.length && seen.size < limit) {
    const next: number[] = [];
    for (const id of frontier) {
      for (const row of imports.all(id) as { id: number; path: string }[]) {
        if (seen.has(row.path) || seen.size >= limit) continue;
        seen.add(row.path);
        next.push(row.id);
      }
    }
    frontier = next;
  }
  return [...seen];
}

/**
 * Workspace files a text names, among those the index holds: `at src/config.ts:3:9` in a stack trace, and in code
 * `readFileSync("config/service.yaml")` or `"../config/service.yaml"` (leading `./` and `../` taken off).
 */
export function namedFiles(db: Database, text: string, limit = 200): string[] {
  const candidates = [...new Set((text.match(/[\w@.-]+(?:\/[\w@.-]+)*\.[A-Za-z]{1,6}/g) ?? []).map((p) => p.replace(/^(?:\.{1,2}\/)+/, "")))].slice(0, limit);
  const byPath = db.query("SELECT path FROM files WHERE path = ?");
  return candidates.filter((p) => byPath.get(p) !== null);
}

/** The indexed files that exist to hold credentials (dotenv files, `.npmrc`, credential-named INI files…): a runner may load them at start (`bun test`, vite and dotenv read `.env`). */
export function credentialFiles(db: Database, isCredentialFile: (path: string) => boolean, limit = 64): string[] {
  return (db.query("SELECT path FROM files").all() as { path: string }[]).map((r) => r.path).filter(isCredentialFile).slice(0, limit);
}
