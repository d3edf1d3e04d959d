// Linking dependency injection: registrations (module providers, container bindings,
// Awilix entries, self-registering decorators) give each token its implementations;
// injection sites resolve through them (aliases via useExisting followed), else to the
// token's own class, else to the implementations of the interface it names.

import type { FactsByFile, LinkResult, NameResolver, Target } from "./types.ts";
import type { Ref } from "../model.ts";
import { isLibType } from "../../lang/lib-types.ts";

/** Angular's and NestJS's lifecycle hook interfaces: a class implementing one is called back by the framework, not provided as a service. */
const LIFECYCLE_HOOKS = new Set([
  "OnInit", "OnDestroy", "OnChanges", "DoCheck", "AfterContentInit", "AfterContentChecked", "AfterViewInit", "AfterViewChecked",
  "OnModuleInit", "OnModuleDestroy", "OnApplicationBootstrap", "OnApplicationShutdown", "BeforeApplicationShutdown",
]);

interface Binding {
  target: Target | null;
  /** useExisting: the token identity this one aliases. */
  alias: string | null;
}

const CLASS_HOW = new Set(["class", "useClass", "to", "toSelf", "registerSingleton", "registerType", "register", "asClass", "toConstructor", "toService"]);
const VALUE_HOW = new Set(["useValue", "toConstantValue", "asValue", "registerInstance"]);

/** A token's identity: its declaration (plus any member path below it), or its text when it resolves to nothing. */
export function identity(t: Target | null, name: string): string {
  if (!t || !t.symbol) return `name:${name}`;
  const segs = name.split(".");
  const last = t.symbol.split(".").pop();
  const at = last ? segs.lastIndexOf(last) : -1;
  const rest = at >= 0 ? segs.slice(at + 1) : segs.slice(1);
  return `${t.file}#${t.symbol}${rest.length ? `.${rest.join(".")}` : ""}`;
}

export function linkDi(facts: FactsByFile, names: NameResolver, out: LinkResult): void {
  const bindings = new Map<string, Binding[]>();
  const resolveRef = (file: string, ref: Ref | undefined, text: string): { t: Target | null; id: string } => {
    const t = ref ? names.resolve(file, ref) : null;
    return { t, id: identity(t, ref?.name ?? text) };
  };
  const bind = (id: string, b: Binding) => {
    const list = bindings.get(id);
    if (list) list.push(b);
    else bindings.set(id, [b]);
  };

  // Registrations.
  for (const [file, f] of facts) {
    for (const p of f.provides ?? []) {
      const { id } = resolveRef(file, p.tokenRef, p.token);
      let target: Target | null = null;
      let alias: string | null = null;
      if (p.how === "useExisting" || p.how === "useToken" || p.how === "toService") {
        alias = resolveRef(file, p.impl, p.impl?.name ?? "").id;
        if (p.how === "toService" || p.how === "useExisting" || p.how === "useToken") target = p.impl ? names.resolve(file, p.impl) : null;
      } else if (p.impl) {
        target = names.resolve(file, p.impl);
      }
      if (!target && !p.impl && (VALUE_HOW.has(p.how) || !CLASS_HOW.has(p.how))) {
        target = { file, line: p.implLine ?? p.line, symbol: null, kind: VALUE_HOW.has(p.how) ? "value" : "function", provenance: names.tier(file), confidence: 1 };
      }
      bind(id, { target, alias });
      const label = p.impl?.name ?? (VALUE_HOW.has(p.how) ? "value" : "factory");
      out.di.push({ role: "provide", file, line: p.line, token: p.token, framework: p.framework, target, label, consumer: p.scope, detail: p.text, provenance: target?.provenance ?? names.tier(file) });
      if (target) out.edges.push({ type: "di_resolves_to", key: p.token, from: { file, line: p.line, symbol: p.scope }, to: target });
    }
  }

  // Decorated classes: self-registering ones bind their own class unless registered explicitly.
  for (const [file, f] of facts) {
    for (const inj of f.injectables ?? []) {
      const own = names.declaration(file, inj.cls);
      const target = own ? { ...own, provenance: names.tier(file) } : null;
      const id = identity(target, inj.cls);
      const explicit = bindings.has(id);
      const self = inj.self && !explicit;
      if (self) bind(id, { target, alias: null });
      out.di.push({ role: self ? "provide" : "injectable", file, line: inj.line, token: inj.cls, framework: inj.framework, target, label: inj.cls, consumer: null, detail: inj.text, provenance: names.tier(file) });
      if (self && target) out.edges.push({ type: "di_resolves_to", key: inj.cls, from: { file, line: inj.line, symbol: inj.cls }, to: target });
    }
  }

  // Interfaces → implementing classes.
  const implementers = new Map<string, Target[]>();
  for (const [file, f] of facts) {
    for (const imp of f.implementations ?? []) {
      const iface = names.resolve(file, imp.iface);
      // `implements Record<string, unknown>`: the language's type, declared nowhere here, names no service; nor does a framework's lifecycle hook (`implements OnInit`)
      if (!iface && (isLibType(imp.iface.name) || LIFECYCLE_HOOKS.has(imp.iface.name))) continue;
      const own = names.declaration(file, imp.cls);
      const cls = own ? { ...own, provenance: names.tier(file) } : { file, line: imp.line, symbol: imp.cls, kind: "class", provenance: names.tier(file), confidence: 1 };
      const id = identity(iface, imp.iface.name);
      const list = implementers.get(id);
      if (list) list.push(cls);
      else implementers.set(id, [cls]);
      out.di.push({ role: "implements", file, line: imp.line, token: imp.iface.name, framework: "typescript", target: iface, label: imp.cls, consumer: imp.cls, detail: `class ${imp.cls} implements ${imp.iface.name}`, provenance: iface?.provenance ?? names.tier(file) });
      if (iface) out.edges.push({ type: "implements", key: imp.iface.name, from: { file, line: imp.line, symbol: imp.cls }, to: iface });
    }
  }

  const awilixClasses = new Set<string>();
  for (const list of bindings.values()) for (const b of list) if (b.target?.symbol) awilixClasses.add(`${b.target.file}#${b.target.symbol}`);

  const implementationsOf = (id: string, tokenTarget: Target | null, depth = 0): Target[] => {
    const list = bindings.get(id);
    if (list && depth < 4) {
      const out: Target[] = [];
      for (const b of list) {
        if (b.alias && b.alias !== id) {
          const via = implementationsOf(b.alias, b.target, depth + 1);
          if (via.length) out.push(...via);
          else if (b.target) out.push(b.target);
        } else if (b.target) out.push(b.target);
      }
      if (out.length) return out;
    }
    if (tokenTarget?.kind === "interface") return [...(implementers.get(id) ?? []), ...(names.implementersOf?.(tokenTarget) ?? [])];
    if (tokenTarget && tokenTarget.kind === "class") return [tokenTarget];
    return [];
  };

  // Injection sites.
  for (const [file, f] of facts) {
    for (const inj of f.injects ?? []) {
      if (inj.how.startsWith("cradle") && !(inj.consumer && awilixClasses.has(`${file}#${inj.consumer}`))) continue;
      const { t, id } = resolveRef(file, inj.tokenRef, inj.token);
      const targets = dedupe(implementationsOf(id, t));
      const base = { role: "inject" as const, file, line: inj.line, token: inj.token, framework: inj.framework, consumer: inj.consumer, detail: inj.text };
      if (targets.length === 0) out.di.push({ ...base, target: null, label: "", provenance: t?.provenance ?? names.tier(file) });
      for (const target of targets) {
        // confirmed when the token and the implementation were both resolved by the checker
        const provenance = t && t.provenance === "syntax" ? "syntax" : target.provenance;
        out.di.push({ ...base, target, label: target.symbol ?? `${target.kind === "value" ? "value" : "factory"} at ${target.file}:${target.line}`, provenance });
        out.edges.push({ type: "di_injects", key: inj.token, from: { file, line: inj.line, symbol: inj.consumer }, to: { ...target, provenance } });
      }
    }
  }
}

function dedupe(list: Target[]): Target[] {
  const seen = new Set<string>();
  return list.filter((t) => {
    const k = `${t.file}#${t.symbol ?? ""}:${t.line}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
