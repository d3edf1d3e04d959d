// Where `.svc/` came from. A repository can ship one (committed by mistake, or planted): a clone
// would then answer from an index svc never built for it — edges deleted ("none reach it"), a
// planted file list, planted history words, diagnostics baselines that pass errors off as old —
// and obey its runtime files (a writer lock naming a live pid: "busy" for ever; a host marker).
// So svc trusts `.svc/` only when it made it here: `.svc/identity.json` (written when svc creates
// the folder, which appears whole: staged under another name and renamed into place) records a
// random id, the root and the root directory's inode. A store is not trusted when
//  - its identity names another directory (another inode: a copy, a clone, another machine's),
//  - or git delivered it, whatever inode it claims (a CI runner's inodes can be guessed): it is a
//    submodule's checkout, or its identity file is the one git tracks — the same id as git's
//    blob, which no `.gitattributes` conversion changes (svc's own store is never tracked; its
//    fresh store, made after a shipped one was moved aside, holds another id). Git is asked
//    whoever owns the repository (a clone on a volume of another user's: git's safe.directory
//    check would answer nothing) and only what runs nothing (no filter: the repository's own
//    config could name any command),
//  - or it has no identity: made by an svc before this rule, or shipped by a tarball, an archive
//    or a copy that git never saw (nothing tells them apart). Such a store is rebuilt once, as
//    after a version bump; one that holds nothing of a store (only the `run/` folder the host's
//    runtime keeps in a home directory that is also the workspace) is adopted, its identity
//    written now.
// An untrusted `.svc/` is never read, written or deleted: it is moved aside whole to
// `.svc-untrusted-<time>/` (with a `.gitignore` of `*`, so it stays out of `git status` and the
// index) and svc builds a fresh store; the one-line notice saying why reaches the caller as a
// warning (storeNotices). The caller carries the remembered secret digests of the store moved
// aside into the fresh one (store/db.ts): a value renamed away before the move stays redacted.
// A home directory's `run/` (the host runtime's, every workspace's sockets) goes back into the
// fresh store (keepRuntime).
// The inode alone, not the device, identifies the folder: device numbers of btrfs subvolumes and
// container overlays change across mounts, and a store set aside on every reboot would be worse
// than useless. A folder moved within its file system keeps its inode (and its store); moved to
// another one, or copied, it gets a new inode and its store is rebuilt (its digests carried).

import { randomBytes } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { join, relative } from "node:path";
import { validationError } from "../errors.ts";
import { gitArgv } from "../sys/git-argv.ts";
import { homeDir } from "../sys/home.ts";
import { createWhole } from "../sys/takeover.ts";

export const IDENTITY_FILE = "identity.json";

interface StoreIdentity {
  id: string;
  root: string;
  ino: number;
  createdAt: string;
}

/** Stores judged trusted in this process: root → the stamp of the identity file and root it was judged with. */
const trusted = new Map<string, string>();
const pending: string[] = [];
let listener: ((notice: string) => void) | null = null;

/** The notices of stores set aside since the last call (the engine adds them to the answer's warnings). */
export function takeStoreNotices(): string[] {
  return pending.splice(0);
}

/** Hand each notice to `log` as it happens, and those still untold now (the host writes them to its log: its replies carry data alone). Returns the undo. */
export function onStoreNotice(log: (notice: string) => void): () => void {
  for (const notice of takeStoreNotices()) log(notice);
  listener = log;
  return () => {
    if (listener === log) listener = null;
  };
}

function identityText(root: string, rootStat: Stats): string {
  const identity: StoreIdentity = { id: randomBytes(16).toString("hex"), root, ino: rootStat.ino, createdAt: new Date().toISOString() };
  return `${JSON.stringify(identity)}\n`;
}

/**
 * Create `<root>/.svc` (0700) holding its identity and `.gitignore`, whole: staged under a
 * fresh name and renamed into place, so no process ever sees a `.svc/` without an identity.
 * Another process creating it at the same moment wins as well: its folder stays.
 */
export function createStoreDir(root: string, dir: string): void {
  const staging = join(root, `.svc.new-${process.pid}-${randomBytes(6).toString("hex")}`);
  mkdirSync(staging, { mode: 0o700 });
  try {
    chmodSync(staging, 0o700);
    writeFileSync(join(staging, IDENTITY_FILE), identityText(root, statSync(root)), { mode: 0o600, flag: "wx" });
    writeFileSync(join(staging, ".gitignore"), "*\n", { mode: 0o600, flag: "wx" });
    renameSync(staging, dir);
    trusted.delete(root);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EEXIST" && code !== "ENOTEMPTY" && code !== "ENOTDIR") throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * What git tracks under `.svc/`: path → object id (a submodule's `.svc` itself too), case
 * folded (on a case-insensitive disk `.SVC/IDENTITY.json` is the file read). None outside git.
 * Git is asked past its ownership check (safe.directory: a clone another user owns would
 * otherwise say nothing is tracked) only for what runs nothing: `ls-files` reads the index,
 * `cat-file blob` an object, neither applies a filter the repository's config could name.
 */
function trackedUnderStore(root: string): Map<string, string> {
  const tracked = new Map<string, string>();
  const run = askGit(root, ["ls-files", "-s", "-z", "--", ":(icase).svc"]);
  for (const entry of run?.toString("utf8").split("\0") ?? []) {
    const match = /^\d+ ([0-9a-f]+) \d+\t(.+)$/s.exec(entry);
    if (match) tracked.set(match[2]!.toLowerCase(), match[1]!);
  }
  return tracked;
}

function askGit(root: string, args: string[]): Buffer | null {
  try {
    const run = Bun.spawnSync(gitArgv(["-c", "safe.directory=*", ...args]), { cwd: root, stdout: "pipe", stderr: "ignore", timeout: 30_000 });
    return run.exitCode === 0 ? run.stdout : null;
  } catch {
    return null; // no git
  }
}

/** Why a store git delivered is not trusted. */
function shipped(what: string, also = ""): { why: string; tracked: boolean } {
  return { why: `${what}: it came with the repository${also}`, tracked: true };
}

const trackedText = (tracked: Map<string, string>) => `git tracks ${tracked.size} ${tracked.size === 1 ? "path" : "paths"} in it (${[...tracked.keys()][0]}${tracked.size > 1 ? ", …" : ""})`;

/**
 * How git delivered the store in `dir` with this identity, or null when it did not: a submodule
 * (a `.git` inside: svc never makes one), or an identity file git tracks that holds the id git's
 * blob holds — as checked out, through any `.gitattributes` conversion (eol=crlf keeps the id;
 * `ident` and working-tree-encoding make no id svc writes). The file of svc's fresh store, made
 * after the shipped one was moved aside, is still tracked in git's index but holds another id.
 */
function deliveredByGit(root: string, dir: string, identity: StoreIdentity): string | null {
  try {
    lstatSync(join(dir, ".git"));
    return "it is a repository of its own (a submodule's checkout)";
  } catch {
    // no .git: not a submodule's checkout
  }
  const tracked = trackedUnderStore(root);
  const blob = tracked.get(`.svc/${IDENTITY_FILE}`);
  if (blob === undefined) return null;
  const shown = askGit(root, ["cat-file", "blob", blob]);
  // git cannot show its blob: taken for git's (never trusted on a doubt); a blob without an id svc writes never checks out as one
  return shown === null || idOf(shown.toString("utf8")) === identity.id ? `${trackedText(tracked)} and its ${IDENTITY_FILE} is the one git checked out` : null;
}

/** The id of an identity's text, null when it is none svc wrote (svc's ids are 32 hex digits). */
function idOf(text: string): string | null {
  try {
    const id = (JSON.parse(text) as Partial<StoreIdentity>).id;
    return typeof id === "string" && /^[0-9a-f]{32}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

function readIdentity(path: string): StoreIdentity | null {
  try {
    const text = readFileSync(path, "utf8");
    const parsed = JSON.parse(text) as Partial<StoreIdentity>;
    return idOf(text) !== null && Number.isInteger(parsed.ino) ? (parsed as StoreIdentity) : null;
  } catch {
    return null;
  }
}

/** Entries a `.svc/` may hold that are no store's (a home directory's `.svc/run/`, the host runtime's; the ignore file). */
const NOT_A_STORE = new Set(["run", ".gitignore"]);

/** Whether `.svc/` holds nothing of a store (nothing svc would read as index data). */
function holdsNoStore(dir: string): boolean {
  try {
    return readdirSync(dir).every((name) => NOT_A_STORE.has(name));
  } catch {
    return false;
  }
}

/** Why `.svc/` (which exists) is not to be trusted, or null when it is. */
function distrust(root: string, dir: string): { why: string; tracked: boolean } | null {
  const rootStat = statSync(root);
  const path = join(dir, IDENTITY_FILE);
  let stat: Stats | null = null;
  try {
    stat = lstatSync(path);
  } catch {
    // none: a store from before the identity, or not svc's
  }
  const stamp = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}:${rootStat.ino}` : `none:${rootStat.ino}`;
  if (trusted.get(root) === stamp) return null;
  if (stat === null) {
    if (!holdsNoStore(dir)) {
      const tracked = trackedUnderStore(root);
      return tracked.size > 0 ? shipped(trackedText(tracked)) : { why: `it has no ${IDENTITY_FILE}: an svc before stores had one made it, or an archive or a copy brought it; rebuilt once`, tracked: false };
    }
    // nothing of a store in it: adopted (one svc cannot write stays unstamped: trusted in this process)
    try {
      createWhole(path, identityText(root, rootStat));
    } catch {
      trusted.set(root, stamp);
    }
    return null;
  }
  if (!stat.isFile()) return { why: `its ${IDENTITY_FILE} is not a regular file`, tracked: false };
  const identity = readIdentity(path);
  if (identity === null) return { why: `its ${IDENTITY_FILE} is not an identity svc wrote`, tracked: false };
  const elsewhere = identity.ino === rootStat.ino ? null : `made for another folder (${clip(String(identity.root))}, inode ${identity.ino}; this one is inode ${rootStat.ino})`;
  const delivered = deliveredByGit(root, dir, identity);
  if (delivered !== null) return shipped(delivered, elsewhere ? `, ${elsewhere}` : "");
  if (elsewhere) return { why: `it was ${elsewhere}: a copy`, tracked: false };
  trusted.set(root, stamp);
  return null;
}

const clip = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

/**
 * Judge `<root>/.svc` (not a link: the caller refused one) and move it aside when svc did not
 * make it for this workspace; nothing to do when there is none. `carry` is handed the folder
 * moved aside (the caller takes what may be kept of it into the fresh store) and returns what
 * the notice adds. Throws when an untrusted store cannot be moved (a folder this user cannot
 * write): it is never used.
 */
export function vetStoreDir(root: string, dir: string, carry: (aside: string) => string = () => ""): void {
  let stat: Stats;
  try {
    stat = lstatSync(dir);
  } catch {
    return; // none yet
  }
  const verdict = stat.isDirectory() ? distrust(root, dir) : { why: "it is not a folder", tracked: false };
  if (verdict === null) return;
  trusted.delete(root);
  const aside = join(root, `.svc-untrusted-${new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "")}-${randomBytes(3).toString("hex")}`);
  try {
    // the folder judged, not one another process put in its place meanwhile (having moved this one aside itself)
    if (lstatSync(dir).ino !== stat.ino) return;
    renameSync(dir, aside);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return; // another process moved it aside just now (and says so)
    throw validationError(`refusing the index store ${dir}: ${verdict.why}; svc cannot move it aside (${code ?? (error as Error).message}): remove it, and svc builds its own`);
  }
  let what = `the index store .svc/ was not built by svc for this workspace (${verdict.why})`;
  if (!movedJudged(aside, stat)) {
    // between the check and the rename another process moved the judged folder aside and made its fresh store here: that one goes back
    try {
      renameSync(aside, dir);
      return;
    } catch {
      // a third process made yet another store here meanwhile: this one stays aside (its digests carried)
      what = "a fresh index store another svc process made while this one moved an untrusted .svc/ aside was caught in the race";
    }
  }
  keepRuntime(root, dir, aside);
  // out of `git status` and of the index: a link or file planted at this name is replaced, never written through
  if (stat.isDirectory()) {
    try {
      rmSync(join(aside, ".gitignore"), { force: true, recursive: true });
      writeFileSync(join(aside, ".gitignore"), "*\n", { flag: "wx", mode: 0o600 });
    } catch {
      // it shows in git status: the notice names it
    }
  }
  const advice = verdict.tracked ? "; run `git rm -r --cached .svc` so the repository stops shipping it" : "";
  const notice = `${what}: moved aside to ${relative(root, aside)}/ and not used; svc builds its own${carry(aside)}${advice}; delete ${relative(root, aside)}/ when you no longer need it`;
  if (listener) listener(notice);
  else pending.push(notice);
}

/**
 * A home directory that is the workspace keeps the host runtime's `run/` in its `.svc/` (~/.svc/run: every host's socket
 * and registry, for every workspace): moved aside with an untrusted store there, every live host was unreachable until it
 * idled out (and a second one started beside it). It goes back into the fresh store, made now; left aside when the
 * runtime made a new one meanwhile.
 */
function keepRuntime(root: string, dir: string, aside: string): void {
  const run = join(aside, "run");
  try {
    const home = homeDir();
    if (!home || realpathSync(home) !== root || !lstatSync(run).isDirectory()) return;
    createStoreDir(root, dir);
    renameSync(run, join(dir, "run"));
  } catch {
    // no run/ aside, or one is in the fresh store already: the runtime uses that one
  }
}

/** Whether what the rename moved to `aside` is the folder judged (`stat`), not a store another process made in its place in between. */
function movedJudged(aside: string, stat: Stats): boolean {
  try {
    return lstatSync(aside).ino === stat.ino;
  } catch {
    return true; // gone already: nothing to put back
  }
}
