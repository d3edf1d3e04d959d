// Framework wiring, syntax tier: what one file declares about routes, dependency injection,
// requests (commands, queries, events, messages, jobs) and configuration. Detection is per
// file (in the extraction children, see detect/index.ts) and yields these JSON-serializable
// facts; linking them across files (link.ts) yields the stored rows and typed edges.

/** A name in the source to be resolved to its declaration (imports followed): `OrderService`, `TYPES.Order`, `handlers.getOrder`. */
export interface Ref {
  name: string;
  /** 1-based line and 0-based column of the name (where a checker pass would ask). */
  line: number;
  col: number;
}

/** A piece of a path written as an expression: literal text, or a name whose string value the checker may know (`${base}/orders`, `API + "/x"`). */
export type PathPart = string | Ref;

/** A handler as written at a registration site. */
export interface HandlerRef {
  /** A declaration of this file, by qualified name (`OrdersController.findOne`). */
  symbol?: string;
  /** An identifier or member expression to resolve (`getOrder`, `ctrl.getOrder`). */
  ref?: Ref;
  /** For `ctrl.getOrder` where `const ctrl = new OrdersController()`: the class, then the member. */
  member?: string;
  /** An inline function at `line`. */
  inline?: boolean;
  line: number;
}

/** Something that serves routes: an app, a router, a Nest controller, a plugin function (whose parameter receives the routes). */
export interface RouterFact {
  /** Local id: the variable, class or function name; `default` for an anonymous default export; `#<line>` for an anonymous chain. */
  id: string;
  framework: string;
  /** Own prefixes (`new Router({ prefix })`, `basePath()`, `new Elysia({ prefix })`, `@Controller(path)`); [""] when none. */
  prefixes: string[];
  /** A prefix that is not static (`@Controller(BASE)`): its pieces, and `dynamic` the report when they do not fold. */
  prefixParts?: PathPart[];
  dynamic?: string;
  line: number;
  text: string;
}

export interface RouteFact {
  /** Router id in this file, or a local name imported from another file (see FileFacts.imports). */
  router: string;
  method: string;
  /** The path as written, relative to the router's prefixes. */
  path: string;
  handler: HandlerRef;
  framework: string;
  line: number;
  text: string;
  /** File-based routes (Next.js, SvelteKit, Remix, Bun.serve): the pattern is already complete. */
  absolute?: boolean;
  /** The receiver (`app`, `router`, `this.router`) whose type the checker confirms or rejects. */
  receiver?: Ref;
  /** The receiver is not known to be a server (neither declared, imported nor app-like): only a checker-confirmed type keeps the route. */
  candidate?: true;
  /** A path that is not static: its pieces; `dynamic` is the report (`app.get(base + "/x", …)`) when they do not fold. */
  parts?: PathPart[];
  dynamic?: string;
}

/** A router mounted under another: `app.use('/api', router)`, `app.route('/x', sub)`, `fastify.register(plugin, { prefix })`, `registerRoutes(router)`. */
export interface MountFact {
  /** The parent router id in this file (or an imported name). */
  router: string;
  prefix: string;
  /** The mounted router: a name of this file (local or imported), or a module (`require('./routes')`, `import('./routes')`) whose default export it is. */
  target: Ref | { module: string; line: number };
  framework: string;
  line: number;
  text: string;
  receiver?: Ref;
  /** A prefix that is not static: its pieces, and the report when they do not fold. */
  prefixParts?: PathPart[];
  dynamic?: string;
}

export interface GlobalPrefixFact {
  prefix: string;
  line: number;
  text: string;
}

/** A DI registration: token → implementation. */
export interface ProvideFact {
  /** Canonical token text: an identifier, `'string'`, `TYPES.Order`. */
  token: string;
  tokenRef?: Ref;
  /** The implementing class / factory / value when it is a name. */
  impl?: Ref;
  /** How the implementation is given: class, useClass, useValue, useFactory, useExisting, to, toSelf, toConstantValue, register, asClass, … */
  how: string;
  /** For useValue/useFactory/inline factories: where the value is. */
  implLine?: number;
  /** The registering declaration (module class, container setup function), when any. */
  scope: string | null;
  framework: string;
  line: number;
  text: string;
}

/** A class that is injectable by decorator; `self` when the decorator alone registers it (Angular providedIn, tsyringe). */
export interface InjectableFact {
  cls: string;
  self: boolean;
  framework: string;
  line: number;
  text: string;
}

/** A consumer asking for a token: constructor parameter, @Inject(TOKEN), inject(X), container.resolve(X), Awilix cradle. */
export interface InjectFact {
  token: string;
  tokenRef?: Ref;
  /** The consuming declaration (class, function), null at module level. */
  consumer: string | null;
  how: string;
  framework: string;
  line: number;
  text: string;
}

export interface ImplementsFact {
  cls: string;
  iface: Ref;
  line: number;
}

export type RequestKind = "command" | "query" | "event" | "message" | "job" | "emitter";

/** A request handler: @CommandHandler(X), @MessagePattern('p'), new Worker('queue', fn), emitter.on('evt', fn), @OnEvent('evt'). */
export interface HandleFact {
  /** Canonical request key: a class name, a pattern string, a queue name, an event name. */
  request: string;
  requestRef?: Ref;
  kind: RequestKind;
  /** The handling declaration of this file (qualified name), or null: `handlerRef`, else an inline function at `handlerLine`. */
  handler: string | null;
  /** A handler named at the registration (`new Worker('q', processJob)`, `emitter.on('e', onEvent)`). */
  handlerRef?: Ref;
  handlerLine: number;
  framework: string;
  line: number;
  text: string;
  /** emitter.on: the receiver whose type the checker confirms (an EventEmitter) or rejects. */
  receiver?: Ref;
}

/** A request dispatch: commandBus.execute(new X()), client.send('p'), queue.add(), emitter.emit('evt'). */
export interface SendFact {
  /** Null when the request comes from a queue declared elsewhere (`queueRef`). */
  request: string | null;
  requestRef?: Ref;
  /** BullMQ: the queue object the job is added to, declared in another file. */
  queueRef?: Ref;
  /** `bus.execute(cmd)` with a variable: the request is the class of its type (checker only; reported unresolved otherwise). */
  typeRef?: Ref;
  /** The bus, client or emitter whose type the checker confirms or rejects. */
  receiver?: Ref;
  kind: RequestKind;
  /** The sending declaration, null at module level. */
  from: string | null;
  framework: string;
  line: number;
  text: string;
}

/** A named queue declared here: `const emails = new Queue('emails')`. */
export interface QueueFact {
  local: string;
  queue: string;
  line: number;
}

export interface ConfigDefFact {
  key: string;
  /** .env, config file, registerAs, zod, envalid, env schema */
  source: string;
  line: number;
}

export interface ConfigReadFact {
  key: string;
  /** process.env, import.meta.env, Bun.env, Deno.env, ConfigService, config.get */
  source: string;
  from: string | null;
  line: number;
  text: string;
  /** `config.get('x')`: the receiver whose type the checker confirms (a config service) or rejects. */
  receiver?: Ref;
}

export type UnresolvedKind = "route" | "mount" | "service" | "request" | "config";

/** A registration that cannot be resolved statically; reported, never dropped. */
export interface UnresolvedFact {
  kind: UnresolvedKind;
  text: string;
  line: number;
}

export interface FileFacts {
  /** Frameworks seen in this file (pattern summary, framework labels). */
  frameworks: string[];
  /** Imported locals the facts refer to: local name → [module specifier, imported name (`default`, `*`, or the export)]. */
  imports?: Record<string, [string, string]>;
  /** The local name behind `export default x` / `module.exports = x`. */
  defaultExport?: string;
  /** NestJS @Module / Angular @NgModule classes (pattern summary). */
  modules?: string[];
  routers?: RouterFact[];
  routes?: RouteFact[];
  mounts?: MountFact[];
  globalPrefixes?: GlobalPrefixFact[];
  provides?: ProvideFact[];
  injectables?: InjectableFact[];
  injects?: InjectFact[];
  implementations?: ImplementsFact[];
  handles?: HandleFact[];
  sends?: SendFact[];
  queues?: QueueFact[];
  configDefs?: ConfigDefFact[];
  configReads?: ConfigReadFact[];
  unresolved?: UnresolvedFact[];
}

export { WIRING_EDGE_TYPES, type WiringEdgeType } from "../store/edge-types.ts";

export type Provenance = "syntax" | "checker";

/** Server frameworks routed by `x.METHOD(path, …)`, with the modules that identify them. */
export const SERVER_FRAMEWORKS: readonly (readonly [string, readonly string[]])[] = [
  ["express", ["express"]],
  ["koa", ["@koa/router", "koa-router", "koa"]],
  ["fastify", ["fastify", "fastify-plugin"]],
  ["hono", ["hono", "@hono/"]],
  ["elysia", ["elysia"]],
];

/** Every way routes are detected, as an answer names them: router calls, NestJS decorators, `Bun.serve({ routes })`, file-based routes. */
export const ROUTE_FRAMEWORKS: readonly string[] = [...SERVER_FRAMEWORKS.map(([name]) => name), "NestJS", "Bun.serve", "Next.js", "SvelteKit", "Remix", "React Router"];
