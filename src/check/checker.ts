// The checks' view of a TypeScript engine: which project owns a file, a file's
// diagnostics (the language server's pull diagnostics, which see in-memory overlays),
// overlays applied and removed one check at a time, the workspace's diagnostics, and the
// position queries repair packets use (code fixes, member completions, signature help).

import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileUri, TsEngine } from "../semantic/engine.ts";
import { TS_VERSION } from "../semantic/tsc-binary.ts";
import { toPosix } from "../workspace/root.ts";
import type { Diag } from "./diag.ts";
import type { RepairEngine, TextEdit } from "./repair.ts";

interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity?: number;
  code?: number | string;
  message: string;
}

const CONFIGS = ["tsconfig.json", "jsconfig.json"];
const SEVERITY: Record<number, Diag["severity"]> = { 1: "error", 2: "warning" };

export const ENGINE_NAME = `TypeScript ${TS_VERSION}`;

export class Checker {
  readonly engine: TsEngine;
  private readonly opened = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly root: string) {
    this.engine = new TsEngine({ root, requestTimeoutMs: 60_000 });
  }

  /** One overlay check at a time: overlays are engine-wide state. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The nearest tsconfig.json / jsconfig.json from the file's folder up to the root (root-relative), or null. */
  configFor(rel: string): string | null {
    let dir = dirname(join(this.root, rel));
    for (;;) {
      for (const name of CONFIGS) if (existsSync(join(dir, name))) return toPosix(relative(this.root, join(dir, name)));
      if (dir === this.root || !dir.startsWith(this.root)) return null;
      dir = dirname(dir);
    }
  }

  /** The workspace's projects as the session delta sees them: the root config. */
  rootConfig(): string | null {
    for (const name of CONFIGS) if (existsSync(join(this.root, name))) return name;
    return null;
  }

  async open(config: string): Promise<void> {
    if (this.opened.has(config)) return;
    const projects = await this.engine.openProjects([join(this.root, config)]);
    if (!projects.length) throw new Error(`the TypeScript engine did not load ${config}`);
    this.opened.add(config);
  }

  /** Source files of a loaded project inside the workspace (no node_modules, no declaration files of packages). */
  async sourceFiles(config: string): Promise<string[]> {
    await this.open(config);
    const abs = join(this.root, config);
    const names = await this.engine.call("listing the project's files", async (_api, snapshot) => {
      const project = snapshot.getProject(abs);
      return project ? await project.program.getSourceFileNames() : [];
    });
    return names
      .filter((n) => n.startsWith(`${this.root}/`) && !n.includes("/node_modules/") && !n.includes("/.svc/"))
      .map((n) => toPosix(relative(this.root, n)))
      .sort();
  }

  private toDiag(rel: string, d: LspDiagnostic): Diag | null {
    const severity = SEVERITY[d.severity ?? 1];
    if (!severity) return null;
    return { code: `TS${d.code ?? "?"}`, severity, message: d.message, path: rel, line: d.range.start.line + 1, column: d.range.start.character + 1 };
  }

  async rawDiagnostics(rel: string): Promise<LspDiagnostic[]> {
    const report = await this.engine.lspRequest<{ items?: LspDiagnostic[] }>("textDocument/diagnostic", { textDocument: { uri: fileUri(join(this.root, rel)) } });
    return report?.items ?? [];
  }

  async diagnostics(rel: string): Promise<Diag[]> {
    return (await this.rawDiagnostics(rel)).map((d) => this.toDiag(rel, d)).filter((d): d is Diag => d !== null);
  }

  /** Diagnostics of many files, a few requests in flight at a time. */
  async diagnosticsOf(files: readonly string[], concurrency = 8): Promise<Diag[]> {
    const out: Diag[][] = new Array(files.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, files.length) }, async () => {
        while (next < files.length) {
          const i = next++;
          out[i] = await this.diagnostics(files[i]!);
        }
      }),
    );
    return out.flat();
  }

  async setOverlay(rel: string, content: string): Promise<void> {
    await this.engine.setOverlay(join(this.root, rel), content);
  }

  clearOverlay(rel: string): void {
    this.engine.clearOverlay(join(this.root, rel));
  }

  /** Files changed on disk (apply, the watcher): the engine re-reads them. */
  filesChanged(rels: readonly string[]): void {
    this.engine.filesChanged(rels.map((rel) => ({ path: join(this.root, rel), kind: existsSync(join(this.root, rel)) ? "changed" : "deleted" })));
  }

  /** Position queries for repair packets on the (overlaid) file `rel`. */
  repairEngine(rel: string): RepairEngine {
    const uri = fileUri(join(this.root, rel));
    const position = (line: number, column: number) => ({ line: line - 1, character: column - 1 });
    return {
      codeFixes: async (diag) => {
        const raw = (await this.rawDiagnostics(rel)).filter((d) => `TS${d.code}` === diag.code && d.range.start.line === diag.line - 1 && d.range.start.character === diag.column - 1);
        if (!raw.length) return [];
        const actions = await this.engine.lspRequest<{ title: string; kind?: string; edit?: { changes?: Record<string, { range: LspDiagnostic["range"]; newText: string }[]> } }[] | null>(
          "textDocument/codeAction",
          { textDocument: { uri }, range: raw[0]!.range, context: { diagnostics: raw.slice(0, 1), only: ["quickfix"] } },
        );
        return (actions ?? [])
          .filter((a) => a.edit?.changes)
          .map((a) => ({
            title: a.title,
            edits: Object.entries(a.edit?.changes ?? {}).flatMap(([fileUriText, edits]) =>
              edits.map((e): TextEdit => ({ path: toPosix(relative(this.root, new URL(fileUriText).pathname)), line: e.range.start.line + 1, column: e.range.start.character + 1, endLine: e.range.end.line + 1, endColumn: e.range.end.character + 1, newText: e.newText })),
            ),
          }));
      },
      members: async (line, column) => {
        const result = await this.engine.lspRequest<{ items?: { label: string; kind?: number; detail?: string }[] } | { label: string }[] | null>("textDocument/completion", { textDocument: { uri }, position: position(line, column) });
        const items = Array.isArray(result) ? result : (result?.items ?? []);
        return items.filter((i) => (i as { kind?: number }).kind !== 14).map((i) => ({ name: i.label, ...((i as { detail?: string }).detail ? { detail: (i as { detail?: string }).detail } : {}) }));
      },
      signatures: async (line, column) => {
        const help = await this.engine.lspRequest<{ signatures?: { label: string }[] } | null>("textDocument/signatureHelp", { textDocument: { uri }, position: position(line, column) });
        return (help?.signatures ?? []).map((s) => s.label);
      },
    };
  }

  async close(): Promise<void> {
    await this.engine.close();
  }
}
