// Pattern summary from the wiring detectors (src/wiring): the TypeScript/JavaScript
// frameworks found — HTTP routing, dependency injection, CQRS, messaging, configuration —
// counted from the same per-file facts the index stores (read from the index when the
// fusion has one, else detected from the collected text). Other languages keep their cheap
// signals in routes-other.ts and wiring.ts.

import type { FileFacts } from "../../wiring/model.ts";
import { examples, imports, parts, plural, Tally, type Corpus, type Segment } from "./source.ts";

const SERVER_LABELS: readonly (readonly [string, string, readonly string[]])[] = [
  ["express", "Express", ["express"]],
  ["koa", "Koa", ["@koa/router", "koa-router", "koa"]],
  ["fastify", "Fastify", ["fastify", "fastify-plugin"]],
  ["hono", "Hono", ["hono"]],
  ["elysia", "Elysia", ["elysia"]],
];
const PAGES_API = /(?:^|\/)pages\/api\//;

function code(corpus: Corpus): [string, FileFacts][] {
  const keep = new Set(corpus.code.filter((f) => f.lang === "js").map((f) => f.path));
  return [...corpus.wiring].filter(([path]) => keep.has(path));
}

interface RouteTally {
  routes: number;
  files: Set<string>;
}

export function routeSegments(corpus: Corpus): Segment[] {
  const files = code(corpus);
  const used = SERVER_LABELS.filter(([, , mods]) => corpus.code.some((f) => f.lang === "js" && imports(f, ...mods)));
  const fallback = used.length === 1 ? used[0]![0] : "";
  const tallies = new Map<string, RouteTally>();
  const add = (label: string, path: string, n = 1) => {
    const t = tallies.get(label) ?? { routes: 0, files: new Set<string>() };
    t.routes += n;
    t.files.add(path);
    tallies.set(label, t);
  };
  let nestRoutes = 0;
  let controllers = 0;
  const remix = { modules: new Set<string>(), loaders: 0, actions: 0, remix: false };
  const bunFiles = new Set<string>();
  for (const [path, f] of files) {
    controllers += (f.routers ?? []).filter((r) => r.framework === "nestjs").length;
    if (f.frameworks.includes("bun")) bunFiles.add(path);
    for (const r of f.routes ?? []) {
      const fw = r.framework || fallback;
      if (fw === "nestjs") nestRoutes++;
      else if (fw === "nextjs") add(PAGES_API.test(path) ? "Next.js pages API" : "Next.js app router", path);
      else if (fw === "sveltekit") add("SvelteKit", path);
      else if (fw === "bun") add("Bun.serve", path);
      else if (fw === "remix" || fw === "react-router") {
        remix.modules.add(path);
        remix.remix ||= fw === "remix";
        if (r.method === "GET") remix.loaders++;
        else remix.actions++;
      } else {
        const label = SERVER_LABELS.find(([id]) => id === fw)?.[1];
        if (label) add(label, path);
      }
    }
  }
  const segments: Segment[] = [];
  if (nestRoutes > 0) segments.push({ text: `NestJS — ${plural(nestRoutes, "route")} in ${plural(controllers, "controller")}`, weight: nestRoutes });
  const order = [...SERVER_LABELS.map(([, l]) => l), "Bun.serve", "Next.js app router", "Next.js pages API", "SvelteKit"];
  for (const label of order) {
    const t = tallies.get(label);
    if (t) segments.push({ text: `${label} — ${plural(t.routes, "route")} in ${plural(t.files.size, "file")}`, weight: t.routes });
    else if (label === "Bun.serve" && bunFiles.size) segments.push({ text: `Bun.serve — fetch handler in ${plural(bunFiles.size, "file")}`, weight: 0 });
  }
  if (remix.modules.size) {
    const detail = parts([remix.loaders, "loader"], [remix.actions, "action"]);
    segments.push({ text: `${remix.remix ? "Remix" : "React Router"} — ${plural(remix.modules.size, "route module")} (${detail})`, weight: remix.modules.size });
  }
  return segments;
}

export function injectionSegments(corpus: Corpus): Segment[] {
  const injectables = new Tally();
  const provides = new Tally();
  const awilix = new Tally();
  let modules = 0;
  let ngInject = 0;
  for (const [, f] of code(corpus)) {
    modules += (f.modules ?? []).length;
    for (const i of f.injectables ?? []) injectables.add(i.framework);
    for (const p of f.provides ?? []) {
      provides.add(p.framework);
      if (p.framework === "awilix") awilix.add(p.how);
    }
    ngInject += (f.injects ?? []).filter((i) => i.how === "inject()").length;
  }
  const segments: Segment[] = [];
  const nest = injectables.n("nestjs");
  if (nest + modules > 0) segments.push({ text: `NestJS — ${plural(nest, "injectable provider")} in ${plural(modules, "module")}`, weight: nest });
  const ng = injectables.n("angular");
  if (ng + ngInject > 0) segments.push({ text: `Angular — ${parts([ng, "injectable service"], [ngInject, "inject() call"])}`, weight: ng + ngInject });
  for (const [fw, label, what] of [["inversify", "InversifyJS", "container binding"], ["tsyringe", "tsyringe", "container registration"]] as const) {
    const n = injectables.n(fw) + provides.n(fw);
    if (n > 0) segments.push({ text: `${label} — ${parts([injectables.n(fw), "injectable class", "injectable classes"], [provides.n(fw), what])}`, weight: n });
  }
  if (awilix.total() > 0) {
    const detail = parts([awilix.n("asClass"), "asClass", "asClass"], [awilix.n("asFunction"), "asFunction", "asFunction"], [awilix.n("asValue"), "asValue", "asValue"]);
    segments.push({ text: `Awilix — ${plural(awilix.total(), "registration")} (${detail})`, weight: awilix.total() });
  }
  return segments;
}

/** NestJS CQRS handlers and sagas, and the CQRS requests dispatched. */
export function cqrsSegments(corpus: Corpus): { segments: Segment[]; dispatched: string[] } {
  const handlers = new Tally();
  const sagas = new Set<string>();
  const dispatched: string[] = [];
  for (const [, f] of code(corpus)) {
    for (const h of f.handles ?? []) {
      if (h.framework !== "nestjs-cqrs") continue;
      if (h.text.startsWith("@Saga")) sagas.add(h.handler ?? "");
      else handlers.add(h.kind);
    }
    for (const s of f.sends ?? []) if ((s.kind === "command" || s.kind === "query" || s.kind === "event") && s.request && !s.text.startsWith("saga ")) dispatched.push(s.request);
  }
  const total = handlers.total() + sagas.size;
  const segments: Segment[] = [];
  if (total > 0) {
    const text = parts([handlers.n("command"), "command handler"], [handlers.n("query"), "query handler"], [handlers.n("event"), "event handler"], [sagas.size, "saga"]);
    segments.push({ text: `NestJS CQRS — ${text}`, weight: total });
  }
  return { segments, dispatched };
}

/** Messaging: NestJS microservices, BullMQ, EventEmitter (listeners and emits with literal names). */
export function detectMessaging(corpus: Corpus): string | null {
  const handles = new Tally();
  const sends = new Tally();
  for (const [, f] of code(corpus)) {
    for (const h of f.handles ?? []) handles.add(h.kind === "emitter" ? "emitter" : h.kind === "message" ? "message" : h.kind === "job" ? "job" : "");
    for (const s of f.sends ?? []) sends.add(s.kind === "emitter" ? "emitter" : s.kind === "message" ? "message" : s.kind === "job" ? "job" : "");
  }
  const segments: Segment[] = [];
  const add = (key: string, label: string, handled: string, sent: string) => {
    const n = handles.n(key) + sends.n(key);
    if (n > 0) segments.push({ text: `${label} — ${parts([handles.n(key), handled], [sends.n(key), sent])}`, weight: n });
  };
  add("message", "NestJS microservices", "message handler", "client send");
  add("job", "BullMQ", "worker", "job added");
  add("emitter", "EventEmitter", "listener", "emit");
  return segments.length ? segments.sort((a, b) => b.weight - a.weight).map((s) => s.text).join("; ") : null;
}

const CONFIG_SOURCES: readonly (readonly [string, string])[] = [
  ["process.env", "process.env"],
  ["import.meta.env", "import.meta.env"],
  ["Bun.env", "Bun.env"],
  ["Deno.env", "Deno.env"],
  ["ConfigService", "NestJS ConfigService"],
  ["config.get", "config.get"],
];

/** Configuration: where variables are read (env, config services) and where they are defined (schemas, .env names, config files). */
export function detectConfiguration(corpus: Corpus): string | null {
  const reads = new Map<string, Set<string>>();
  const defs = new Map<string, Set<string>>();
  for (const f of corpus.wiring.values()) {
    for (const r of f.configReads ?? []) (reads.get(r.source) ?? reads.set(r.source, new Set()).get(r.source)!).add(r.key);
    for (const d of f.configDefs ?? []) (defs.get(d.source) ?? defs.set(d.source, new Set()).get(d.source)!).add(d.key);
  }
  const segments: string[] = [];
  for (const [source, label] of CONFIG_SOURCES) {
    const keys = reads.get(source);
    if (keys?.size) segments.push(`${label} — ${plural(keys.size, "key")} read (${examples(keys)})`);
  }
  const defined = [...defs].map(([source, keys]) => `${source} ${keys.size}`).sort();
  if (defined.length) segments.push(`defined in ${defined.join(", ")}`);
  return segments.length ? segments.join("; ") : null;
}
