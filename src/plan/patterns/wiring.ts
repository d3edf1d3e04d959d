// Pattern summary: dependency injection containers and CQRS handlers and dispatches —
// TypeScript/JavaScript from the wiring facts (NestJS, Angular, InversifyJS, tsyringe,
// Awilix, NestJS CQRS: frameworks.ts), .NET DI, Spring and MediatR from cheap signals.

import { cqrsSegments, injectionSegments } from "./frameworks.ts";
import { count, examples, imports, joinSegments, parts, plural, Tally, type Corpus, type Segment } from "./source.ts";

const DOTNET_ADD = /\b(?:Try)?Add(Scoped|Singleton|Transient)\s*[<(]/g;
const SPRING_COMPONENT = /@(?:Component|Service|Repository|Controller|RestController|Configuration)\b/g;
const SPRING_BEAN = /@Bean\b/g;

export function detectInjection(corpus: Corpus): string | null {
  const segments: Segment[] = injectionSegments(corpus);
  const dotnet = new Tally();
  let spring = 0, beans = 0;
  for (const f of corpus.code) {
    if (f.lang === "cs" && f.code.includes("Add")) {
      for (const m of f.code.matchAll(DOTNET_ADD)) dotnet.add(m[1] ?? "");
    } else if (f.lang === "jvm" && imports(f, "org.springframework.")) {
      spring += count(SPRING_COMPONENT, f.code);
      beans += count(SPRING_BEAN, f.code);
    }
  }
  const dn = dotnet.total();
  if (dn > 0) {
    const detail = ["Scoped", "Singleton", "Transient"].filter((k) => dotnet.has(k)).map((k) => `${dotnet.get(k)} Add${k}`).join(", ");
    segments.push({ text: `.NET DI — ${plural(dn, "registration")} (${detail})`, weight: dn });
  }
  if (spring + beans > 0) segments.push({ text: `Spring — ${parts([spring, "component"], [beans, "@Bean method"])}`, weight: spring + beans });
  return segments.length ? joinSegments(segments) : null;
}

const MEDIATR_HANDLER = /\bI(Request|Notification)Handler\s*</g;
const DISPATCH = /\.(?:[Ss]end|[Pp]ublish)(?:Async)?\s*(?:<[^>\n]*>)?\s*\(\s*new\s+([A-Z][\w$]*(?:Command|Query|Event))\b/g;

export function detectCqrs(corpus: Corpus): string | null {
  const { segments, dispatched } = cqrsSegments(corpus);
  const mediatr = new Tally();
  for (const f of corpus.code) {
    if (f.lang !== "cs") continue;
    const c = f.code;
    if (c.includes("Handler")) for (const m of c.matchAll(MEDIATR_HANDLER)) mediatr.add(m[1] ?? "");
    if (c.includes("new")) for (const m of c.matchAll(DISPATCH)) dispatched.push(m[1] ?? "");
  }
  const mTotal = mediatr.total();
  if (mTotal > 0) {
    segments.push({ text: `MediatR — ${parts([mediatr.n("Request"), "request handler"], [mediatr.n("Notification"), "notification handler"])}`, weight: mTotal });
  }
  let line = joinSegments(segments);
  if (dispatched.length > 0) {
    const bus = `${plural(dispatched.length, "dispatch", "dispatches")} (${examples(dispatched)})`;
    line = line ? `${line}; ${bus}` : bus;
  }
  return line || null;
}
