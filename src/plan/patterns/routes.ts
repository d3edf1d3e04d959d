// Pattern summary: HTTP routing framework(s) and route counts — TypeScript/JavaScript from
// the wiring facts (NestJS, Express, Koa, Fastify, Hono, Elysia, Bun.serve, Next.js,
// SvelteKit, Remix/React Router: frameworks.ts), other languages in routes-other.ts.

import { routeSegments } from "./frameworks.ts";
import { otherRouteSegments } from "./routes-other.ts";
import { joinSegments, type Corpus, type Segment } from "./source.ts";

export function detectRoutes(corpus: Corpus): string | null {
  const segments: Segment[] = [...routeSegments(corpus), ...otherRouteSegments(corpus.code)];
  return segments.length ? joinSegments(segments) : null;
}
