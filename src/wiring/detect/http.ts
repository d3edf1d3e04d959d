// HTTP routes registered by method calls — Express, Koa-router, Fastify, Hono, Elysia —
// with their routers (apps, `Router()`, `new Hono()`, plugin functions, Elysia groups),
// mounts (`app.use(prefix, router)`, `app.route(prefix, sub)`, `register(plugin, { prefix })`,
// a router passed to a function), `Bun.serve({ routes })` and NestJS `setGlobalPrefix`.

import type { NapiConfig, SgNode } from "@ast-grep/napi";
import type { HandlerRef, MountFact, Ref, RouterFact } from "../model.ts";
import { argumentValues, at, evidence, isFunctionNode, pair, paramNames, staticString, type Val } from "./ast.ts";
import type { FileCtx } from "./context.ts";

export const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete", "del", "options", "head", "all"]);

/** Server frameworks routed by `x.METHOD(path, …)`, with the modules that identify them. */
export const SERVER_FRAMEWORKS: readonly (readonly [string, readonly string[]])[] = [
  ["express", ["express"]],
  ["koa", ["@koa/router", "koa-router", "koa"]],
  ["fastify", ["fastify", "fastify-plugin"]],
  ["hono", ["hono", "@hono/"]],
  ["elysia", ["elysia"]],
];

/** Receivers that are HTTP clients or maps, never servers. */
export const CLIENT = /^(?:axios|https?|\$http|httpClient|got|ky|superagent|request|fetch|[\w$]*[Cc]lient|cache|map|params|headers|searchParams|query|cookies|redis|store)$/;
/** Receivers taken for a server app or router when not declared in the file. */
export const APP_LIKE = /^(?:app|server|fastify|instance|[\w$]*[Rr]outer|[\w$]*[Rr]outes|[\w$]*[Aa]pp)$/;

interface Receiver {
  id: string;
  framework: string;
  /** Declared here, a plugin parameter or an app-like name: a non-static path on it is reported as unresolved. */
  sure: boolean;
}

export class HttpDetector {
  private readonly routers = new Map<string, RouterFact>();
  /** Router id by the start offset of the expression that created it. */
  private readonly byBase = new Map<number, string>();
  private readonly fileFramework: string;
  private readonly ctorNames: Map<string, string>;

  constructor(
    private readonly ctx: FileCtx,
    private readonly root: SgNode,
  ) {
    this.fileFramework = SERVER_FRAMEWORKS.find(([, mods]) => ctx.imports(...mods))?.[0] ?? "";
    this.ctorNames = constructorNames(ctx);
    this.declarations();
  }

  /** Routers created by `const x = express()`, `new Hono()`, `new Router({ prefix })`, `Fastify()`, `new Elysia({ prefix })`, or exported as default. */
  private declarations(): void {
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
  private readonly aliases = new Map<string, string>();

  private returnedBy(offset: number, local: string): string | null {
    const fn = this.ctx.enclosing(offset, FUNCTION_DECLS);
    if (!fn || fn.container !== null) return null;
    const body = this.ctx.src.slice(fn.start, fn.end);
    return new RegExp(`\\breturn\\s+${local.replace(/\$/g, "\\$")}\\b`).test(body) ? fn.name : null;
  }

  private add(fact: RouterFact): void {
    if (this.routers.has(fact.id)) return;
    this.routers.set(fact.id, fact);
    (this.ctx.facts.routers ??= []).push(fact);
    if (fact.framework) this.ctx.framework(fact.framework);
  }

  /** The constructor at the base of a chain (`new Hono().basePath('/api').get(…)`) and the prefix it carries. */
  private chainRouter(value: SgNode): { framework: string; prefix: string; base: number } | null {
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

  /** Handle one matched call; true when it was HTTP wiring. */
  call(node: SgNode): boolean {
    const fn = node.field("function");
    if (!fn || fn.kind() !== "member_expression") return false;
    const prop = fn.field("property")?.text() ?? "";
    const object = fn.field("object");
    if (!object) return false;
    if (HTTP_METHODS.has(prop)) return this.methodRoute(node, object, prop);
    switch (prop) {
      case "on":
        return this.honoOn(node, object);
      case "route":
        return this.routeCall(node, object);
      case "use":
        return this.use(node, object);
      case "register":
        return this.register(node, object);
      case "group":
        return this.receiver(object) !== null;
      case "setGlobalPrefix":
        return this.globalPrefix(node);
      case "prefix":
        return this.koaPrefix(node, object);
      case "serve":
        return object.text() === "Bun" || object.text() === "bun" ? this.bunServe(node) : false;
      default:
        return false;
    }
  }

  private args(node: SgNode): Val[] {
    const args = node.field("arguments");
    return args ? argumentValues(args, 3) : [];
  }

  /** `r.get('/path', …handlers)`, `r.route('/path').get(handler)`, chains of both. */
  private methodRoute(node: SgNode, object: SgNode, prop: string): boolean {
    const { base, routePath } = this.chainOf(object);
    const recv = this.receiver(base);
    if (!recv) return false;
    const args = this.args(node);
    const method = prop === "del" ? "DELETE" : prop.toUpperCase();
    const line = this.site(node).line;
    if (routePath !== null) {
      if (args.length < 1) return false;
      this.route(recv, [method], [routePath], args, node);
      return true;
    }
    if (args.length < 2) return false;
    let pathArg = args[0]!;
    let rest = 1;
    if (pathArg.k === "str" && !pathArg.v.startsWith("/") && pathArg.v !== "*" && args[1]?.k === "str") {
      pathArg = args[1]; // Koa-router named route: router.get('name', '/path', …)
      rest = 2;
    }
    const paths = pathsOf(pathArg);
    if (paths === null) {
      if (!recv.sure) return false;
      this.ctx.unresolved("route", `${clip(object.text())}.${prop}(${clip(valueText(pathArg))}, …)`, line);
      return true;
    }
    if (paths.length === 0 || !paths.every(isPathLike)) return false;
    this.route(recv, [method], paths, args.slice(rest), node);
    return true;
  }

  /** Where a call is, for evidence: a call chained on another (`new Hono().get(…)`) is placed at its own `.get`. */
  private site(node: SgNode): { line: number; text: string } {
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

  private route(recv: Receiver, methods: string[], paths: string[], handlerArgs: Val[], node: SgNode): void {
    const { line, text } = this.site(node);
    const handler = this.handlerOf(handlerArgs, line);
    for (const method of methods) {
      for (const path of paths) {
        (this.ctx.facts.routes ??= []).push({ router: recv.id, method, path, handler, framework: recv.framework, line, text });
      }
    }
    if (recv.framework) this.ctx.framework(recv.framework);
  }

  /** Hono `app.on('GET', '/path', h)` / `app.on(['GET', 'POST'], '/path', h)`. */
  private honoOn(node: SgNode, object: SgNode): boolean {
    const args = this.args(node);
    const methods = args[0]?.k === "str" ? [args[0].v] : args[0]?.k === "arr" ? args[0].items.map((i) => staticString(i)).filter((s): s is string => s !== null) : [];
    if (methods.length === 0 || !methods.every((m) => /^[A-Z]+$/.test(m)) || args.length < 3) return false;
    const paths = pathsOf(args[1]!);
    if (!paths || !paths.every(isPathLike)) return false;
    const recv = this.receiver(this.chainOf(object).base);
    if (!recv) return false;
    this.route(recv, methods, paths, args.slice(2), node);
    return true;
  }

  /** Fastify `route({ method, url, handler })`, Hono `app.route('/prefix', sub)`, and the `.route('/path')` head of an Express/Koa chain. */
  private routeCall(node: SgNode, object: SgNode): boolean {
    const args = this.args(node);
    const recv = this.receiver(this.chainOf(object).base);
    if (!recv) return false;
    if (args.length === 1 && args[0]?.k === "obj") {
      const opts = args[0];
      const m = pair(opts, "method");
      const methods = m?.k === "str" ? [m.v.toUpperCase()] : m?.k === "arr" ? m.items.map((i) => staticString(i)?.toUpperCase()).filter((s): s is string => !!s) : [];
      const url = pair(opts, "url") ?? pair(opts, "path");
      const paths = url ? pathsOf(url) : null;
      const handler = pair(opts, "handler");
      if (methods.length === 0 || !handler) return false;
      if (paths === null) {
        this.ctx.unresolved("route", `${clip(object.text())}.route({ url: ${clip(url ? valueText(url) : "?")}, … })`, this.site(node).line);
        return true;
      }
      this.route(recv, methods, paths, [handler], node);
      return true;
    }
    if (args.length >= 2) return this.mount(recv, node, args[0]!, args.slice(1));
    return args.length === 1 && args[0]?.k === "str"; // `.route('/path')`: read by the method calls chained on it
  }

  /** Express/Koa/Elysia `x.use([prefix,] …routers)`. */
  private use(node: SgNode, object: SgNode): boolean {
    const recv = this.receiver(this.chainOf(object).base);
    if (!recv) return false;
    const args = this.args(node);
    if (args.length === 0) return false;
    const first = args[0]!;
    const hasPrefix = first.k === "str" || first.k === "tpl" || (args.length > 1 && (first.k === "id" || first.k === "member") && /path|prefix|base|url/i.test(valueText(first)));
    return this.mount(recv, node, hasPrefix ? first : null, hasPrefix ? args.slice(1) : args);
  }

  /** Fastify `x.register(plugin, { prefix })`. */
  private register(node: SgNode, object: SgNode): boolean {
    const recv = this.receiver(this.chainOf(object).base);
    if (!recv || (recv.framework !== "fastify" && this.fileFramework !== "fastify")) return false;
    const args = this.args(node);
    if (args.length === 0) return false;
    const prefix = pair(args[1], "prefix");
    return this.mount({ ...recv, framework: "fastify" }, node, prefix ?? null, [args[0]!], this.inlinePluginIds(node));
  }

  /** Ids of inline plugin functions passed to a register call (`register(async (f) => …)`), by line. */
  private inlinePluginIds(node: SgNode): Map<number, string> {
    const out = new Map<number, string>();
    const args = node.field("arguments")?.namedChildren() ?? [];
    const first = args[0];
    if (first && isFunctionNode(first.kind() as string)) {
      const a = at(first);
      out.set(a.line, `fn@${a.line}:${a.col}`);
    }
    return out;
  }

  private mount(recv: Receiver, node: SgNode, prefixArg: Val | null, targets: Val[], inline = new Map<number, string>()): boolean {
    const { line, text } = this.site(node);
    let prefix = "";
    if (prefixArg) {
      const s = staticString(prefixArg);
      if (s === null) {
        this.ctx.unresolved("mount", `${text} (prefix ${clip(valueText(prefixArg))} is not static)`, line);
        return true;
      }
      prefix = s;
    }
    let any = false;
    for (const t of targets.flatMap((v) => (v.k === "arr" ? v.items : [v]))) {
      const target = this.mountTarget(t, inline);
      if (!target) continue;
      const fact: MountFact = { router: recv.id, prefix, target, framework: recv.framework, line, text };
      (this.ctx.facts.mounts ??= []).push(fact);
      any = true;
    }
    return any || prefixArg !== null;
  }

  private mountTarget(v: Val, inline: Map<number, string>): MountFact["target"] | null {
    if (v.k === "id" || v.k === "member") return this.ref(this.aliases.get(v.v) ?? v.v, v.line, v.col);
    if (v.k === "fn") {
      const id = inline.get(v.line);
      return id ? { name: id, line: v.line, col: 0 } : null;
    }
    if (v.k === "call") {
      const spec = /^(?:require|import)$/.test(v.fn) ? staticString(v.args[0]) : null;
      if (spec !== null) return { module: spec, line: v.line };
      const routes = /^([A-Za-z_$][\w$.]*)\.(?:routes|middleware|allowedMethods)$/.exec(v.fn);
      if (routes) return v.fn.endsWith("allowedMethods") ? null : this.ref(routes[1]!, v.line, v.col);
      if (/^[A-Za-z_$][\w$]*$/.test(v.fn) && v.args.length === 0) return this.ref(v.fn, v.line, v.col); // a router factory: ordersRouter()
    }
    return null;
  }

  private ref(name: string, line: number, col: number): Ref {
    return this.ctx.ref(name, line, col);
  }

  private globalPrefix(node: SgNode): boolean {
    const s = staticString(this.args(node)[0]);
    if (s === null) return false;
    (this.ctx.facts.globalPrefixes ??= []).push({ prefix: s, line: at(node).line, text: this.ctx.evidence(node) });
    this.ctx.framework("nestjs");
    return true;
  }

  private koaPrefix(node: SgNode, object: SgNode): boolean {
    const recv = this.receiver(object);
    const s = staticString(this.args(node)[0]);
    const fact = recv ? this.routers.get(recv.id) : undefined;
    if (!fact || s === null) return false;
    fact.prefixes = [s];
    return true;
  }

  /** `Bun.serve({ routes: { '/path': handler | { GET: h, POST: h } } })`. */
  private bunServe(node: SgNode): boolean {
    const opts = this.args(node)[0];
    const routes = pair(opts, "routes");
    const a = at(node);
    const id = `Bun.serve@${a.line}`;
    this.add({ id, framework: "bun", prefixes: [""], line: a.line, text: routes ? "Bun.serve({ routes })" : "Bun.serve({ fetch })" });
    if (!routes || routes.k !== "obj") return true;
    for (const [path, value] of routes.pairs) {
      const methods = value.k === "obj" && value.pairs.length > 0 && value.pairs.every(([k]) => /^[A-Z]+$/.test(k)) ? value.pairs : [["ALL", value] as [string, Val]];
      for (const [method, h] of methods) {
        const handler = this.handlerOf([h], h.line);
        (this.ctx.facts.routes ??= []).push({ router: id, method, path, handler, framework: "bun", line: h.line, text: `"${path}": ${valueText(h)}`.slice(0, 90), absolute: true });
      }
    }
    return true;
  }

  /** The chain under a call's object: the receiver at its base and the path of a `.route('/path')` in it. */
  private chainOf(object: SgNode): { base: SgNode; routePath: string | null } {
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
  private receiver(base: SgNode): Receiver | null {
    const kind = base.kind() as string;
    if (kind === "identifier") return this.named(base.text(), base);
    if (kind === "member_expression") {
      const text = base.text().replace(/\s+/g, "");
      const last = text.slice(text.lastIndexOf(".") + 1);
      const known = this.routers.get(text);
      if (known) return { id: text, framework: known.framework, sure: true };
      if (text.startsWith("this.") && APP_LIKE.test(last) && !CLIENT.test(last)) return { id: text, framework: this.fileFramework, sure: true };
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

  private named(name: string, node: SgNode): Receiver | null {
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

  private readonly plugins = new Map<number, Receiver | null>();

  /** A receiver that is a parameter of an enclosing function: a plugin (Fastify), a route-registering function, an Elysia group callback. */
  private pluginOf(name: string, node: SgNode): Receiver | null {
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

  private functionRouter(fn: SgNode, a: ReturnType<typeof at>, param: string): Receiver | null {
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
  private declaredName(node: SgNode): string | null {
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

  /** Routers passed to a function (`registerOrderRoutes(router)`): the function's routes mount under it. */
  finish(): void {
    const ids = [...this.routers.keys()].filter((id) => /^[A-Za-z_$][\w$]*$/.test(id));
    if (ids.length === 0) return;
    let nodes: SgNode[];
    try {
      nodes = this.root.findAll({
        rule: {
          kind: "call_expression",
          all: [{ has: { field: "function", kind: "identifier" } }, { has: { field: "arguments", has: { kind: "identifier", regex: `^(?:${ids.map((i) => i.replace(/\$/g, "\\$")).join("|")})$` } } }],
        },
      } as NapiConfig);
    } catch {
      return;
    }
    for (const node of nodes) {
      const callee = node.field("function")!;
      const name = callee.text();
      if (this.ctorNames.has(name) || name === "require") continue;
      const args = this.args(node);
      const a = at(callee);
      for (const arg of args) {
        if (arg.k !== "id" || !this.routers.has(arg.v)) continue;
        const router = this.routers.get(arg.v)!;
        (this.ctx.facts.mounts ??= []).push({ router: arg.v, prefix: "", target: this.ref(name, a.line, a.col), framework: router.framework, line: a.line, text: this.ctx.evidence(node) });
      }
    }
  }

  /** The handler among a route's trailing arguments: the last function or name; wrappers (`asyncHandler(fn)`) unwrapped. */
  private handlerOf(args: Val[], line: number): HandlerRef {
    for (let i = args.length - 1; i >= 0; i--) {
      const h = handlerValue(args[i]!, this.ctx);
      if (h) return h;
    }
    return { inline: true, line };
  }
}

const CHAIN_THROUGH = new Set(["basePath", "use", "group", "guard", "onError", "onRequest", "onBeforeHandle", "onAfterHandle", "derive", "decorate", "state", "model", "all", "notFound", "mount", "register", "addHook", "setErrorHandler"]);
const FUNCTION_DECLS: ReadonlySet<string> = new Set(["function", "const", "variable"]);

function kind(node: SgNode): string {
  return node.kind() as string;
}

function handlerValue(v: Val, ctx: FileCtx): HandlerRef | null {
  switch (v.k) {
    case "fn":
      return { inline: true, line: v.line };
    case "id":
      return { ref: ctx.ref(v.v, v.line, v.col), line: v.line };
    case "member": {
      const dot = v.v.indexOf(".");
      const object = v.v.slice(0, dot);
      const member = v.v.slice(dot + 1);
      const cls = new RegExp(`(?:const|let|var)\\s+${object.replace(/\$/g, "\\$")}\\s*(?::[^=]+)?=\\s*new\\s+([A-Za-z_$][\\w$]*)`).exec(ctx.src);
      if (cls && !member.includes(".")) return { ref: ctx.ref(cls[1]!, v.line, v.col), member, line: v.line };
      return { ref: ctx.ref(v.v, v.line, v.col), line: v.line };
    }
    case "call": {
      for (let i = v.args.length - 1; i >= 0; i--) {
        const inner = handlerValue(v.args[i]!, ctx);
        if (inner) return inner;
      }
      return { inline: true, line: v.line };
    }
    default:
      return null;
  }
}

/** Local names that construct a router or app, mapped to their framework. */
function constructorNames(ctx: FileCtx): Map<string, string> {
  const out = new Map<string, string>();
  for (const [local, [spec, imported]] of ctx.bindings) {
    const fw = SERVER_FRAMEWORKS.find(([, mods]) => mods.some((m) => spec === m || spec.startsWith(m.endsWith("/") ? m : `${m}/`)))?.[0];
    if (!fw) continue;
    if (fw === "express") {
      if (imported === "default" || imported === "*") {
        out.set(local, fw);
        out.set(`${local}.Router`, fw);
      } else if (imported === "Router") out.set(local, fw);
    } else if (fw === "koa") {
      if (imported === "default" || imported === "Router" || imported === "*") out.set(local, fw);
    } else if (fw === "fastify") {
      if (imported === "default" || imported === "fastify" || imported === "Fastify" || imported === "*") out.set(local, fw);
    } else if (fw === "hono") {
      if (/Hono$/.test(imported)) out.set(local, fw);
    } else if (fw === "elysia") {
      if (imported === "Elysia" || imported === "default") out.set(local, fw);
    }
  }
  return out;
}

/** The framework a plugin's parameter type names (`app: FastifyInstance`, `router: Router`). */
function frameworkOfType(header: string, param: string): string {
  const m = new RegExp(`\\b${param.replace(/\$/g, "\\$")}\\s*:\\s*([A-Za-z_$][\\w$.]*)`).exec(header);
  const type = m?.[1] ?? "";
  if (/^Fastify/.test(type)) return "fastify";
  if (/^(?:express\.)?(?:Router|Express|Application)$/.test(type)) return "express";
  if (/Hono$/.test(type)) return "hono";
  if (/^Elysia$/.test(type)) return "elysia";
  if (/^(?:Koa)?Router$/.test(type)) return "koa";
  return "";
}

export function pathsOf(v: Val): string[] | null {
  if (v.k === "str") return [v.v];
  if (v.k === "arr") {
    const out = v.items.map((i) => staticString(i));
    return out.every((s): s is string => s !== null) ? out : null;
  }
  if (v.k === "other" && /^\/.*\/[a-z]*$/.test(v.text)) return [v.text]; // a regex path, kept as written
  return null;
}

function isPathLike(p: string): boolean {
  return p.startsWith("/") || p === "*" || p === "";
}

function valueText(v: Val): string {
  switch (v.k) {
    case "str":
      return `'${v.v}'`;
    case "tpl":
      return `\`${v.text}\``;
    case "id":
    case "member":
      return v.v;
    case "call":
    case "new":
      return v.text;
    case "other":
      return v.text;
    case "fn":
      return "(…) => …";
    case "obj":
      return "{ … }";
    case "arr":
      return "[ … ]";
  }
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
}

/** Join route path segments: `joinPath('/api', 'orders', ':id')` → `/api/orders/:id`; no trailing slash but the root. */
export function joinPath(...parts: string[]): string {
  const segs: string[] = [];
  for (const p of parts) for (const s of p.split("/")) if (s) segs.push(s);
  return `/${segs.join("/")}`;
}
