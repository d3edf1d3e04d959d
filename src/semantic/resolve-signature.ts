// Signatures through the resident checker, for names the index does not declare:
// `pkg#export` (a dependency's export, resolved from a workspace file that imports the
// package), `Type.member` and bare names (resolved as the checker would at the top of a
// project file: globals, lib types, imported names).

import type { Database } from "bun:sqlite";
import { join, relative } from "node:path";
import { inside } from "../workspace/allowed.ts";
import { SymbolFlags, type Project, type Symbol } from "typescript/unstable/async";
import { toPosix } from "../workspace/root.ts";
import type { ResidentWorkspace } from "./resident.ts";
import { leadsOutside } from "./outside-files.ts";
import { signatureLines } from "./queries.ts";

export interface CheckerSignature {
  text: string;
  /** Where it is declared: root-relative inside the workspace, else as the engine names it (node_modules, lib files). */
  declaredIn: string | null;
}

interface RemoteFile {
  imports: readonly { kind: number; text?: string }[];
}

async function unalias(project: Project, symbol: Symbol): Promise<Symbol> {
  return symbol.flags & SymbolFlags.Alias ? project.checker.getAliasedSymbol(symbol) : symbol;
}

async function member(project: Project, owner: Symbol, name: string): Promise<Symbol | undefined> {
  const checker = project.checker;
  const valueType = await checker.getTypeOfSymbol(owner).catch(() => undefined);
  const fromValue = valueType && !valueType.isErrorType() ? await checker.getPropertyOfType(valueType, name) : undefined;
  if (fromValue) return fromValue;
  const declared = await checker.getDeclaredTypeOfSymbol(owner).catch(() => undefined);
  return declared ? checker.getPropertyOfType(declared, name) : undefined;
}

/** A workspace file (owned by a loaded project) that imports `pkg`, with the exact specifier. */
function importerOf(db: Database, pkg: string, owner: Map<string, string>): { path: string; specifier: string } | null {
  const rows = db.query("SELECT f.path, i.specifier FROM imports i JOIN files f ON f.id = i.file_id WHERE i.specifier = ? ORDER BY f.is_test, f.path").all(pkg) as { path: string; specifier: string }[];
  return rows.find((r) => owner.has(r.path)) ?? null;
}

export async function checkerSignatures(resident: ResidentWorkspace, db: Database, query: string): Promise<{ lines: CheckerSignature[]; note?: string }> {
  const loaded = await resident.ensureLoaded();
  const root = resident.root;
  const where = (symbol: Symbol) => {
    const path = symbol.declarations[0]?.path;
    if (!path) return null;
    return inside(root, path) ? toPosix(relative(root, path)) : path;
  };
  // a declaration in a file outside the workspace (a link, a `../` import, a paths mapping, a typeRoots entry): its text is not shown
  const shown = async (project: Project, target: Symbol, name: string): Promise<{ lines: CheckerSignature[]; note?: string }> => {
    if (target.declarations.some((d) => d.path && leadsOutside(root, d.path))) return { lines: [], note: `'${query}' is declared in a file outside the workspace, which the compiler reads through an import or a config entry: its signature is not shown` };
    const texts = await signatureLines(project.checker, project.emitter, target, name);
    return { lines: texts.map((text) => ({ text, declaredIn: where(target) })) };
  };
  const hash = query.indexOf("#");
  if (hash > 0) {
    const pkg = query.slice(0, hash);
    const path = query.slice(hash + 1).split(".");
    const importer = importerOf(db, pkg, loaded.owner);
    if (!importer) return { lines: [], note: `no file of a loaded project imports '${pkg}', so the checker cannot resolve it from here` };
    const wrapper = loaded.owner.get(importer.path) as string;
    return resident.engine.call(`resolving ${query}`, async (_api, snapshot) => {
      const project = snapshot.getProject(wrapper);
      if (!project) return { lines: [] };
      const file = join(root, importer.path);
      const sf = (await project.program.getSourceFile(file)) as unknown as RemoteFile | undefined;
      const spec = sf?.imports.find((n) => n.text === importer.specifier);
      const moduleSymbol = spec ? await project.checker.getSymbolAtLocation(spec as never) : undefined;
      if (!moduleSymbol) return { lines: [], note: `'${pkg}' does not resolve from ${importer.path} (dependencies not installed?)` };
      let symbol = await project.checker.getMemberInModuleExports(moduleSymbol, path[0] ?? "");
      for (const name of path.slice(1)) symbol = symbol ? await member(project, await unalias(project, symbol), name) : undefined;
      if (!symbol) return { lines: [], note: `'${pkg}' has no export '${path.join(".")}'` };
      return shown(project, await unalias(project, symbol), path[path.length - 1] ?? "");
    });
  }
  const parts = query.split(".");
  const first = [...loaded.owner.entries()].sort(([a], [b]) => (a < b ? -1 : 1))[0];
  if (!first) return { lines: [], note: "no file belongs to a loaded TypeScript project" };
  const [anchor, wrapper] = first;
  return resident.engine.call(`resolving ${query}`, async (_api, snapshot) => {
    const project = snapshot.getProject(wrapper);
    if (!project) return { lines: [] };
    const found = await project.checker.resolveName(parts[0] ?? "", SymbolFlags.Value | SymbolFlags.Type | SymbolFlags.Namespace, { document: join(root, anchor), position: 0 });
    let symbol = found ? await unalias(project, found) : undefined;
    for (const name of parts.slice(1)) symbol = symbol ? await member(project, symbol, name) : undefined;
    if (!symbol) return { lines: [] };
    return shown(project, await unalias(project, symbol), parts[parts.length - 1] ?? "");
  });
}
