// DI registrations and resolutions outside decorators: NestJS/Angular provider lists,
// InversifyJS `bind(X).to(Y)`, tsyringe `container.register*`, Awilix `asClass/asFunction/
// asValue` and cradle constructors, Angular `inject(X)`, `container.get/resolve(X)`, and
// `class A implements B` (interface → implementation without a container).

import type { SgNode } from "@ast-grep/napi";
import type { ProvideFact } from "../model.ts";
import { argumentValues, at, nameValue, pair, readValue, tokenText, type Val } from "./ast.ts";
import type { FileCtx } from "./context.ts";

const INVERSIFY_TO = /^(?:to|toSelf|toConstantValue|toDynamicValue|toFactory|toService|toProvider|toFunction|toConstructor|toAutoFactory)$/;
const CONTAINER = /(?:^|\.)(?:container|[\w$]*Container|injector|[\w$]*[Ii]njector|di)$/;

/** A NestJS / Angular / tsyringe provider list: `[A, { provide: T, useClass: B }, …]`. */
export function providerList(ctx: FileCtx, list: Val, scope: string, framework: string, line: number): void {
  const items = list.k === "arr" ? list.items : [list];
  for (const item of items) {
    if (item.k === "id" || item.k === "member") {
      provide(ctx, { token: item, impl: item, how: "class", scope, framework, line: item.line, text: `providers: [${item.v}]` });
    } else if (item.k === "obj") {
      const token = pair(item, "provide") ?? pair(item, "token");
      if (!token) continue;
      const text = `{ provide: ${tokenText(token) ?? "?"}, ${item.pairs.filter(([k]) => k.startsWith("use")).map(([k, v]) => `${k}: ${v.k === "id" || v.k === "member" ? v.v : "…"}`).join(", ")} }`;
      for (const how of ["useClass", "useExisting", "useFactory", "useValue", "useToken"]) {
        const v = pair(item, how);
        if (!v) continue;
        provide(ctx, { token, impl: v, how, scope, framework, line: item.line, text });
        break;
      }
    } else if (item.k === "other" && item.text.startsWith("...")) {
      ctx.unresolved("service", `providers: [${item.text}] in ${scope}`, item.line);
    }
  }
}

interface ProvideInput {
  token: Val;
  impl: Val | null;
  how: string;
  scope: string | null;
  framework: string;
  line: number;
  text: string;
}

function provide(ctx: FileCtx, p: ProvideInput): void {
  const token = tokenText(p.token);
  if (!token) {
    ctx.unresolved("service", p.text, p.line);
    return;
  }
  const fact: ProvideFact = { token, how: p.how, scope: p.scope, framework: p.framework, line: p.line, text: p.text };
  const tokenName = nameValue(p.token);
  if (tokenName) fact.tokenRef = ctx.ref(tokenName.name, tokenName.line, tokenName.col);
  const implName = p.impl ? nameValue(p.impl) : null;
  if (implName) fact.impl = ctx.ref(implName.name, implName.line, implName.col);
  else if (p.impl) fact.implLine = p.impl.line;
  (ctx.facts.provides ??= []).push(fact);
  ctx.framework(p.framework);
}

/** Handle one matched call; true when it was DI wiring. */
export function containerCall(ctx: FileCtx, node: SgNode): boolean {
  const fn = node.field("function");
  if (!fn) return false;
  if (fn.kind() === "identifier") {
    const name = fn.text();
    if (name === "inject" && (ctx.imports("@angular/") || ctx.localOf("inject", "@angular/core") === "inject")) return angularInject(ctx, node);
    return false;
  }
  if (fn.kind() !== "member_expression") return false;
  const prop = fn.field("property")?.text() ?? "";
  const object = fn.field("object");
  if (!object) return false;
  if (INVERSIFY_TO.test(prop)) return inversifyBinding(ctx, node, object, prop);
  if (/^register(?:Singleton|Instance|Type)?$/.test(prop)) return registration(ctx, node, object, prop);
  if ((prop === "get" || prop === "resolve") && CONTAINER.test(object.text().replace(/\s+/g, ""))) return resolution(ctx, node, prop);
  return false;
}

function args(node: SgNode, depth = 3): Val[] {
  const a = node.field("arguments");
  return a ? argumentValues(a, depth) : [];
}

/** InversifyJS `container.bind<T>(TOKEN).to(Impl)` (also toSelf, toConstantValue, toDynamicValue…; `bind` inside a ContainerModule). */
function inversifyBinding(ctx: FileCtx, node: SgNode, object: SgNode, prop: string): boolean {
  if (object.kind() !== "call_expression") return false;
  const bindFn = object.field("function");
  const bindName = bindFn ? bindFn.text().replace(/\s+/g, "") : "";
  if (!/(?:^|\.)(?:re)?bind$/.test(bindName)) return false;
  if (!ctx.imports("inversify") && !CONTAINER.test(bindName.replace(/\.(?:re)?bind$/, "")) && !/^(?:re)?bind$/.test(bindName)) return false;
  const token = args(object)[0];
  if (!token) return false;
  const impl = prop === "toSelf" ? token : (args(node)[0] ?? null);
  const a = at(node);
  provide(ctx, { token, impl, how: prop, scope: ctx.enclosingName(a.start), framework: "inversify", line: at(object).line, text: ctx.evidence(object.parent() ?? node, 90) });
  return true;
}

/** tsyringe `container.register(T, { useClass: X })`, `registerSingleton(T, X)`, `registerInstance(T, v)`, `registerType(T, X)`; Awilix `container.register({ name: asClass(X) })`. */
function registration(ctx: FileCtx, node: SgNode, object: SgNode, prop: string): boolean {
  const list = args(node, 4);
  const line = at(node).line;
  const scope = ctx.enclosingName(at(node).start);
  const text = ctx.evidence(node);
  if (ctx.imports("awilix") || list.some(isAwilixValue)) {
    const entries: [Val, Val][] = list[0]?.k === "obj" ? list[0].pairs.map(([k, v]) => [{ k: "str", v: k, line: v.line }, v]) : list.length >= 2 ? [[list[0]!, list[1]!]] : [];
    for (const [token, value] of entries) awilixEntry(ctx, token, value, scope);
    return entries.length > 0;
  }
  if (!ctx.imports("tsyringe") && !CONTAINER.test(object.text().replace(/\s+/g, ""))) return false;
  const [token, second] = list;
  if (!token) return false;
  if (prop === "registerSingleton" || prop === "registerType") {
    provide(ctx, { token, impl: second ?? token, how: prop, scope, framework: "tsyringe", line, text });
  } else if (prop === "registerInstance") {
    provide(ctx, { token, impl: second ?? null, how: "useValue", scope, framework: "tsyringe", line, text });
  } else if (second?.k === "obj") {
    for (const how of ["useClass", "useValue", "useFactory", "useToken"]) {
      const v = pair(second, how);
      if (v) {
        provide(ctx, { token, impl: v, how, scope, framework: "tsyringe", line, text });
        return true;
      }
    }
    return false;
  } else {
    provide(ctx, { token, impl: second ?? null, how: "register", scope, framework: "tsyringe", line, text });
  }
  return true;
}

function isAwilixValue(v: Val): boolean {
  if (v.k === "obj") return v.pairs.some(([, x]) => isAwilixValue(x));
  return v.k === "call" && /^as(?:Class|Function|Value)\b/.test(v.fn);
}

/** `name: asClass(X).singleton()` → token 'name' resolves to X. */
function awilixEntry(ctx: FileCtx, token: Val, value: Val, scope: string | null): void {
  if (value.k !== "call") return;
  let how: string;
  let implName: string | undefined;
  if (/^as(?:Class|Function|Value)$/.test(value.fn)) {
    how = value.fn;
    const first = value.args[0];
    implName = first && (first.k === "id" || first.k === "member") ? first.v : undefined;
  } else {
    const m = /^(as(?:Class|Function|Value))\s*\(\s*([A-Za-z_$][\w$.]*)?/.exec(value.fn); // asClass(X).singleton()
    if (!m) return;
    how = m[1]!;
    implName = m[2];
  }
  const impl: Val | null = implName ? { k: "id", v: implName, line: value.line, col: value.col } : null;
  provide(ctx, { token, impl, how, scope, framework: "awilix", line: token.line, text: `${tokenText(token) ?? "?"}: ${how}(${implName ?? "…"})` });
}

/** `container.get<T>(TOKEN)` / `container.resolve(X)`: a consumer resolving a token. */
function resolution(ctx: FileCtx, node: SgNode, prop: string): boolean {
  const token = args(node)[0];
  const name = token ? tokenText(token) : null;
  if (!token || !name) return false;
  const a = at(node);
  const framework = ctx.imports("inversify") ? "inversify" : ctx.imports("tsyringe") ? "tsyringe" : ctx.imports("awilix") ? "awilix" : "container";
  const ref = nameValue(token);
  (ctx.facts.injects ??= []).push({
    token: name,
    ...(ref ? { tokenRef: ctx.ref(ref.name, ref.line, ref.col) } : {}),
    consumer: ctx.enclosingName(a.start),
    how: `container.${prop}`,
    framework,
    line: a.line,
    text: ctx.evidence(node),
  });
  return true;
}

/** Angular `inject(X)` in a field initializer or constructor. */
function angularInject(ctx: FileCtx, node: SgNode): boolean {
  const token = args(node)[0];
  const name = token ? tokenText(token) : null;
  if (!token || !name) return false;
  const a = at(node);
  const cls = ctx.enclosing(a.start, new Set(["class"]));
  const ref = nameValue(token);
  (ctx.facts.injects ??= []).push({
    token: name,
    ...(ref ? { tokenRef: ctx.ref(ref.name, ref.line, ref.col) } : {}),
    consumer: cls?.qualifiedName ?? ctx.enclosingName(a.start),
    how: "inject()",
    framework: "angular",
    line: a.line,
    text: ctx.evidence(node),
  });
  ctx.framework("angular");
  return true;
}

/** `class A implements B, C<T>`: each interface → this class. */
export function implementsClause(ctx: FileCtx, node: SgNode): void {
  const a = at(node);
  const cls = ctx.enclosing(a.start, new Set(["class"]));
  if (!cls) return;
  for (const type of node.namedChildren()) {
    let target = type;
    if (type.kind() === "generic_type") target = type.field("name") ?? type.namedChildren()[0] ?? type;
    const v = readValue(target, 0);
    if (v.k !== "id" && v.k !== "member") continue;
    (ctx.facts.implementations ??= []).push({ cls: cls.qualifiedName, iface: ctx.ref(v.v, v.line, v.col), line: a.line });
  }
}

const CRADLE = /\bconstructor\s*\(\s*\{([^}]*)\}/g;

/** Awilix PROXY-mode constructors `constructor({ orderService, logger })`: injections kept only for classes registered with asClass (see link). */
export function cradleConstructors(ctx: FileCtx): void {
  if (!ctx.src.includes("constructor")) return;
  for (const m of ctx.src.matchAll(CRADLE)) {
    const cls = ctx.enclosing(m.index, new Set(["class"]));
    if (!cls) continue;
    const line = lineAt(ctx.src, m.index);
    for (const raw of (m[1] ?? "").split(",")) {
      const name = /^\s*([A-Za-z_$][\w$]*)/.exec(raw)?.[1];
      if (!name) continue;
      (ctx.facts.injects ??= []).push({ token: `'${name}'`, consumer: cls.qualifiedName, how: `cradle ${name}`, framework: "awilix", line, text: `constructor({ ${name}, … })` });
    }
  }
}

function lineAt(src: string, offset: number): number {
  let n = 1;
  for (let i = src.indexOf("\n"); i !== -1 && i < offset; i = src.indexOf("\n", i + 1)) n++;
  return n;
}
