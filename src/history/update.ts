// The repository's history, kept in the store for task localization: per path, the words
// of the commit messages that touched it (a searchable field), the paths committed with it
// (co-change, normalised by commit size) and how recently and often it changed; and the
// last commits one by one (their message words, inverted, and the paths each touched), so
// a task can find the past commits most like it (signals.ts similarCommits).
//
// updateHistory is the one entry point (a pass of the index sync): it reads only the
// commits since the last stored one (`git log <head>..HEAD`), or everything again when
// that commit is no longer an ancestor of HEAD (a rebase, a reset, another branch), or when
// the new commits bring back a path deleted before it (its older commits were not kept).
// The one place an update may differ from a rebuild: per path only the heaviest words and
// co-changed paths are kept (HISTORY.wordsPerPath, neighboursPerPath), so a word dropped at
// the cap that comes back later carries only its new weight, where a rebuild sums all of it.
// Reading everything again whenever that could happen was tried (159e903, reverted): it is a
// full history read on 71–81 % of single-commit updates of hono, zod and effect (3.8 s on
// effect), which defeats "a re-index after new commits costs only those commits".
// Age decay without rewriting old rows: a commit's weight is 2^((ordinal − base) / halfLife)
// on a scale that grows with the commit count (ordinal), so a newer commit simply weighs
// more; readers divide by the scale at the head. When the scale grows large, every row is
// rescaled once and `base` moves up.
// Commit messages can hold secrets: words are taken from a copy with every secret the
// redactor finds blanked (as index/scrub.ts masks file text), and long random-looking tokens are never kept; so can
// paths (a token as a file name, committed and deleted since): a path holding one is not read (workspace/inventory.ts).

import type { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { findSecrets } from "../text/redact.ts";
import { rememberedDigests } from "../text/remembered-secrets.ts";
import { putSecretDigests, type SecretDigestRow } from "../store/digest-rows.ts";
import { stem } from "../text/stem.ts";
import { splitIdentifier, STOP_WORDS } from "../text/terms.ts";
import { readMeta, writeMeta } from "../store/meta.ts";
import { run } from "../sys/proc.ts";
import { gitArgv } from "../git/git.ts";

export const HISTORY = {
  /** A commit's weight halves every this many commits. */
  halfLife: 1000,
  /** Commits touching more files than this (formatting, renames, releases) are ignored. */
  maxFilesPerCommit: 30,
  /** Message words kept per path (the heaviest). */
  wordsPerPath: 40,
  /** Co-change neighbours kept per path (the heaviest). */
  neighboursPerPath: 20,
  /** Characters of the body's first paragraph read after the subject. */
  bodyChars: 400,
  /** Rescale stored weights when the scale exponent passes this. */
  maxExponent: 200,
  /**
   * The last this many commits (by ordinal, skipped ones counted) are kept one by one for "similar past
   * commits". On the 122 tuning tasks of the six history corpora the last 3,000, 5,000 or 10,000 give the
   * same ranking (loc knn exploration, corpus-history.ts).
   */
  similarCommitsKept: 5000,
};

/** Bump when what is stored changes meaning: the history is then read again from the start. */
export const HISTORY_VERSION = 18; // 18: a message's credential URL password remembered on its own too (EXTRACTION_VERSION 25, h142); 17: the redactor's new forms (EXTRACTION_VERSION 24: a prefix split across a template's hole, h125's joined arrays, nested templates and secrets containers) are blanked; 16: the redactor's new forms (EXTRACTION_VERSION 23: a value split over joined literals, "with password `sunshine`", a browser test's typed password, a Markdown table's password column) are blanked; 15: a password given in prose without `:` or `=` ("password to …", "… as password", a quoted pair after a login) is not stored, a secret a message gives away is remembered by digest (secret_digests), and the redactor's new forms (EXTRACTION_VERSION 21: curl's joined `-uuser:pass`, a quoted pair after a login) are blanked; 14: 14: the redactor's new forms (EXTRACTION_VERSION 19: a command or an account statement over lines, lftp's and HTTPie's user:password, a password after other pairs on its line) are blanked; 13: the redactor's new forms (EXTRACTION_VERSION 18: a password flag's, .netrc entry's, SQL's, sentence's, comment's and `…Pass` name's short value) are blanked; 12: the redactor's new form (EXTRACTION_VERSION 17: a password's name's short or word-like value) is blanked; 11: the redactor's new forms (EXTRACTION_VERSION 16: prose outside comments, braced ODBC values, continued .properties values, a client's random password, a prefix split) are blanked; 10: the redactor's new form (EXTRACTION_VERSION 15: a credential in a comment's prose) is blanked; 9: a signed commit's verdict (log.showSignature) is no path; 8: a path holding a credential (deleted, renamed away or left out of the inventory) is not stored, and the redactor's new forms (EXTRACTION_VERSION 14) are blanked; 7: a base64 line with slashes is not a path (its letter runs were stored as words), and the redactor's new forms (EXTRACTION_VERSION 12) are blanked; 6: the last commits one by one (history_commits, history_commit_words); 5: letters no language spells are not stored

/** The stored history's version as a number (0 when unrecorded or unreadable). */
export function storedVersion(value: string | undefined): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

export interface HistoryUpdate {
  /** "ready", or why there is no history (no git, no commits). */
  state: string;
  /** Commits read by this update (0: already current or absent). */
  commits: number;
  /** True when the stored history was discarded and read again from the start. */
  rebuilt: boolean;
  head: string | null;
  /** The store holds a newer svc's history: left as it is (not read, not rewritten). */
  leftToNewer?: boolean;
}

interface Commit {
  time: number;
  /** A root commit (no parent): an import of everything, saying nothing about which files belong together. */
  root: boolean;
  message: string;
  paths: string[];
}

async function git(root: string, args: string[]): Promise<{ code: number; out: string }> {
  const r = await run(gitArgv(args), { cwd: root, timeoutMs: 300_000, maxOutputBytes: 1024 * 1024 * 1024 });
  return { code: r.exitCode, out: new TextDecoder().decode(r.stdout) };
}

/** Non-merge commits of `range`, oldest first, with the root-relative paths each touched under `root`. */
async function readLog(root: string, range: string): Promise<Commit[]> {
  // --full-history: with a pathspec git would otherwise prune whole merged branches ("history simplification").
  // --no-show-signature: log.showSignature=true would run gpg.program per signed commit and print its verdict among the paths.
  const r = await git(root, ["log", "--no-merges", "--full-history", "--no-show-signature", "--reverse", "--relative", "--no-renames", "--name-only", "--format=%x1e%ct%x1f%P%x1f%B%x1f", range, "--", "."]);
  if (r.code !== 0) throw new Error(`git log ${range} failed`);
  const out: Commit[] = [];
  for (const chunk of r.out.split("\x1e")) {
    if (!chunk) continue;
    const [time = "0", parents = "", message = "", names = ""] = chunk.split("\x1f");
    // a path holding a credential (a token as a file or folder name) is never stored, as the inventory never lists one
    out.push({ time: Number(time), root: parents.trim() === "", message, paths: names.split("\n").filter((p) => p && findSecrets(p).length === 0) });
  }
  return out;
}

const CREDENTIAL_VALUE = /((?:pass(?:word|wd|phrase)?|pwd|secret|token|api[-_ ]?key|access[-_ ]?key|private[-_ ]?key|credentials?)["']?)\s*(?:[:=]|\bis\b)\s*\S+/gi;
/**
 * Prose that gives a password without `:` or `=`: its word, then a connective that hands over a value ("rotate db
 * password to sunshinehorse", "password now …", "the password was changed to …"), a value quoted right after the word
 * (`password 'sunshine'`), letters and digits right after it ("db password hunter2": the letters would stay as a word), a value taken "as (the new) password" ("use hunter2 as password"), and a pair quoted after
 * a login ("Login with `admin` / `sunshine`"). Whatever that word looks like, it is not kept: a letters-only password
 * reads as any other word, and a history word says nothing a message's other words do not.
 */
const PASSWORD_PROSE = [
  /\b((?:pass(?:word|wd|phrase)|pwd)s?\b(?:\s+(?:has|have|had|been|was|is|are|changed|set|reset|rotated|updated|moved|switched|now))*\s*(?:\bto\b|\bnow\b|\binto\b|\bbecomes\b|\bbecame\b|->|→|=>))\s*\S+/gi,
  /\b((?:pass(?:word|wd|phrase)|pwd)\s*\(?)["'`‘“][^"'`’”\s]+["'`’”]/gi,
  /\b((?:pass(?:word|wd|phrase)|pwd)[ \t]+)(?=[^\s\d]*\d)(?=\S*[A-Za-z])[^\s,;.]+/gi,
  /\S+(\s+as\s+(?:(?:the|a|our|its|new|default|admin|root|user)\s+)*(?:pass(?:word|wd|phrase)|pwd)\b)/gi,
  /\b((?:log(?:-|\s)?in|sign(?:-|\s)?in|credentials?)\b[^\n]{0,40}?)["'`][^"'`\s]+["'`]\s*(?:\/|,|:|\band\b)\s*["'`][^"'`\s]+["'`]/gi,
];

/**
 * A run of letters no language spells (two clusters of four or more consonants, hardly any
 * vowels, or one cluster of six): a letters-only key or password the redactor has no pattern
 * for. Over the five real histories in /work/repos it drops two words (a user name and a typo);
 * random lowercase strings of 12, 16, 20 and 24 letters are caught about 57, 74, 86 and 93 % of
 * the time (longer parts are dropped by length).
 */
function randomLetters(part: string): boolean {
  if (part.length < 12) return false;
  const clusters = part.toLowerCase().split(/[aeiouy]+/);
  const vowels = part.length - clusters.join("").length;
  return clusters.filter((c) => c.length >= 4).length >= 2 || vowels < 0.15 * part.length || clusters.some((c) => c.length >= 6);
}

/** A path (`src/app/v2/routes.ts`), not a base64 line with slashes (`yme/NmwPLtwh09AzPe29…`): no segment mixes case and digits at random. */
function pathLike(token: string): boolean {
  return /^[\w.-]+\/[\w./-]+$/.test(token) && !token.split("/").some((seg) => seg.length >= 12 && /\d.*\d/.test(seg) && /[A-Z].*[A-Z]/.test(seg) && /[a-z]/.test(seg));
}

/** The words a commit message contributes: subject and the body's first paragraph, secrets blanked, stemmed. */
export function messageWords(message: string): string[] {
  const [subject = "", ...rest] = message.split("\n");
  const body = rest
    .join("\n")
    .trim()
    .split(/\n\s*\n/)[0]!
    .split("\n")
    .filter((l) => !/^[\w-]+-by:/i.test(l.trim()))
    .join("\n")
    .slice(0, HISTORY.bodyChars);
  // URLs say nothing; a value given to a credential's name (`password: x`, `token=x`) in prose may be one, whatever it looks like.
  const text = PASSWORD_PROSE.reduce((t, re) => t.replace(re, "$1 "), `${subject}\n${body}`.replace(/\b\w+:\/\/\S+/g, " ").replace(CREDENTIAL_VALUE, "$1 "));
  let masked = text;
  for (const span of findSecrets(text, { path: "COMMIT_EDITMSG" }).sort((a, b) => b.start - a.start)) {
    masked = masked.slice(0, span.start) + masked.slice(span.start, span.end).replace(/[^\r\n]/g, " ") + masked.slice(span.end);
  }
  const out = new Set<string>();
  // Random-looking tokens (hashes, keys the redactor has no pattern for) say nothing and may be secrets: dropped whole.
  const plain = masked.split(/\s+/).filter((t) => !(t.length >= 16 && /\d.*\d/.test(t) && /[a-z]/i.test(t) && !pathLike(t))).join(" ");
  for (const m of plain.matchAll(/[\p{L}_$][\p{L}\p{N}_$]*/gu)) {
    if (m[0].length > 40) continue;
    for (const part of splitIdentifier(m[0])) {
      if (part.length < 3 || part.length > 24 || STOP_WORDS.has(part) || /\d/.test(part) || randomLetters(part)) continue;
      out.add(stem(part));
    }
  }
  return [...out];
}

type Weights = Map<string, Map<string, number>>;

/** Add `w` to map[key][sub]; a key's weights start from `seed(key)` (what is stored for it), so sums run in the order a rebuild's do. */
function bump(map: Weights, key: string, sub: string, w: number, seed: (key: string) => Map<string, number>): void {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = seed(key)));
  inner.set(sub, (inner.get(sub) ?? 0) + w);
}

function heaviest(inner: Map<string, number>, keep: number): [string, number][] {
  return [...inner].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, keep);
}

function clear(db: Database): void {
  db.run("DELETE FROM history_files");
  db.run("DELETE FROM history_words");
  db.run("DELETE FROM history_cochange");
  db.run("DELETE FROM history_commits");
  db.run("DELETE FROM history_commit_words");
}

/** Drop every row naming a path HEAD no longer has (as a path or as a co-changed one). */
function forgetAbsent(db: Database, present: ReadonlySet<string>): void {
  const stored = (db.query("SELECT path FROM history_files").all() as { path: string }[]).map((r) => r.path);
  const gone = stored.filter((p) => !present.has(p));
  if (!gone.length) return;
  const statements = ["DELETE FROM history_files WHERE path = ?", "DELETE FROM history_words WHERE path = ?", "DELETE FROM history_cochange WHERE path = ?", "DELETE FROM history_cochange WHERE other = ?"].map((sql) => db.prepare(sql));
  for (const path of gone) for (const statement of statements) statement.run(path);
}

/** A shallow clone's graft commits, sorted and joined ("" for a complete repository). */
async function shallowGrafts(root: string): Promise<string> {
  if ((await git(root, ["rev-parse", "--is-shallow-repository"])).out.trim() !== "true") return "";
  const file = (await git(root, ["rev-parse", "--path-format=absolute", "--git-path", "shallow"])).out.trim();
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {}
  return text.split("\n").map((l) => l.trim()).filter(Boolean).sort().join(",") || "shallow";
}

/** The root-relative paths of the tree at `commit` (under the root's `prefix` in the repository). */
async function pathsAt(root: string, commit: string, prefix: string): Promise<Set<string>> {
  const tree = await git(root, ["ls-tree", "-r", "--name-only", "--full-tree", commit]);
  if (tree.code !== 0) throw new Error(`git ls-tree ${commit} failed`);
  return new Set(tree.out.split("\n").filter((p) => p && p.startsWith(prefix)).map((p) => p.slice(prefix.length)));
}

/** Whether the new commits bring back, at HEAD, a path absent at `stored` that some commit before it touched. */
async function readdsPath(root: string, stored: string, prefix: string, commits: readonly Commit[], present: ReadonlySet<string>): Promise<boolean> {
  const before = await pathsAt(root, stored, prefix);
  const fresh = [...new Set(commits.flatMap((c) => c.paths))].filter((p) => present.has(p) && !before.has(p));
  if (!fresh.length) return false;
  if (fresh.length > 2000) return true; // too many to ask about: a rebuild is always right
  const r = await git(root, ["log", "-1", "--format=%H", "--full-history", "--no-show-signature", stored, "--", ...fresh.map((p) => `:(literal)${p}`)]);
  return r.code !== 0 || r.out.trim() !== "";
}

/** Bring the stored history in line with HEAD; cheap (one `git rev-parse`) when it already is. */
export async function updateHistory(db: Database, root: string): Promise<HistoryUpdate> {
  const meta = readMeta(db);
  const headRun = await git(root, ["rev-parse", "--verify", "-q", "HEAD^{commit}"]).catch(() => ({ code: -1, out: "" }));
  const head = headRun.code === 0 ? headRun.out.trim() : null;
  if (!head) {
    const state = headRun.code === -1 ? "absent: git is not available" : "absent: not a git repository, or no commits yet";
    if (meta.history_state !== state) db.transaction(() => (clear(db), writeMeta(db, { history_state: state, history_head: "", history_count: 0, history_base: 0 })))();
    return { state, commits: 0, rebuilt: false, head: null };
  }
  // A newer svc's history (another install serving the same workspace) is left to it rather than rewritten with older rules.
  if (meta.history_state === "ready" && storedVersion(meta.history_version) > HISTORY_VERSION) return { state: "ready", commits: 0, rebuilt: false, head: meta.history_head ?? null, leftToNewer: true };
  // A shallow clone's history stops at its grafts: said (history_shallow), and read again whenever they change (a deepen, an unshallow).
  const shallow = await shallowGrafts(root);
  const current = meta.history_state === "ready" && meta.history_version === String(HISTORY_VERSION) && (meta.history_shallow ?? "") === shallow;
  if (meta.history_head === head && current) return { state: "ready", commits: 0, rebuilt: false, head };
  let incremental = false;
  if (meta.history_head && current) {
    incremental = (await git(root, ["merge-base", "--is-ancestor", meta.history_head, head])).code === 0;
  }
  let commits = await readLog(root, incremental ? `${meta.history_head}..${head}` : head);
  // Only paths that exist at HEAD can be answers: the rest (deleted, renamed away, changesets) are not stored.
  const prefix = (await git(root, ["rev-parse", "--show-prefix"])).out.trim();
  const present = await pathsAt(root, head, prefix);
  if (incremental && (await readdsPath(root, meta.history_head as string, prefix, commits, present))) {
    // A path deleted (or renamed away) before the stored head is back: its older commits were
    // never stored (or forgotten), and a rebuild would count them. Read everything again.
    incremental = false;
    commits = await readLog(root, head);
  }
  let count = incremental ? Number(meta.history_count ?? 0) : 0;
  let base = incremental ? Number(meta.history_base ?? 0) : 0;
  db.transaction(() => {
    if (!incremental) clear(db);
    else forgetAbsent(db, present); // deleted or renamed away since: a rebuild would not store them
    if ((count + commits.length - base) / HISTORY.halfLife > HISTORY.maxExponent) {
      const factor = 2 ** (-(count - base) / HISTORY.halfLife);
      db.run("UPDATE history_files SET commits = commits * ?", [factor]);
      db.run("UPDATE history_words SET weight = weight * ?", [factor]);
      db.run("UPDATE history_cochange SET weight = weight * ?", [factor]);
      base = count;
    }
    // An update continues the stored sums (seeded before the new commits are added), so
    // every float is summed in the order a rebuild sums it: the same bits.
    const stored = (table: "history_words" | "history_cochange", key: string, sub: string) => {
      const select = db.prepare(`SELECT ${sub} AS sub, weight AS w FROM ${table} WHERE ${key} = ?`);
      return (p: string) => new Map(incremental ? (select.all(p) as { sub: string; w: number }[]).map((r) => [r.sub, r.w] as const) : []);
    };
    const storedWords = stored("history_words", "path", "word");
    const storedNeighbours = stored("history_cochange", "path", "other");
    const filesRow = db.prepare("SELECT commits FROM history_files WHERE path = ?");
    const storedCommits = (p: string) => (incremental ? ((filesRow.get(p) as { commits: number } | null)?.commits ?? 0) : 0);
    const words: Weights = new Map();
    const cochange: Weights = new Map();
    const files = new Map<string, { commits: number; ordinal: number; time: number }>();
    // The commits kept one by one: ordinals above keepFrom (an update forgets those that fell below).
    const keepFrom = count + commits.length - HISTORY.similarCommitsKept;
    const commitRows: [number, number, string][] = [];
    const commitWords: [string, number][] = [];
    const digests: SecretDigestRow[] = [];
    for (const c of commits) {
      count++;
      // a secret a message gives away is remembered, to be taken out wherever it shows again (text/remembered-secrets.ts)
      digests.push(...rememberedDigests(c.message, findSecrets(c.message, { path: "COMMIT_EDITMSG" })));
      if (c.root || c.paths.length === 0 || c.paths.length > HISTORY.maxFilesPerCommit) continue;
      const w = 2 ** ((count - base) / HISTORY.halfLife);
      const said = messageWords(c.message);
      if (count > keepFrom) {
        commitRows.push([count, said.length, JSON.stringify(c.paths)]);
        for (const word of said) commitWords.push([word, count]);
      }
      const kept = c.paths.filter((p) => present.has(p));
      for (const p of kept) {
        const f = files.get(p) ?? { commits: storedCommits(p), ordinal: 0, time: 0 };
        files.set(p, { commits: f.commits + w, ordinal: count, time: c.time });
        for (const word of said) bump(words, p, word, w, storedWords);
        if (c.paths.length > 1) for (const q of kept) if (q !== p) bump(cochange, p, q, w / (c.paths.length - 1), storedNeighbours);
      }
    }
    putSecretDigests(db, digests);
    const putFile = db.prepare("INSERT OR REPLACE INTO history_files(path, commits, last_ordinal, last_time) VALUES (?, ?, ?, ?)");
    for (const [p, f] of files) putFile.run(p, f.commits, f.ordinal, f.time);
    const merge = (table: "history_words" | "history_cochange", key: string, sub: string, fresh: Weights, keep: number) => {
      const remove = db.prepare(`DELETE FROM ${table} WHERE ${key} = ?`);
      const insert = db.prepare(`INSERT INTO ${table}(${key}, ${sub}, weight) VALUES (?, ?, ?)`);
      const rows: [string, string, number][] = [];
      for (const [p, inner] of fresh) {
        if (incremental) remove.run(p);
        for (const [s, w] of heaviest(inner, keep)) rows.push([p, s, w]);
      }
      // In primary-key order: appending to the b-tree is several times faster than scattered inserts.
      const order = table === "history_words" ? (r: [string, string, number]) => `${r[1]}\0${r[0]}` : (r: [string, string, number]) => `${r[0]}\0${r[1]}`;
      const keyed = rows.map((r) => [order(r), r] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      for (const [, r] of keyed) insert.run(r[0], r[1], r[2]);
    };
    merge("history_words", "path", "word", words, HISTORY.wordsPerPath);
    merge("history_cochange", "path", "other", cochange, HISTORY.neighboursPerPath);
    if (incremental) {
      db.run("DELETE FROM history_commits WHERE ordinal <= ?", [keepFrom]);
      db.run("DELETE FROM history_commit_words WHERE ordinal <= ?", [keepFrom]);
    }
    const putCommit = db.prepare("INSERT INTO history_commits(ordinal, words, paths) VALUES (?, ?, ?)");
    for (const r of commitRows) putCommit.run(r[0], r[1], r[2]);
    const putWord = db.prepare("INSERT INTO history_commit_words(word, ordinal) VALUES (?, ?)");
    for (const r of commitWords.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))) putWord.run(r[0], r[1]);
    writeMeta(db, { history_state: "ready", history_version: HISTORY_VERSION, history_head: head, history_count: count, history_base: base, history_shallow: shallow });
  })();
  return { state: "ready", commits: commits.length, rebuilt: !incremental, head };
}
