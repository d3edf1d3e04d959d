// Configuration in code: environment reads (`process.env.X`, `process.env['X']`,
// `const { X } = process.env`, `import.meta.env.X`, `Bun.env.X`, `Deno.env.get('X')`),
// config-service reads (`configService.get('a.b')`, `config.get('x')`), and definitions:
// NestJS `registerAs('section', () => ({ … }))`, zod env schemas parsed from process.env,
// envalid `cleanEnv(process.env, { … })`, `createEnv({ server: { … } })`.

import type { NapiConfig, SgNode } from "@ast-grep/napi";
import { argumentValues, at, pair, readValue, staticString, type Val } from "./ast.ts";
import type { FileCtx } from "./context.ts";

const HINT = /\b(?:process|Bun)\s*\.\s*env\b|\bimport\s*\.\s*meta\s*\.\s*env\b|\bDeno\s*\.\s*env\b|\bconfig\w*\s*\.\s*get\w*\s*[(<]|\b(?:registerAs|cleanEnv|createEnv)\s*\(/i;
const ENV_MEMBER = /^(?:(process|Bun)\.env|import\.meta\.env)\.([A-Za-z_$][\w$]*)$/;
const ENV_SUBSCRIPT = /^(?:(process|Bun)\.env|import\.meta\.env)\[/;
const CONFIG_RECEIVER = /(?:^|\.)[\w$]*[Cc]onfig[\w$]*$/;

/** `this.get('x')` in a class named like a config service (see configClassOf). */
const SELF_READ = /\bthis\s*\.\s*get(?:OrThrow)?\s*[(<]/;
const CONFIG_CLASS = /\bclass\s+[\w$]*Config/;

export function hasConfigHints(src: string): boolean {
  return HINT.test(src) || (SELF_READ.test(src) && CONFIG_CLASS.test(src));
}

/**
 * The config class a `this.get('x')` at `offset` reads its own options through (mikro-orm's
 * `Configuration` reading `this.get('dbName')`): the enclosing class is named like a config
 * service and declares the `get` it calls with its keys typed by its options type
 * (`get<T extends keyof Options>(key: T)`). Any other class's `this.get` is no config read.
 */
function configClassOf(ctx: FileCtx, offset: number, method: string): string | null {
  const cls = ctx.enclosing(offset, new Set(["class"]));
  if (!cls || !/Config/.test(cls.name)) return null;
  const own = ctx.decls.find((d) => d.container === cls.qualifiedName && d.name === method && d.kind === "method" && /\bkeyof\b/.test(d.signature));
  return own ? cls.qualifiedName : null;
}

function sourceOf(head: string | undefined): string {
  return head === "process" ? "process.env" : head === "Bun" ? "Bun.env" : "import.meta.env";
}

/** `process.env.X` / `process.env['X']` (and the Bun / import.meta forms). */
export function envRead(ctx: FileCtx, node: SgNode): void {
  const text = node.text().replace(/\s+/g, "");
  const a = at(node);
  const m = ENV_MEMBER.exec(text);
  if (m) {
    read(ctx, m[2]!, sourceOf(m[1]), a.start, a.line, text);
    return;
  }
  const s = ENV_SUBSCRIPT.exec(text);
  if (!s || !text.endsWith("]")) return;
  const index = node.field("index");
  const key = index ? staticString(readValue(index, 0)) : null;
  if (key === null) ctx.unresolved("config", text, a.line);
  else read(ctx, key, sourceOf(s[1]), a.start, a.line, text);
}

/** `const { A, B: b, C = 'x' } = process.env`. */
export function envDestructure(ctx: FileCtx, node: SgNode): void {
  const name = node.field("name");
  if (!name || name.kind() !== "object_pattern") return;
  const value = node.field("value")?.text().replace(/\s+/g, "") ?? "";
  const source = value.startsWith("process") ? "process.env" : value.startsWith("Bun") ? "Bun.env" : "import.meta.env";
  const a = at(node);
  for (const child of name.namedChildren()) {
    const kind = child.kind() as string;
    let key: string | null = null;
    if (kind === "shorthand_property_identifier_pattern") key = child.text();
    else if (kind === "pair_pattern") key = child.field("key")?.text() ?? null;
    else if (kind === "object_assignment_pattern") key = child.field("left")?.text() ?? null;
    if (key) read(ctx, key.replace(/^['"]|['"]$/g, ""), source, a.start, at(child).line, `const { ${key} } = ${source}`);
  }
}

function read(ctx: FileCtx, key: string, source: string, offset: number, line: number, text: string): void {
  (ctx.facts.configReads ??= []).push({ key, source, from: ctx.enclosingName(offset), line, text });
  ctx.framework("env");
}

function define(ctx: FileCtx, key: string, source: string, line: number): void {
  (ctx.facts.configDefs ??= []).push({ key, source, line });
}

function argsOf(node: SgNode, depth = 3): Val[] {
  const a = node.field("arguments");
  return a ? argumentValues(a, depth) : [];
}

/** `configService.get('a.b')`, `Deno.env.get('X')`, `registerAs(…)`, `cleanEnv(…)`, `createEnv(…)`; true when handled. */
export function configCall(ctx: FileCtx, node: SgNode): boolean {
  const fn = node.field("function");
  if (!fn) return false;
  const a = at(node);
  if (fn.kind() === "identifier") {
    const name = fn.text();
    if (name === "registerAs") return registerAs(ctx, node);
    if (name === "cleanEnv") return schemaKeys(ctx, argsOf(node)[1], "envalid");
    if (name === "createEnv") {
      const opts = argsOf(node, 4)[0];
      let any = false;
      for (const part of ["server", "client", "shared"]) any = schemaKeys(ctx, pair(opts, part), "env schema") || any;
      return any;
    }
    return false;
  }
  if (fn.kind() !== "member_expression") return false;
  const prop = fn.field("property")?.text() ?? "";
  if (prop !== "get" && prop !== "getOrThrow") return false;
  const object = fn.field("object")?.text().replace(/\s+/g, "") ?? "";
  const deno = object === "Deno.env";
  if (!deno && !CONFIG_RECEIVER.test(object) && !(object === "this" && configClassOf(ctx, a.start, prop))) return false;
  const key = staticString(argsOf(node, 0)[0]);
  const text = ctx.evidence(node);
  if (key === null) {
    ctx.unresolved("config", text, a.line);
    return true;
  }
  const source = deno ? "Deno.env" : ctx.imports("@nestjs/config") ? "ConfigService" : "config.get";
  const objectNode = fn.field("object");
  const receiver = !deno && objectNode && /^(?:this\.)?[A-Za-z_$][\w$]*$/.test(object) ? { name: object, line: at(objectNode).line, col: at(objectNode).col } : undefined;
  (ctx.facts.configReads ??= []).push({ key, source, from: ctx.enclosingName(a.start), line: a.line, text, ...(receiver ? { receiver } : {}) });
  ctx.framework(deno ? "env" : source === "ConfigService" ? "nestjs-config" : "config");
  return true;
}

/** `registerAs('database', () => ({ host: …, port: … }))` defines `database`, `database.host`, `database.port`. */
function registerAs(ctx: FileCtx, node: SgNode): boolean {
  const argsNode = node.field("arguments");
  const args = argsNode?.namedChildren() ?? [];
  const section = args[0] ? staticString(readValue(args[0], 0)) : null;
  const a = at(node);
  if (section === null) {
    ctx.unresolved("config", ctx.evidence(node), a.line);
    return true;
  }
  define(ctx, section, "registerAs", a.line);
  const factory = args[1];
  let body = factory?.field("body") ?? null;
  if (body && body.kind() === "statement_block") body = body.find({ rule: { kind: "return_statement" } } as NapiConfig)?.namedChildren()[0] ?? null;
  const value = body ? readValue(body, 1) : null;
  if (value?.k === "obj") for (const [key, v] of value.pairs) define(ctx, `${section}.${key}`, "registerAs", v.line);
  ctx.framework("nestjs-config");
  return true;
}

function schemaKeys(ctx: FileCtx, v: Val | undefined, source: string): boolean {
  if (!v || v.k !== "obj") return false;
  for (const [key, value] of v.pairs) define(ctx, key, source, value.line);
  ctx.framework(source === "envalid" ? "envalid" : "zod");
  return v.pairs.length > 0;
}

/** `schema.parse(process.env)` / `z.object({ … }).safeParse(process.env)`: the schema's keys are environment variables. */
export function schemaCall(ctx: FileCtx, node: SgNode): void {
  const fn = node.field("function");
  if (!fn || fn.kind() !== "member_expression") return;
  const prop = fn.field("property")?.text() ?? "";
  if (prop !== "parse" && prop !== "safeParse") return;
  const argText = node.field("arguments")?.text().replace(/\s+/g, "") ?? "";
  if (!/^\((?:process\.env|import\.meta\.env|Bun\.env)\)$/.test(argText)) return;
  let schema = fn.field("object");
  if (schema?.kind() === "identifier" && ctx.root) {
    const name = schema.text();
    const decl = ctx.root.find({ rule: { kind: "variable_declarator", has: { field: "name", regex: `^${name.replace(/\$/g, "\\$")}$` } } } as NapiConfig);
    schema = decl?.field("value") ?? null;
  }
  if (!schema || schema.kind() !== "call_expression") return;
  const callee = schema.field("function")?.text().replace(/\s+/g, "") ?? "";
  if (!/(?:^|\.)(?:object|strictObject)$/.test(callee)) return;
  schemaKeys(ctx, argsOf(schema, 2)[0], "zod");
}
