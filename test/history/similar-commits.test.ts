// Similar past commits (src/history update.ts keeps the last commits one by one, signals.ts
// similarCommits finds the nearest to a task, localize-history.ts similarCommitsFirst lets them
// break near-ties): what is stored and forgotten, an update equal to a rebuild, nothing after
// HEAD, no credential, and the answer — a near-tie broken, only a reordering, absent without
// history before the first commit.

import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { storeDigest } from "../../scripts/bench/store-digest.ts";
import { call } from "../../src/engine.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { storePath } from "../../src/store/db.ts";
import { PARAMS } from "../../src/retrieve/localize-params.ts";
import { HISTORY } from "../../src/history/update.ts";
import { stem } from "../../src/text/stem.ts";
import { CANARY } from "../helpers/canary.ts";
import { commitFiles as commit, git, gitRepo } from "../helpers/repo.ts";
import { withParams } from "../helpers/params.ts";

function kept(root: string): { commits: { ordinal: number; words: number; paths: string[] }[]; words: Set<string> } {
  const db = new Database(storePath(root), { readonly: true });
  try {
    const commits = (db.query("SELECT ordinal, words, paths FROM history_commits ORDER BY ordinal").all() as { ordinal: number; words: number; paths: string }[]).map((r) => ({ ...r, paths: JSON.parse(r.paths) as string[] }));
    const words = new Set((db.query("SELECT DISTINCT word FROM history_commit_words").all() as { word: string }[]).map((r) => r.word));
    return { commits, words };
  } finally {
    db.close();
  }
}

interface Answer {
  candidates: { path: string; score: number; reasons: string[] }[];
}

/** Two lexer files level on every other evidence (the same path words, no query word in them); history words and co-change off. */
function lexerRepo(): string {
  const root = gitRepo({ "src/lexer/quote.ts": "export const quoteKind = 1;\n", "src/lexer/comment.ts": "export const commentKind = 1;\n", "src/app.ts": "export const app = 1;\n" });
  commit(root, { "src/lexer/quote.ts": "export const quoteKind = 2;\n" }, "lexer: unterminated string literal at the end of input");
  commit(root, { "src/lexer/comment.ts": "export const commentKind = 2;\n" }, "lexer: nested block comments");
  commit(root, { "src/app.ts": "export const app = 2;\n" }, "app: start faster");
  commit(root, { "src/app.ts": "export const app = 3;\n", "src/lexer/comment.ts": "export const commentKind = 3;\n" }, "app: wire the lexer");
  return root;
}

const ISOLATED = { history: 0, cochange: 0, recency: 0 };

describe("similar past commits", () => {
  test("the last commits are kept one by one (words inverted, every path), the oldest forgotten past the cap; an update equals a rebuild", async () => {
    const cap = HISTORY.similarCommitsKept;
    HISTORY.similarCommitsKept = 3;
    try {
      const root = gitRepo({ "src/a.ts": "export const a = 0;\n" });
      commit(root, { "src/a.ts": "export const a = 1;\n", "src/b.ts": "export const b = 1;\n" }, "kiwi harvest");
      commit(root, { "src/a.ts": "export const a = 2;\n" }, "mango ripening");
      const third = commit(root, { "src/b.ts": "export const b = 2;\n" }, "papaya slicing");
      await syncIndex(root);
      let s = kept(root);
      // ordinals 2–4 (the root commit, ordinal 1, says nothing: not kept)
      expect(s.commits.map((c) => c.ordinal)).toEqual([2, 3, 4]);
      expect(s.commits[0]).toEqual({ ordinal: 2, words: 2, paths: ["src/a.ts", "src/b.ts"] });
      for (const w of ["kiwi", "mango", "papaya"]) expect(s.words.has(stem(w))).toBe(true);
      commit(root, { "src/a.ts": "export const a = 3;\n" }, "guava pressing");
      commit(root, { "src/b.ts": "export const b = 3;\n" }, "lychee peeling");
      await syncIndex(root);
      s = kept(root);
      expect(s.commits.map((c) => c.ordinal)).toEqual([4, 5, 6]);
      for (const w of ["kiwi", "mango"]) expect(s.words.has(stem(w))).toBe(false);
      for (const w of ["papaya", "guava", "lychee"]) expect(s.words.has(stem(w))).toBe(true);
      const digest = storeDigest(root);
      expect(digest.history_commits?.rows).toBe(3);
      await syncIndex(root, { force: true });
      expect(storeDigest(root)).toEqual(digest);
      // back at an earlier commit (a rewrite of HEAD): nothing after it
      git(root, "checkout", "-q", "--detach", third);
      await syncIndex(root);
      s = kept(root);
      expect(s.commits.map((c) => c.ordinal)).toEqual([2, 3, 4]);
      for (const w of ["guava", "lychee"]) expect(s.words.has(stem(w))).toBe(false);
    } finally {
      HISTORY.similarCommitsKept = cap;
    }
  }, 120_000);

  test("no credential of a commit message is kept with its commit", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 0;\n" });
    commit(root, { "src/a.ts": "export const a = 1;\n" }, `rotate the deploy credentials\n\napiSecret = "${CANARY.apiToken}"`);
    await syncIndex(root);
    const db = new Database(storePath(root), { readonly: true });
    try {
      const text = JSON.stringify([db.query("SELECT * FROM history_commits").all(), db.query("SELECT * FROM history_commit_words").all()]);
      expect(text).toContain(stem("rotate"));
      for (const part of CANARY.apiToken.split(/[^A-Za-z0-9]+/).filter((p) => p.length >= 6)) expect(text.toLowerCase()).not.toContain(part.toLowerCase());
    } finally {
      db.close();
    }
  }, 120_000);

  test("a near-tie goes to the file the most similar past commit changed, said in its reasons; only a reordering", async () => {
    const root = lexerRepo();
    await syncIndex(root);
    const query = "lexer: unterminated string literal at the end of a line";
    const off = (await withParams({ ...ISOLATED, similarCommits: 0 }, () => call("find", { path: root, query, kind: "task" }))).data as unknown as Answer;
    const on = (await withParams(ISOLATED, () => call("find", { path: root, query, kind: "task" }))).data as unknown as Answer;
    // Level without it (the path's word alone), the name order decides: comment.ts first.
    expect(off.candidates.slice(0, 2).map((c) => c.path)).toEqual(["src/lexer/comment.ts", "src/lexer/quote.ts"]);
    expect(off.candidates[0]?.reasons.join(" ")).not.toContain("past commits most like");
    expect(on.candidates[0]?.path).toBe("src/lexer/quote.ts");
    expect(on.candidates[0]?.reasons).toContain("1 of the 3 past commits most like the task changed it");
    // The same files and the same scores in the same places: only the files moved.
    expect(on.candidates.map((c) => c.score)).toEqual(off.candidates.map((c) => c.score));
    expect(on.candidates.map((c) => c.path).sort()).toEqual(off.candidates.map((c) => c.path).sort());
  }, 120_000);

  test("evidence stronger than a near-tie is not overturned", async () => {
    const root = lexerRepo();
    // comment.ts declares the query's name exactly: far above quote.ts, whatever the past commits say.
    commit(root, { "src/lexer/comment.ts": "export function unterminatedLiteral(): number {\n  return 1;\n}\n" }, "app: tidy");
    await syncIndex(root);
    const query = "lexer: unterminatedLiteral at the end of a line";
    const off = (await withParams({ ...ISOLATED, similarCommits: 0 }, () => call("find", { path: root, query, kind: "task" }))).data as unknown as Answer;
    const on = (await withParams(ISOLATED, () => call("find", { path: root, query, kind: "task" }))).data as unknown as Answer;
    expect(off.candidates[0]?.path).toBe("src/lexer/comment.ts");
    expect((off.candidates[1]?.score ?? 0) < (1 - PARAMS.similarBand) * (off.candidates[0]?.score ?? 0)).toBe(true);
    expect(on.candidates.map((c) => c.path)).toEqual(off.candidates.map((c) => c.path));
  }, 120_000);

  test("no history before the only commit (an npm tarball's tree committed once): nothing kept, the answer unchanged", async () => {
    const root = gitRepo({ "src/lexer/quote.ts": "export const quoteKind = 1;\n", "src/lexer/comment.ts": "export const commentKind = 1;\n" });
    await syncIndex(root);
    expect(kept(root).commits).toEqual([]);
    const query = "lexer: unterminated string literal";
    const off = (await withParams({ similarCommits: 0 }, () => call("find", { path: root, query, kind: "task" }))).data as unknown as Answer;
    const on = (await call("find", { path: root, query, kind: "task" })).data as unknown as Answer;
    expect(on.candidates).toEqual(off.candidates);
  }, 120_000);
});
