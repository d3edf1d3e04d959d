// Linking requests and configuration. Requests: each handler keyed by its request (the
// request class's declaration, else its name) within a family (CQRS, messages, jobs,
// emitter events); each dispatch reaches the handlers of the same key. Config: every read
// links to the definitions of the same key or of an enclosing section (`database` for
// `database.host`).

import type { Provenance, RequestKind } from "../model.ts";
import { receiverVerdict } from "./receivers.ts";
import { identity } from "./di.ts";
import type { FactsByFile, LinkResult, NameResolver, Target } from "./types.ts";

const FAMILY: Record<RequestKind, string> = { command: "cqrs", query: "cqrs", event: "cqrs", message: "message", job: "job", emitter: "emitter" };

interface Handler {
  target: Target;
  declaration: Target | null;
}

export function linkRequests(facts: FactsByFile, names: NameResolver, out: LinkResult): void {
  const handlers = new Map<string, Handler[]>();
  const byName = new Map<string, string>();
  for (const [file, f] of facts) {
    for (const h of f.handles ?? []) {
      if (h.kind === "emitter" && receiverVerdict(names, file, h.receiver, "emitter").ok === false) continue; // `socket.on('data')` on a type that is no emitter
      const declaration = h.requestRef ? names.resolve(file, h.requestRef) : null;
      const key = `${FAMILY[h.kind]}:${identity(declaration, h.request)}`;
      byName.set(`${FAMILY[h.kind]}:${h.request}`, key);
      let target: Target | null = null;
      if (h.handler) {
        const own = names.declaration(file, h.handler);
        target = own ? { ...own, provenance: names.tier(file) } : null;
      } else if (h.handlerRef) target = names.resolve(file, h.handlerRef);
      target ??= { file, line: h.handlerLine, symbol: h.handler, kind: h.handler ? null : "function", provenance: names.tier(file), confidence: 1 };
      const list = handlers.get(key);
      if (list) list.push({ target, declaration });
      else handlers.set(key, [{ target, declaration }]);
      const label = h.handler ?? h.handlerRef?.name ?? "inline handler";
      const provenance = declaration?.provenance === "syntax" ? "syntax" : target.provenance;
      out.requests.push({ role: "handle", file, line: h.line, request: h.request, kind: h.kind, framework: h.framework, target, declaration, label, sender: null, detail: h.text, provenance });
      const from = declaration ? { file: declaration.file, line: declaration.line, symbol: declaration.symbol } : { file, line: h.line, symbol: h.handler };
      out.edges.push({ type: "request_handles", key: h.request, from, to: { ...target, provenance } });
    }
  }
  for (const [file, f] of facts) {
    for (const s of f.sends ?? []) {
      const family = FAMILY[s.kind];
      const verdict = receiverVerdict(names, file, s.receiver, family === "cqrs" ? "bus" : family === "message" ? "client" : "emitter");
      if (verdict.ok === false) continue;
      let request = s.request;
      let declaration: Target | null = null;
      let queueProvenance: Provenance | null = null;
      if (s.typeRef) {
        // `bus.execute(cmd)`: the class of the variable's type (checker only)
        declaration = names.typeDeclaration?.(file, s.typeRef) ?? null;
        request = declaration?.symbol ?? null;
        if (request === null) {
          out.unresolved.push({ kind: "request", file, line: s.line, text: s.text });
          continue;
        }
      } else if (s.queueRef) {
        const q = names.resolve(file, s.queueRef);
        queueProvenance = q?.provenance ?? "syntax";
        const queue = q?.symbol ? facts.get(q.file)?.queues?.find((x) => x.local === q.symbol) : undefined;
        request = queue?.queue ?? null;
      } else if (s.requestRef) declaration = names.resolve(file, s.requestRef);
      if (request === null) {
        out.unresolved.push({ kind: "request", file, line: s.line, text: `${s.text} (queue not found)` });
        continue;
      }
      const key = declaration ? `${family}:${identity(declaration, request)}` : (byName.get(`${family}:${request}`) ?? `${family}:name:${request}`);
      const reached = handlers.get(key) ?? [];
      // who vouches for the request: the checker when it resolved the request class or queue, or confirmed the receiver of a literal key
      const sent: Provenance = declaration ? declaration.provenance : (queueProvenance ?? (verdict.ok ? "checker" : "syntax"));
      const base = { role: "send" as const, file, line: s.line, request, kind: s.kind, framework: s.framework, declaration: declaration ?? reached[0]?.declaration ?? null, sender: s.from, detail: s.text, provenance: sent };
      const from = { file, line: s.line, symbol: s.from };
      if (reached.length === 0) {
        out.requests.push({ ...base, target: null, label: "" });
        if (declaration) out.edges.push({ type: "sends_request", key: request, from, to: declaration });
      }
      for (const h of reached) {
        const provenance: Provenance = sent === "checker" && h.target.provenance === "checker" ? "checker" : "syntax";
        out.requests.push({ ...base, target: h.target, label: h.target.symbol ?? "inline handler", provenance });
        out.edges.push({ type: "sends_request", key: request, from, to: { ...h.target, provenance } });
      }
    }
  }
}

/** Whether a definition of `def` covers a read of `read` (same key, or one is a section of the other). */
export function configKeyMatches(def: string, read: string): boolean {
  return def === read || read.startsWith(`${def}.`) || def.startsWith(`${read}.`);
}

export function linkConfig(facts: FactsByFile, out: LinkResult, names?: NameResolver): void {
  const defs: { file: string; key: string; line: number }[] = [];
  for (const [file, f] of facts) {
    for (const d of f.configDefs ?? []) {
      defs.push({ file, key: d.key, line: d.line });
      out.config.push({ role: "define", file, line: d.line, key: d.key, source: d.source, symbol: null, detail: d.source, provenance: "syntax" });
    }
  }
  const byRoot = new Map<string, typeof defs>();
  for (const d of defs) {
    const root = d.key.split(".")[0]!;
    const list = byRoot.get(root);
    if (list) list.push(d);
    else byRoot.set(root, [d]);
  }
  for (const [file, f] of facts) {
    for (const r of f.configReads ?? []) {
      // `config.get('x')` is a config read when its receiver is a config service; environment reads are syntax
      const verdict = names && r.receiver ? receiverVerdict(names, file, r.receiver, "config") : { ok: null };
      if (verdict.ok === false) continue;
      const provenance: Provenance = verdict.ok ? "checker" : "syntax";
      out.config.push({ role: "read", file, line: r.line, key: r.key, source: r.source, symbol: r.from, detail: r.text, provenance });
      // Per defining file, the most specific definition: `database.host` over its section `database`.
      const best = new Map<string, (typeof defs)[number]>();
      for (const d of byRoot.get(r.key.split(".")[0]!) ?? []) {
        if (!configKeyMatches(d.key, r.key) || (d.file === file && d.line === r.line)) continue;
        const prior = best.get(d.file);
        if (!prior || d.key.length > prior.key.length) best.set(d.file, d);
      }
      for (const d of best.values()) {
        out.edges.push({ type: "config_reads", key: r.key, from: { file, line: r.line, symbol: r.from }, to: { file: d.file, line: d.line, symbol: null, kind: "config", provenance, confidence: 1 } });
      }
    }
  }
}
