// ADO.NET / ODBC / Azure connection strings (`Server=…;User ID=…;Password=…;`, `Pwd={…}`, `AccountKey=…`): the run of
// `k=v;` pairs redacted whole when a known key and a secret key's real value are in it. A detector of text/redact.ts.

import { credentialValue, isPlaceholder, type Push } from "./secret-values.ts";

const ADO_KEYWORDS = new Set(["server", "data source", "host", "initial catalog", "database", "user id", "uid",
  "password", "pwd", "integrated security", "trusted_connection", "port", "accountendpoint", "accountkey",
  "sharedaccesskey", "defaultendpointsprotocol", "accountname"]);
const ADO_SECRET_KEYS = new Set(["password", "pwd", "accountkey", "sharedaccesskey"]);
const SEGMENT_END = new Set(['"', "'", "`", "\r", "\n"]);
const ADO_TRIGGER = /(?:password|pwd|accountkey|sharedaccesskey)[ \t]*=/gi;
// Keys are one or two words ("Data Source"), values end at `;`: the first pair's has no `=` but trailing ones (base64
// padding; a run may start inside a longer `name=` line), a later pair's may hold `=` (a password's symbol); a value in
// braces (ODBC and Azure SQL's `Pwd={…}`, `}}` a brace, at most 256 characters) may hold `;`.
const ADO_BRACED = String.raw`[ \t]*\{(?:[^{}\r\n]|\}\}){1,256}\}(?=[ \t]*(?:;|$|["'\x60\r\n]))`;
const ADO_KEY = String.raw`[A-Za-z][\w.]*(?: [A-Za-z][\w.]*)?[ \t]*=`;
const ADO_FIRST = String.raw`${ADO_KEY}(?:${ADO_BRACED}|[^;=\r\n"'\x60]*=*)`;
const ADO_NEXT = String.raw`${ADO_KEY}(?:${ADO_BRACED}|[^;\r\n"'\x60]*)`;
const ADO_RUN = new RegExp(String.raw`(?<![A-Za-z0-9_])${ADO_FIRST}(?:;[ \t]*${ADO_NEXT})+;?`, "g");
const ADO_PAIRS = new RegExp(String.raw`([A-Za-z][\w.]*(?: [A-Za-z][\w.]*)?)[ \t]*=(${ADO_BRACED}|[^;\r\n"'\x60]*)`, "g");

/** A secret key's value: not a placeholder; in braces, not an interpolation (`{dbPassword}`, `{0}`) but what they quote. */
function adoSecret(value: string): boolean {
  const v = value.trim();
  if (!v.startsWith("{") || !v.endsWith("}")) return !isPlaceholder(v);
  const inner = v.slice(1, -1).replace(/\}\}/g, "}");
  if (isPlaceholder(inner) || /^\d+(?:[,:][^}]*)?$/.test(inner)) return false;
  return /^[A-Za-z_][\w.]*$/.test(inner) ? credentialValue(inner) : true;
}

/** The values of a connection string's secret keys (`Password=…`, `Pwd={…}` without its braces), each as the string holds it. */
export function adoSecretValues(run: string): string[] {
  const out: string[] = [];
  for (const p of run.matchAll(ADO_PAIRS)) {
    if (!ADO_SECRET_KEYS.has(p[1]!.trim().toLowerCase())) continue;
    const v = p[2]!.trim();
    const inner = v.startsWith("{") && v.endsWith("}") ? v.slice(1, -1).replace(/\}\}/g, "}") : v;
    if (inner && adoSecret(v)) out.push(inner);
  }
  return out;
}

export function adoStrings(text: string, push: Push): void {
  ADO_TRIGGER.lastIndex = 0;
  for (let m = ADO_TRIGGER.exec(text); m; m = ADO_TRIGGER.exec(text)) {
    // Parse only the enclosing quote- or line-delimited segment (bounded) around the key.
    let from = m.index, to = m.index;
    const lo = Math.max(0, from - 4096), hi = Math.min(text.length, to + 4096);
    while (from > lo && !SEGMENT_END.has(text[from - 1]!)) from--;
    while (to < hi && !SEGMENT_END.has(text[to]!)) to++;
    const segment = text.slice(from, to);
    ADO_RUN.lastIndex = 0;
    for (let r = ADO_RUN.exec(segment); r; r = ADO_RUN.exec(segment)) {
      const pairs = [...r[0].matchAll(ADO_PAIRS)].map((p) => [p[1]!.trim().toLowerCase(), p[2]!] as const);
      const known = pairs.some(([k]) => ADO_KEYWORDS.has(k));
      const secret = pairs.some(([k, v]) => ADO_SECRET_KEYS.has(k) && adoSecret(v));
      if (pairs.length >= 2 && known && secret) push("connection-string", from + r.index, from + r.index + r[0].trimEnd().length);
    }
    ADO_TRIGGER.lastIndex = Math.max(ADO_TRIGGER.lastIndex, to);
  }
}
