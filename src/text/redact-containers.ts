// A credential container keyed by provider: `secrets = { stripe: "…" }`, `const secrets = { github: "…" }`, a JSON
// `"credentials": { "openai": "…" }`, a YAML `tokens:` mapping with `slack: …` under it. No name says the value is a
// credential (`stripe`, `github` name a service), the container does. A detector of text/redact.ts; the value is judged
// as a credential name's (credentialValue: 8 characters or more, not a word, a path or a placeholder under 16).

import { credentialValue, type Push } from "./secret-values.ts";
import type { Scan } from "./redact-assign.ts";

/**
 * A name ending in a word that says it holds credentials (`secrets`, `appSecrets`, `API_TOKENS`, `credentials`, `apiKeys`: the
 * word is matched, the name may go on before it), then (in code or JSON) a type annotation, `=`, `:` or `=>` and an opening
 * brace, or a YAML key ending its line; group 1: the line's indentation after it when YAML.
 */
const CONTAINER = /(?:secrets?|credentials?|creds|tokens|api_?keys)["']?[ \t]*(?::[ \t]*[\w$.<>[\], |]{1,80}?[ \t]*(?==))?(?:=(?![=>])|:|=>)[ \t]*(?:\{|(?=[ \t]*(?:#[^\n]*)?\r?\n([ \t]*)))/gi;
/** Services whose keys a container lists (a key named for a credential is the assignment detector's). */
const PROVIDER = String.raw`stripe|github|gitlab|bitbucket|slack|discord|telegram|twilio|sendgrid|mailgun|mailchimp|postmark|openai|anthropic|cohere|huggingface|replicate|aws|gcp|google|azure|firebase|supabase|vercel|netlify|heroku|cloudflare|digitalocean|npm|pypi|docker(?:hub)?|sentry|datadog|newrelic|pagerduty|algolia|pusher|shopify|paypal|braintree|square|plaid|segment|mixpanel|amplitude|intercom|zendesk|jira|atlassian|linear|notion|airtable|dropbox|twitter|facebook|linkedin|mapbox|auth0|okta|circleci|travis|codecov|snyk`;
/** A provider's key and its literal (group 2: the quote, 3: the value). */
const QUOTED_PAIR = new RegExp(String.raw`(?<![\w$.-])["']?(${PROVIDER})["']?[ \t]*(?::|=>|=(?![=>]))[ \t]*(["'\x60])([^"'\x60\\\r\n]*)\2`, "gi");
/** A YAML line under the mapping: its indentation, the provider, the value (quoted or plain). */
const YAML_PAIR = new RegExp(String.raw`^([ \t]+)(${PROVIDER})[ \t]*:[ \t]*(?:(["'])([^"'\r\n]*)\3|([^\s"'#]+))[ \t]*(?:#.*)?$`, "i");
/** How far a container's body is read. */
const BODY_REACH = 4096;

export function containerCredentials(text: string, push: Push, scan: Scan): void {
  CONTAINER.lastIndex = 0;
  for (let m = CONTAINER.exec(text); m; m = CONTAINER.exec(text)) {
    const open = m.index + m[0].length;
    if (m[1] === undefined) braceBody(text, open, push);
    else if (!scan.code) yamlBody(text, m.index, open, push);
  }
}

/** The pairs of the object whose `{` ends at `open`, up to its closing brace (literals and nested objects skipped over). */
function braceBody(text: string, open: number, push: Push): void {
  let depth = 0, end = Math.min(text.length, open + BODY_REACH);
  for (let j = open; j < end; j++) {
    const c = text[j];
    if (c === "{") depth++;
    else if (c === "}" && depth-- === 0) end = j;
    else if (c === '"' || c === "'" || c === "`") {
      const close = text.indexOf(c, j + 1);
      if (close < 0) break;
      j = close;
    }
  }
  const body = text.slice(open, end);
  QUOTED_PAIR.lastIndex = 0;
  for (let p = QUOTED_PAIR.exec(body); p; p = QUOTED_PAIR.exec(body)) {
    const value = p[3]!, at = open + p.index + p[0].length - 1 - value.length;
    if (credentialValue(value)) push("api-token", at, at + value.length);
  }
}

/** The lines under a YAML mapping's key (indented deeper than the key's line) that give a provider a value. */
function yamlBody(text: string, keyAt: number, from: number, push: Push): void {
  const keyLine = text.lastIndexOf("\n", keyAt - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(keyLine, keyAt + 1))![0].length;
  let at = text.indexOf("\n", from) + 1;
  for (let lines = 0; at > 0 && lines < 64; lines++) {
    const nl = text.indexOf("\n", at), line = text.slice(at, nl < 0 ? text.length : nl).replace(/\r$/, "");
    if (line.trim() !== "") {
      const p = YAML_PAIR.exec(line);
      if (/^[ \t]*/.exec(line)![0].length <= indent) return;
      const value = p?.[4] ?? p?.[5];
      if (p && value !== undefined && credentialValue(value)) {
        const start = at + line.lastIndexOf(value, line.length - (p[3] ? 1 : 0));
        push("api-token", start, start + value.length);
      }
    }
    at = nl < 0 ? -1 : nl + 1;
  }
}
