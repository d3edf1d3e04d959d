// Request dispatch and handling by calls: NestJS CQRS buses (`commandBus.execute(new X())`,
// `eventBus.publish(…)`, aggregate `apply(new XEvent())`), microservice clients
// (`client.send('pattern')` / `emit`), BullMQ (`new Worker('queue', fn)`, `new Queue('q')`,
// `queue.add('job')`), and EventEmitter `on/once('evt', fn)` / `emit('evt')` with literal names.

import type { SgNode } from "@ast-grep/napi";
import type { Ref, RequestKind, SendFact } from "../model.ts";
import { argumentValues, at, staticString, tokenText, type Val } from "./ast.ts";
import type { FileCtx } from "./context.ts";

const BUS = /(?:^|\.)[\w$]*(?:[Bb]us|[Mm]ediator|[Dd]ispatcher)$/;
const CLIENT = /(?:^|\.)[\w$]*(?:[Cc]lient|[Pp]roxy)$/;
const LISTEN = new Set(["on", "once", "addListener", "prependListener"]);
/** Receivers that are event emitters by name: a non-literal event name on them is reported as unresolved. */
const EMITTER = /(?:^|\.)[\w$]*(?:[Ee]mitter|[Bb]us|[Ee]vents)$/;

function args(node: SgNode, depth = 2): Val[] {
  const a = node.field("arguments");
  return a ? argumentValues(a, depth) : [];
}

function send(ctx: FileCtx, fact: SendFact): void {
  (ctx.facts.sends ??= []).push(fact);
  ctx.framework(fact.framework);
}

/** `new Worker('queue', processor)` handles jobs of 'queue'; `const q = new Queue('queue')` names a queue. */
export function messageNew(ctx: FileCtx, node: SgNode): void {
  const cls = node.field("constructor")?.text() ?? "";
  if (!ctx.imports("bullmq", "bull") && ctx.localOf(cls, "bullmq") === null) return;
  const list = args(node, 1);
  const queue = staticString(list[0]);
  const a = at(node);
  const text = ctx.evidence(node);
  if (queue === null) {
    ctx.unresolved("request", text, a.line);
    return;
  }
  ctx.framework("bullmq");
  if (cls === "Worker") {
    const fn = list[1];
    const handle = { request: queue, kind: "job" as const, framework: "bullmq", line: a.line, text };
    if (fn && (fn.k === "id" || fn.k === "member")) (ctx.facts.handles ??= []).push({ ...handle, handler: null, handlerLine: fn.line, handlerRef: ctx.ref(fn.v, fn.line, fn.col) });
    else (ctx.facts.handles ??= []).push({ ...handle, handler: null, handlerLine: fn?.line ?? a.line });
    return;
  }
  const parent = node.parent();
  const kind = (parent?.kind() as string) ?? "";
  const local = kind === "variable_declarator" ? parent!.field("name")?.text() : kind === "assignment_expression" ? parent!.field("left")?.text().replace(/\s+/g, "") : null;
  if (local) (ctx.facts.queues ??= []).push({ local, queue, line: a.line });
}

/** Handle one matched call; true when it was a request dispatch or handler. */
export function messageCall(ctx: FileCtx, node: SgNode): boolean {
  const fn = node.field("function");
  if (!fn || fn.kind() !== "member_expression") return false;
  const prop = fn.field("property")?.text() ?? "";
  const objectNode = fn.field("object");
  if (!objectNode) return false;
  const object = objectNode.text().replace(/\s+/g, "");
  if (object === "process") return false; // process.on('SIGTERM') and the like are runtime hooks, not app messaging
  const a = at(node);
  const from = ctx.enclosingName(a.start);
  const receiver = receiverRef(objectNode, object);
  switch (prop) {
    case "execute":
    case "publish":
    case "publishAll":
    case "dispatch":
    case "apply":
      return busDispatch(ctx, node, object, prop, from, receiver);
    case "send":
    case "emit":
      if (CLIENT.test(object)) return clientSend(ctx, node, from, receiver);
      if (prop === "send") return BUS.test(object) ? busDispatch(ctx, node, object, prop, from, receiver) : false;
      return emitterEmit(ctx, node, object, from, receiver);
    case "add":
    case "addBulk":
      return queueAdd(ctx, node, object, from);
    default:
      if (LISTEN.has(prop)) return emitterOn(ctx, node, object, receiver);
      return false;
  }
}

/** The receiver of a call as a Ref (`bus`, `this.commandBus`) for the checker's type check; none for other expressions. */
function receiverRef(node: SgNode, text: string): Ref | undefined {
  if (!/^(?:this\.)?[A-Za-z_$][\w$]*$/.test(text) || text === "this") return undefined;
  const a = at(node);
  return { name: text, line: a.line, col: a.col };
}

/** `bus.execute(new X())`, `eventBus.publishAll([new A(), new B()])`, `this.apply(new XEvent())`. */
function busDispatch(ctx: FileCtx, node: SgNode, object: string, prop: string, from: string | null, receiver: Ref | undefined): boolean {
  const list = args(node, 2);
  const first = list[0];
  const items = prop === "publishAll" && first?.k === "arr" ? first.items : first ? [first] : [];
  const isBus = BUS.test(object);
  let any = false;
  for (const item of items) {
    if (item.k !== "new") continue;
    const name = item.cls;
    if (!/^[A-Za-z_$][\w$.]*$/.test(name)) continue;
    if (prop === "apply" ? !/Event$/.test(name) : !isBus && !/(?:Command|Query|Event)$/.test(name)) continue;
    const kind = kindOf(object, name, prop);
    send(ctx, { request: name, requestRef: ctx.ref(name, item.line, item.col + 4), kind, from, framework: ctx.imports("@nestjs/cqrs") ? "nestjs-cqrs" : "cqrs", line: item.line, text: ctx.evidence(node), ...(receiver ? { receiver } : {}) });
    any = true;
  }
  if (!any && isBus && first && first.k !== "new" && prop !== "apply") {
    if ((first.k === "id" || first.k === "member") && !first.v.startsWith("this.")) {
      // `bus.execute(cmd)`: the checker reads the request class from the variable's type; unresolved without it
      const kind = kindOf(object, "", prop);
      send(ctx, { request: null, typeRef: ctx.ref(first.v, first.line, first.col), kind, from, framework: ctx.imports("@nestjs/cqrs") ? "nestjs-cqrs" : "cqrs", line: at(node).line, text: ctx.evidence(node), ...(receiver ? { receiver } : {}) });
    } else ctx.unresolved("request", ctx.evidence(node), at(node).line);
    return true;
  }
  return any;
}

function kindOf(object: string, name: string, prop: string): RequestKind {
  if (/[Cc]ommand/.test(object) || /Command$/.test(name)) return "command";
  if (/[Qq]uery/.test(object) || /Query$/.test(name)) return "query";
  if (/[Ee]vent/.test(object) || /Event$/.test(name) || prop === "publish" || prop === "publishAll" || prop === "apply") return "event";
  return "command";
}

/** Nest microservice `client.send(pattern, data)` / `client.emit(pattern, data)`. */
function clientSend(ctx: FileCtx, node: SgNode, from: string | null, receiver: Ref | undefined): boolean {
  const list = args(node, 2);
  const pattern = list[0];
  const key = pattern ? tokenText(pattern) : null;
  const a = at(node);
  if (!pattern || key === null || pattern.k === "id" || pattern.k === "member") {
    ctx.unresolved("request", ctx.evidence(node), a.line);
    return true;
  }
  send(ctx, { request: key.replace(/^'(.*)'$/, "$1"), kind: "message", from, framework: "nestjs-microservices", line: a.line, text: ctx.evidence(node), ...(receiver ? { receiver } : {}) });
  return true;
}

/** BullMQ `queue.add('job', data)`: the queue is declared here (`new Queue('q')`, `@InjectQueue('q')`) or imported. */
function queueAdd(ctx: FileCtx, node: SgNode, object: string, from: string | null): boolean {
  const local = ctx.facts.queues?.find((q) => q.local === object);
  const a = at(node);
  const text = ctx.evidence(node);
  if (local) {
    send(ctx, { request: local.queue, kind: "job", from, framework: "bullmq", line: a.line, text });
    return true;
  }
  const root = object.split(".")[0] ?? object;
  if (ctx.bindings.has(root) && /queue/i.test(object)) {
    send(ctx, { request: null, queueRef: ctx.ref(object, a.line, a.col), kind: "job", from, framework: "bullmq", line: a.line, text });
    return true;
  }
  return false;
}

/** `emitter.on('evt', handler)` with a literal event name. */
function emitterOn(ctx: FileCtx, node: SgNode, object: string, receiver: Ref | undefined): boolean {
  const list = args(node, 1);
  const name = staticString(list[0]);
  const a = at(node);
  if (list.length < 2) return false;
  if (name === null) return dynamicName(ctx, node, object, a.line);
  const handler = list[list.length - 1]!;
  const ref = handler.k === "id" || handler.k === "member" ? handler : null;
  (ctx.facts.handles ??= []).push({
    request: name,
    kind: "emitter",
    handler: null,
    handlerLine: handler.line,
    ...(ref ? { handlerRef: ctx.ref(ref.v, ref.line, ref.col) } : {}),
    framework: "event-emitter",
    line: a.line,
    text: ctx.evidence(node),
    ...(receiver ? { receiver } : {}),
  });
  ctx.framework("event-emitter");
  return true;
}

/** `emitter.emit('evt', …)` with a literal event name. */
function emitterEmit(ctx: FileCtx, node: SgNode, object: string, from: string | null, receiver: Ref | undefined): boolean {
  const list = args(node, 0);
  const name = staticString(list[0]);
  const a = at(node);
  if (name === null) return list.length > 0 && dynamicName(ctx, node, object, a.line);
  send(ctx, { request: name, kind: "emitter", from, framework: ctx.imports("@nestjs/event-emitter") ? "nestjs-event-emitter" : "event-emitter", line: a.line, text: ctx.evidence(node), ...(receiver ? { receiver } : {}) });
  return true;
}

function dynamicName(ctx: FileCtx, node: SgNode, object: string, line: number): boolean {
  if (!EMITTER.test(object)) return false;
  ctx.unresolved("request", ctx.evidence(node), line);
  return true;
}
