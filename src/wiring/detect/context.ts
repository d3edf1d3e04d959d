// The per-file state the wiring detectors share: source, declarations, the file's import
// bindings (read from the text once), the facts collected so far and small helpers.

import type { SgNode } from "@ast-grep/napi";
import type { Decl } from "../../lang/model.ts";
import type { FileFacts, Ref, UnresolvedKind } from "../model.ts";
import { at, evidence } from "./ast.ts";

const IMPORT_FROM = /(?<![\w$.])import\s+(type\s+)?([^'";]*?)\s*from\s*(['"])([^'"\n]+)\3/g;
const REQUIRE = /(?:const|let|var)\s+([A-Za-z_$][\w$]*|\{[^}]*\})\s*=\s*require\s*\(\s*(['"])([^'"\n]+)\2\s*\)/g;
const SIDE_EFFECT = /(?<![\w$.])import\s*(['"])([^'"\n]+)\1/g;
const DEFAULT_EXPORT = /(?:^|\n)\s*export\s+default\s+([A-Za-z_$][\w$]*)\s*;?\s*(?:\n|$)|(?:^|\n)\s*module\.exports\s*=\s*([A-Za-z_$][\w$]*)\s*;?\s*(?:\n|$)/;

export type Binding = [specifier: string, imported: string];

/** Local names bound by the file's imports and requires. */
export function importBindings(src: string): { bindings: Map<string, Binding>; modules: Set<string> } {
  const bindings = new Map<string, Binding>();
  const modules = new Set<string>();
  if (!src.includes("import") && !src.includes("require")) return { bindings, modules };
  for (const m of src.matchAll(IMPORT_FROM)) {
    const clause = (m[2] ?? "").trim();
    const spec = m[4] ?? "";
    modules.add(spec);
    const brace = clause.indexOf("{");
    const head = (brace >= 0 ? clause.slice(0, brace) : clause).replace(/,\s*$/, "").trim();
    if (head) {
      const ns = /^\*\s*as\s+([A-Za-z_$][\w$]*)$/.exec(head);
      if (ns) bindings.set(ns[1]!, [spec, "*"]);
      else {
        const [def, rest] = head.split(",").map((s) => s.trim());
        if (def && /^[A-Za-z_$][\w$]*$/.test(def)) bindings.set(def, [spec, "default"]);
        const ns2 = rest ? /^\*\s*as\s+([A-Za-z_$][\w$]*)$/.exec(rest) : null;
        if (ns2) bindings.set(ns2[1]!, [spec, "*"]);
      }
    }
    if (brace >= 0) namedList(clause.slice(brace + 1, clause.lastIndexOf("}")), spec, bindings);
  }
  if (src.includes("require")) {
    for (const m of src.matchAll(REQUIRE)) {
      const lhs = m[1] ?? "";
      const spec = m[3] ?? "";
      modules.add(spec);
      if (lhs.startsWith("{")) namedList(lhs.slice(1, -1).replace(/:/g, " as "), spec, bindings);
      else bindings.set(lhs, [spec, "default"]);
    }
  }
  for (const m of src.matchAll(SIDE_EFFECT)) modules.add(m[2] ?? "");
  return { bindings, modules };
}

function namedList(list: string, spec: string, into: Map<string, Binding>): void {
  for (const raw of list.split(",")) {
    const part = raw.trim().replace(/^type\s+/, "");
    if (!part) continue;
    const m = /^([A-Za-z_$][\w$]*|'[^']*'|"[^"]*")(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(part);
    if (!m) continue;
    const imported = m[1]!.replace(/^['"]|['"]$/g, "");
    into.set(m[2] ?? imported, [spec, imported]);
  }
}

/** Whether `spec` is `mod` or below it (`@nestjs/common` for `@nestjs/`, `hono/cors` for `hono`). */
export function isModule(spec: string, mod: string): boolean {
  if (mod.endsWith("/")) return spec.startsWith(mod);
  return spec === mod || spec.startsWith(`${mod}/`);
}

export class FileCtx {
  readonly facts: FileFacts = { frameworks: [] };
  readonly bindings: Map<string, Binding>;
  readonly modules: Set<string>;
  private readonly frameworks = new Set<string>();
  /** Declarations that can enclose a site, innermost last when sorted by start. */
  private readonly scopes: Decl[];

  constructor(
    readonly path: string,
    readonly src: string,
    readonly decls: readonly Decl[],
    readonly root: SgNode | null,
  ) {
    const { bindings, modules } = importBindings(src);
    this.bindings = bindings;
    this.modules = modules;
    this.scopes = decls.filter((d) => d.kind !== "enum_member").slice().sort((a, b) => a.start - b.start || b.end - a.end);
  }

  imports(...mods: string[]): boolean {
    for (const spec of this.modules) for (const mod of mods) if (isModule(spec, mod)) return true;
    return false;
  }

  /** The local name imported from one of `mods` as `name` (e.g. the local alias of express's `Router`). */
  localOf(name: string, ...mods: string[]): string | null {
    for (const [local, [spec, imported]] of this.bindings) {
      if (imported === name && mods.some((m) => isModule(spec, m))) return local;
    }
    return null;
  }

  framework(name: string): void {
    if (!this.frameworks.has(name)) {
      this.frameworks.add(name);
      this.facts.frameworks.push(name);
    }
  }

  /** The innermost declaration containing `offset` (classes, functions, methods, variables). */
  enclosing(offset: number, kinds?: ReadonlySet<string>): Decl | null {
    let best: Decl | null = null;
    for (const d of this.scopes) {
      if (d.start > offset) break;
      if (d.end > offset && (!kinds || kinds.has(d.kind))) best = d;
    }
    return best;
  }

  /** The qualified name of the code that performs a call at `offset` (method, function, class), null at module level. */
  enclosingName(offset: number): string | null {
    return this.enclosing(offset, CALLERS)?.qualifiedName ?? null;
  }

  /** A Ref for a name used here; an imported root name is recorded in facts.imports. */
  ref(name: string, line: number, col: number): Ref {
    this.noteImport(name);
    return { name, line, col };
  }

  noteImport(name: string): void {
    const root = name.split(".")[0] ?? name;
    const binding = this.bindings.get(root);
    if (binding) (this.facts.imports ??= {})[root] = binding;
  }

  evidence(node: SgNode, max?: number): string {
    const a = at(node);
    return evidence(this.src, a.start, a.end, max);
  }

  unresolved(kind: UnresolvedKind, text: string, line: number): void {
    (this.facts.unresolved ??= []).push({ kind, text, line });
  }

  defaultExport(): string | null {
    const m = DEFAULT_EXPORT.exec(this.src);
    return m ? (m[1] ?? m[2] ?? null) : null;
  }
}

const CALLERS: ReadonlySet<string> = new Set(["class", "function", "method", "constructor", "accessor", "const", "variable", "property", "field"]);

/** Whether a set of facts holds anything worth storing. */
export function hasFacts(f: FileFacts): boolean {
  for (const [key, value] of Object.entries(f)) {
    if (key === "frameworks" || key === "imports" || key === "defaultExport") continue;
    if (Array.isArray(value) && value.length > 0) return true;
  }
  return false;
}
