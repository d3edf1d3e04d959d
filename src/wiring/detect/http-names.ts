// HTTP wiring, shared ground: the server frameworks and the names that identify them,
// receivers that are never servers, handler values, route paths.

import type { SgNode } from "@ast-grep/napi";
import type { HandlerRef, PathPart } from "../model.ts";
import { staticString, type Val } from "./ast.ts";
import type { FileCtx } from "./context.ts";

export const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete", "del", "options", "head", "all"]);

import { SERVER_FRAMEWORKS } from "../model.ts";

export { SERVER_FRAMEWORKS };

/** Receivers that are HTTP clients or maps, never servers. */
export const CLIENT = /^(?:axios|https?|\$http|httpClient|got|ky|superagent|request|fetch|[\w$]*[Cc]lient|cache|map|params|headers|searchParams|query|cookies|redis|store)$/;
/** Receivers taken for a server app or router when not declared in the file. */
export const APP_LIKE = /^(?:app|server|fastify|instance|[\w$]*[Rr]outer|[\w$]*[Rr]outes|[\w$]*[Aa]pp)$/;

export const CHAIN_THROUGH = new Set(["basePath", "use", "group", "guard", "onError", "onRequest", "onBeforeHandle", "onAfterHandle", "derive", "decorate", "state", "model", "all", "notFound", "mount", "register", "addHook", "setErrorHandler"]);
export const FUNCTION_DECLS: ReadonlySet<string> = new Set(["function", "const", "variable"]);

export function kind(node: SgNode): string {
  return node.kind() as string;
}

export function handlerValue(v: Val, ctx: FileCtx): HandlerRef | null {
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
      const bound = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)\.bind$/.exec(v.fn); // ctrl.get.bind(ctrl)
      if (bound) return handlerValue({ k: "member", v: bound[1]!, line: v.line, col: v.col }, ctx);
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
export function constructorNames(ctx: FileCtx): Map<string, string> {
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
export function frameworkOfType(header: string, param: string): string {
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

/** A path written as an expression, in pieces a checker can fold: names (`base`, `API.orders`), templates (`${base}/x`), concatenations (`base + "/x"`). Null: not foldable. */
export function pathParts(v: Val, ctx: FileCtx): PathPart[] | null {
  if (v.k === "str") return [v.v];
  if (v.k === "id" || v.k === "member") return v.v.startsWith("this.") ? null : [ctx.ref(v.v, v.line, v.col)];
  if (v.k === "tpl") return templateParts(v.text, v.line, v.col + 1, ctx);
  if (v.k === "other" && v.raw !== undefined && v.col !== undefined) return concatParts(v.raw, v.line, v.col, ctx);
  return null;
}

const NAME_PART = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** Line and column after advancing over `text` from (line, col). */
function advance(text: string, line: number, col: number): [number, number] {
  for (const c of text) {
    if (c === "\n") {
      line++;
      col = 0;
    } else col += c.length;
  }
  return [line, col];
}

function templateParts(body: string, line: number, col: number, ctx: FileCtx): PathPart[] | null {
  const out: PathPart[] = [];
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf("${", i);
    if (open < 0) {
      out.push(body.slice(i));
      break;
    }
    if (open > i) out.push(body.slice(i, open));
    const close = body.indexOf("}", open);
    if (close < 0) return null;
    const inner = body.slice(open + 2, close);
    const name = inner.trim();
    if (!NAME_PART.test(name) || name.startsWith("this.")) return null;
    const [l, c] = advance(body.slice(0, open + 2 + inner.indexOf(name)), line, col);
    out.push(ctx.ref(name, l, c));
    i = close + 1;
  }
  return out;
}

function concatParts(raw: string, line: number, col: number, ctx: FileCtx): PathPart[] | null {
  const pieces: { text: string; at: number }[] = [];
  let start = 0;
  let quote = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === "'" || c === '"' || c === "`") quote = c;
    else if (c === "+") {
      pieces.push({ text: raw.slice(start, i), at: start });
      start = i + 1;
    } else if (c === "(" || c === "[" || c === "?") return null;
  }
  pieces.push({ text: raw.slice(start), at: start });
  const out: PathPart[] = [];
  for (const p of pieces) {
    const text = p.text.trim();
    const at = p.at + p.text.indexOf(text);
    const [l, c] = advance(raw.slice(0, at), line, col);
    if (/^(['"]).*\1$/s.test(text)) out.push(text.slice(1, -1));
    else if (text.startsWith("`") && text.endsWith("`")) {
      const inner = templateParts(text.slice(1, -1), l, c + 1, ctx);
      if (!inner) return null;
      out.push(...inner);
    } else if (NAME_PART.test(text) && !text.startsWith("this.")) out.push(ctx.ref(text, l, c));
    else return null;
  }
  return out;
}

export function isPathLike(p: string): boolean {
  return p.startsWith("/") || p === "*" || p === "";
}

export function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
}

/** Join route path segments: `joinPath('/api', 'orders', ':id')` → `/api/orders/:id`; no trailing slash but the root. */
export function joinPath(...parts: string[]): string {
  const segs: string[] = [];
  for (const p of parts) for (const s of p.split("/")) if (s) segs.push(s);
  return `/${segs.join("/")}`;
}
