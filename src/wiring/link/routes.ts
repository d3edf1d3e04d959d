// Linking routes: routers across files (imports followed), mounts composed into full
// prefixes (controller paths, router prefixes, app.use / route / register mounts, a
// router passed to a function, the NestJS global prefix), then each route's pattern and
// handler. Dynamic prefixes were reported at detection; a router nobody mounts keeps its
// own prefix.

import { joinPath } from "../detect/http.ts";
import type { HandlerRef, MountFact, PathPart, Provenance, RouterFact } from "../model.ts";
import { httpFrameworkOf, receiverVerdict } from "./receivers.ts";
import type { FactsByFile, Hop, LinkResult, NameResolver, RouteRow, Target, UnresolvedRow } from "./types.ts";

interface Router {
  key: string;
  file: string;
  fact: RouterFact;
}

interface Mount {
  parent: string;
  child: string;
  provenance: Provenance;
  prefix: string;
  file: string;
  line: number;
  text: string;
}

interface Prefix {
  prefix: string;
  chain: Hop[];
}

const MAX_PREFIXES = 16;

export function linkRoutes(facts: FactsByFile, names: NameResolver, out: LinkResult, packageDirs: readonly string[] = []): void {
  const routers = new Map<string, Router>();
  for (const [file, f] of facts) {
    for (const fact of f.routers ?? []) {
      const prefix = fact.prefixParts ? pathOf(names, out, file, "", fact.prefixParts, { kind: "route", file, line: fact.line, text: fact.dynamic ?? fact.text }) : "";
      if (prefix === null) continue;
      const own = fact.prefixParts ? { ...fact, prefixes: [prefix] } : fact;
      routers.set(`${file}#${fact.id}`, { key: `${file}#${fact.id}`, file, fact: own });
    }
  }
  if (routers.size === 0 && ![...facts.values()].some((f) => f.routes?.length)) return;

  const routerKey = (file: string, name: string): string | null => {
    if (routers.has(`${file}#${name}`)) return `${file}#${name}`;
    const f = facts.get(file);
    const [root, member] = name.split(".");
    const binding = root ? f?.imports?.[root] : undefined;
    if (!binding) return null;
    const mod = names.module(file, binding[0]);
    if (!mod) return null;
    const exported = binding[1] === "*" ? (member ?? "default") : binding[1];
    return exportedRouter(mod, exported);
  };
  const exportedRouter = (mod: string, exported: string): string | null => {
    const t = names.exported(mod, exported);
    if (t?.symbol && routers.has(`${t.file}#${t.symbol}`)) return `${t.file}#${t.symbol}`;
    if (exported === "default") {
      const file = t?.file ?? mod;
      const def = facts.get(file)?.defaultExport;
      if (def && routers.has(`${file}#${def}`)) return `${file}#${def}`;
      if (routers.has(`${file}#default`)) return `${file}#default`;
    }
    if (!t && routers.has(`${mod}#${exported}`)) return `${mod}#${exported}`;
    return null;
  };

  const mounts: Mount[] = [];
  for (const [file, f] of facts) {
    for (const m of f.mounts ?? []) {
      if (receiverVerdict(names, file, m.receiver, "http").ok === false) continue;
      const prefix = pathOf(names, out, file, m.prefix, m.prefixParts, { kind: "mount", file, line: m.line, text: m.dynamic ?? m.text });
      if (prefix === null) continue;
      const parent = routerKey(file, m.router);
      const child = mountTarget(file, m);
      if (!parent || !child || parent === child.key) continue;
      mounts.push({ parent, child: child.key, provenance: child.provenance, prefix, file, line: m.line, text: m.text });
      const target = routers.get(child.key)!;
      out.edges.push({
        type: "route_mounts",
        key: prefix || "/",
        from: { file, line: m.line, symbol: null },
        to: { file: target.file, line: target.fact.line, symbol: routerSymbol(names, target), kind: null, provenance: child.provenance, confidence: 1 },
      });
    }
  }
  function mountTarget(file: string, m: MountFact): { key: string; provenance: Provenance } | null {
    if ("module" in m.target) {
      const mod = names.module(file, m.target.module);
      const key = mod ? exportedRouter(mod, "default") : null;
      return key ? { key, provenance: names.tier(file) } : null;
    }
    // the declaration the checker (or the syntax tier) resolves the name to, when it is a router
    const t = names.resolve(file, m.target);
    if (t?.symbol && routers.has(`${t.file}#${t.symbol}`)) return { key: `${t.file}#${t.symbol}`, provenance: t.provenance };
    const key = routerKey(file, m.target.name);
    return key ? { key, provenance: "syntax" } : null;
  }

  const globals: { file: string; prefix: string; line: number; text: string }[] = [];
  for (const [file, f] of facts) for (const g of f.globalPrefixes ?? []) globals.push({ file, ...g });
  // A global prefix applies to the controllers of its own package (nearest package.json), else to all.
  const pkg = (file: string) => packageDirs.filter((d) => d === "" || file.startsWith(`${d}/`)).sort((a, b) => b.length - a.length)[0] ?? "";
  const globalFor = (file: string) => {
    const own = globals.filter((g) => pkg(g.file) === pkg(file));
    if (own.length === 0) return packageDirs.length ? null : (globals[0] ?? null);
    let best = own[0]!;
    let bestLen = -1;
    for (const g of own) {
      const len = commonDirLength(g.file, file);
      if (len > bestLen) [best, bestLen] = [g, len];
    }
    return best;
  };

  const memo = new Map<string, Prefix[]>();
  const prefixesOf = (key: string, stack: Set<string>): Prefix[] => {
    const cached = memo.get(key);
    if (cached) return cached;
    const router = routers.get(key);
    if (!router || stack.has(key)) return [{ prefix: "", chain: [] }];
    stack.add(key);
    const incoming = mounts.filter((m) => m.child === key);
    let base: Prefix[];
    if (incoming.length === 0) {
      const g = router.fact.framework === "nestjs" ? globalFor(router.file) : null;
      base = [g ? { prefix: g.prefix, chain: [{ kind: "global", text: g.text, file: g.file, line: g.line }] } : { prefix: "", chain: [] }];
    } else {
      base = incoming.flatMap((m) =>
        prefixesOf(m.parent, stack).map((p) => ({ prefix: joinPath(p.prefix, m.prefix), chain: [...p.chain, { kind: "mount" as const, text: m.text, file: m.file, line: m.line, provenance: m.provenance }] })),
      );
    }
    stack.delete(key);
    const own = router.fact.prefixes.length ? router.fact.prefixes : [""];
    const result: Prefix[] = [];
    for (const b of base) {
      for (const o of own) {
        if (result.length >= MAX_PREFIXES) break;
        const hop: Hop[] = o ? [{ kind: "prefix", text: router.fact.text, file: router.file, line: router.fact.line }] : [];
        result.push({ prefix: joinPath(b.prefix, o), chain: [...b.chain, ...hop] });
      }
    }
    memo.set(key, result);
    return result;
  };

  const seen = new Set<string>();
  for (const [file, f] of facts) {
    for (const r of f.routes ?? []) {
      // the checker's word on the receiver: a known type that is no server drops a guess; a candidate needs a server type
      const verdict = receiverVerdict(names, file, r.receiver, "http");
      if (verdict.ok === false || (r.candidate && verdict.ok !== true)) continue;
      const path = pathOf(names, out, file, r.path, r.parts, { kind: "route", file, line: r.line, text: r.dynamic ?? r.text });
      if (path === null) continue;
      const key = r.absolute ? null : routerKey(file, r.router);
      const router = key ? routers.get(key) : undefined;
      const prefixes = key ? prefixesOf(key, new Set()) : [{ prefix: "", chain: [] }];
      const handler = resolveHandler(names, file, r.handler);
      const label = handlerLabel(r.handler);
      const framework = r.framework || router?.fact.framework || (verdict.ok ? httpFrameworkOf(verdict.types) : "");
      for (const p of prefixes) {
        const pattern = r.absolute ? path : joinPath(p.prefix, path);
        const id = `${r.method} ${pattern} ${file}:${r.line}`;
        if (seen.has(id)) continue;
        seen.add(id);
        const row: RouteRow = { file, line: r.line, method: r.method, pattern, localPattern: path, framework, handler, handlerLabel: label, chain: p.chain, detail: r.text, provenance: handler?.provenance ?? names.tier(file) };
        out.routes.push(row);
        if (handler) out.edges.push({ type: "route_handles", key: `${r.method} ${pattern}`, from: { file, line: r.line, symbol: null }, to: handler });
      }
    }
  }
}

/** The declaration behind a router: its variable, class or function; the default export's for `default`. */
function routerSymbol(names: NameResolver, router: Router): string | null {
  const id = router.fact.id;
  return (id === "default" ? names.exported(router.file, "default") : names.declaration(router.file, id))?.symbol ?? null;
}

export function resolveHandler(names: NameResolver, file: string, h: HandlerRef): Target | null {
  const tier = names.tier(file);
  if (h.symbol) {
    const own = names.declaration(file, h.symbol);
    return own ? { ...own, provenance: tier } : { file, line: h.line, symbol: h.symbol, kind: null, provenance: tier, confidence: 1 };
  }
  if (h.ref) {
    if (h.member) {
      // `ctrl.getOrder` of `const ctrl = new OrdersController()`: the checker answers the member itself
      const direct = names.at?.(file, h.ref.line, h.ref.col, h.member);
      if (direct !== undefined) return direct;
    }
    const t = names.resolve(file, h.ref);
    if (t && h.member && t.symbol) return names.declaration(t.file, `${t.symbol}.${h.member}`) ?? t;
    return t;
  }
  return { file, line: h.line, symbol: null, kind: "function", provenance: tier, confidence: 1 };
}

/** A path as written when static, else its pieces folded; null (reported as unresolved) when they do not fold. */
function pathOf(names: NameResolver, out: LinkResult, file: string, written: string, parts: readonly PathPart[] | undefined, report: UnresolvedRow): string | null {
  if (!parts) return written;
  const folded = fold(names, file, parts);
  if (folded === null) out.unresolved.push(report);
  return folded;
}

/** A path written in pieces, folded when every name has a known string value (checker only). */
export function fold(names: NameResolver, file: string, parts: readonly PathPart[]): string | null {
  let out = "";
  for (const p of parts) {
    const v = typeof p === "string" ? p : (names.constant?.(file, p) ?? null);
    if (v === null) return null;
    out += v;
  }
  return out;
}

function handlerLabel(h: HandlerRef): string {
  if (h.symbol) return h.symbol;
  if (h.ref) return h.member ? `${h.ref.name}.${h.member}` : h.ref.name;
  return "inline handler";
}

function commonDirLength(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}
