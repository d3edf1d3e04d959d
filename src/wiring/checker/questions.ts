// What the wiring asks the checker about one file's facts: the declaration behind every
// name a fact resolves (handlers, routers, tokens, request classes, queues), the type of
// receivers guessed by name (`app.get`, `emitter.on`, `config.get`), the declaration of a
// dispatched variable's type (`bus.execute(cmd)`), the string value of names in route
// paths and prefixes (`${base}/orders`), and the file behind each module specifier.
// Pure over the facts; the semantic upgrade answers (semantic/position-answers.ts).

import type { Ask, PositionQuestion } from "../../semantic/position-answers.ts";
import type { FileFacts, PathPart, Ref } from "../model.ts";

export interface FileQuestions {
  questions: PositionQuestion[];
  specifiers: string[];
}

const NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

export function questionsOf(facts: FileFacts): FileQuestions {
  const seen = new Set<string>();
  const questions: PositionQuestion[] = [];
  /** `whole`: read the whole expression at the position (a handler `ctrl.getOrder` whose ref names the class). */
  const ask = (kind: Ask, ref: Ref | undefined, whole = false) => {
    if (!ref || !NAME.test(ref.name)) return;
    if (kind === "decl" && ref.name.startsWith("this.")) return; // members of `this` are not declarations the wiring links to
    const key = `${kind}:${ref.line}:${ref.col}`;
    if (seen.has(key)) return;
    seen.add(key);
    questions.push({ ask: kind, line: ref.line, col: ref.col, ...(whole ? {} : { names: ref.name.split(".").length }) });
  };
  const parts = (list: PathPart[] | undefined) => list?.forEach((p) => typeof p !== "string" && ask("value", p));
  for (const r of facts.routes ?? []) {
    ask("decl", r.handler.ref, r.handler.member !== undefined);
    ask("type", r.receiver);
    parts(r.parts);
  }
  for (const m of facts.mounts ?? []) {
    if (!("module" in m.target)) ask("decl", m.target);
    ask("type", m.receiver);
    parts(m.prefixParts);
  }
  for (const r of facts.routers ?? []) parts(r.prefixParts);
  for (const p of facts.provides ?? []) {
    ask("decl", p.tokenRef);
    ask("decl", p.impl);
  }
  for (const i of facts.injects ?? []) ask("decl", i.tokenRef);
  for (const i of facts.implementations ?? []) ask("decl", i.iface);
  for (const h of facts.handles ?? []) {
    ask("decl", h.requestRef);
    ask("decl", h.handlerRef);
    ask("type", h.receiver);
  }
  for (const s of facts.sends ?? []) {
    ask("decl", s.requestRef);
    ask("decl", s.queueRef);
    ask("typedecl", s.typeRef);
    ask("type", s.receiver);
  }
  for (const c of facts.configReads ?? []) ask("type", c.receiver);
  const specifiers = new Set<string>();
  for (const [spec] of Object.values(facts.imports ?? {})) specifiers.add(spec);
  for (const m of facts.mounts ?? []) if ("module" in m.target) specifiers.add(m.target.module);
  return { questions, specifiers: [...specifiers] };
}
