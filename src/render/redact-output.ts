// The output path's redactor. The engine passes every operation's result through
// `redactResult` before the budget fit (src/engine.ts invoke), so what any surface writes —
// CLI text and --json, MCP text and structuredContent, host RPC results — is redacted;
// payload files, error messages and the CLI's printed lines go through `redactText`. A new
// operation, field or surface is redacted without anyone remembering to. Strings are redacted wherever they sit inside
// the result object (keys included), diffs and signatures as much as file bodies.
//
// A refactor's staged files (`{file, expectedHash, content}`, the apply handoff) are
// redacted like everything else: svc_workspace action=apply puts the file's own values back
// for their markers (ops/apply-fidelity.ts restoreMarkers).
//
// A value found in one string of an answer is taken out of all of them: the text renders the
// structured data in its own form (`  config/app.yaml:3  password: …` where the data has the
// line alone), which can hide from a detector the context it needs (text/known-secrets.ts).
// So is a value found in a file the answer names as a source (OpResult.secretSources: a test
// runner's `Received: "…"` quotes a value whose name only the code under test shows).
//
// So is a value the workspace's index remembers as once found a secret (text/remembered-secrets.ts): after the
// name that made `hunter2` a password is renamed away, nothing in the tree says so any more. Found in one string (a
// message quoting the caller's query), it is taken out of all of them (the structured result's `query` field, which
// holds the value alone); a string that is the value alone is one anyway. An error's message too (engine.ts invoke).
//
// Redaction is idempotent (a marker is never matched again), so a result that already went
// through it (fusion content, a host's answer relayed by a client) may pass again.

import type { OpResult } from "../ops/types.ts";
import { mapStrings } from "../text/map-strings.ts";
import { readFileSync } from "node:fs";
import { credentialParts } from "../text/credential-parts.ts";
import { CUT_PREFIX, fileSecrets, knownSecrets } from "../text/known-secrets.ts";
import { escapeControls } from "../text/control-chars.ts";
import { redact, type SecretKind } from "../text/redact.ts";
import { NOTHING_REMEMBERED, type Remembered } from "../text/remembered-secrets.ts";

/** `text` redacted, and every value `remembered` holds taken out. */
export function redactText(text: string, remembered: Remembered = NOTHING_REMEMBERED): string {
  const first = redact(text).text;
  return remembered.size ? remembered.replace(first).text : first;
}

/** `{file, expectedHash, content}`: staged content for apply (whole or not at all within a budget: render/fit.ts). */
export function isApplyHandoff(value: object): boolean {
  const v = value as Record<string, unknown>;
  return typeof v.file === "string" && typeof v.expectedHash === "string" && typeof v.content === "string";
}

/** A deep copy of `value` with every string redacted. */
export function redactValue<T>(value: T): T {
  return mapStrings(value, (text) => redactText(text));
}

/**
 * A value found in one string of an answer and taken out of the others must be at least this
 * long and not one plain word (a dotenv file's `NODE_ENV=production` would otherwise take
 * "production" out of every line of the answer).
 */
const ANSWER_KNOWN_MIN = 8;

/** A value taken out of every string of an answer: long enough, and not a dotenv file's plain word. */
const answerKnown = (value: string, kind: SecretKind, min = ANSWER_KNOWN_MIN) => value.length >= min && !(kind === "env-value" && /^[A-Za-z]+$/.test(value));
/**
 * A source file's value counts from CUT_PREFIX characters: the file, not a string of the answer, says it is a secret, and the
 * answer quotes the file without the name that said so (a password's name gives `"hunter2"` its 7 characters). Not a dotenv
 * file's every value: `PORT=3000` would take "3000" out of a test runner's every line.
 */
const sourceKnown = (value: string, kind: SecretKind) => answerKnown(value, kind, kind === "env-value" ? ANSWER_KNOWN_MIN : CUT_PREFIX);

/** The secrets of the files an answer quotes from without their context (OpResult.secretSources). */
function sourceSecrets(paths: readonly string[]): [string, SecretKind][] {
  return paths.flatMap((path) => {
    try {
      return fileSecrets(readFileSync(path, "utf8"), path);
    } catch {
      return [];
    }
  });
}

/** Where a caller's word may stand in a request's string: between blanks, quotes, brackets, `=` and `:`. */
const TYPED_WORD = /[^\s"'`,;()[\]{}<>=:]+/g;

/**
 * The remembered values a caller typed among the words of its request (`svc find "where hunter2x is"`): the answer echoes
 * them where nothing marks them as values (a query's words in a message and in the structured result's `query`); they are
 * taken out of the whole answer, its error's message too (engine.ts invoke).
 */
export function typedSecrets(request: unknown, remembered: Remembered): [string, SecretKind][] {
  const typed: [string, SecretKind][] = [];
  if (!remembered.size) return typed;
  mapStrings(request, (text) => {
    for (const word of text.match(TYPED_WORD) ?? []) for (const s of remembered.spans(word)) typed.push([word.slice(s.start, s.end), s.kind]);
    return text;
  });
  return typed;
}

/** `text` with the values `typed` holds (typedSecrets) and those `remembered` holds taken out (an error's message). */
export function withoutTyped(text: string, remembered: Remembered, typed: readonly [string, SecretKind][]): string {
  const first = remembered.size ? remembered.replace(text).text : text;
  return typed.length ? knownSecrets(typed).replace(first).text : first;
}

/**
 * What a surface may write: the result's text, structured data and warnings, redacted, the warnings' control characters
 * escaped (the engine applies it to every answer); `typed`: remembered values the request holds (typedSecrets).
 */
export function redactResult<D extends object>(result: OpResult<D>, remembered: Remembered = NOTHING_REMEMBERED, typed: readonly [string, SecretKind][] = []): OpResult<D> {
  const { secretSources, ...shown } = result;
  const found: [string, SecretKind][] = [...typed, ...sourceSecrets(secretSources ?? []).filter(([value, kind]) => sourceKnown(value, kind))];
  const collect = (text: string): string => {
    const r = redact(text);
    for (const s of r.spans) {
      const value = text.slice(s.start, s.end);
      for (const v of [value, ...credentialParts(value, s.kind)]) if (answerKnown(v, s.kind)) found.push([v, s.kind]);
    }
    if (!remembered.size) return r.text;
    // a remembered value found in one string (the text's `no matches for 'hunter2x'`) is taken out of all of them (the
    // data's `query: "hunter2x"`), as a detector's is
    for (const s of remembered.spans(r.text)) found.push([r.text.slice(s.start, s.end), s.kind]);
    return remembered.replace(r.text).text;
  };
  const redacted = { text: collect(result.text), data: mapStrings(result.data, collect), warnings: result.warnings?.map(collect) };
  const known = knownSecrets(found, CUT_PREFIX); // each value passed answerKnown or sourceKnown
  const again = (text: string) => (known.size ? known.replace(text).text : text);
  return {
    ...shown,
    // the text keeps its bytes (a view's file content goes back through apply: a file's ESC shown as \x1b would be written
    // as those four characters); a terminal gets it escaped by the CLI (surfaces/cli/output.ts), warnings always
    text: again(redacted.text),
    data: known.size ? mapStrings(redacted.data, again) : redacted.data,
    ...(redacted.warnings ? { warnings: redacted.warnings.map((w) => escapeControls(again(w))) } : {}),
  };
}
