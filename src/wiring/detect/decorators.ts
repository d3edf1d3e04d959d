// Decorator-driven wiring: NestJS controllers and route methods, modules and providers,
// @Injectable and @Inject, CQRS handlers and sagas, microservice message patterns, @OnEvent,
// BullMQ processors and @InjectQueue; Angular @Injectable/@Component/@NgModule providers;
// InversifyJS and tsyringe @injectable/@inject. Constructor injection is read once per
// class that a DI decorator marks (finishClasses).

import type { SgNode } from "@ast-grep/napi";
import type { InjectFact, RequestKind } from "../model.ts";
import { argumentValues, at, pair, readValue, staticString, tokenText, valueText, type Val } from "./ast.ts";
import { pathParts } from "./http-names.ts";
import { providerList } from "./containers.ts";
import { isModule, type FileCtx } from "./context.ts";

/** Decorator module → framework. */
const MODULES: readonly (readonly [string, string])[] = [
  ["@nestjs/cqrs", "nestjs-cqrs"],
  ["@nestjs/microservices", "nestjs-microservices"],
  ["@nestjs/event-emitter", "nestjs-event-emitter"],
  ["@nestjs/bullmq", "bullmq"],
  ["@nestjs/bull", "bullmq"],
  ["@nestjs/", "nestjs"],
  ["@angular/", "angular"],
  ["inversify", "inversify"],
  ["tsyringe", "tsyringe"],
];

const NEST_ROUTE = new Set(["Get", "Post", "Put", "Patch", "Delete", "Options", "Head", "All", "Search"]);
/** Class decorators after which the constructor's parameters are injected. */
const DI_CLASS = new Set(["Injectable", "Controller", "Resolver", "WebSocketGateway", "Component", "Directive", "Pipe", "CommandHandler", "QueryHandler", "EventsHandler", "Processor", "injectable", "singleton", "scoped", "autoInjectable", "Catch"]);
const HANDLER_KIND: Record<string, RequestKind> = { CommandHandler: "command", QueryHandler: "query", EventsHandler: "event" };
const PRIMITIVE = /^(?:string|number|boolean|any|unknown|object|symbol|bigint|never|void|null|undefined|Function|Object|String|Number|Boolean)$/;

interface ClassInfo {
  name: string;
  node: SgNode;
  framework: string;
  line: number;
}

const classes = new WeakMap<FileCtx, Map<string, ClassInfo>>();

function classesOf(ctx: FileCtx): Map<string, ClassInfo> {
  let map = classes.get(ctx);
  if (!map) classes.set(ctx, (map = new Map()));
  return map;
}

/** The framework a decorator belongs to, by the module its name is imported from (or the file's framework imports). */
function frameworkOf(ctx: FileCtx, name: string): string | null {
  const binding = ctx.bindings.get(name);
  if (binding) {
    for (const [mod, fw] of MODULES) if (isModule(binding[0], mod)) return fw;
    return null;
  }
  if (/^[A-Z]/.test(name)) {
    if (ctx.imports("@nestjs/")) return "nestjs";
    if (ctx.imports("@angular/")) return "angular";
    return null;
  }
  if (ctx.imports("inversify")) return "inversify";
  if (ctx.imports("tsyringe")) return "tsyringe";
  return null;
}

export function decoratorFact(ctx: FileCtx, node: SgNode): void {
  const expr = node.namedChildren()[0];
  if (!expr) return;
  const isCall = expr.kind() === "call_expression";
  const callee = isCall ? expr.field("function") : expr;
  if (!callee) return;
  const full = callee.text();
  const name = full.slice(full.lastIndexOf(".") + 1);
  const framework = frameworkOf(ctx, full.split(".")[0] ?? name);
  if (!framework) return;
  const argsNode = isCall ? expr.field("arguments") : null;
  const args = argsNode ? argumentValues(argsNode, 4) : [];
  const parent = node.parent();
  if (!parent) return;
  const pkind = parent.kind() as string;
  const a = at(node);
  if (pkind === "class_declaration" || pkind === "export_statement" || pkind === "class" || pkind === "abstract_class_declaration") {
    const cls = pkind === "export_statement" ? (parent.field("declaration") ?? parent.namedChildren().find((c) => /class/.test(c.kind() as string))) : parent;
    const clsName = cls?.field("name")?.text();
    if (!cls || !clsName) return;
    classDecorator(ctx, { name: clsName, node: cls, framework, line: at(cls).line }, name, args, node, a.line);
  } else if (pkind === "class_body" || pkind === "public_field_definition") {
    const member = pkind === "public_field_definition" ? parent : nextMember(node);
    const memberName = member?.field("name")?.text();
    const cls = ctx.enclosing(a.start, CLASS_KINDS);
    if (!member || !memberName || !cls) return;
    memberDecorator(ctx, cls.qualifiedName, memberName, member, name, framework, args, node, a.line);
  } else if (pkind === "required_parameter" || pkind === "optional_parameter") {
    paramDecorator(ctx, parent, name, framework, args, node, a);
  }
}

const CLASS_KINDS: ReadonlySet<string> = new Set(["class"]);

function nextMember(decorator: SgNode): SgNode | null {
  for (let n = decorator.next(); n; n = n.next()) {
    const kind = n.kind() as string;
    if (kind === "decorator" || kind === "comment") continue;
    return n;
  }
  return null;
}

function classDecorator(ctx: FileCtx, info: ClassInfo, name: string, args: Val[], node: SgNode, line: number): void {
  const text = ctx.evidence(node, 80);
  const fw = info.framework;
  if (DI_CLASS.has(name)) classesOf(ctx).set(info.name, info);
  if (name === "Controller" && fw === "nestjs") {
    const arg = args[0];
    const raw = arg?.k === "obj" ? pair(arg, "path") : arg;
    const prefixes = raw === undefined ? [""] : raw.k === "str" ? [raw.v] : raw.k === "arr" ? raw.items.map(staticString).filter((s): s is string => s !== null) : null;
    if (prefixes === null || prefixes.length === 0) {
      const report = `${text} (controller path is not static)`;
      const parts = raw && raw.k !== "arr" ? pathParts(raw, ctx) : null;
      if (parts) {
        (ctx.facts.routers ??= []).push({ id: info.name, framework: "nestjs", prefixes: [""], prefixParts: parts, dynamic: report, line, text });
        ctx.framework("nestjs");
      } else ctx.unresolved("route", report, line);
      return;
    }
    (ctx.facts.routers ??= []).push({ id: info.name, framework: "nestjs", prefixes, line, text });
    ctx.framework("nestjs");
    return;
  }
  if (name === "Injectable" || name === "injectable" || name === "singleton" || name === "scoped" || name === "autoInjectable") {
    const providedIn = pair(args[0], "providedIn");
    const self = fw === "tsyringe" || (fw === "angular" && providedIn !== undefined);
    (ctx.facts.injectables ??= []).push({ cls: info.name, self, framework: fw, line, text });
    ctx.framework(fw);
    return;
  }
  if ((name === "Module" && fw === "nestjs") || ((name === "NgModule" || name === "Component" || name === "Directive") && fw === "angular")) {
    const opts = args[0];
    if (name === "Module" || name === "NgModule") (ctx.facts.modules ??= []).push(info.name);
    for (const key of ["providers", "viewProviders"]) {
      const list = pair(opts, key);
      if (list) providerList(ctx, list, info.name, fw, line);
    }
    ctx.framework(fw);
    return;
  }
  if (name === "registry" && fw === "tsyringe") {
    if (args[0]) providerList(ctx, args[0], info.name, fw, line);
    return;
  }
  const kind = HANDLER_KIND[name];
  if (kind && fw === "nestjs-cqrs") {
    for (const arg of args) requestHandler(ctx, arg, kind, info.name, info.line, fw, line, text);
    ctx.framework(fw);
    return;
  }
  if (name === "Processor" && fw === "bullmq") {
    const queue = staticString(args[0]) ?? staticString(pair(args[0], "name"));
    if (queue === null) ctx.unresolved("request", `${text} (queue name is not static)`, line);
    else (ctx.facts.handles ??= []).push({ request: queue, kind: "job", handler: info.name, handlerLine: info.line, framework: fw, line, text });
    ctx.framework(fw);
  }
}

function requestHandler(ctx: FileCtx, arg: Val, kind: RequestKind, handler: string, handlerLine: number, framework: string, line: number, text: string): void {
  if (arg.k === "id" || arg.k === "member") {
    (ctx.facts.handles ??= []).push({ request: arg.v, requestRef: ctx.ref(arg.v, arg.line, arg.col), kind, handler, handlerLine, framework, line, text });
  } else {
    const key = tokenText(arg);
    if (key) (ctx.facts.handles ??= []).push({ request: key.replace(/^'(.*)'$/, "$1"), kind, handler, handlerLine, framework, line, text });
    else ctx.unresolved("request", text, line);
  }
}

function memberDecorator(ctx: FileCtx, cls: string, member: string, memberNode: SgNode, name: string, framework: string, args: Val[], node: SgNode, line: number): void {
  const text = ctx.evidence(node, 80);
  const qualified = `${cls}.${member}`;
  const memberLine = at(memberNode).line;
  if (NEST_ROUTE.has(name) && framework === "nestjs") {
    const arg = args[0];
    const paths = arg === undefined ? [""] : arg.k === "str" ? [arg.v] : arg.k === "arr" ? arg.items.map(staticString).filter((s): s is string => s !== null) : null;
    if (paths === null) {
      const report = `${text} on ${qualified} (path is not static)`;
      const parts = arg && arg.k !== "arr" ? pathParts(arg, ctx) : null;
      if (parts) {
        (ctx.facts.routes ??= []).push({ router: cls, method: name.toUpperCase(), path: valueText(arg!), handler: { symbol: qualified, line: memberLine }, framework: "nestjs", line, text, parts, dynamic: report });
      } else ctx.unresolved("route", report, line);
      return;
    }
    for (const path of paths) {
      (ctx.facts.routes ??= []).push({ router: cls, method: name.toUpperCase(), path, handler: { symbol: qualified, line: memberLine }, framework: "nestjs", line, text });
    }
    ctx.framework("nestjs");
    return;
  }
  if ((name === "MessagePattern" || name === "EventPattern") && framework === "nestjs-microservices") {
    const key = args[0] ? tokenText(args[0]) : null;
    if (key === null) ctx.unresolved("request", `${text} on ${qualified}`, line);
    else (ctx.facts.handles ??= []).push({ request: key.replace(/^'(.*)'$/, "$1"), kind: "message", handler: qualified, handlerLine: memberLine, framework, line, text });
    ctx.framework(framework);
    return;
  }
  if (name === "OnEvent" && framework === "nestjs-event-emitter") {
    const events = args[0]?.k === "arr" ? args[0].items : args[0] ? [args[0]] : [];
    for (const e of events) {
      const key = staticString(e);
      if (key === null) ctx.unresolved("request", `${text} on ${qualified}`, line);
      else (ctx.facts.handles ??= []).push({ request: key, kind: "emitter", handler: qualified, handlerLine: memberLine, framework, line, text });
    }
    ctx.framework(framework);
    return;
  }
  if (name === "Saga" && framework === "nestjs-cqrs") {
    saga(ctx, memberNode, qualified, memberLine, framework, line, text);
    return;
  }
  if ((name === "inject" || name === "Inject" || name === "multiInject") && memberNode.kind() === "public_field_definition") {
    const token = args[0] ?? typeValue(memberNode);
    if (token) inject(ctx, token, cls, `property ${member}`, framework, line, `${text} ${member}`);
  }
}

/** `@Saga() x = (events$) => events$.pipe(ofType(A), map(() => new BCommand()))`: handles A, sends BCommand. */
function saga(ctx: FileCtx, member: SgNode, qualified: string, memberLine: number, framework: string, line: number, text: string): void {
  const a = at(member);
  const body = ctx.src.slice(a.start, a.end);
  for (const m of body.matchAll(/\bofType\s*\(([^)]*)\)/g)) {
    for (const raw of (m[1] ?? "").split(",")) {
      const name = raw.trim();
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) continue;
      const l = a.line + countLines(body, m.index);
      (ctx.facts.handles ??= []).push({ request: name, requestRef: ctx.ref(name, l, 0), kind: "event", handler: qualified, handlerLine: memberLine, framework, line, text });
    }
  }
  for (const m of body.matchAll(/\bnew\s+([A-Z][\w$]*(?:Command|Query))\s*\(/g)) {
    const l = a.line + countLines(body, m.index);
    const name = m[1]!;
    (ctx.facts.sends ??= []).push({ request: name, requestRef: ctx.ref(name, l, 0), kind: name.endsWith("Query") ? "query" : "command", from: qualified, framework, line: l, text: `saga ${qualified}: new ${name}(…)` });
  }
  ctx.framework(framework);
}

function countLines(text: string, upTo: number): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < upTo; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function paramDecorator(ctx: FileCtx, param: SgNode, name: string, framework: string, args: Val[], node: SgNode, a: ReturnType<typeof at>): void {
  const cls = ctx.enclosing(a.start, CLASS_KINDS);
  if (!cls) return;
  const paramName = param.field("pattern")?.text() ?? "";
  const text = ctx.evidence(node, 60);
  if (name === "Inject" || name === "inject" || name === "multiInject" || name === "injectAll") {
    const token = args[0] ?? typeValue(param);
    if (token) inject(ctx, token, cls.qualifiedName, name, framework, a.line, `${text} ${paramName}`.trim());
    return;
  }
  if (name === "InjectQueue" && framework === "bullmq") {
    const queue = staticString(args[0]);
    if (queue !== null && paramName) (ctx.facts.queues ??= []).push({ local: `this.${paramName}`, queue, line: a.line });
  }
}

/** The type annotation of a parameter or property as a token value (`OrderService`, generics stripped). */
function typeValue(node: SgNode): Val | null {
  const annotation = node.field("type") ?? node.namedChildren().find((c) => c.kind() === "type_annotation");
  const type = annotation?.namedChildren()[0];
  if (!type) return null;
  let target = type;
  if (type.kind() === "generic_type") target = type.field("name") ?? type.namedChildren()[0] ?? type;
  const kind = target.kind() as string;
  if (kind !== "type_identifier" && kind !== "nested_type_identifier") return null;
  const v = readValue(target, 0);
  if ((v.k === "id" || v.k === "member") && PRIMITIVE.test(v.v)) return null;
  return v;
}

function inject(ctx: FileCtx, token: Val, consumer: string, how: string, framework: string, line: number, text: string): void {
  const tokenStr = tokenText(token);
  if (!tokenStr) {
    ctx.unresolved("service", text, line);
    return;
  }
  const fact: InjectFact = { token: tokenStr, consumer, how, framework, line, text };
  if (token.k === "id" || token.k === "member") fact.tokenRef = ctx.ref(token.v, token.line, token.col);
  (ctx.facts.injects ??= []).push(fact);
  ctx.framework(framework);
}

const INJECT_DECORATORS = /^(?:Inject|inject|multiInject|injectAll|InjectQueue|InjectRepository|InjectModel|InjectDataSource|InjectEntityManager)$/;

/** Constructor parameters of DI-decorated classes, by type (parameters with an @Inject-like decorator were read already). */
export function finishClasses(ctx: FileCtx): void {
  const map = classes.get(ctx);
  if (!map) return;
  for (const info of map.values()) {
    const body = info.node.field("body");
    const ctor = body?.namedChildren().find((m) => m.kind() === "method_definition" && m.field("name")?.text() === "constructor");
    const params = ctor?.field("parameters");
    if (!params) continue;
    for (const p of params.namedChildren()) {
      const kind = p.kind() as string;
      if (kind !== "required_parameter" && kind !== "optional_parameter") continue;
      const decorated = p.namedChildren().some((c) => c.kind() === "decorator" && INJECT_DECORATORS.test(decoratorName(c)));
      if (decorated) continue;
      const token = typeValue(p);
      const name = p.field("pattern")?.text() ?? "";
      if (!token || !/^[A-Za-z_$][\w$]*$/.test(name)) continue;
      const a = at(p);
      inject(ctx, token, info.name, "constructor", info.framework, a.line, `constructor parameter ${name}: ${tokenText(token) ?? "?"}`);
    }
  }
}

function decoratorName(node: SgNode): string {
  const expr = node.namedChildren()[0];
  const callee = expr?.kind() === "call_expression" ? expr.field("function") : expr;
  const text = callee?.text() ?? "";
  return text.slice(text.lastIndexOf(".") + 1);
}
