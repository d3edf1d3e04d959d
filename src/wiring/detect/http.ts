// HTTP routes registered by method calls — Express, Koa-router, Fastify, Hono, Elysia —
// with their mounts (`app.use(prefix, router)`, `app.route(prefix, sub)`,
// `register(plugin, { prefix })`, a router passed to a function), `Bun.serve({ routes })`
// and NestJS `setGlobalPrefix`. Which router a receiver is: http-routers.ts.

import type { NapiConfig, SgNode } from "@ast-grep/napi";
import type { HandlerRef, MountFact, RouteFact } from "../model.ts";
import { at, isFunctionNode, pair, staticString, valueText, type Val } from "./ast.ts";
import { clip, CLIENT, handlerValue, HTTP_METHODS, isPathLike, pathParts, pathsOf } from "./http-names.ts";
import { Routers, type Receiver } from "./http-routers.ts";

export { joinPath } from "./http-names.ts";

export class HttpDetector extends Routers {
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

  /** `r.get('/path', …handlers)`, `r.route('/path').get(handler)`, chains of both. */
  private methodRoute(node: SgNode, object: SgNode, prop: string): boolean {
    const { base, routePath } = this.chainOf(object);
    const recv = this.receiver(base) ?? this.candidate(base);
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
      const report = `${clip(object.text())}.${prop}(${clip(valueText(pathArg))}, …)`;
      const parts = pathParts(pathArg, this.ctx);
      if (recv.candidate && !parts) return false;
      if (parts) this.route(recv, [method], [valueText(pathArg)], args.slice(rest), node, { parts, dynamic: report });
      else this.ctx.unresolved("route", report, line);
      return true;
    }
    if (paths.length === 0 || !paths.every(isPathLike)) return false;
    if (recv.candidate && (args.length - rest < 1 || !args.slice(rest).some((a) => a.k === "fn" || a.k === "id" || a.k === "member" || a.k === "call"))) return false;
    this.route(recv, [method], paths, args.slice(rest), node);
    return true;
  }

  private route(recv: Receiver, methods: string[], paths: string[], handlerArgs: Val[], node: SgNode, dynamic?: Pick<RouteFact, "parts" | "dynamic">): void {
    const { line, text } = this.site(node);
    const handler = this.handlerOf(handlerArgs, line);
    for (const method of methods) {
      for (const path of paths) {
        (this.ctx.facts.routes ??= []).push({
          router: recv.id,
          method,
          path,
          handler,
          framework: recv.framework,
          line,
          text,
          ...(recv.ref ? { receiver: recv.ref } : {}),
          ...(recv.candidate ? { candidate: true as const } : {}),
          ...dynamic,
        });
      }
    }
    if (recv.framework && !recv.candidate) this.ctx.framework(recv.framework);
  }

  /** A receiver nothing marks as a server (`api.get('/x', h)` on a name neither declared, imported nor app-like): a route only when the checker finds a server type. */
  private candidate(base: SgNode): Receiver | null {
    const kind = base.kind() as string;
    const text = base.text().replace(/\s+/g, "");
    if (kind !== "identifier" && !(kind === "member_expression" && /^this\.[A-Za-z_$][\w$]*$/.test(text))) return null;
    if (CLIENT.test(text.slice(text.lastIndexOf(".") + 1))) return null;
    const a = at(base);
    return { id: text, framework: "", sure: true, candidate: true, ref: this.ctx.ref(text, a.line, a.col) };
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
        const report = `${clip(object.text())}.route({ url: ${clip(url ? valueText(url) : "?")}, … })`;
        const parts = url ? pathParts(url, this.ctx) : null;
        if (parts) this.route(recv, methods, [valueText(url!)], [handler], node, { parts, dynamic: report });
        else this.ctx.unresolved("route", report, this.site(node).line);
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
    let dynamic: Pick<MountFact, "prefixParts" | "dynamic"> = {};
    if (prefixArg) {
      const s = staticString(prefixArg);
      if (s === null) {
        const report = `${text} (prefix ${clip(valueText(prefixArg))} is not static)`;
        const parts = pathParts(prefixArg, this.ctx);
        if (!parts) {
          this.ctx.unresolved("mount", report, line);
          return true;
        }
        prefix = valueText(prefixArg);
        dynamic = { prefixParts: parts, dynamic: report };
      } else prefix = s;
    }
    let any = false;
    for (const t of targets.flatMap((v) => (v.k === "arr" ? v.items : [v]))) {
      const target = this.mountTarget(t, inline);
      if (!target) continue;
      const fact: MountFact = { router: recv.id, prefix, target, framework: recv.framework, line, text, ...(recv.ref ? { receiver: recv.ref } : {}), ...dynamic };
      (this.ctx.facts.mounts ??= []).push(fact);
      any = true;
    }
    return any || prefixArg !== null;
  }

  private mountTarget(v: Val, inline: Map<number, string>): MountFact["target"] | null {
    if (v.k === "id" || v.k === "member") return this.ctx.ref(this.aliases.get(v.v) ?? v.v, v.line, v.col);
    if (v.k === "fn") {
      const id = inline.get(v.line);
      return id ? { name: id, line: v.line, col: 0 } : null;
    }
    if (v.k === "call") {
      const spec = /^(?:require|import)$/.test(v.fn) ? staticString(v.args[0]) : null;
      if (spec !== null) return { module: spec, line: v.line };
      const routes = /^([A-Za-z_$][\w$.]*)\.(?:routes|middleware|allowedMethods)$/.exec(v.fn);
      if (routes) return v.fn.endsWith("allowedMethods") ? null : this.ctx.ref(routes[1]!, v.line, v.col);
      if (/^[A-Za-z_$][\w$]*$/.test(v.fn) && v.args.length === 0) return this.ctx.ref(v.fn, v.line, v.col); // a router factory: ordersRouter()
    }
    return null;
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
        (this.ctx.facts.mounts ??= []).push({ router: arg.v, prefix: "", target: this.ctx.ref(name, a.line, a.col), framework: router.framework, line: a.line, text: this.ctx.evidence(node) });
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
