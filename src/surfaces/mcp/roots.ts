// The roots an MCP server serves: the workspace it was started for (`--root`, else its
// working directory's workspace unless that is / or the home folder) — replaced by the
// client's roots when the client declares any through the MCP roots capability (never / nor
// a home folder nor a world-writable one: those are not served, whoever names them; after an
// explicit `--root` only declared roots inside it or an `--allow-root`: the user named the
// workspace) — plus every `--allow-root`. Relative paths resolve against the working directory, or the one root
// served when the roots leave the working directory out. Each root is widened to its workspace root (a folder inside a git
// repository serves that repository), symlinks resolved. Enforced by workspace/allowed.ts.

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod/v4";
import { realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { clipInput, SvcError } from "../../errors.ts";
import { redactText } from "../../render/redact-output.ts";
import { escapeControls } from "../../text/control-chars.ts";
import { inside, type AllowedRoots } from "../../workspace/allowed.ts";
import { resolveWorkspace } from "../../workspace/root.ts";

/** How long a tool call waits for the client's answer to roots/list before using the last known roots. */
const ROOTS_WAIT_MS = 5_000;

/**
 * A roots/list answer read root by root: the SDK's own schema (every uri starting `file://`)
 * refused a whole answer for one root in another form (`https:`, `file:/x`), and the client's
 * other roots went with it — the server kept serving its start folder, saying nothing.
 */
const RootsAnswer = z.looseObject({ roots: z.array(z.looseObject({ uri: z.string() })) });

/** A line on stderr (a client's log): redacted, control characters shown — it echoes the client's root URIs and error messages (`file:///…/ghp_…` was written whole: clipInput leaves a short value as it is). */
function note(line: string): void {
  process.stderr.write(`svc mcp: ${escapeControls(redactText(line))}\n`);
}

export interface ServeOptions {
  /** `--root`: the workspace(s) served instead of the working directory's. */
  root?: readonly string[];
  /** `--allow-root`: further directories the server may work on. */
  allowRoot?: readonly string[];
}

/** The workspace root of a directory (throws workspace_not_found / validation_error as resolveWorkspace does, naming `flag`). */
function workspaceOf(dir: string, cwd: string, flag?: string): string {
  try {
    return resolveWorkspace(dir, cwd).root;
  } catch (error) {
    if (flag && error instanceof SvcError) throw new SvcError(error.prefix, `${flag} ${dir}: ${error.message}`);
    throw error;
  }
}

function realpathOr(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

function unique(roots: readonly string[]): string[] {
  return [...new Set(roots)];
}

/**
 * The filesystem root, the home folder (or above it) or a folder every user may write (a
 * sticky, world-writable one such as /tmp: other users' files sit there): "everything" is not
 * a workspace, whether a client starts its server there (many do) or declares it as a root.
 */
function tooBroad(root: string): boolean {
  let home: string | null = null;
  try {
    home = realpathSync(homedir());
  } catch {
    // no home folder
  }
  return dirname(root) === root || (home !== null && inside(root, home)) || sharedByEveryone(root);
}

/** The working directory's workspace, unless it is too broad: the client then declares roots, or the user passes --root. */
function defaultRoot(cwd: string): string[] {
  let root: string;
  try {
    root = workspaceOf(".", cwd);
  } catch {
    return [];
  }
  return tooBroad(root) ? [] : [root];
}

/** A world-writable folder (the temp folder): not one user's workspace. */
function sharedByEveryone(dir: string): boolean {
  try {
    return (statSync(dir).mode & 0o002) !== 0;
  } catch {
    return false;
  }
}

export class ServedRoots implements AllowedRoots {
  private readonly started: string[];
  /** `--root` was given: the user named the workspace, so declared roots may narrow it, never move it elsewhere. */
  private readonly explicit: boolean;
  private readonly extra: string[];
  private client: string[] = [];
  /** The roots the client's latest roots/list declared that are not served, each with why (said in answers and refusals). */
  private refused: string[] = [];
  private pending: Promise<void> = Promise.resolve();
  private markInitialized: () => void = () => undefined;
  /** Resolves once the client has initialized the session (and been asked for its roots). */
  readonly initialized = new Promise<void>((resolve) => {
    this.markInitialized = resolve;
  });
  private readonly launchCwd: string;

  constructor(options: ServeOptions, cwd: string) {
    this.explicit = (options.root?.length ?? 0) > 0;
    this.started = this.explicit ? unique(options.root!.map((dir) => workspaceOf(dir, cwd, "--root"))) : defaultRoot(cwd);
    this.extra = unique((options.allowRoot ?? []).map((dir) => workspaceOf(dir, cwd, "--allow-root")));
    this.launchCwd = cwd;
  }

  /**
   * Directory relative `path`s (and an omitted one) resolve against: the first `--root`; else the
   * working directory — unless the roots served leave it out and there is one root: then that
   * root (a client that starts its servers in the home folder and declares the project: `.`
   * was refused though the answer could only be about the project).
   */
  get cwd(): string {
    if (this.explicit) return this.started[0] as string;
    const roots = this.roots;
    if (roots.length === 1 && !inside(roots[0] as string, realpathOr(this.launchCwd))) return roots[0] as string;
    return this.launchCwd;
  }

  get roots(): readonly string[] {
    return unique([...(this.client.length ? this.client : this.started), ...this.extra]);
  }

  /** Resolves once the latest roots/list answer (if one was asked for) is in. */
  ready(): Promise<void> {
    return this.pending;
  }

  /** Ask the client for its roots now and whenever it says they changed. */
  follow(server: Server): void {
    const refresh = () => {
      this.pending = this.fetch(server);
    };
    const previous = server.oninitialized;
    server.oninitialized = () => {
      previous?.();
      if (server.getClientCapabilities()?.roots) refresh();
      this.markInitialized();
    };
    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => refresh());
  }

  private async fetch(server: Server): Promise<void> {
    let answer: z.infer<typeof RootsAnswer>;
    try {
      answer = await server.request({ method: "roots/list" }, RootsAnswer, { timeout: ROOTS_WAIT_MS });
    } catch (error) {
      note(`the client's roots/list failed (${(error as Error).message.split("\n")[0]}); serving ${this.roots.join(", ") || "no workspace"} as before`);
      return;
    }
    const roots: string[] = [];
    const refused: string[] = [];
    for (const root of answer.roots) {
      const dir = this.admitted(root.uri, (why) => refused.push(why));
      if (dir) roots.push(dir);
    }
    this.client = unique(roots);
    this.refused = refused;
  }

  /**
   * Why the client's declared roots are not what is served, for a refusal (workspace_not_allowed) to say: the roots it
   * declared that svc refused, each with its reason ("" when it refused none).
   */
  get refusedRoots(): string {
    return this.refused.length ? `the client's declared root${this.refused.length > 1 ? "s" : ""} ${this.refused.join("; ")}` : "";
  }

  /**
   * The note every answer carries while the client declared roots and svc refused them all, so it serves the workspace it
   * was started for instead: without it an agent reads answers about a folder it never named as answers about its root
   * (only stderr said otherwise). Null when the client's roots are served or it declared none.
   */
  get servingInstead(): string | null {
    if (!this.refused.length || this.client.length) return null;
    const roots = this.roots;
    const from = roots.length ? `this answer is about ${roots.join(", ")}, the workspace svc was started for` : "svc serves no workspace";
    return `${this.refusedRoots} ${this.refused.length > 1 ? "are" : "is"} not served, so ${from}, not a declared root (pass path to name it; svc mcp serve --root <dir> or --allow-root <dir> serves another)`;
  }

  /** `servingInstead` in short, for an answer whose budget does not hold the whole note: what the answer is about. */
  get servingInsteadShort(): string | null {
    if (!this.refused.length || this.client.length) return null;
    const roots = this.roots;
    return `not your declared root: ${roots.length ? `about ${roots.join(", ")}` : "svc serves no workspace"}`;
  }

  /** The workspace a declared root serves, or null (said on stderr, and to `refuse` as `<root> (<why>)`) when it serves none. */
  private admitted(uri: string, refuse: (why: string) => void): string | null {
    const notServed = (root: string, why: string) => {
      note(`the declared root ${root} is not served: ${why}`);
      refuse(`${root} (${why})`);
      return null;
    };
    let dir: string;
    let declared: string;
    try {
      if (!/^file:/i.test(uri)) throw new Error("not a file: URI");
      declared = resolve(fileURLToPath(uri));
      dir = workspaceOf(declared, "/");
    } catch (error) {
      // a root that does not exist (yet) or names no local folder admits nothing
      return notServed(clipInput(uri), error instanceof SvcError ? error.message : (error as Error).message);
    }
    // named as the client declared it: where a link leads is not the client's to learn from us; a workspace around it is
    const named = dir === declared || !inside(dir, declared) ? declared : `${declared} (its workspace ${dir})`;
    if (tooBroad(dir)) return notServed(named, "the filesystem root, a home folder or a folder every user may write is not one workspace; declare the project folder");
    if (this.explicit && ![...this.started, ...this.extra].some((root) => inside(root, dir))) {
      return notServed(named, `svc was started with --root ${this.started.join(", ")}, and a client's roots may narrow that, not move it; --allow-root ${declared} admits it`);
    }
    return dir;
  }
}
