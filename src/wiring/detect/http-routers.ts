// HTTP wiring: which router a receiver is. Routers declared in the file (`express()`,
// `Router()`, `new Hono()`, `new Router({ prefix })`, `Fastify()`, `new Elysia({ prefix })`,
// a factory returning one), chains built on them, parameters of plugin functions and
// Elysia group callbacks, and app-like names imported or undeclared.

import type { NapiConfig, SgNode } from "@ast-grep/napi";
import type { Ref, RouterFact } from "../model.ts";
import { argumentValues, at, evidence, isFunctionNode, pair, paramNames, staticString, type Val } from "./ast.ts";
import type { FileCtx } from "./context.ts";
import { APP_LIKE, CHAIN_THROUGH, CLIENT, constructorNames, frameworkOfType, FUNCTION_DECLS, HTTP_METHODS, joinPath, kind, SERVER_FRAMEWORKS } from "./http-names.ts";

export interface Receiver {
  id: string;
  framework: string;
  /** Declared here, a plugin parameter or an app-like name: a non-static path on it is reported as unresolved. */
  sure: boolean;
  /** The receiver expression (`app`, `this.router`), whose type the checker confirms or rejects. */
  ref?: Ref;
  /** Not known as a server at all: kept only when the checker confirms. */
  candidate?: boolean;
}

export class Routers {
  protected readonly routers = new Map<string, RouterFact>();
  /** Router id by the start offset of the expression that created it. */
  protected readonly byBase = new Map<number, string>();
  protected readonly fileFramework: string;
  protected readonly ctorNames: Map<string, string>;

  constructor(
    protected readonly ctx: FileCtx,
    protected readonly root: SgNode,
  ) {
    this.fileFramework = SERVER_FRAMEWORKS.find(([, mods]) => ctx.imports(...mods))?.[0] ?? "";
    this.ctorNames = constructorNames(ctx);
    this.declarations();
  }

  /** Routers created by `const x = express()`, `new Hono()`, `new Router({ prefix })`, `Fastify()`, `new Elysia({ prefix })`, or exported as default. */
  protected declarations(): void {
    if (this.ctorNames.size === 0) return;
    const names = [...this.ctorNames.keys()].map((n) => n.replace(/[$.]/g, (c) => `\\${c}`)).join("|");
    const value = `^(?:new\\s+)?(?:${names})\\s*(?:<[^>]*>)?\\s*\\(`;
    let nodes: SgNode[];
    try {
      nodes = this.root.findAll({
        rule: {
          any: [
            { kind: "variable_declarator", has: { field: "value", regex: value } },
            { kind: "export_statement", has: { field: "value", regex: value } },
            { kind: "assignment_expression", has: { field: "right", regex: value } },
          ],
        },
      } as NapiConfig);
    } catch {
      return;
    }
    for (const node of nodes) {
      const kind = node.kind() as string;
      const valueNode = kind === "variable_declarator" ? node.field("value") : kind === "export_statement" ? node.field("value") : node.field("right");
      const nameNode = kind === "variable_declarator" ? node.field("name") : kind === "assignment_expression" ? node.field("left") : null;
      if (!valueNode) continue;
      let id = kind === "export_statement" ? "default" : nameNode ? nameNode.text() : null;
      if (id === "module.exports") id = "default";
      if (!id || !/^(?:this\.)?[A-Za-z_$][\w$]*$/.test(id)) continue;
      const made = this.chainRouter(valueNode);
      if (!made) continue;
      const a = at(node);
      const inner = this.returnedBy(a.start, id);
      const fact: RouterFact = { id: inner ?? id, framework: made.framework, prefixes: [made.prefix], line: a.line, text: this.ctx.evidence(node, 80) };
      this.add(fact);
      this.byBase.set(made.base, fact.id);
      if (inner) this.aliases.set(id, inner);
    }
  }

  /** Local router names that stand for a factory function returning them (`function ordersRouter() { const r = Router(); …; return r; }`). */
  protected readonly aliases = new Map<string, string>();

  protected returnedBy(offset: number, local: string): string | null {
    const fn = this.ctx.enclosing(offset, FUNCTION_DECLS);
    if (!fn || fn.container !== null) return null;
    const body = this.ctx.src.slice(fn.start, fn.end);
    return new RegExp(`\\breturn\\s+${local.replace(/\$/g, "\\$")}\\b`).test(body) ? fn.name : null;
  }

  protected add(fact: RouterFact): void {
    if (this.routers.has(fact.id)) return;
    this.routers.set(fact.id, fact);
    (this.ctx.facts.routers ??= []).push(fact);
    if (fact.framework) this.ctx.framework(fact.framework);
  }

  /** The constructor at the base of a chain (`new Hono().basePath('/api').get(…)`) and the prefix it carries. */
  protected chainRouter(value: SgNode): { framework: string; prefix: string; base: number } | null {
    const prefixes: string[] = [];
    let cur: SgNode | null = value;
    while (cur && cur.kind() === "call_expression") {
      const fn: SgNode | null = cur.field("function");
      if (!fn || fn.kind() !== "member_expression" || this.ctorNames.has(fn.text().replace(/\s+/g, ""))) break;
      const prop = fn.field("property")?.text() ?? "";
      if (prop === "basePath") {
        const arg = cur.field("arguments");
        const s = arg ? staticString(argumentValues(arg, 0)[0]) : null;
        if (s !== null) prefixes.unshift(s);
      }
      cur = fn.field("object");
    }
    if (!cur) return null;
    const kind = cur.kind() as string;
    if (kind !== "new_expression" && kind !== "call_expression") return null;
    const callee = cur.field(kind === "new_expression" ? "constructor" : "function");
    const name = callee?.text().replace(/\s+/g, "") ?? "";
    const framework = this.ctorNames.get(name);
    if (framework === undefined) return null;
    const args = cur.field("arguments");
    const first = args ? argumentValues(args, 1)[0] : undefined;
    const own = staticString(pair(first, "prefix"));
    if (own !== null) prefixes.unshift(own);
    return { framework, prefix: prefixes.length ? joinPath(...prefixes) : "", base: at(cur).start };
  }

  protected args(node: SgNode): Val[] {
    const args = node.field("arguments");
    return args ? argumentValues(args, 3) : [];
  }

  /** Where a call is, for evidence: a call chained on another (`new Hono().get(…)`) is placed at its own `.get`. */
  protected site(node: SgNode): { line: number; text: string } {
    const fn = node.field("function");
    const object = fn?.kind() === "member_expression" ? fn.field("object") : null;
    const prop = fn?.field("property");
    if (!object || !prop) return { line: at(node).line, text: this.ctx.evidence(node) };
    const p = at(prop);
    const kind = object.kind() as string;
    const full = this.ctx.evidence(node);
    if ((kind === "call_expression" || kind === "new_expression") && full.endsWith("…")) return { line: p.line, text: `…${evidence(this.ctx.src, p.start - 1, at(node).end, 88)}` };
    return { line: p.line, text: full };
  }

  /** The chain under a call's object: the receiver at its base and the path of a `.route('/path')` in it. */
  protected chainOf(object: SgNode): { base: SgNode; routePath: string | null } {
    let cur = object;
    let routePath: string | null = null;
    for (let i = 0; i < 64 && cur.kind() === "call_expression"; i++) {
      const fn = cur.field("function");
      if (!fn || fn.kind() !== "member_expression") break;
      const prop = fn.field("property")?.text() ?? "";
      const next = fn.field("object");
      if (!next) break;
      if (prop === "route" && routePath === null) {
        const args = this.args(cur);
        if (args.length === 1 && args[0]?.k === "str") {
          routePath = args[0].v;
          cur = next;
          continue;
        }
      }
      if (!CHAIN_THROUGH.has(prop) && !HTTP_METHODS.has(prop)) break;
      cur = next;
    }
    return { base: cur, routePath };
  }

  /** Which router a receiver expression is, or null when it does not look like a server. */
  protected receiver(base: SgNode): Receiver | null {
    const kind = base.kind() as string;
    const ref = (text: string): Ref => {
      const a = at(base);
      return { name: text, line: a.line, col: a.col };
    };
    if (kind === "identifier") {
      const found = this.named(base.text(), base);
      return found ? { ...found, ref: ref(base.text()) } : null;
    }
    if (kind === "member_expression") {
      const text = base.text().replace(/\s+/g, "");
      const last = text.slice(text.lastIndexOf(".") + 1);
      const known = this.routers.get(text);
      if (known) return { id: text, framework: known.framework, sure: true, ref: ref(text) };
      if (text.startsWith("this.") && APP_LIKE.test(last) && !CLIENT.test(last)) return { id: text, framework: this.fileFramework, sure: true, ref: ref(text) };
      return null;
    }
    if (kind === "new_expression" || kind === "call_expression") {
      const id = this.byBase.get(at(base).start);
      if (id) return { id, framework: this.routers.get(id)?.framework ?? this.fileFramework, sure: true };
      const made = this.chainRouter(base);
      if (!made) return null;
      const a = at(base);
      const anon = `#${a.line}`;
      this.add({ id: anon, framework: made.framework, prefixes: [made.prefix], line: a.line, text: this.ctx.evidence(base, 60) });
      this.byBase.set(a.start, anon);
      return { id: anon, framework: made.framework, sure: true };
    }
    return null;
  }

  protected named(name: string, node: SgNode): Receiver | null {
    const alias = this.aliases.get(name) ?? name;
    const known = this.routers.get(alias);
    if (known) return { id: alias, framework: known.framework, sure: true };
    if (CLIENT.test(name)) return null;
    const plugin = this.pluginOf(name, node);
    if (plugin) return plugin;
    if (this.ctx.bindings.has(name)) {
      if (!APP_LIKE.test(name) && !this.fileFramework) return null;
      this.ctx.noteImport(name);
      return { id: name, framework: this.fileFramework, sure: APP_LIKE.test(name) };
    }
    // An app-like name the file neither declares nor imports: counted, framework left to the codebase (link / summary).
    if (APP_LIKE.test(name)) return { id: name, framework: this.fileFramework, sure: this.fileFramework !== "" };
    return null;
  }

  protected readonly plugins = new Map<number, Receiver | null>();

  /** A receiver that is a parameter of an enclosing function: a plugin (Fastify), a route-registering function, an Elysia group callback. */
  protected pluginOf(name: string, node: SgNode): Receiver | null {
    for (const anc of node.ancestors()) {
      const kind = anc.kind() as string;
      if (!isFunctionNode(kind) && kind !== "method_definition") continue;
      if (!paramNames(anc).includes(name)) continue;
      const a = at(anc);
      if (this.plugins.has(a.start)) return this.plugins.get(a.start) ?? null;
      const recv = this.functionRouter(anc, a, name);
      this.plugins.set(a.start, recv);
      return recv;
    }
    return null;
  }

  protected functionRouter(fn: SgNode, a: ReturnType<typeof at>, param: string): Receiver | null {
    const parent = fn.parent();
    const pkind = (parent?.kind() as string) ?? "";
    const framework = this.fileFramework || frameworkOfType(this.ctx.src.slice(a.start, Math.min(a.end, a.start + 300)), param);
    if (!framework && !APP_LIKE.test(param)) return null;
    let id: string | null = null;
    if (pkind === "arguments") {
      const call = parent?.parent();
      const callee = call?.field("function");
      const prop = callee?.kind() === "member_expression" ? callee.field("property")?.text() : null;
      if (call && callee && prop === "group") {
        const args = argumentValues(parent!, 0);
        const prefix = staticString(args[0]);
        const outer = this.receiver(this.chainOf(callee.field("object")!).base);
        if (!outer || prefix === null) return null;
        id = `group@${a.line}:${a.col}`;
        this.add({ id, framework: outer.framework, prefixes: [""], line: a.line, text: this.ctx.evidence(call, 60) });
        const site = this.site(call);
        (this.ctx.facts.mounts ??= []).push({ router: outer.id, prefix, target: { name: id, line: a.line, col: a.col }, framework: outer.framework, line: site.line, text: site.text });
        return { id, framework: outer.framework, sure: true };
      }
      if (call && prop === "register") id = `fn@${a.line}:${a.col}`;
      else if (call) id = this.declaredName(call) ?? `fn@${a.line}:${a.col}`; // fp(async (app) => …)
    } else if (kind(fn) === "function_declaration") {
      id = pkind === "export_statement" && /^export\s+default\b/.test(this.ctx.src.slice(at(parent!).start, at(parent!).start + 20)) ? "default" : (fn.field("name")?.text() ?? null);
    } else {
      id = this.declaredName(fn);
    }
    if (!id) return null;
    this.add({ id, framework, prefixes: [""], line: a.line, text: this.ctx.evidence(fn, 60) });
    return { id, framework, sure: true };
  }

  /** The name an expression is bound to: `const x = <expr>`, `export default <expr>`, `module.exports = <expr>`. */
  protected declaredName(node: SgNode): string | null {
    const parent = node.parent();
    const kind = (parent?.kind() as string) ?? "";
    if (kind === "variable_declarator") return parent!.field("name")?.text() ?? null;
    if (kind === "export_statement") return "default";
    if (kind === "assignment_expression") {
      const left = parent!.field("left")?.text().replace(/\s+/g, "");
      return left === "module.exports" ? "default" : (left ?? null);
    }
    if (kind === "parenthesized_expression" || kind === "as_expression") return this.declaredName(parent!);
    return null;
  }
}
