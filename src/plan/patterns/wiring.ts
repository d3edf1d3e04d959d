// Pattern summary: dependency injection containers (NestJS, Angular, InversifyJS, tsyringe,
// Awilix; .NET and Spring as cheap extras) and CQRS handlers and bus dispatches.

import { count, examples, imports, joinSegments, parts, plural, Tally, type Corpus, type Segment, type Src } from "./source.ts";

const UPPER_INJECTABLE = /@Injectable\s*\(/g;
const NEST_MODULE = /@Module\s*\(/g;
const PROVIDED_IN = /\bprovidedIn\s*:/;
const NG_INJECT = /(?<![\w$.])inject\s*(?:<[^>\n]*>)?\s*\(/g;
const LOWER_INJECTABLE = /@(?:injectable|singleton|scoped)\s*\(/g;
const INVERSIFY_BIND =
  /\.bind\s*(?:<[^>\n]*>)?\s*\([^)\n]*\)\s*\.\s*to(?:Self|ConstantValue|DynamicValue|Factory|Provider|Service|Constructor|Function|AutoFactory)?\s*\(/g;
const TSYRINGE_REGISTER = /\.register(?:Singleton|Instance|Type)?\s*(?:<[^>\n]*>)?\s*\(/g;
const AWILIX = /(?<![\w$.])as(Class|Function|Value)\s*\(/g;
const DOTNET_ADD = /\b(?:Try)?Add(Scoped|Singleton|Transient)\s*[<(]/g;
const SPRING_COMPONENT = /@(?:Component|Service|Repository|Controller|RestController|Configuration)\b/g;
const SPRING_BEAN = /@Bean\b/g;

export function detectInjection(corpus: Corpus): string | null {
  const js = corpus.code.filter((f) => f.lang === "js");
  const nestCorpus = js.some((f) => imports(f, "@nestjs/"));
  const inversifyCorpus = js.some((f) => imports(f, "inversify"));
  const tsyringeCorpus = js.some((f) => imports(f, "tsyringe"));
  let nest = 0, modules = 0, ng = 0, ngInject = 0, inv = 0, binds = 0, tsy = 0, registers = 0;
  const awilix = new Tally();
  for (const f of js) {
    const c = f.code;
    if (c.includes("@Injectable")) {
      const n = count(UPPER_INJECTABLE, c);
      if (isAngular(f, nestCorpus)) ng += n;
      else nest += n;
    }
    if (c.includes("@Module") && imports(f, "@nestjs/")) modules += count(NEST_MODULE, c);
    if (c.includes("inject") && imports(f, "@angular/")) ngInject += count(NG_INJECT, c);
    if (c.includes("@injectable") || c.includes("@singleton") || c.includes("@scoped")) {
      const n = count(LOWER_INJECTABLE, c);
      if (imports(f, "inversify") || (!imports(f, "tsyringe") && inversifyCorpus)) inv += n;
      else if (imports(f, "tsyringe") || tsyringeCorpus) tsy += n;
    }
    if (c.includes(".bind") && (imports(f, "inversify") || inversifyCorpus)) binds += count(INVERSIFY_BIND, c);
    if (c.includes(".register") && imports(f, "tsyringe")) registers += count(TSYRINGE_REGISTER, c);
    if (c.includes("as") && imports(f, "awilix")) for (const m of c.matchAll(AWILIX)) awilix.add(m[1] ?? "");
  }
  const segments: Segment[] = [];
  if (nest + modules > 0) {
    segments.push({ text: `NestJS — ${plural(nest, "injectable provider")} in ${plural(modules, "module")}`, weight: nest });
  }
  if (ng > 0) segments.push({ text: `Angular — ${parts([ng, "injectable service"], [ngInject, "inject() call"])}`, weight: ng });
  if (inv + binds > 0) {
    segments.push({ text: `InversifyJS — ${parts([inv, "injectable class", "injectable classes"], [binds, "container binding"])}`, weight: inv + binds });
  }
  if (tsy + registers > 0) {
    segments.push({ text: `tsyringe — ${parts([tsy, "injectable class", "injectable classes"], [registers, "container registration"])}`, weight: tsy + registers });
  }
  const aw = awilix.total();
  if (aw > 0) {
    const detail = parts([awilix.n("Class"), "asClass", "asClass"], [awilix.n("Function"), "asFunction", "asFunction"], [awilix.n("Value"), "asValue", "asValue"]);
    segments.push({ text: `Awilix — ${plural(aw, "registration")} (${detail})`, weight: aw });
  }
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

/** `@Injectable` belongs to Angular when the file imports Angular, or says `providedIn` outside a NestJS codebase file. */
function isAngular(f: Src, nestCorpus: boolean): boolean {
  if (imports(f, "@angular/")) return true;
  if (imports(f, "@nestjs/")) return false;
  return PROVIDED_IN.test(f.code) || !nestCorpus;
}

const NEST_HANDLER = /@(Command|Query|Events)Handler\s*\(/g;
const NEST_SAGA = /@Saga\s*\(/g;
const MEDIATR_HANDLER = /\bI(Request|Notification)Handler\s*</g;
const DISPATCH = /\.(?:[Ee]xecute|[Ss]end|[Dd]ispatch|[Pp]ublish)(?:Async)?\s*(?:<[^>\n]*>)?\s*\(\s*new\s+([A-Z][\w$]*(?:Command|Query|Event))\b/g;

export function detectCqrs(corpus: Corpus): string | null {
  const nest = new Tally();
  const mediatr = new Tally();
  let sagas = 0;
  const dispatched: string[] = [];
  for (const f of corpus.code) {
    const c = f.code;
    if (f.lang === "js" && c.includes("Handler")) {
      for (const m of c.matchAll(NEST_HANDLER)) nest.add(m[1] ?? "");
      if (c.includes("@Saga")) sagas += count(NEST_SAGA, c);
    }
    if (f.lang === "cs" && c.includes("Handler")) for (const m of c.matchAll(MEDIATR_HANDLER)) mediatr.add(m[1] ?? "");
    if ((f.lang === "js" || f.lang === "cs") && c.includes("new")) {
      for (const m of c.matchAll(DISPATCH)) dispatched.push(m[1] ?? "");
    }
  }
  const segments: Segment[] = [];
  const nestText = parts([nest.n("Command"), "command handler"], [nest.n("Query"), "query handler"], [nest.n("Events"), "event handler"], [sagas, "saga"]);
  const nestTotal = nest.total() + sagas;
  if (nestTotal > 0) segments.push({ text: `NestJS CQRS — ${nestText}`, weight: nestTotal });
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
