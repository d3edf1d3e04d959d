// Credentials that only a file format's structure shows: a YAML block scalar's lines, every value
// of a Kubernetes Secret's `data`, an `.htpasswd` hash, a private key or PKCS#12 store in base64
// DER (no PEM armor), a Terraform state's sensitive output, a Twilio auth token beside its account
// SID. Detectors of text/redact.ts.

import { CREDENTIAL_NAME, credentialValue, isPlaceholder, passwordName, secretName, type Push } from "./secret-values.ts";

// ---------- YAML block scalars ----------

/** A block scalar's header (`|`, `>-`, `|+2`, `>2-`): the value starts on the next line. */
export const BLOCK_HEADER = /^[|>](?:[1-9]?[-+]?|[-+]?[1-9]?)$/;

/**
 * The lines of the block scalar whose header ends at `at` (`password: |`): every following line
 * indented deeper than the line of `nameAt` (blank lines inside kept). One span over the lines' text
 * when it is one credential value (each line one word: a password, a token, a base64 key wrapped).
 */
export function blockScalar(text: string, nameAt: number, at: number, push: Push, password = false): void {
  if (!/^[ \t]*(?:#[^\n]*)?\r?\n/.test(text.slice(at, at + 200))) return;
  const lineStart = text.lastIndexOf("\n", nameAt - 1) + 1;
  const indent = /^[ \t]*(?:-[ \t]+)?/.exec(text.slice(lineStart, nameAt))![0].length;
  let from = text.indexOf("\n", at) + 1, start = -1, end = -1;
  const words: string[] = [];
  while (from > 0 && from < text.length) {
    const nl = text.indexOf("\n", from), lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(from, lineEnd).replace(/\r$/, "");
    if (line.trim() !== "") {
      const lead = /^[ \t]*/.exec(line)![0].length;
      if (lead <= indent) break;
      const word = line.trim();
      if (/\s/.test(word) || words.length >= 256) return; // prose (a description), not one value
      if (start < 0) start = from + lead;
      end = from + lead + word.length;
      words.push(word);
    }
    from = nl < 0 ? text.length : nl + 1;
  }
  if (start >= 0 && credentialValue(words.join(""), password)) push("api-token", start, end);
}

// ---------- Kubernetes Secret ----------

const SECRET_KIND = /^kind:[ \t]*["']?Secret["']?[ \t]*\r?$/m;
const DATA_KEY = /^([ \t]*)(?:data|stringData):[ \t]*\r?$/gm;
const ENTRY = /^([ \t]+)["']?[\w.-]+["']?:[ \t]*(["']?)([^\s"'#][^\s"']*)\2[ \t]*\r?$/;

/** Every value under a `kind: Secret` manifest's `data:`/`stringData:` (base64 or plain, whatever its key is named): `env-value`. */
export function kubernetesSecrets(text: string, push: Push): void {
  const starts = [0, ...[...text.matchAll(/^---/gm)].map((m) => m.index)];
  starts.forEach((start, i) => {
    const doc = text.slice(start, starts[i + 1] ?? text.length);
    if (SECRET_KIND.test(doc)) secretData(text, start, doc, push);
  });
}

function secretData(text: string, offset: number, doc: string, push: Push): void {
  DATA_KEY.lastIndex = 0;
  for (let m = DATA_KEY.exec(doc); m; m = DATA_KEY.exec(doc)) {
    const indent = m[1]!.length;
    let from = m.index + m[0].length + 1;
    while (from < doc.length) {
      const nl = doc.indexOf("\n", from), lineEnd = nl < 0 ? doc.length : nl, line = doc.slice(from, lineEnd);
      if (line.trim() !== "" && !line.trim().startsWith("#")) {
        const e = ENTRY.exec(line);
        if (!e || e[1]!.length <= indent) break;
        const value = e[3]!, at = from + line.lastIndexOf(value, line.length - (e[2] ? 1 : 0));
        if (BLOCK_HEADER.test(value)) blockScalar(text, offset + from + e[1]!.length, offset + at + value.length, (_k, s, t) => push("env-value", s, t));
        else if (!isPlaceholder(value)) push("env-value", offset + at, offset + at + value.length);
      }
      from = nl < 0 ? doc.length : nl + 1;
    }
  }
}

// ---------- .htpasswd ----------

/** Apache's password file (`.htpasswd`, `htpasswd`, `<name>.htpasswd`): every `user:hash` line's hash. */
export const isHtpasswdPath = (path: string | undefined) => /^(?:\.?htpasswd|[\w.-]+\.htpasswd)$/.test((path ?? "").split(/[\\/]/).pop() ?? "");
const HTPASSWD_LINE = /^[ \t]*[^#:\s][^:\r\n]*:([^\s:]{8,})[ \t]*\r?$/gm;
/** In any file: a `user:hash` line whose hash is an Apache/crypt password hash (apr1, bcrypt, SHA, SHA-crypt). */
const HASH_LINE = /^[-+]?[ \t]*[\w.@-]+:((?:\$apr1\$[./\w]{1,8}\$[./\w]{22}|\$2[abxy]\$\d\d\$[./\w]{53}|\$[56]\$(?:rounds=\d+\$)?[./\w]{1,16}\$[./\w]{43,86}|\{SHA\}[A-Za-z0-9+/]{27}=))(?::[^\r\n]*)?\r?$/gm;
export function htpasswdValues(text: string, push: Push): void {
  HTPASSWD_LINE.lastIndex = 0;
  for (let m = HTPASSWD_LINE.exec(text); m; m = HTPASSWD_LINE.exec(text)) push("env-value", m.index + m[0].lastIndexOf(m[1]!), m.index + m[0].lastIndexOf(m[1]!) + m[1]!.length);
}
export function passwordHashes(text: string, push: Push): void {
  HASH_LINE.lastIndex = 0;
  for (let m = HASH_LINE.exec(text); m; m = HASH_LINE.exec(text)) {
    const at = m.index + m[0].indexOf(m[1]!, m[0].indexOf(":") + 1);
    push("env-value", at, at + m[1]!.length);
  }
}

// ---------- private keys in base64 DER ----------

// A base64 run starting like DER (`MII…`, `MIG…`, `MHc…`, `MC4…`), maybe wrapped over lines of base64 only (real line
// breaks, or `\n` escapes inside a JSON or code string).
const DER_RUN = /(?<![A-Za-z0-9+/])M[IHC][A-Za-z0-9+/]{62,}={0,2}(?:(?:\r?\n[ \t]*|(?:\\r)?\\n)[A-Za-z0-9+/]{16,}={0,2}(?![^\s"'`,;<\\]))*/g;
const PBES2 = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0d];
const PKCS12_PBE = [0x06, 0x0a, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x01];
const startsWith = (b: Buffer, at: number, bytes: readonly number[]) => bytes.every((x, i) => b[at + i] === x);

/**
 * Whether DER bytes start a private key or a key store: a SEQUENCE opening with a version INTEGER
 * (0, 1 or 3) followed by an INTEGER, a SEQUENCE or an OCTET STRING — PKCS#1 RSA/DSA, SEC1 EC,
 * PKCS#8, PKCS#12 — or with an encryption algorithm (encrypted PKCS#8). A certificate, a public key,
 * a CSR or a signature starts its SEQUENCE with another SEQUENCE or an OID.
 */
export function derPrivateKey(b: Buffer): boolean {
  if (b[0] !== 0x30) return false;
  const h = b[1]! < 0x80 ? 2 : b[1] === 0x81 ? 3 : b[1] === 0x82 ? 4 : b[1] === 0x83 ? 5 : -1;
  if (h < 0) return false;
  if (b[h] === 0x02 && b[h + 1] === 0x01 && [0, 1, 3].includes(b[h + 2]!)) return [0x02, 0x30, 0x04].includes(b[h + 3]!);
  if (b[h] !== 0x30) return false;
  const inner = b[h + 1]! < 0x80 ? h + 2 : b[h + 1] === 0x81 ? h + 3 : h + 4;
  return startsWith(b, inner, PBES2) || startsWith(b, inner, PKCS12_PBE);
}

export function derKeys(text: string, push: Push): void {
  DER_RUN.lastIndex = 0;
  for (let m = DER_RUN.exec(text); m; m = DER_RUN.exec(text)) {
    if (derPrivateKey(Buffer.from(m[0].slice(0, 32), "base64"))) push("pem-private-key", m.index, m.index + m[0].length);
  }
}

// ---------- Terraform state ----------

/** A Terraform state file (`terraform.tfstate`, `*.tfstate.backup`). */
export const isTfstatePath = (path: string | undefined) => /\.tfstate(?:\.backup)?$/.test(path ?? "");
const TF_VALUE = /"value"[ \t]*:[ \t]*"((?:[^"\\\r\n]|\\.)*)"/g;
/** An output marked `"sensitive": true`: its `"value"`, whatever it looks like. */
export function tfstateOutputs(text: string, push: Push): void {
  TF_VALUE.lastIndex = 0;
  for (let m = TF_VALUE.exec(text); m; m = TF_VALUE.exec(text)) {
    const open = text.lastIndexOf("{", m.index), close = text.indexOf("}", m.index + m[0].length);
    if (open < 0 || close < 0 || close - open > 4096) continue;
    const object = text.slice(open, close);
    const value = m[1]!, at = m.index + m[0].length - 1 - value.length;
    if (/"sensitive"[ \t]*:[ \t]*true/.test(object) && value.length >= 4 && !isPlaceholder(value)) push("api-token", at, at + value.length);
  }
}

// ---------- Twilio ----------

/** `Client("AC<sid>", "<token>")`: an auth token (32 hex digits, no prefix) passed right after its account SID. */
const TWILIO_PAIR = /(["'])AC[0-9a-f]{32}\1[ \t]*,[ \t]*(?:\r?\n[ \t]*)?(["'])([0-9a-f]{32})\2/g;
export function twilioTokens(text: string, push: Push): void {
  TWILIO_PAIR.lastIndex = 0;
  for (let m = TWILIO_PAIR.exec(text); m; m = TWILIO_PAIR.exec(text)) push("twilio-key", m.index + m[0].length - 33, m.index + m[0].length - 1);
}

// ---------- name/value pairs ----------

// A credential name given as the value of a `name` key, its value in the `value` key beside it: a Kubernetes container's
// `env` (`- name: DB_PASSWORD` / `value: …`), an ECS task definition's `{"name": "DB_PASSWORD", "value": "…"}`, a Postman
// environment's `{"key": "token", "value": "…"}`, a HAR file's headers (either order).
const YAML_PAIR = new RegExp(String.raw`\bname:[ \t]*(["']?)([\w.-]*?(${CREDENTIAL_NAME}))\1[ \t]*\r?\n[ \t]*value:[ \t]*(["']?)([^\s"'#][^\s"']*)\4[ \t]*(?=\r?\n|$)`, "gi");
const JSON_PAIR = new RegExp(String.raw`"(?:name|key)"[ \t]*:[ \t]*"([\w.-]*?(${CREDENTIAL_NAME}))"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?"value"[ \t]*:[ \t]*"([^"\\\r\n]*)"`, "gi");
const JSON_PAIR_REVERSED = new RegExp(String.raw`"value"[ \t]*:[ \t]*"([^"\\\r\n]*)"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?"(?:name|key)"[ \t]*:[ \t]*"([\w.-]*?(${CREDENTIAL_NAME}))"`, "gi");
export function namedValuePairs(text: string, push: Push): void {
  const judge = (name: string, nameAt: number, word: string, value: string, at: number) => {
    const wordAt = nameAt + name.length - word.length, from = secretName(text, wordAt, word.toLowerCase());
    if (from >= nameAt && credentialValue(value, passwordName(text, from, wordAt, word))) push("api-token", at, at + value.length);
  };
  YAML_PAIR.lastIndex = 0;
  for (let m = YAML_PAIR.exec(text); m; m = YAML_PAIR.exec(text)) judge(m[2]!, m.index + m[0].indexOf(m[2]!, 5), m[3]!, m[5]!, m.index + m[0].length - m[4]!.length - m[5]!.length);
  JSON_PAIR.lastIndex = 0;
  for (let m = JSON_PAIR.exec(text); m; m = JSON_PAIR.exec(text)) judge(m[1]!, m.index + m[0].indexOf(m[1]!), m[2]!, m[3]!, m.index + m[0].length - 1 - m[3]!.length);
  JSON_PAIR_REVERSED.lastIndex = 0;
  for (let m = JSON_PAIR_REVERSED.exec(text); m; m = JSON_PAIR_REVERSED.exec(text)) judge(m[2]!, m.index + m[0].lastIndexOf(m[2]!), m[3]!, m[1]!, m.index + m[0].indexOf(m[1]!, 7));
}

// ---------- Markdown tables ----------

// A table of accounts in a README (`| user | password |` over `| admin | Tr0ub4dor9x |`): a column whose header names a
// credential holds one in each row's cell, judged like a value given to that name (a password's column: any value that
// evidently is one; a token's or key's: the 8-character rule). The header row right above the `|---|---|` rule.
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*\r?$/gm;
// a column headed `Pass` alone is a test's or a stage's (`| Test | Pass | Fail |`, `| Stage | Pass |`), as a bare `pass` name is
const CREDENTIAL_COLUMN = /^(?!pass$)[\w .-]*?\b(pass(?:w(?:or)?d|phrase)?|pwd|secret|token|api[ _-]?key)$/i;
/** A cell that says there is no value (`n/a`, `-`, `none`). */
const NO_VALUE = /^(?:n\/?a|none|-+|—|tbd|\?+)$/i;

/** The cells of a table line (outer pipes dropped, `\|` kept in a cell): each one's text, trimmed, and where it starts. */
function tableCells(text: string, lineStart: number, lineEnd: number): { text: string; at: number }[] {
  const line = text.slice(lineStart, lineEnd).replace(/\r$/, "");
  const out: { text: string; at: number }[] = [];
  let from = 0;
  const bounds: number[] = [];
  for (let i = 0; i < line.length; i++) if (line[i] === "|" && line[i - 1] !== "\\") bounds.push(i);
  const starts = [-1, ...bounds], ends = [...bounds, line.length];
  for (let k = 0; k < starts.length; k++) {
    const raw = line.slice(starts[k]! + 1, ends[k]), lead = raw.length - raw.trimStart().length;
    from = lineStart + starts[k]! + 1 + lead;
    out.push({ text: raw.trim(), at: from });
  }
  if (line.trimStart().startsWith("|")) out.shift(); // before the first pipe
  if (line.trimEnd().endsWith("|") && out.at(-1)?.text === "") out.pop(); // after the last
  return out;
}

export function markdownTables(text: string, push: Push): void {
  TABLE_RULE.lastIndex = 0;
  for (let m = TABLE_RULE.exec(text); m; m = TABLE_RULE.exec(text)) {
    const headerEnd = m.index - 1, headerStart = text.lastIndexOf("\n", headerEnd - 1) + 1;
    if (headerEnd <= headerStart) continue;
    const columns = tableCells(text, headerStart, headerEnd).map((c) => CREDENTIAL_COLUMN.exec(c.text.replace(/[*`_]{1,2}/g, "").trim())?.[1]);
    if (!columns.some((c) => c !== undefined)) continue;
    for (let from = m.index + m[0].length + 1; from > 0 && from < text.length; ) {
      const nl = text.indexOf("\n", from), end = nl < 0 ? text.length : nl;
      if (!text.slice(from, end).includes("|")) break;
      tableCells(text, from, end).forEach((cell, k) => {
        const word = columns[k];
        if (word === undefined) return;
        const inner = /^(\*\*|`)?(.*?)\1?$/.exec(cell.text)!, value = inner[2]!, at = cell.at + (inner[1]?.length ?? 0);
        if (!NO_VALUE.test(value) && credentialValue(value, !/^(?:token|api[ _-]?key)$/i.test(word)) && !isPlaceholder(value)) push("api-token", at, at + value.length);
      });
      from = nl < 0 ? text.length : nl + 1;
    }
  }
}
