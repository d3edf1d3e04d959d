// The localization bench's leakage check (scripts/bench/localize/corpus-history.ts leakCheck):
// a history task is judged in a clone checked out at its parent with every ref deleted, and the
// index there must not see the task's own commit — no history head past the parent, no file the
// task commit adds, no kept commit (similar past commits) past the parent or touching such a file.
// A real repository, the real index; then a store doctored the ways a leak would show.

import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { checkoutParent, leakCheck } from "../../scripts/bench/localize/corpus-history.ts";
import type { LocalizeTask } from "../../scripts/bench/localize/task.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { storePath } from "../../src/store/db.ts";
import { commitFiles as commit, gitRepo } from "../helpers/repo.ts";

describe("leakCheck", () => {
  test("clean at the parent; a history past it, or a kept commit touching a file the task adds, is reported", async () => {
    const root = gitRepo({ "src/alpha.ts": "export const alpha = 1;\n" });
    commit(root, { "src/beta.ts": "export const beta = 2;\n" }, "feat: beta");
    const parent = commit(root, { "src/alpha.ts": "export const alpha = 3;\n" }, "fix: alpha off by two");
    const task = commit(root, { "src/gamma.ts": "export const gamma = 4;\n", "src/alpha.ts": "export const alpha = 5;\n" }, "feat: gamma next to alpha");
    checkoutParent(root, parent);
    await syncIndex(root);
    const t: LocalizeTask = { id: "t", corpus: "t", query: "gamma", targets: ["src/alpha.ts"], root, split: "tune", checkout: parent, commit: task };

    const db = new Database(storePath(root));
    try {
      expect(leakCheck(db, root, t)).toEqual([]);
      const count = (db.query("SELECT max(ordinal) AS n FROM history_commits").get() as { n: number }).n;
      expect(count).toBeGreaterThan(0); // the check looks at rows that exist
      db.run("INSERT INTO history_commits(ordinal, words, paths) VALUES (?, 1, ?)", [count + 1, JSON.stringify(["src/gamma.ts"])]);
      const problems = leakCheck(db, root, t);
      expect(problems).toContain(`history keeps commit ${count + 1}, HEAD reaches ${count}`);
      expect(problems).toContain("a kept commit touches src/gamma.ts, which the task commit adds");
      db.run("INSERT INTO history_files(path, commits, last_ordinal, last_time) VALUES ('src/gamma.ts', 1, 1, 0)");
      expect(leakCheck(db, root, t)).toContain("history knows src/gamma.ts, which the task commit adds");
    } finally {
      db.close();
    }
  }, 120_000);
});
