// What linking produces from the per-file facts: the rows of `routes`, `di_bindings`,
// `request_handlers`, `config_keys`, `wiring_unresolved` and the typed wiring edges, each
// with its evidence site and provenance. And the one seam linking needs from the tier
// that resolves names: NameResolver (syntax: imports and declarations; checker: later).

import type { FileFacts, Provenance, Ref, RequestKind, UnresolvedKind, WiringEdgeType } from "../model.ts";

/** A declaration a name resolved to. */
export interface Target {
  file: string;
  line: number;
  /** Qualified name of the declaration, null for a whole module. */
  symbol: string | null;
  /** Declaration kind (class, function, interface, const…), null when unknown. */
  kind: string | null;
  provenance: Provenance;
  /** 1 when resolved through the file's own declarations or imports, lower for a workspace-wide name match. */
  confidence: number;
}

/**
 * How linking resolves names. The syntax tier implements it over the index (declarations,
 * import bindings, re-exports, a unique-name fallback); a checker pass implements it with
 * the compiler (go-to-definition at `ref.line:ref.col`, implementations of an interface)
 * and re-runs `linkWiring` to confirm and complete the syntax rows with provenance `checker`.
 */
export interface NameResolver {
  /** The declaration `ref.name` (`X`, `ns.X`, `TYPES.Order`, `obj.method`) refers to in `file`. */
  resolve(file: string, ref: Ref): Target | null;
  /** The exported declaration `name` (`default` for the default export) of `file`, re-exports followed. */
  exported(file: string, name: string): Target | null;
  /** The workspace file a module specifier written in `file` refers to. */
  module(file: string, specifier: string): string | null;
  /** A declaration of `file` by qualified name (`OrdersController.findOne`). */
  declaration(file: string, qualifiedName: string): Target | null;
  /** Whose word the facts of `file` carry: `checker` when the checker answered for the file (its sites are confirmed), else `syntax`. */
  tier(file: string): Provenance;
  /** Checker only: the declaration the member expression at a position (`ctrl.getOrder`, whatever its object) refers to when its last name is `member`; undefined when unknown. */
  at?(file: string, line: number, col: number, member: string): Target | null | undefined;
  /** Checker only: the names of the type of `ref` (own, then base types); null when unknown. */
  typeNames?(file: string, ref: Ref): string[] | null;
  /** Checker only: the declaration of the type of `ref` (`cmd` in `bus.execute(cmd)`); null when unknown. */
  typeDeclaration?(file: string, ref: Ref): Target | null;
  /** Checker only: the string value of `ref` (a constant); null when unknown. */
  constant?(file: string, ref: Ref): string | null;
  /** Checker only: the classes implementing an interface, directly or through base classes and interfaces (the checker walk's edges). */
  implementersOf?(iface: Target): Target[];
}

export interface Site {
  file: string;
  line: number;
}

export interface Hop extends Site {
  /** `prefix`: a controller path or router prefix; `mount`: app.use / route / register; `global`: setGlobalPrefix. */
  kind: "prefix" | "mount" | "global";
  text: string;
  /** mount: who resolved the mounted router. */
  provenance?: Provenance;
}

export interface RouteRow extends Site {
  method: string;
  pattern: string;
  localPattern: string;
  framework: string;
  handler: Target | null;
  /** How the handler reads: `OrdersController.findOne`, `getOrder`, `inline handler`. */
  handlerLabel: string;
  chain: Hop[];
  detail: string;
  provenance: Provenance;
}

export type DiRole = "provide" | "injectable" | "inject" | "implements";

export interface DiRow extends Site {
  role: DiRole;
  token: string;
  framework: string;
  /** provide: the implementation; inject: what the token resolves to (one row per target); implements: the interface. */
  target: Target | null;
  /** The implementation as written (`StripeGateway`, `useValue`, `factory`). */
  label: string;
  /** inject: the consuming declaration; implements: the class; provide: the registering scope. */
  consumer: string | null;
  detail: string;
  provenance: Provenance;
}

export interface RequestRow extends Site {
  role: "handle" | "send";
  request: string;
  kind: RequestKind;
  framework: string;
  /** The handler (handle: itself; send: each handler reached, one row per handler). */
  target: Target | null;
  /** The declaration of the request class, when the request is one. */
  declaration: Target | null;
  label: string;
  /** send: the sending declaration. */
  sender: string | null;
  detail: string;
  provenance: Provenance;
}

export interface ConfigRow extends Site {
  role: "define" | "read";
  key: string;
  source: string;
  /** read: the reading declaration. */
  symbol: string | null;
  detail: string;
  provenance: Provenance;
}

export interface UnresolvedRow extends Site {
  kind: UnresolvedKind;
  text: string;
}

export interface EdgeRow {
  type: WiringEdgeType;
  key: string;
  from: Site & { symbol: string | null };
  to: Target;
}

export interface LinkResult {
  routes: RouteRow[];
  di: DiRow[];
  requests: RequestRow[];
  config: ConfigRow[];
  unresolved: UnresolvedRow[];
  edges: EdgeRow[];
}

export type FactsByFile = ReadonlyMap<string, FileFacts>;
