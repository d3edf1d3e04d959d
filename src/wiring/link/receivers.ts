// The checker's word on a receiver guessed by its name or shape (`app.get`, `bus.execute`,
// `client.send`, `emitter.on`, `config.get`): confirmed when its type (or a base type) is
// one of the family's, rejected when the type is known and is not, unknown otherwise (the
// syntax tier, or a type the checker could not resolve: packages not installed).

import type { Ref } from "../model.ts";
import type { NameResolver } from "./types.ts";

export type ReceiverFamily = "http" | "emitter" | "bus" | "client" | "config";

const ACCEPT: Record<ReceiverFamily, RegExp> = {
  http: /^(?:Express|Application|Router|IRouter|Hono|OpenAPIHono|FastifyInstance|Elysia|KoaRouter)$/,
  emitter: /^(?:EventEmitter|EventEmitter2|EventEmitterAsyncResource|EventTarget|Emitter)$/,
  bus: /(?:Bus|Mediator|Dispatcher)$/,
  client: /^(?:ClientProxy|ClientKafka|ClientRMQ|ClientNats|ClientMqtt|ClientRedis|ClientTCP|ClientGrpcProxy)$|Client$|Proxy$/,
  config: /Config/,
};

const HTTP_FRAMEWORK: [RegExp, string][] = [
  [/^(?:Hono|OpenAPIHono)$/, "hono"],
  [/^FastifyInstance$/, "fastify"],
  [/^Elysia$/, "elysia"],
  [/^KoaRouter$/, "koa"],
  [/^(?:Express|Application|IRouter|Router)$/, "express"],
];

export interface Verdict {
  /** true: confirmed; false: the type is known and is not of the family; null: unknown. */
  ok: boolean | null;
  types: string[];
}

export function receiverVerdict(names: NameResolver, file: string, ref: Ref | undefined, family: ReceiverFamily): Verdict {
  const types = ref ? (names.typeNames?.(file, ref) ?? null) : null;
  if (!types || types.length === 0) return { ok: null, types: [] };
  return { ok: types.some((t) => ACCEPT[family].test(t)), types };
}

/** The HTTP framework a confirmed receiver's type names. */
export function httpFrameworkOf(types: readonly string[]): string {
  for (const [re, fw] of HTTP_FRAMEWORK) if (types.some((t) => re.test(t))) return fw;
  return "";
}
