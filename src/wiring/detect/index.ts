// Per-file wiring detection (syntax tier), run inside extraction: cheap text checks decide
// which detectors can apply, then one ast-grep search collects the candidate nodes of all
// of them, which each detector reads. Files without any hint cost a few regex tests.

import type { NapiConfig, SgNode } from "@ast-grep/napi";
import type { LanguageId } from "../../lang/languages.ts";
import type { Decl } from "../../lang/model.ts";
import { isTestPath } from "../../workspace/templates.ts";
import type { FileFacts } from "../model.ts";
import { configFileFacts, envFileFacts, isConfigDataFile, isEnvFile } from "./config-files.ts";
import { configCall, envDestructure, envRead, hasConfigHints, schemaCall } from "./config.ts";
import { containerCall, cradleConstructors, implementsClause } from "./containers.ts";
import { FileCtx, hasFacts } from "./context.ts";
import { decoratorFact, finishClasses } from "./decorators.ts";
import { fileRouteFacts } from "./file-routes.ts";
import { HttpDetector } from "./http.ts";
import { messageCall, messageNew } from "./messages.ts";

const JS_LANGUAGES = new Set<LanguageId>(["typescript", "tsx", "javascript"]);

// Cheap text checks, one per detector family; a file that passes none is never searched.
const HTTP_HINT = /\.\s*(?:get|post|put|patch|delete|del|options|head|all|on)\s*\(\s*['"`[]|\.\s*(?:route|use|register|group|setGlobalPrefix|prefix)\s*\(|\bBun\s*\.\s*serve\b|\bserve\s*\(\s*\{|['"](?:express|koa|@koa\/router|koa-router|fastify|fastify-plugin|hono|elysia)(?:\/[^'"\n]*)?['"]/;
const DECORATOR_HINT = /^[ \t]*(?:export\s+(?:default\s+)?)?@[A-Za-z_$][\w$.]*\s*[(\n]|[(,]\s*@[A-Za-z_$][\w$]*\s*\(/m;
const DI_HINT = /\b(?:re)?bind\s*(?:<[^>\n]*>)?\s*\([^()\n]*\)\s*\.\s*to|\.\s*register(?:Singleton|Instance|Type)?\s*[(<]|(?:[Cc]ontainer|[Ii]njector)\w*\s*\.\s*(?:get|resolve)\s*[(<]|\bas(?:Class|Function|Value)\s*\(|\binject\s*[(<]|\bimplements\b|\bconstructor\s*\(\s*\{/;
const MESSAGE_HINT = /\.\s*(?:execute|publish|publishAll|dispatch|send|apply)\s*(?:<[^>\n]*>)?\s*\(\s*\[?\s*new\s|\.\s*(?:on|once|addListener|prependListener|emit)\s*\(\s*['"`]|(?:[Ee]mitter|[Bb]us|[Ee]vents)\s*\.\s*(?:on|once|emit|execute|publish|dispatch)\s*\(|(?:[Cc]lient|[Pp]roxy)\w*\s*\.\s*(?:send|emit)\s*\(|[Qq]ueue\w*\s*\.\s*add(?:Bulk)?\s*\(|\bnew\s+(?:Worker|Queue)\b/;

const METHOD_PROPS = "get|post|put|patch|delete|del|options|head|all|on|route|use|register|group|setGlobalPrefix|prefix|serve";
const MESSAGE_PROPS = "execute|publish|publishAll|dispatch|send|emit|on|once|addListener|prependListener|add|addBulk|apply";
const DI_PROPS = "bind|rebind|to|toSelf|toConstantValue|toDynamicValue|toFactory|toService|toProvider|toFunction|toConstructor|toAutoFactory|register|registerSingleton|registerInstance|registerType|resolve|get";

/** Whether a code file can hold wiring at all (cheap text checks; file-routed paths always can). */
export function mayHaveWiring(path: string, text: string): boolean {
  return FILE_ROUTED.test(path) || hintsOf(text) !== null;
}

const FILE_ROUTED = /(?:^|\/)(?:app\/(?:.+\/)?route|pages\/api\/.+|routes\/(?:.+\/)?\+server|app\/routes\/.+)\.[cm]?[jt]sx?$/;

/** Detect the wiring facts of one file; null when it has none (or is a test file). */
export function detectWiring(path: string, text: string, language: LanguageId | null, root: SgNode | null, decls: readonly Decl[]): FileFacts | null {
  if (isTestPath(path)) return null;
  if (isEnvFile(path)) return envFileFacts(text);
  if (isConfigDataFile(path, language)) return configFileFacts(text, language);
  if (language === null || !JS_LANGUAGES.has(language)) return null;
  const hints = hintsOf(text);
  const routed = FILE_ROUTED.test(path);
  if (!routed && !hints) return null;
  const ctx = new FileCtx(path, text, decls, root);
  if (routed) fileRouteFacts(ctx);
  if (root && hints) codeFacts(ctx, root, hints);
  return hasFacts(ctx.facts) ? finalize(ctx) : null;
}

interface Hints {
  http: boolean;
  decorators: boolean;
  di: boolean;
  messages: boolean;
  config: boolean;
}

function hintsOf(src: string): Hints | null {
  const h: Hints = { http: HTTP_HINT.test(src), decorators: src.includes("@") && DECORATOR_HINT.test(src), di: DI_HINT.test(src), messages: MESSAGE_HINT.test(src), config: hasConfigHints(src) };
  return h.http || h.decorators || h.di || h.messages || h.config ? h : null;
}

function finalize(ctx: FileCtx): FileFacts {
  const facts = ctx.facts;
  const def = ctx.defaultExport();
  if (def) facts.defaultExport = def;
  return facts;
}

function codeFacts(ctx: FileCtx, root: SgNode, hints: Hints): void {
  const src = ctx.src;
  const { http, decorators, di, messages, config } = hints;

  const props: string[] = [];
  if (http) props.push(METHOD_PROPS);
  if (messages) props.push(MESSAGE_PROPS);
  if (di) props.push(DI_PROPS);
  if (config) props.push("get|getOrThrow|parse|safeParse");
  const rules: NapiConfig["rule"][] = [];
  if (decorators) rules.push({ kind: "decorator" });
  const calleeNames = ["serve", "registerAs", "cleanEnv", "createEnv", "inject", "asClass", "asFunction", "asValue"];
  if (props.length || config || di) {
    rules.push({
      kind: "call_expression",
      has: {
        field: "function",
        any: [
          ...(props.length ? [{ kind: "member_expression", has: { field: "property", regex: `^(?:${props.join("|")})$` } } as const] : []),
          { kind: "identifier", regex: `^(?:${calleeNames.join("|")})$` },
        ],
      },
    } as NapiConfig["rule"]);
  }
  if (messages) rules.push({ kind: "new_expression", has: { field: "constructor", regex: "^(?:Worker|Queue)$" } } as NapiConfig["rule"]);
  if (config) {
    rules.push({ kind: "member_expression", regex: "^(?:process|Bun)\\s*\\.\\s*env\\s*\\.|^import\\s*\\.\\s*meta\\s*\\.\\s*env\\s*\\." } as NapiConfig["rule"]);
    rules.push({ kind: "subscript_expression", regex: "^(?:process|Bun)\\s*\\.\\s*env\\s*\\[|^import\\s*\\.\\s*meta\\s*\\.\\s*env\\s*\\[" } as NapiConfig["rule"]);
    rules.push({ kind: "variable_declarator", has: { field: "value", regex: "^(?:process|Bun)\\s*\\.\\s*env$|^import\\s*\\.\\s*meta\\s*\\.\\s*env$" } } as NapiConfig["rule"]);
  }
  if (di && src.includes("implements")) rules.push({ kind: "implements_clause" });
  if (rules.length === 0) return;
  let nodes: SgNode[];
  try {
    nodes = root.findAll({ rule: { any: rules } } as NapiConfig);
  } catch {
    return;
  }
  const httpDetector = http ? new HttpDetector(ctx, root) : null;
  const calls: SgNode[] = [];
  for (const node of nodes) {
    switch (node.kind() as string) {
      case "decorator":
        decoratorFact(ctx, node);
        break;
      case "call_expression":
        calls.push(node);
        break;
      case "new_expression":
        messageNew(ctx, node);
        break;
      case "member_expression":
      case "subscript_expression":
        envRead(ctx, node);
        break;
      case "variable_declarator":
        envDestructure(ctx, node);
        break;
      case "implements_clause":
        implementsClause(ctx, node);
        break;
    }
  }
  finishClasses(ctx);
  if (di) cradleConstructors(ctx);
  for (const call of calls) {
    if (httpDetector?.call(call)) continue;
    if (containerCall(ctx, call)) continue;
    if (messageCall(ctx, call)) continue;
    if (configCall(ctx, call)) continue;
    schemaCall(ctx, call);
  }
  httpDetector?.finish();
}
