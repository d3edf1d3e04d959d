// The history the index keeps for task localization (src/history): only commits reachable
// from HEAD (no leakage of later commits), updated incrementally, rebuilt after a rewrite,
// no credential from a commit message, absent (and said) without git, and used by find.

import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { storeDigest } from "../../scripts/bench/store-digest.ts";
import { call } from "../../src/engine.ts";
import { syncIndex } from "../../src/indexing/sync.ts";
import { storePath } from "../../src/store/db.ts";
import { PARAMS } from "../../src/retrieve/localize-params.ts";
import { HISTORY_VERSION, messageWords } from "../../src/history/update.ts";
import { splitIdentifier } from "../../src/text/terms.ts";
import { stem } from "../../src/text/stem.ts";
import { CANARY, leaksIn } from "../helpers/canary.ts";
import { git, gitRepo, plainDir, tempDir, writeFiles } from "../helpers/repo.ts";

function commit(root: string, files: Record<string, string>, message: string): string {
  writeFiles(root, files);
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", message);
  return git(root, "rev-parse", "HEAD").trim();
}

function stored(root: string) {
  const db = new Database(storePath(root), { readonly: true });
  try {
    const meta = Object.fromEntries((db.query("SELECT key, value FROM index_meta WHERE key LIKE 'history_%'").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    const words = new Set((db.query("SELECT DISTINCT word FROM history_words").all() as { word: string }[]).map((r) => r.word));
    const paths = new Set((db.query("SELECT path FROM history_files").all() as { path: string }[]).map((r) => r.path));
    const cochange = db.query("SELECT path, other FROM history_cochange").all() as { path: string; other: string }[];
    return { meta, words, paths, cochange };
  } finally {
    db.close();
  }
}

describe("index history", () => {
  test("the index at a commit holds its history and nothing after it; later commits arrive incrementally; a rewrite rebuilds", async () => {
    const root = gitRepo({ "src/ledger.ts": "export function total(): number {\n  return 1;\n}\n" });
    const first = commit(root, { "src/ledger.ts": "export function total(): number {\n  return 2;\n}\n", "src/report.ts": "export const r = 1;\n" }, "ledger: balance the quarterly totals");
    const task = commit(root, { "src/ledger.ts": "export function total(): number {\n  return 3;\n}\n", "src/zebra.ts": "export const z = 1;\n" }, "walrus handling for the penguin importer");
    git(root, "checkout", "-q", "--detach", first);
    await syncIndex(root);
    let s = stored(root);
    expect(s.meta.history_state).toBe("ready");
    expect(s.meta.history_head).toBe(first);
    expect(s.meta.history_count).toBe("2");
    expect(s.words.has(stem("quarterly"))).toBe(true);
    // leakage: nothing of the later commit — its words, the file it adds
    for (const w of ["walrus", "penguin", "importer"]) expect(s.words.has(stem(w))).toBe(false);
    expect(s.paths.has("src/zebra.ts")).toBe(false);
    expect(s.cochange).toContainEqual({ path: "src/ledger.ts", other: "src/report.ts" });

    git(root, "checkout", "-q", "--detach", task);
    const r = await syncIndex(root);
    expect(r.unchanged).toBe(false);
    s = stored(root);
    expect(s.meta.history_head).toBe(task);
    expect(s.meta.history_count).toBe("3");
    expect(s.words.has(stem("walrus"))).toBe(true);
    expect(s.words.has(stem("quarterly"))).toBe(true); // kept from before: incremental
    expect(s.paths.has("src/zebra.ts")).toBe(true);

    // A rewrite: HEAD no longer descends from the stored head, so the history is read again.
    git(root, "reset", "-q", "--hard", first);
    commit(root, { "src/ledger.ts": "export function total(): number {\n  return 4;\n}\n" }, "otter support in the ledger");
    await syncIndex(root);
    s = stored(root);
    expect(s.meta.history_count).toBe("3");
    expect(s.words.has(stem("otter"))).toBe(true);
    expect(s.words.has(stem("walrus"))).toBe(false);
    expect(s.paths.has("src/zebra.ts")).toBe(false);
  }, 120_000);

  test("a path deleted and later brought back: the update reads its older commits again, as a rebuild does", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 0;\n", "src/b.ts": "export const b = 0;\n" });
    commit(root, { "src/a.ts": "export const a = 1;\n", "src/b.ts": "export const b = 1;\n" }, "walrus tuning");
    await syncIndex(root);
    rmSync(join(root, "src/a.ts"));
    commit(root, {}, "drop a for now");
    await syncIndex(root);
    expect(stored(root).paths.has("src/a.ts")).toBe(false);
    commit(root, { "src/a.ts": "export const a = 2;\n" }, "bring back a");
    await syncIndex(root);
    const incremental = stored(root);
    expect(incremental.words.has(stem("walrus"))).toBe(true);
    expect(incremental.cochange).toContainEqual({ path: "src/a.ts", other: "src/b.ts" });
    const digest = storeDigest(root);
    await syncIndex(root, { force: true });
    expect(digest).toEqual(storeDigest(root));
  }, 120_000);

  test("an update sums each weight in the order a rebuild does: the same bits, not nearly the same", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 0;\n", "src/b.ts": "export const b = 0;\n" });
    let k = 0;
    const step = () => commit(root, { "src/a.ts": `export const a = ${++k};\n`, "src/b.ts": `export const b = ${k};\n` }, "alpha beta gamma");
    // 3 commits stored, then 3 more: (w5 + w6 + w7) + stored differs in the last bits from ((stored + w5) + w6) + w7
    for (let i = 0; i < 3; i++) step();
    await syncIndex(root);
    for (let i = 0; i < 3; i++) step();
    await syncIndex(root);
    const digest = storeDigest(root);
    await syncIndex(root, { force: true });
    expect(digest).toEqual(storeDigest(root));
  }, 120_000);

  test("commits of a merged branch count even where the merge kept the other side's tree", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    git(root, "checkout", "-q", "-b", "side");
    commit(root, { "src/a.ts": "export const a = 2;\n" }, "kiwi tuning on the side branch");
    git(root, "checkout", "-q", "main");
    commit(root, { "src/b.ts": "export const b = 1;\n" }, "mango");
    git(root, "merge", "-q", "-s", "ours", "--no-edit", "side");
    await syncIndex(root);
    const s = stored(root);
    expect(s.meta.history_count).toBe("3");
    expect(s.words.has(stem("kiwi"))).toBe(true);
  }, 120_000);

  test("no path holding a credential is stored: one at HEAD (the inventory leaves it out) nor one deleted since", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    commit(root, { [`secrets/${CANARY.githubToken}.txt`]: "hello\n", "src/b.ts": "export const b = 1;\n" }, "add the release notes");
    commit(root, { [`old/${CANARY.stripeKey}.json`]: "{}\n", "src/c.ts": "export const c = 1;\n" }, "add the billing fixture");
    git(root, "rm", "-q", `old/${CANARY.stripeKey}.json`);
    git(root, "commit", "-q", "-m", "drop the billing fixture");
    await call("index", { path: root }, { cwd: root });
    const db = new Database(storePath(root), { readonly: true });
    try {
      const rows = ["history_files", "history_cochange", "history_commits"].map((t) => JSON.stringify(db.query(`SELECT * FROM ${t}`).all()));
      expect(rows.join("\n")).toContain("src/b.ts"); // the commits were read
      expect(leaksIn(rows.join("\n"))).toEqual([]);
    } finally {
      db.close();
    }
  }, 120_000);

  test("log.showSignature=true: no signature program runs while the history is read, and no verdict is stored as a path", async () => {
    const root = gitRepo({ "src/a.ts": "export const a = 1;\n" });
    // a stand-in gpg.program: signs with a fixed block; a verification leaves a marker and prints a verdict
    const marker = join(tempDir(), "verified");
    const gpg = join(tempDir(), "fake-gpg");
    writeFileSync(gpg, `#!/bin/sh\ncase " $* " in\n  *" --verify "*) echo ran >> '${marker}'; echo "gpg: Good signature from walrus-verdict" >&2; echo "[GNUPG:] GOODSIG 0 walrus";;\n  *) cat >/dev/null; printf -- '-----BEGIN PGP SIGNATURE-----\\n\\nfake\\n-----END PGP SIGNATURE-----\\n'; printf '\\n[GNUPG:] SIG_CREATED D 1 8 00 0 0\\n' >&2;;\nesac\n`, { mode: 0o755 });
    git(root, "config", "gpg.program", gpg);
    git(root, "config", "user.signingkey", "walrus");
    for (const n of [1, 2, 3]) {
      writeFiles(root, { [`src/f${n}.ts`]: `export const f${n} = ${n};\n` });
      git(root, "add", "-A");
      git(root, "commit", "-q", "-S", "-m", `signed change ${n}`);
    }
    expect(git(root, "-c", "log.showSignature=true", "log", "-1", "--format=%H")).toContain("walrus-verdict"); // the stand-in verifies
    rmSync(marker, { force: true });
    git(root, "config", "log.showSignature", "true");
    await call("index", { path: root }, { cwd: root });
    const db = new Database(storePath(root), { readonly: true });
    try {
      const rows = ["history_files", "history_cochange", "history_commits"].map((t) => JSON.stringify(db.query(`SELECT * FROM ${t}`).all())).join("\n");
      expect(rows).toContain("src/f2.ts"); // the commits were read
      expect(rows).not.toContain("walrus-verdict");
    } finally {
      db.close();
    }
    expect(existsSync(marker)).toBe(false);
  }, 120_000);

  test("no credential from a commit message is stored", () => {
    // a value given to a credential's name in prose, whatever it looks like (no pattern knows a passphrase)
    for (const m of ["rotate db password: horsebatterystaple", "the staging token is wobblyfrogsunset", "apiKey=lanternquietmeadow now", "connect postgres://admin:velvetcanyon@db/app"]) {
      const words = messageWords(m);
      expect({ m, leaked: words.filter((w) => ["horsebatterystapl", "wobblyfrogsunset", "lanternquietmeadow", "lanternquietmeadow".slice(0, -1), "velvetcanyon", "admin"].includes(w)) }).toEqual({ m, leaked: [] });
    }
    // a letters-only password given in prose without `:` or `=`: after a connective, quoted, "as password", a quoted pair after a login
    for (const [m, value] of [["rotate db password to sunshinehorse", "sunshinehorse"], ["set the password to marigoldlantern", "marigoldlantern"], ["staging password now copperkettle", "copperkettle"],
      ["the admin password was changed to pebblestorm", "pebblestorm"], ["reset password 'thimbleberry' for qa", "thimbleberry"], ["use juniperwaltz as the new password", "juniperwaltz"],
      ["Login with `admin` / `saffronvalley`", "saffronvalley"], ["sign in: 'qauser', 'orchidmarble'", "orchidmarble"], ["add creds and db password walnutfern7", "walnutfern"]] as const) {
      expect({ m, leaked: messageWords(m).filter((w) => w === stem(value)) }).toEqual({ m, leaked: [] });
    }
    // while prose about passwords keeps its words
    expect(messageWords("password reset flow sends the email to the user")).toEqual(expect.arrayContaining(["reset", stem("flow"), stem("email")]));
    // a letters-only key with no credential word near it (no pattern knows it): dropped as letters no language spells
    for (const key of ["qzxkvbnmtrplwq", "XKCDQVBNRTPLMWSD", "hwqrtzmbvkxnplsd"]) expect({ key, words: messageWords(`use ${key} from now on`) }).toEqual({ key, words: messageWords("use from now on") });
    // while long words of prose stay
    expect(messageWords("throttling benchmarks downstream walkthrough")).toHaveLength(4);
    const plain = new Set(messageWords("rotate the credentials for the deploy job"));
    for (const [name, value] of Object.entries(CANARY)) {
      // As an assignment (as the redactor sees it in files) and as a bare value (no pattern need know it) —
      // except a passphrase of dictionary words, which without context reads as prose, and a short password
      // (under 16 characters: only a credential name before one says what it is; bare, its letters are 3-letter words).
      const bare = name !== "apiToken" && value.length >= 16;
      const words = [...messageWords(`rotate the credentials for the deploy job\n\napiSecret = "${value}"`), ...(bare ? messageWords(`rotate the credentials for the deploy job\n\nuse ${value} from now on`) : [])];
      const leaked = splitIdentifier(value)
        .filter((p) => p.length >= 3 && !/\d/.test(p))
        .map(stem)
        .filter((w) => words.includes(w) && !plain.has(w) && !["use", "from", "now", "apisecret", "api", "secret"].includes(w));
      expect({ name, leaked }).toEqual({ name, leaked: [] });
    }
  });

  test("find --kind task ranks a file by the words of the commits that touched it", async () => {
    const root = gitRepo({
      "src/ledger.ts": "export function total(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0);\n}\n",
      "src/report.ts": "export function print(s: string): string {\n  return s.trim();\n}\n",
      "src/mail.ts": "export function send(to: string): string {\n  return to;\n}\n",
    });
    commit(root, { "src/ledger.ts": "export function total(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0) | 0;\n}\n" }, "fix rounding of refunds in the monthly statement");
    commit(root, { "src/mail.ts": "export function send(to: string): string {\n  return to.trim();\n}\n" }, "trim recipients");
    await syncIndex(root);
    const r = await call("find", { path: root, query: "refunds are rounded wrongly in the statement", kind: "task", limit: 100 });
    const data = r.data as { candidates: { path: string; reasons: string[] }[]; historyAbsent?: string };
    expect(data.historyAbsent).toBeUndefined();
    expect(data.candidates[0]?.path).toBe("src/ledger.ts");
    expect(data.candidates[0]?.reasons.join(" ")).toContain("past commits touching it mention");
  }, 120_000);

  test("a store from before history (or from another history version) reads it in at the next read, though no file changed", async () => {
    const root = gitRepo({ "src/ledger.ts": "export const total = 1;\n", "src/mail.ts": "export const send = 1;\n" });
    commit(root, { "src/ledger.ts": "export const total = 2;\n" }, "fix rounding of refunds in the monthly statement");
    await syncIndex(root);
    const db = new Database(storePath(root));
    db.run("DELETE FROM index_meta WHERE key LIKE 'history_%'");
    db.run("DELETE FROM history_words");
    db.close();
    const r = await call("find", { path: root, query: "refunds rounding", kind: "task" });
    expect((r.data as { historyAbsent?: string }).historyAbsent).toBeUndefined();
    expect(stored(root).meta.history_state).toBe("ready");
    expect(stored(root).words.size).toBeGreaterThan(0);
  }, 120_000);

  test("a query naming a package by its conventional-commit scope ranks that package's files first", async () => {
    const files: Record<string, string> = {
      "package.json": "{}\n",
      "packages/alpha/package.json": '{"name":"@x/alpha"}\n',
      "packages/beta/package.json": '{"name":"@x/beta"}\n',
      "packages/alpha/src/parser.ts": "export function parseHeader(s: string): string {\n  return s;\n}\n",
      "packages/beta/src/parser.ts": "export function parseHeader(s: string): string {\n  return s;\n}\n",
    };
    const root = gitRepo(files);
    await syncIndex(root);
    const plain = (await call("find", { path: root, query: "parser crash on empty header", kind: "task" })).data as { candidates: { path: string }[]; package?: string };
    expect(plain.package).toBeUndefined();
    expect(plain.candidates[0]?.path).toBe("packages/alpha/src/parser.ts"); // a tie, broken by path
    const scoped = await call("find", { path: root, query: "fix(beta): parser crash on empty header", kind: "task" });
    const data = scoped.data as { candidates: { path: string }[]; package?: string };
    expect(data.package).toBe("packages/beta");
    expect(data.candidates[0]?.path).toBe("packages/beta/src/parser.ts");
    expect(scoped.text).toContain("names the package packages/beta/");
  }, 120_000);

  test("a scope list naming several packages (`fix(beta,gamma): …`) narrows to those packages; a list with an unknown scope does not", async () => {
    // Not byte-identical (identical files collapse onto one candidate).
    const parser = (pkg: string) => `export function parseHeader(s: string): string {\n  return s; // ${pkg}\n}\n`;
    const root = gitRepo({
      "package.json": "{}\n",
      "packages/alpha/package.json": '{"name":"@x/alpha"}\n',
      "packages/beta/package.json": '{"name":"@x/beta"}\n',
      "packages/gamma/package.json": '{"name":"@x/gamma"}\n',
      "packages/alpha/src/parser.ts": parser("a"),
      "packages/beta/src/parser.ts": parser("b"),
      "packages/gamma/src/header-parser.ts": parser("c"),
    });
    await syncIndex(root);
    type Answer = { candidates: { path: string }[]; package?: string };
    const listed = await call("find", { path: root, query: "fix(beta,gamma): parser crash on empty header", kind: "task" });
    const data = listed.data as Answer;
    expect(data.package).toBe("packages/beta, packages/gamma");
    const at = (p: string) => data.candidates.findIndex((c) => c.path === p);
    expect(at("packages/beta/src/parser.ts")).toBeGreaterThanOrEqual(0);
    expect(at("packages/alpha/src/parser.ts")).toBeGreaterThan(Math.max(at("packages/beta/src/parser.ts"), at("packages/gamma/src/header-parser.ts")));
    expect(listed.text).toContain("names the packages packages/beta/, packages/gamma/: files outside them rank lower");
    // A list with a scope that names no package is not narrowed to as a list (beta is still a word the query writes: the weaker narrowing).
    const unknown = await call("find", { path: root, query: "fix(beta,delta): parser crash on empty header", kind: "task" });
    expect((unknown.data as Answer).package).toBe("packages/beta");
    expect(unknown.text).not.toContain("names the packages");
    PARAMS.scopeList = false;
    try {
      expect(((await call("find", { path: root, query: "fix(beta,gamma): parser crash on empty header", kind: "task" })).data as Answer).package).toBeUndefined();
    } finally {
      PARAMS.scopeList = true;
    }
  }, 120_000);

  test("--limit up to 100 candidates for tasks; above it the answer says so", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`src/widget${i}.ts`] = `export function widget${i}(): string {\n  return "widget";\n}\n`;
    const root = gitRepo(files);
    await syncIndex(root);
    const r = await call("find", { path: root, query: "widget rendering", kind: "task", limit: 100 });
    expect((r.data as { candidates: unknown[] }).candidates.length).toBeGreaterThan(20);
    expect(r.warnings ?? []).toEqual([]);
    // Above the maximum: the answer says so instead of cutting silently.
    const over = await call("find", { path: root, query: "widget rendering", kind: "task", limit: 150 });
    expect(over.warnings).toEqual(["limit 150 is above what a task answer ranks: at most 100 candidates"]);
  }, 120_000);

  test("without git the task answer says the history was not used", async () => {
    const root = plainDir({ "src/ledger.ts": "export function refund(): number {\n  return 1;\n}\n" });
    await syncIndex(root);
    const r = await call("find", { path: root, query: "refund", kind: "task" });
    expect((r.data as { historyAbsent?: string }).historyAbsent).toContain("not a git repository");
    expect(r.text).toContain("git history not used");
  }, 120_000);

  test("a commit that changes no file of the work tree (edits already indexed) is in the next read's history", async () => {
    const root = gitRepo({ "src/ledger.ts": "export function refund(): number {\n  return 1;\n}\n", "src/audit.ts": "export const a = 1;\n" });
    await syncIndex(root);
    // the edit is indexed by a read first; the commit then moves HEAD without touching a file
    writeFiles(root, { "src/ledger.ts": "export function refund(): number {\n  return 2;\n}\n" });
    await call("find", { path: root, query: "refund", kind: "path" });
    git(root, "commit", "-qam", "walrus rounding of refunds");
    const head = git(root, "rev-parse", "HEAD").trim();
    const r = await call("find", { path: root, query: "walrus rounding", kind: "task" });
    expect(stored(root).meta.history_head).toBe(head);
    expect(stored(root).words.has(stem("walrus"))).toBe(true);
    expect((r.data as { candidates: { path: string }[] }).candidates[0]?.path).toBe("src/ledger.ts");
    // nothing moved since: the next read reads no history (its stamp is the one recorded)
    const stamp = stored(root).meta.history_reflog;
    await call("find", { path: root, query: "walrus", kind: "task" });
    expect(stored(root).meta.history_reflog).toBe(stamp);
  }, 120_000);

  test("a newer svc's history is left to it (no version re-reads the other's); an older one is read again", async () => {
    const root = gitRepo({ "src/ledger.ts": "export function refund(): number {\n  return 1;\n}\n" });
    await syncIndex(root);
    const setVersion = (v: number) => {
      const db = new Database(storePath(root));
      db.run("UPDATE index_meta SET value = ? WHERE key = 'history_version'", [String(v)]);
      db.close();
    };
    setVersion(HISTORY_VERSION + 1);
    const before = stored(root).meta;
    commit(root, { "src/ledger.ts": "export function refund(): number {\n  return 2;\n}\n" }, "walrus rounding of refunds");
    await call("find", { path: root, query: "walrus refund", kind: "task" });
    const after = stored(root).meta;
    expect(after.history_version).toBe(String(HISTORY_VERSION + 1));
    expect([after.history_head, after.history_count]).toEqual([before.history_head, before.history_count]);
    // an older svc's history is read again by this one
    setVersion(HISTORY_VERSION - 1);
    await call("find", { path: root, query: "walrus refund", kind: "task" });
    expect(stored(root).meta.history_version).toBe(String(HISTORY_VERSION));
    expect(stored(root).meta.history_head).toBe(git(root, "rev-parse", "HEAD").trim());
  }, 120_000);

  test("a read while another process still holds the writer (history not read yet) says so, and a later read adds the history", async () => {
    const root = gitRepo({ "src/ledger.ts": "export function refund(): number {\n  return 1;\n}\n" });
    commit(root, { "src/ledger.ts": "export function refund(): number {\n  return 2;\n}\n" }, "walrus refund rounding");
    await syncIndex(root);
    // The state of a store whose files are indexed and whose history pass has not run yet.
    const db = new Database(storePath(root));
    db.run("DELETE FROM index_meta WHERE key = 'history_state'");
    db.close();
    // Another live process holds the writer lock, as while it reads git.
    const holder = Bun.spawn(["sleep", "120"]);
    writeFileSync(join(storePath(root), "..", "writer.lock"), JSON.stringify({ pid: holder.pid, startedAt: new Date().toISOString() }));
    try {
      const busy = await call("find", { path: root, query: "walrus refund", kind: "task" });
      expect((busy.data as { historyAbsent?: string }).historyAbsent).toBe("not read into the index yet; a later read adds it");
      expect(busy.text).not.toContain("predates");
    } finally {
      holder.kill();
      await holder.exited;
    }
    const later = await call("find", { path: root, query: "walrus refund", kind: "task" });
    expect((later.data as { historyAbsent?: string }).historyAbsent).toBeUndefined();
    expect(stored(root).meta.history_state).toBe("ready");
  }, 120_000);

  test("a shallow clone: the task answer says the history is partial; deepened, the history is read again and equals a rebuild", async () => {
    const origin = gitRepo({ "src/ledger.ts": "export function refund(): number {\n  return 0;\n}\n", "src/audit.ts": "export const a = 0;\n" });
    commit(origin, { "src/ledger.ts": "export function refund(): number {\n  return 1;\n}\n", "src/audit.ts": "export const a = 1;\n" }, "walrus refund rounding");
    commit(origin, { "src/ledger.ts": "export function refund(): number {\n  return 2;\n}\n", "src/audit.ts": "export const a = 2;\n" }, "penguin refund audit");
    const root = join(tempDir("svc-shallow-"), "clone");
    git(origin, "clone", "-q", "--depth", "1", `file://${origin}`, root);
    await syncIndex(root);
    expect(stored(root).words.has(stem("walrus"))).toBe(false);
    const r = await call("find", { path: root, query: "refund rounding", kind: "task" });
    expect((r.data as { historyPartial?: string }).historyPartial).toContain("shallow clone");
    expect(r.text).toContain("git history partial (a shallow clone");
    git(root, "fetch", "-q", "--unshallow");
    await syncIndex(root);
    expect(stored(root).words.has(stem("walrus"))).toBe(true);
    const digest = storeDigest(root);
    await syncIndex(root, { force: true });
    expect(digest).toEqual(storeDigest(root));
    const after = await call("find", { path: root, query: "refund rounding", kind: "task" });
    expect((after.data as { historyPartial?: string }).historyPartial).toBeUndefined();
  }, 120_000);
});
