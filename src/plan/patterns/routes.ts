// Pattern summary: HTTP routing framework(s) and route counts — NestJS controllers,
// Express/Koa/Fastify/Hono/Elysia method calls, Bun.serve routes, Next.js (app router and
// pages API), SvelteKit endpoints, Remix/React Router route modules; other languages in
// routes-other.ts.

import { otherRouteSegments } from "./routes-other.ts";
import { count, imports, joinSegments, parts, plural, skipString, type Corpus, type Segment, type Src } from "./source.ts";

const NEST_CONTROLLER = /@Controller\s*\(/g;
const NEST_ROUTE = /@(?:Get|Post|Put|Patch|Delete|Options|Head|All|Search)\s*\(/g;
const METHOD_ROUTE =
  /(?:(?<![\w$])([A-Za-z_$][\w$]*)|\))\s*\.\s*(?:get|post|put|patch|delete|del|options|head|all)\s*\(\s*['"`](?:\/|\*['"`])/g;
const ROUTE_CHAIN = /\.route\s*\(\s*['"`]\/[^'"`\n]*['"`]\s*\)/g;
const CHAINED = /\s*\.\s*(?:get|post|put|patch|delete|del|options|head|all)\s*\(/y;
const ROUTE_OBJECT = /\.route\s*\(\s*\{/g;
const CLIENT = /^(?:axios|https?|\$http|httpClient|got|ky|superagent|request|fetch)$/;
/** Receivers taken for a server app in a file that imports no framework (`api` is too often an HTTP client). */
const APP_LIKE = /^(?:app|server|fastify|[\w$]*[Rr]outer|[\w$]*[Rr]outes)$/;
const BUN_ROUTE_KEY = /(['"`])\/[^'"`\n]*\1\s*:/g;
const NEXT_ROUTE_FILE = /(?:^|\/)app\/(?:.+\/)?route\.[cm]?[jt]sx?$/;
const NEXT_PAGES_API = /(?:^|\/)pages\/api\/.+\.[cm]?[jt]sx?$/;
const SVELTE_SERVER = /(?:^|\/)\+server\.[jt]s$/;
const REMIX_ROUTE_DIR = /(?:^|\/)app\/routes\//;
const EXPORT_METHOD = /\bexport\s+(?:async\s+)?(?:function\b\s*\*?\s*|(?:const|let|var)\s+)(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g;
const EXPORT_LIST = /\bexport\s*(?:(?:const|let|var)\s*)?\{([^}]*)\}/g;
const METHOD_NAME = /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g;
const LOADER_ACTION = /\bexport\s+(?:async\s+)?(?:function\b\s*|(?:const|let)\s+)(loader|action)\b/g;

/** Server frameworks routed by `x.METHOD(path, …)`, in tie-break order, with the modules that identify them. */
const JS_FRAMEWORKS: readonly (readonly [string, readonly string[]])[] = [
  ["Express", ["express"]],
  ["Koa", ["@koa/router", "koa-router", "koa"]],
  ["Fastify", ["fastify", "fastify-plugin"]],
  ["Hono", ["hono"]],
  ["Elysia", ["elysia"]],
];

interface RouteTally { routes: number; files: number; order: number }

export function detectRoutes(corpus: Corpus): string | null {
  const js = corpus.code.filter((f) => f.lang === "js");
  const used = JS_FRAMEWORKS.filter(([, mods]) => js.some((f) => imports(f, ...mods))).map(([label]) => label);
  const fallback = used.length === 1 ? used[0] : undefined;
  const found = new Map<string, RouteTally>();
  const add = (label: string, routes: number, order: number): void => {
    const t = found.get(label) ?? { routes: 0, files: 0, order };
    t.routes += routes;
    t.files += 1;
    found.set(label, t);
  };
  let controllers = 0, nestRoutes = 0, loaders = 0, actions = 0, remixModules = 0;
  for (const f of js) {
    const c = f.code;
    if (c.includes("@Controller")) {
      controllers += count(NEST_CONTROLLER, c);
      nestRoutes += count(NEST_ROUTE, c);
    }
    const own = JS_FRAMEWORKS.findIndex(([, mods]) => imports(f, ...mods));
    const n = methodRoutes(f, own >= 0 ? JS_FRAMEWORKS[own]?.[0] : undefined, fallback);
    if (n.routes > 0 && n.label) add(n.label, n.routes, JS_FRAMEWORKS.findIndex(([l]) => l === n.label));
    if (c.includes("Bun.serve")) add("Bun.serve", count(BUN_ROUTE_KEY, c), 10);
    if (NEXT_ROUTE_FILE.test(f.path)) add("Next.js app router", exportedMethods(c), 11);
    else if (NEXT_PAGES_API.test(f.path)) add("Next.js pages API", 1, 12);
    else if (SVELTE_SERVER.test(f.path)) add("SvelteKit", exportedMethods(c), 13);
    else if (c.includes("export") && (REMIX_ROUTE_DIR.test(f.path) || imports(f, "@remix-run/", "react-router", "@react-router/"))) {
      const kinds = new Set<string>();
      for (const m of c.matchAll(LOADER_ACTION)) kinds.add(m[1] ?? "");
      if (kinds.size > 0) remixModules++;
      if (kinds.has("loader")) loaders++;
      if (kinds.has("action")) actions++;
    }
  }
  const segments: Segment[] = [];
  if (controllers > 0) {
    segments.push({ text: `NestJS — ${plural(nestRoutes, "route")} in ${plural(controllers, "controller")}`, weight: nestRoutes });
  }
  const tallies = [...found.entries()].sort((a, b) => a[1].order - b[1].order);
  for (const [label, t] of tallies) {
    const text = label === "Bun.serve" && t.routes === 0
      ? `Bun.serve — fetch handler in ${plural(t.files, "file")}`
      : `${label} — ${plural(t.routes, "route")} in ${plural(t.files, "file")}`;
    segments.push({ text, weight: t.routes });
  }
  if (remixModules > 0) {
    const label = corpusImports(js, "@remix-run/") ? "Remix" : corpusImports(js, "react-router", "@react-router/") ? "React Router" : "Remix/React Router";
    const detail = parts([loaders, "loader"], [actions, "action"]);
    segments.push({ text: `${label} — ${plural(remixModules, "route module")} (${detail})`, weight: remixModules });
  }
  segments.push(...otherRouteSegments(corpus.code));
  return segments.length ? joinSegments(segments) : null;
}

function corpusImports(files: readonly Src[], ...mods: string[]): boolean {
  return files.some((f) => imports(f, ...mods));
}

/** `x.get('/path', …)` calls, `.route('/path').get(…).post(…)` chains and `.route({ … })` objects of one file. */
function methodRoutes(f: Src, own: string | undefined, fallback: string | undefined): { label?: string; routes: number } {
  const c = f.code;
  let routes = 0;
  let label = own;
  for (const m of c.matchAll(METHOD_ROUTE)) {
    const receiver = m[1];
    if (receiver !== undefined && CLIENT.test(receiver)) continue;
    if (!own) {
      if (receiver === undefined || !APP_LIKE.test(receiver)) continue;
      label = receiver === "fastify" ? "Fastify" : fallback;
      if (!label) continue;
    }
    routes++;
  }
  if (!label) return { routes: 0 };
  if (c.includes(".route")) {
    for (const m of c.matchAll(ROUTE_CHAIN)) {
      let pos = m.index + m[0].length;
      let methods = 0;
      for (CHAINED.lastIndex = pos; CHAINED.exec(c) !== null; CHAINED.lastIndex = pos) {
        pos = skipParens(c, CHAINED.lastIndex - 1);
        methods++;
      }
      routes += Math.max(1, methods);
    }
    routes += count(ROUTE_OBJECT, c);
  }
  return { label, routes };
}

/** Index just past the parenthesised group opening at `open`. */
function skipParens(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; ) {
    const ch = code[i];
    if (ch === '"' || ch === "'" || ch === "`") {
      i = skipString(code, i, false);
      continue;
    }
    if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return i + 1;
    i++;
  }
  return code.length;
}

/** HTTP method handlers a route module exports (`export async function GET`, `export { h as POST }`). */
function exportedMethods(code: string): number {
  const methods = new Set<string>();
  for (const m of code.matchAll(EXPORT_METHOD)) methods.add(m[1] ?? "");
  if (code.includes("{")) {
    for (const m of code.matchAll(EXPORT_LIST)) for (const n of (m[1] ?? "").matchAll(METHOD_NAME)) methods.add(n[0]);
  }
  return methods.size;
}
