// Credentials outside assignments: command lines, HTTP headers, SQL, tool files, call
// arguments, and key material in other encodings. Detectors of text/redact.ts (DETECTORS).

import { CODE_VALUE, CREDENTIAL_NAME, NAME_END, credentialValue, isLetter, isPlaceholder, passwordName, secretName, type Push } from "./secret-values.ts";

/** An `Authorization` header's `Basic` (base64 of `user:password`), or `Token`/`Bot` credential (`Bearer` has its own pass). */
const AUTH_SCHEME = /\b(Basic|Token|token|Bot)[ \t]+([A-Za-z0-9+/._~-]{12,}=*)/g;
export function authHeaders(text: string, push: Push): void {
  AUTH_SCHEME.lastIndex = 0;
  for (let m = AUTH_SCHEME.exec(text); m; m = AUTH_SCHEME.exec(text)) {
    const value = m[2]!, at = m.index + m[0].length - value.length;
    if (m[1] === "Basic") {
      if (!/^[A-Za-z0-9+/]+=*$/.test(value)) continue;
      const decoded = Buffer.from(value, "base64").toString("latin1");
      if (/^[\x20-\x7e]+$/.test(decoded) && /^[^:]*:.{6,}$/.test(decoded) && !isPlaceholder(decoded)) push("bearer-token", at, at + value.length);
    } else if (/Authorization["'`]?[ \t]*[:=,]?[ \t]*["'`]?[ \t]*$/i.test(text.slice(Math.max(0, m.index - 40), m.index)) &&
      value.length >= 16 && /\d/.test(value) && /[A-Za-z]/.test(value) && !isPlaceholder(value)) push("bearer-token", at, at + value.length);
  }
}

// A password given on a command line or in a tool's file: `curl -u user:pass`, `--password pass`,
// `docker login -p pass`, `mysql -ppass`, a `.netrc` `password pass` (after `machine`/`login`),
// SQL `IDENTIFIED BY 'pass'` / `PASSWORD 'pass'`, a Dockerfile `ENV DB_PASSWORD pass`. The value is
// judged like a credential name's (credentialValue); where the flag or the client says it is a password (`says`: curl's
// `-u`, `--password`, `sshpass -p`, `redis-cli -a`, `mysql -p…` joined, a login's `-p` with a letter: no port), like a
// password's name's (`sshpass -p 'letmein'`).
// Each pattern runs only where its literal occurs; a flag must follow whitespace or a quote.
/** What the match says of its value: `head` is the match up to the value, `line` the text of its line before the match. */
type Says = (head: string, value: string, line: string, text: string, at: number) => boolean;
const hasLetter = (value: string) => /[A-Za-z]/.test(value);
/** Between a flag and its value: blanks, or a shell line continuation (`curl -u \` and `user:pass` on the next line). */
const GAP = String.raw`(?:[ \t]+|[ \t]*\\\r?\n[ \t]*)`;
const COMMAND_SECRETS: Array<{ has: (text: string) => boolean; re: RegExp; says: Says }> = [
  // joined to the flag too (`curl -uadmin:pass`), or after short flags it ends (`curl -sSfu admin:pass`)
  { has: (t) => t.includes("u") && (t.includes("-") || t.includes("--user")), re: new RegExp(String.raw`(?:-[sSfLkvi]*u(?:${GAP})?|--user${GAP})(["']?)[^\s:"'\x60\\]+:([^\s"'\x60]+)\1`, "gd"), says: (_h, _v, line) => /\bcurl\b/.test(line) }, // docker's `-u 1000:1000` is a user and group
  // lftp's `-u user,pass`; HTTPie's, xh's and hey's `-a user:pass` / `--auth user:pass` (the command's name, not a URL's `http://`)
  { has: (t) => t.includes("lftp"), re: /\blftp\b[^\n]{0,120}?[ \t]-u[ \t]+(["']?)[^\s,"'`]+,([^\s"'`]+)\1/gd, says: () => true },
  { has: (t) => /\b(?:https?|xhs?|hey)[ \t]/.test(t), re: /(?:^|[\s;|&(`$])(?:https?|xhs?|hey)(?:[ \t][^\n]{0,120}?)?[ \t](?:-a|--auth)[ \t=]+(["']?)[^\s:"'`]+:([^\s"'`]+)\1/gd, says: () => true },
  { has: (t) => t.includes("--"), re: /--(?:password|passwd|pass|token|api-?key|secret|client-secret|access-token|auth-token)[ \t]+(["']?)([^\s"'`-][^\s"'`]*)\1/gid, says: (head, value, _l, text, at) => flagNamesPassword(head, text, at) && !DOC_WORD.test(value) },
  { has: (t) => t.includes("login") && t.includes("-p"), re: /\blogin\b[^\n]{0,120}?[ \t]-p[ \t]*(["']?)([^\s"'`-][^\s"'`]*)\1/gd, says: (_h, value) => hasLetter(value) }, // `-p 2222`: a port
  { has: (t) => t.includes("mysql"), re: /\bmysql(?:dump|admin)?\b[^\n]{0,120}?[ \t]-p(["']?)([^\s"'`-][^\s"'`]*)\1/gd, says: (head) => /-p["']?$/.test(head) }, // `mysql -p app`: -p prompts, `app` is the database
  { has: (t) => t.includes("-u") && t.includes("-p"), re: /-u[ \t]*[^\s"'`-]\S*[ \t]+-p[ \t]*(["']?)([^\s"'`-][^\s"'`]*)\1/gd, says: (_h, value, line) => hasLetter(value) && !/:\d+$/.test(value) && !/\b(?:mysql|mariadb)/.test(line) }, // mongo -u admin -p …; not a port or `host:port`, nor mysql's database after a prompting -p
  { has: (t) => t.includes("sshpass") || t.includes("redis-cli"), re: /\b(?:sshpass|redis-cli)\b[^\n]{0,80}?[ \t]-[pa][ \t]*(["']?)([^\s"'`-][^\s"'`]*)\1/gd, says: (head) => /^(?:sshpass[^]*-p|redis-cli[^]*-a)[ \t]*["']?$/.test(head) }, // redis-cli's -p is its port
  { has: (t) => t.includes("-stdin"), re: /\becho[ \t]+(["']?)([^\s"'`|$-][^\s"'`|]*)\1[ \t]*\|[^\n]*--password-stdin/gd, says: () => true },
  // an account statement's password, its value on the next line too (`CREATE ROLE app LOGIN PASSWORD` then `'…';`); the statement may start lines before
  { has: (t) => t.includes("IDENTIFIED") || t.includes("identified") || t.includes("PASSWORD") || /[Pp]assword\s+['"]/.test(t), re: /(?:IDENTIFIED[ \t]+BY|identified[ \t]+by|PASSWORD|[Pp]assword)(?:[ \t]+|[ \t]*\r?\n[ \t]*)(['"])([^'"\r\n]*)\1/gd, says: (_h, _v, _l, text, at) => SQL_ACCOUNT.test(statementHead(text, at)) }, // not prose's "a problem identified by \"jamesh\""
];
/** The text of the command `at` is in, up to `at`: its line and the lines before it that a trailing `\` continues (eight at most). */
function commandHead(text: string, at: number): string {
  let start = text.lastIndexOf("\n", at - 1) + 1;
  for (let lines = 0; lines < 8 && start > 0 && /\\\r?\n$/.test(text.slice(Math.max(0, start - 3), start)); lines++) start = text.lastIndexOf("\n", start - 2) + 1;
  return text.slice(start, at);
}
/** The SQL statement `at` is in, up to `at`: its line and the lines before it that end no statement (no `;`, not blank; four at most). */
function statementHead(text: string, at: number): string {
  let start = text.lastIndexOf("\n", at - 1) + 1;
  for (let lines = 0; lines < 4 && start > 0; lines++) {
    const prev = text.lastIndexOf("\n", start - 2) + 1, line = text.slice(prev, start - 1);
    if (!line.trim() || /;\s*$/.test(line)) break;
    start = prev;
  }
  return text.slice(start, at);
}
/** A word prose puts after a flag it names ("the --username and --password options"): no value. */
const DOC_WORD = /^(?:options?|flags?|arguments?|args?|parameters?|params?|switch(?:es)?|values?|fields?|descriptions?|commands?|support|prompt|handling|and|or|is|are|to|for|with|of|the|an?|if|when|instead|only|must|can|will|should|was)$/i;
/** A SQL statement that makes or changes an account: its `IDENTIFIED BY '…'` / `PASSWORD '…'` is a password. */
const SQL_ACCOUNT = /\b(?:user|role|login|grant)\b/i;
/** `--password v`, `--client-secret v` say a password (passwordName); `--token v`, `--api-key v` only a credential. */
function flagNamesPassword(head: string, text: string, at: number): boolean {
  const word = NAME_END.exec(/^--([\w-]+)/.exec(head)![1]!)!, wordAt = at + 2 + word.index;
  return passwordName(text, secretName(text, wordAt, word[0].toLowerCase()), wordAt, word[0]);
}
const FLAG_START = /[\s"']/;
// An argv list (`["mysql", "-u", "root", "-p", "…"]`, `['redis-cli', '-a', '…']`, `["mysql", "-p…"]`): a database client or
// login's password flag, then its value, within a dozen quoted arguments of the client's name.
const ARG = String.raw`[ \t]*,[ \t]*(?:\r?\n[ \t]*)?\[?`; // `spawn("mysql", ["-p…"])`: the arguments in a list of their own
const ARGV = new RegExp(String.raw`(["'])(mysql(?:dump|admin)?|mariadb|mongo(?:sh|dump|restore|import|export)?|redis-cli|sshpass|login)\1(?:${ARG}(["'])[^"'\r\n]*\3){0,12}?${ARG}(?:(["'])(-[pa])\4${ARG}(["'])([^"'\\\r\n]*)\6|(["'])-p([^"'\\\s]+)\8)`, "gd");
const NETRC_PASSWORD = /password[ \t]+([^\s"'`]+)/g;
/** Dockerfile `ENV NAME value` / `ARG`, Tcl `set name value`, Windows `setx NAME value [/M]` (a diff line's mark allowed). */
const SPACED_SET = /^[-+]?[ \t]*(?:ENV|ARG|set|setx|SETX)[ \t]+([A-Za-z_][\w.-]*)[ \t]+(["']?)([^\s"'=\x60][^\s"'\x60]*)\2[ \t]*(?:\/[Mm][ \t]*)?\r?$/gmd;
export function commandSecrets(text: string, push: Push): void {
  for (const { has, re, says } of COMMAND_SECRETS) {
    if (!has(text)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const value = m[2]!, at = m.indices![2]![0];
      if (m.index > 0 && (m[0][0] === "-" ? !FLAG_START.test(text[m.index - 1]!) : isLetter(text.charCodeAt(m.index - 1)))) continue;
      const line = commandHead(text, m.index), head = text.slice(m.index, at).replace(/["']$/, "");
      if (credentialValue(value, says(head, value, line, text, m.index)) && !CODE_VALUE.test(value)) push("api-token", at, at + value.length);
    }
  }
  if (text.includes("password")) netrcPasswords(text, push);
  if (/(?:ENV|ARG|set|setx|SETX)[ \t]/.test(text)) spacedSets(text, push);
  if (/["']-[pa]/.test(text)) argvPasswords(text, push); // one regex: three times faster than four includes
}

function argvPasswords(text: string, push: Push): void {
  ARGV.lastIndex = 0;
  for (let m = ARGV.exec(text); m; m = ARGV.exec(text)) {
    const client = m[2]!, group = m[7] !== undefined ? 7 : 9, value = m[group]!, at = m.indices![group]![0];
    if (m[5] === (client === "redis-cli" ? "-p" : "-a") || (group === 9 && !/^m/.test(client))) continue; // redis-cli's -p is its port; -p… joined only for mysql, mariadb, mongo
    const says = hasLetter(value) && (group === 9 || !/^(?:mysql|mariadb)/.test(client)); // the client's password flag; mysql's `"-p", "app"`: a prompt, then the database
    if (credentialValue(value, says) && !CODE_VALUE.test(value)) push("api-token", at, at + value.length);
  }
}

function netrcPasswords(text: string, push: Push): void {
  NETRC_PASSWORD.lastIndex = 0;
  for (let m = NETRC_PASSWORD.exec(text); m; m = NETRC_PASSWORD.exec(text)) {
    if (m.index > 0 && !/[ \t\n]/.test(text[m.index - 1]!)) continue;
    const value = m[1]!, at = m.index + m[0].length - value.length;
    const before = text.slice(Math.max(0, m.index - 300), m.index);
    const lines = before.split("\n").slice(-4); // this line and the three before it
    if (!/\blogin[ \t]+\S/.test(lines.at(-1) ?? "") && !lines.some((l) => /^[-+]?[ \t]*(?:machine|login|default)\b/.test(l))) continue;
    if (credentialValue(value, netrcLine(lines.at(-1)!, text.slice(at + value.length, at + value.length + 200))) && !CODE_VALUE.test(value)) push("api-token", at, at + value.length);
  }
}

/**
 * The `password` token of a `.netrc` entry says a password: its line holds only the entry's tokens before it (`machine h login
 * me password …`, or `password …` alone under them), and its value ends the line or another token follows. Prose that names
 * a login ("login with your password here") is no entry.
 */
const NETRC_TOKENS = /^[-+]?[ \t]*(?:(?:machine|login|account|port)[ \t]+\S+[ \t]+|default[ \t]+)*$/;
const NETRC_AFTER = /^(?:[ \t]+(?:machine|login|account|port|macdef|default)\b[^\n]*)?[ \t]*(?:\r?\n|$)/;
const netrcLine = (lead: string, after: string) => NETRC_TOKENS.test(lead) && NETRC_AFTER.test(after);

function spacedSets(text: string, push: Push): void {
  SPACED_SET.lastIndex = 0;
  for (let m = SPACED_SET.exec(text); m; m = SPACED_SET.exec(text)) {
    const name = m[1]!, nameAt = m.indices![1]![0], value = m[3]!, at = m.indices![3]![0], word = NAME_END.exec(name);
    if (word && namedValue(text, nameAt, word, value) && !CODE_VALUE.test(value) && !/[[\]%]/.test(value)) push("api-token", at, at + value.length);
  }
}

/**
 * `value` given to the name at `nameAt` whose credential word NAME_END found is a secret (the name is one: secretName);
 * `password`: a password's name (passwordName) may take any value.
 */
function namedValue(text: string, nameAt: number, word: RegExpExecArray, value: string, password = true): boolean {
  const wordAt = nameAt + word.index, from = secretName(text, wordAt, word[0].toLowerCase());
  return from >= nameAt && credentialValue(value, password && passwordName(text, from, wordAt, word[0]));
}

/** `f("DB_PASSWORD", "value")`: a call's first two arguments, a credential name and its value (`define`, `setdefault`, a header setter); `fetch("API_KEY") { "value" }`. */
// Ruby's `ENV.fetch("API_KEY") { "…" }` gives its default in a block (h119)
const NAMED_ARG = new RegExp(String.raw`(["'])([\w.-]*?(?:${CREDENTIAL_NAME}))\1[ \t]*(?:,|\)[ \t]*\{)[ \t]*(["'])([^"'\\\r\n]*)\3`, "gi");
export function namedArguments(text: string, push: Push): void {
  NAMED_ARG.lastIndex = 0;
  for (let m = NAMED_ARG.exec(text); m; m = NAMED_ARG.exec(text)) {
    const name = m[2]!, nameAt = m.index + 1, word = NAME_END.exec(name)!;
    const value = m[4]!, at = m.index + m[0].length - 1 - value.length;
    const lead = text.slice(Math.max(0, m.index - 8), m.index);
    const call = /\([ \t]*$/.test(lead) || (name.startsWith("-") && /[[(,][ \t]*$/.test(lead)); // the first two arguments, or a flag and its value in an argv list; not a list of names
    // a password's name in a call only as an environment variable's (`setdefault("DB_PASSWORD", "…")`): `scrypt("password", "salt")` passes the password itself
    if (call && namedValue(text, nameAt, word, value, /^[A-Z][A-Z0-9_]*$/.test(name))) push("api-token", at, at + value.length);
    NAMED_ARG.lastIndex = at; // the value may name the next pair
  }
}

// Key material in other encodings: a kubeconfig's `client-key-data` (base64 of a PEM key), any
// base64 of a PEM private key (`LS0tLS1CRUdJTi…`), a PuTTY key's private lines, an Azure SAS
// signature (`?sv=…&sig=…`).
const KEY_DATA = /\b(?:client-key-data|private-key-data)["']?[ \t]*:[ \t]*["']?([A-Za-z0-9+/]{16,}={0,2})/g;
const B64_PEM = /LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,}={0,2}/g;
const PUTTY = /^[-+]?Private-Lines:[ \t]*\d+\r?\n((?:[-+]?[A-Za-z0-9+/=]{4,}(?:\r?\n|$)){1,256})/gm; // also as diff lines
const SAS_SIG = /[?&]sig=([A-Za-z0-9%+/]{20,}(?:%3D|=)*)/gi;
export function encodedKeys(text: string, push: Push): void {
  for (const re of [KEY_DATA, PUTTY]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const value = m[1]!.trimEnd(), at = m.index + m[0].lastIndexOf(m[1]!);
      push("pem-private-key", at, at + value.length);
    }
  }
  B64_PEM.lastIndex = 0;
  for (let m = B64_PEM.exec(text); m; m = B64_PEM.exec(text)) {
    if (Buffer.from(m[0].slice(0, 80), "base64").toString("latin1").includes("PRIVATE KEY")) push("pem-private-key", m.index, m.index + m[0].length);
  }
  SAS_SIG.lastIndex = 0;
  for (let m = SAS_SIG.exec(text); m; m = SAS_SIG.exec(text)) {
    const url = text.slice(Math.max(0, m.index - 400), m.index);
    if (/[?&]sv=\d{4}-/.test(url.slice(url.search(/[^\s"'`<>]*$/)))) push("connection-string", m.index + 5, m.index + m[0].length);
  }
}

