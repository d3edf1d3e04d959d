// File-based routes: the path of the module is the route. Next.js app router
// (`app/**/route.ts`, exported GET/POST/…) and pages API (`pages/api/**`), SvelteKit
// (`src/routes/**/+server.ts`), Remix / React Router route modules (`app/routes/*`,
// exported `loader` → GET and `action` → POST). Read from the declarations; no tree search.

import type { Decl } from "../../lang/model.ts";
import type { HandlerRef } from "../model.ts";
import type { FileCtx } from "./context.ts";

const NEXT_APP = /(?:^|\/)app\/((?:.+\/)?)route\.[cm]?[jt]sx?$/;
const NEXT_PAGES_API = /(?:^|\/)pages\/(api(?:\/.+)?)\.[cm]?[jt]sx?$/;
const SVELTE_SERVER = /(?:^|\/)routes\/((?:.+\/)?)\+server\.[jt]s$/;
const REMIX_ROUTE = /(?:^|\/)app\/routes\/(.+?)(?:\/route)?\.[cm]?[jt]sx?$/;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}/g;

export function fileRouteFacts(ctx: FileCtx): void {
  const path = ctx.path;
  let m = NEXT_APP.exec(path);
  if (m && !/(?:^|\/)_/.test(m[1] ?? "")) {
    const pattern = nextPattern(m[1] ?? "");
    for (const [method, handler, line] of exportedHandlers(ctx, METHODS)) add(ctx, "nextjs", method, pattern, handler, line);
    return;
  }
  m = NEXT_PAGES_API.exec(path);
  if (m) {
    const def = defaultHandler(ctx);
    if (def) add(ctx, "nextjs", "ALL", nextPattern(m[1]!.replace(/(?:^|\/)index$/, "")), def, def.line);
    return;
  }
  m = SVELTE_SERVER.exec(path);
  if (m) {
    const pattern = sveltePattern(m[1] ?? "");
    for (const [method, handler, line] of exportedHandlers(ctx, [...METHODS, "fallback"])) add(ctx, "sveltekit", method === "fallback" ? "ALL" : method, pattern, handler, line);
    return;
  }
  m = REMIX_ROUTE.exec(path);
  if (m && !m[1]!.includes("/")) {
    const handlers = exportedHandlers(ctx, ["loader", "action"]);
    if (handlers.length === 0) return;
    const framework = ctx.imports("@remix-run/") ? "remix" : "react-router";
    const pattern = remixPattern(m[1]!);
    for (const [name, handler, line] of handlers) add(ctx, framework, name === "loader" ? "GET" : "POST", pattern, handler, line);
  }
}

function add(ctx: FileCtx, framework: string, method: string, pattern: string, handler: HandlerRef, line: number): void {
  const id = `file:${framework}`;
  if (!ctx.facts.routers?.some((r) => r.id === id)) (ctx.facts.routers ??= []).push({ id, framework, prefixes: [""], line: 1, text: ctx.path });
  (ctx.facts.routes ??= []).push({ router: id, method, path: pattern, handler, framework, line, text: `${handlerName(handler)} in ${ctx.path}`, absolute: true });
  ctx.framework(framework);
}

function handlerName(h: HandlerRef): string {
  return h.symbol ?? h.ref?.name ?? "handler";
}

/** Exported top-level declarations (or `export { x as NAME }`) named as one of `names`: [name, handler, line]. */
function exportedHandlers(ctx: FileCtx, names: readonly string[]): [string, HandlerRef, number][] {
  const out: [string, HandlerRef, number][] = [];
  const wanted = new Set(names);
  const seen = new Set<string>();
  for (const d of ctx.decls) {
    if (d.container !== null || !d.exported || !wanted.has(d.name) || seen.has(d.name)) continue;
    seen.add(d.name);
    out.push([d.name, { symbol: d.name, line: d.startLine }, d.startLine]);
  }
  if (ctx.src.includes("export") && ctx.src.includes("{")) {
    for (const m of ctx.src.matchAll(EXPORT_LIST)) {
      if (/^\s*from\b/.test(ctx.src.slice(m.index + m[0].length, m.index + m[0].length + 10))) continue;
      const line = lineAt(ctx.src, m.index);
      for (const part of (m[1] ?? "").split(",")) {
        const pm = /^\s*([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*$/.exec(part);
        if (!pm) continue;
        const exported = pm[2] ?? pm[1]!;
        if (!wanted.has(exported) || seen.has(exported)) continue;
        seen.add(exported);
        const local = pm[1]!;
        const decl = ctx.decls.find((d) => d.container === null && d.name === local);
        out.push([exported, decl ? { symbol: local, line: decl.startLine } : { ref: ctx.ref(local, line, 0), line }, line]);
      }
    }
  }
  return out.sort((a, b) => a[2] - b[2] || (a[0] < b[0] ? -1 : 1));
}

function defaultHandler(ctx: FileCtx): HandlerRef | null {
  const def: Decl | undefined = ctx.decls.find((d) => d.container === null && (d.name === "default" || /^export\s+default\b/.test(d.signature)));
  if (def) return { symbol: def.name, line: def.startLine };
  const name = ctx.defaultExport();
  if (!name) return null;
  const decl = ctx.decls.find((d) => d.container === null && d.name === name);
  return decl ? { symbol: name, line: decl.startLine } : null;
}

function lineAt(src: string, offset: number): number {
  let n = 1;
  for (let i = src.indexOf("\n"); i !== -1 && i < offset; i = src.indexOf("\n", i + 1)) n++;
  return n;
}

/** Next.js folders → pattern: `(group)` and `@slot` dropped, `[id]` → `:id`, `[...slug]` / `[[...slug]]` → `:slug*`. */
export function nextPattern(dirs: string): string {
  const segs: string[] = [];
  for (const seg of dirs.split("/")) {
    if (!seg || /^\(.*\)$/.test(seg) || seg.startsWith("@")) continue;
    const catchAll = /^\[\[?\.\.\.([^\]]+)\]\]?$/.exec(seg);
    if (catchAll) segs.push(`:${catchAll[1]}*`);
    else segs.push(seg.replace(/\[([^\]]+)\]/g, ":$1"));
  }
  return `/${segs.join("/")}`;
}

/** SvelteKit folders → pattern: `(group)` dropped, `[id]` / `[id=matcher]` → `:id`, `[...rest]` → `:rest*`, `[[opt]]` → `:opt?`. */
export function sveltePattern(dirs: string): string {
  const segs: string[] = [];
  for (const seg of dirs.split("/")) {
    if (!seg || /^\(.*\)$/.test(seg)) continue;
    segs.push(
      seg
        .replace(/\[\[([^\]=]+)(?:=[^\]]+)?\]\]/g, ":$1?")
        .replace(/\[\.\.\.([^\]=]+)(?:=[^\]]+)?\]/g, ":$1*")
        .replace(/\[([^\]=]+)(?:=[^\]]+)?\]/g, ":$1"),
    );
  }
  return `/${segs.join("/")}`;
}

/** Remix flat route name → pattern: `.` separates segments, `$id` → `:id`, `$` → `*`, `_index` → index, `_layout` segments dropped, `x_` → `x`, `(seg)` optional, `[.]` escapes. */
export function remixPattern(name: string): string {
  const segs: string[] = [];
  let current = "";
  let escaped = false;
  const parts: string[] = [];
  for (const ch of name) {
    if (ch === "[") escaped = true;
    else if (ch === "]") escaped = false;
    else if (ch === "." && !escaped) {
      parts.push(current);
      current = "";
    } else current += escaped ? ch : ch;
  }
  parts.push(current);
  for (const raw of parts) {
    if (raw === "_index" || raw === "index" || raw === "route") continue;
    if (raw.startsWith("_")) continue;
    let seg = raw.endsWith("_") ? raw.slice(0, -1) : raw;
    const optional = /^\((.*)\)$/.exec(seg);
    if (optional) seg = `${optional[1]}?`;
    if (seg === "$") segs.push("*");
    else if (seg.startsWith("$")) segs.push(`:${seg.slice(1)}`);
    else if (seg) segs.push(seg);
  }
  return `/${segs.join("/")}`;
}
