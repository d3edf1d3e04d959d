// Secret redaction, run on everything svc emits (after reduction, before token counting).
// Every match becomes `[REDACTED:<kind>]`; the quotes of a quoted literal are kept.
// Speed: regexes are linear-time (literal or run-start anchors, no ambiguous nested
// quantifiers, bounded look-arounds); vendor prefixes share one pass; the other detectors
// only run when their trigger substrings occur. Never throws: a detector that fails is
// skipped (fail open) rather than breaking the output.
//
// Decisions: credential URLs (`scheme://user:pass@host`) lose only `user:pass` (scheme, host
// and path stay useful and are not secret); ADO-style `k=v;` strings and Slack webhook URLs are
// redacted whole. A value assigned to a credential name (`password`, `pwd`, `auth`, `apiKey`…)
// counts from 8 characters, but under 16 only if it is not a word, path or placeholder (measured
// on 12,716 node_modules files: no new span; without the word rule, 18 doc examples and enum
// values such as `credentials: "include"`); in a URL query, a `k=v;`/libpq connection string
// or a `--flag=` the value is taken even in code; an XML attribute pair (`<add key="Password"
// value="…"/>`) is judged the same way (no new span on 39,574 node_modules files). Credentials
// outside assignments are judged the same way too: command lines (`curl -u`, `--password v`,
// `docker login -p`, `mysql -p`), `Authorization: Basic|Token` headers, a quoted `"X-Api-Key: v"`,
// `.netrc` lines, SQL `IDENTIFIED BY '…'`, Dockerfile `ENV`/`ARG`, a commented-out `# password: v`,
// `f("DB_PASSWORD", "v")`; key data in base64 (kubeconfig `client-key-data`) and PuTTY files
// (on 12,962 node_modules and 25,757 system files — Python, Perl, /etc, docs: no new span in
// node_modules, 3 on system files, all credential-shaped examples). Overlaps: longest span wins, ties go to the
// more specific kind; in a dotenv file (`.env`, `.env.*`, `<name>.env`) every value is `env-value`,
// whatever it contains; so is every value of an INI file whose name says credentials (`credentials`,
// `db-credentials.properties`, `.my.cnf`) and a `.pgpass` line's password. A call that logs in or
// authenticates passes its password by position (`smtp.login("user", "…")`, `auth=("user", "…")`), a credential
// name may be given a variable the file declares with a literal (`password: pw`): text/redact-code.ts. Jasypt's
// `ENC(…)` ciphertext is redacted too: its key is often at hand, and nobody needs to read it. A vendor token
// split over joined literals (`"sk_live_" + "…"`) is found from its prefix (text/vendor-tokens.ts), split inside
// the prefix (`"gh" + "p_…"`) too (below). Measured on 28,609 node_modules, Python, Perl and /etc files: no new span;
// on 24,895 Google Cloud SDK files 2, both a web identity token a test passes as `web_identity_token=wit`.
// A credential in a comment's prose or with a note after it (`// the old password was …`), in a sentence of a file
// that is no program (a README's "the staging password is …") or of a program's string literal (a message a type error
// quotes): text/redact-prose.ts. A vendor token split inside its prefix (`"sk_" + "live_…"`, `"gh" + "p_…"`) is found
// too; an ODBC / Azure SQL value in braces (`Pwd={…;…}`) holds `;`, a later pair's value `=`; a lone `Pwd=…;` line
// outside code is a pair; a `.properties` value continued with a trailing `\` is judged as the value its lines make; a
// client or connection made with a random password (`new Client("user", "…")`: letters and digits mixed) counts
// without a credential name. Measured on 31,887 files (node_modules, the package cache, Python, /etc,
// /usr/share/doc, six repositories) and 1,673 prose files (their commit messages, Debian changelogs): 3 new spans, two
// Codecov graph tokens in README badges' URLs (`?token=…`) and an OAuth header's token in oauthlib's doctest.
// A password's name (one that ends in password, passwd, passphrase, pwd, secret, `secretKey`, or `pass` as a word of its
// own: `smtp_pass`, not `firstPass`; text/secret-values.ts passwordName) outranks the 8-character rule: its literal is a credential
// whatever its length or shape (`DB_PASSWORD = "hunter2"`, `secret: "topsecret"`, YAML `pass: letmein`) unless it
// evidently is none (passwordValue): under 3 characters, a placeholder or reference, a sentence (any blank: UI strings,
// "Mot de passe", a passphrase too), code, a label (`"Password"`, `new-password`, a locale's `Passwort`), a path, a URL, a
// dotted key, an upper-case constant, a boolean, a number under 4 digits or a version, a schema's or type's word
// (`required`, `string`). A name that only holds the word (`passwordMinLength`, `PASSWORD_FIELD`) is no such name; weaker
// names (`token`, `auth`, `key`, `credentials: "include"`) keep the rule above; a commented-out word stays, and so does a
// call's argument unless its name is an environment variable's (`setdefault("DB_PASSWORD", …)`; `scrypt("password",
// "salt")` passes the password itself). Measured on 36,544 files (node_modules, the package cache, Python, /etc,
// /usr/share/doc, seven repositories): 158 new spans on 39 distinct lines, every one a test's or a doc example's password
// or secret (`password: '123456'`, `secret: process.env.JWT_SECRET ?? '12345678'`, maven's `<password>proxypass</password>`);
// before the exceptions for code, versions, types, operators and header strings there were 69 more (`pwd=None` defaults,
// `"pbkdf2-password": "1.2.1"`, `password: string` in docs, `where('secret', 'in', …)`, `"passwd:dir"`). A word passed
// to a client (`new Client("user", "secret")`, `hunter22`) stays: nothing tells it from an argument.
// The same rule (credentialValue's `password`) where a flag, a client or a file's syntax names the password instead of a
// variable (text/redact-commands.ts, text/redact-prose.ts): `--password v` / `--client-secret v` (passwordName on the flag;
// not a word prose puts after it: "the --username and --password options"), `sshpass -p`, `redis-cli -a` (its `-p` is a
// port), `mysql -pv` joined (`mysql -u root -p app` prompts: `app` is the database), a login's or `-u … -p`'s value with a
// letter (`ssh login@host -p 2222`, `docker run -u 1000 -p 8080:80` are ports), curl's `-u user:pass` (docker's
// `-u 1000:1000` is a user and group), `echo v | … --password-stdin`, an argv list's password flag, a `.netrc` entry's
// `password` (its line holds only the entry's tokens: "login with your password here" is prose), SQL `IDENTIFIED BY` /
// `PASSWORD '…'` in an account statement (`CREATE USER`, `ALTER ROLE`, `GRANT`: not "a problem identified by \"jamesh\""),
// a sentence's "the admin password is hunter2." (a password's word and a verb; quoted, or letters and digits mixed that end
// the sentence and name no algorithm: "the password is base64 encoded" goes on, "… is sha256." is a hash), a commented-out `// password: letmein` (not a bare `# pass:
// through`), and a camelCase name ending in `Pass` (`dbPass`, `adminPass`, `keyPass`) unless its hump before says a stage,
// an order or a test (`firstPass`, `renderPass`, `allPass`: passwordName's passHump). Dockerfile `ENV`, a compose file's
// `- POSTGRES_PASSWORD=…` and a workflow's `env:` mapping were covered by the rule already. "Login with `admin` /
// `sunshine`" stays: no credential word says which word is the password. Measured on 42,695 files (node_modules, the
// package cache, Python, /etc, /usr/share/doc and more of /usr/share, /usr/bin, seven repositories) and 1,446 prose files
// (the repositories' commit messages, Debian changelogs and NEWS): 7 new spans, all doc or test credentials (pip's and
// curl's `.netrc` examples `password qwerty` / `password 123456`, mikro-orm's test `CREATE USER "foo" WITH PASSWORD
// 'bar'`); before the doc-word, account-statement and bare-`pass` exceptions 6 more (`--password options`, `--password
// description`, `identified by "jamesh"`).
// A command over lines (`curl -X POST \` then `-u admin:sunshine`; the value after `-u \`), an account statement over lines
// (`CREATE USER app` then `IDENTIFIED BY 'sunshine'`; `PASSWORD` then `'…'`), lftp's `-u user,pass` and HTTPie's, xh's and
// hey's `-a`/`--auth user:pass` (text/redact-commands.ts), a password's name after other pairs on its line outside code
// (`username: admin, password: sunshine`: text/redact-assign.ts envStyle). Measured on 59,189 files (node_modules, the package cache, Python,
// /etc, /usr/share and its docs, /usr/bin, seven repositories and 17,283 of their commit messages) and 2,260 more (every file
// there holding `curl `, `IDENTIFIED BY`, ` PASSWORD`, `lftp ` or an HTTPie `-a`, and the gzipped docs): no new span. "Login with
// `admin` / `sunshine`" still stays (above): the corpus holds no such sentence to measure a rule on, and nothing in it says
// which word is the password.
// curl's `-u` joined to its value or ending a run of short flags (`curl -uadmin:sunshine`, `curl -sSfu admin:sunshine`), and a
// user and a password as a pair of code spans after a login ("Login with `admin` / `sunshine`", "sign in as `qa` and `…`":
// text/redact-prose.ts loginPairs): no credential word, but a login's pair is a user and a password in that order; `or`
// between them is alternatives ("log in with `github` or `gitlab`"), and the second must be what a password's name would take
// (not `password`, `true`, `<pass>`). Measured: see the commit that added them (h108).
// Forms only a file format's structure shows (text/redact-formats.ts): a YAML block scalar's lines (`password: |`) and
// a value after an anchor (`token: &deploy …`), every value of a Kubernetes Secret's data, `.htpasswd` and crypt/bcrypt/
// apr1 hash lines, private keys and PKCS#12 stores in base64 DER (told from certificates and public keys by their
// structure), a Terraform state's sensitive outputs, a Twilio auth token after its account SID, a credential name given
// as a `name` or `key` with its `value` beside it (a container's env, an ECS task definition, a Postman environment, a
// HAR file's headers); and Discord webhook and Teams incoming-webhook URLs, Telegram bot tokens, Mailgun keys, a random
// token as a URL's user, docker's `identitytoken`, a credential element whose value sits on a line of its own.
// Measured on 14,934 node_modules, 14,551 package-cache and 2,218 system files: no new span; on 27,428 files of 15 npm
// packages' source trees, the Google Cloud SDK and two git histories 7, all private keys in base64 DER (test keys of
// the rsa and pyasn1 libraries).
// A credential name's value split over joined literals (`adminPassword = "Sp6u0cP" +` then `"2okVseakP";`) is judged as the
// value its pieces make when they are the whole expression, each piece its own span (text/redact-assign.ts splitLiteral); a
// password's word then its value in a code span or quotes with no verb between, on a line that says whose account it is
// ("Log in as `admin` with password `sunshine`": text/redact-prose.ts). Measured on 15,805 files (node_modules,
// /usr/share/doc, four repositories): 1 new span before the account rule (pip's docs: "using the password `qwerty`"), none after (h119).
// A browser test typing a password into its field (`page.getByLabel("Password").fill("…")`, `cy.get("#password").type("…")`,
// selenium's `send_keys`: text/redact-code.ts typedPasswords), a test helper's login after its page (`login(page, "admin",
// "…")`), an HTML `<input type="password" value="…">` and a Markdown table's password, secret, token or API key column
// (text/redact-formats.ts markdownTables). Measured on 17,247 files (node_modules, /usr/share/doc, /usr/lib/python3, four
// repositories): no new span — none of them holds a browser test or an accounts table; the near misses are unit tests (h119).
// A login's or credentials' pair without code spans ("Default credentials: admin / Sq7kQ2mZ9x": the second reads as a
// password), a Basic credential built in code (`btoa("user:…")`, `Buffer.from("user:…").toString("base64")`, `b64encode`)
// and Ruby's `ENV.fetch("API_KEY") { "…" }`: on the same files 1 new span, hono's basic-auth test's
// `Buffer.from('wrong:wrong').toString('base64')` (a test's password).
// Narrowed after review (h122), each a marker on ordinary code or docs: a login's plain pair counts in a program only in a
// comment or a string (a route map's `{ login: LoginPage, oauth2Callback: … }`), a table column headed `Pass` alone is a
// test's, "as" before a filler names no account ("As described, the password `minLength` option"), and a typed field names
// a password only as its last word-part or before a field's word (`passwordStrength`, `#password-hint` name none), and a
// Basic pair built in code needs a user before its `:` (not `data:image/png`, `sha256:…`, `content-type:application/json`).
// A vendor token split over literals in an array joined with "" (`["sk_live_ab", "…"].join("")`, Python's `"".join([…])`), a
// template inside a template (`\`${\`sk_live_${"…"}\`}…\``) or a template interpolating a template: the line's literals are
// folded into the strings they make (text/vendor-tokens.ts lineChains). A provider's key in a container named for
// credentials (`secrets = { stripe: "…" }`, `const secrets = { github: "…" }`, a JSON `"credentials": {…}`, a YAML `tokens:`
// mapping), the value judged as a credential name's: text/redact-containers.ts. Measured on 18,709 files (seven
// repositories' code, docs and config, node_modules' JavaScript, TypeScript, JSON and YAML, 2,039 of the system's Python
// files): no new span (h125).
// Narrowed again (h125): a code span after the password's word that names an algorithm, its library, a setting's word or an
// option ("As a user, hash the password `bcrypt`", `argon2id`, `@node-rs/bcrypt`, `plaintext`, `--password-stdin`, "the
// password `minLength` option") is none, whatever the line says of an account (text/redact-prose.ts namesHow); "Log in as
// `admin` with password `sunshine`" and "Create a user with password `sunshine`" still are. Measured on 4,221 Markdown files
// (seven repositories' docs, node_modules' READMEs, /usr/share and the rest of the system's): no span gained or lost.
// A vendor token split inside its prefix across a template's hole (`\`${"sk_li"}ve_…\``, `\`sk_li${"ve_…"}\``) or after a
// one-character literal (`"s" + "k_live_…"`): the joints a prefix split is looked for at include a literal closed before its
// `}` and a template's text before `${` (text/vendor-tokens.ts prefixSplits). Measured on 22,717 files (seven repositories,
// node_modules): no span gained or lost (h136). A credential name as a subscript's key (`os.environ["DB_PASSWORD"] = "…"`,
// `$config['db_password'] = …`, `ENV['…']`, a computed key `["apiToken"]: …`) names its value as a key does (text/redact-assign.ts
// ASSIGN): the same 22,717 files and 4,520 Python and /usr/share/doc files, no span gained or lost (h136). So does a Ruby
// symbol as a YAML key (`:rubygems_api_key: …` in ~/.gem/credentials: envStyle), and a RubyGems key (`rubygems_` + 48 hex) is
// known by its prefix: on the same files no span gained or lost (h136).
// The detector of values assigned to credential names is text/redact-assign.ts; value and name judgments live in
// text/secret-values.ts, the detectors of credentials outside assignments in
// text/redact-commands.ts.

/** UTF-16 offsets, end exclusive: the replaced part (quotes excluded). */
export interface SecretSpan { kind: SecretKind; start: number; end: number }
import { isCodeLanguage, languageOf } from "../lang/languages.ts";
import { clientCredentials, encodedPairs, positionalCredentials, typedPasswords } from "./redact-code.ts";
import { authHeaders, commandSecrets, encodedKeys, namedArguments } from "./redact-commands.ts";
import { CREDENTIAL_WORDS, credentialValue, isPlaceholder, looksRandom, passwordName, type Push, type SecretKind } from "./secret-values.ts";
import { vendorTokens } from "./vendor-tokens.ts";
import { loginPairs, proseCredentials } from "./redact-prose.ts";
import { containerCredentials } from "./redact-containers.ts";
import { adoStrings } from "./redact-ado.ts";
import { CONTINUATION, CONTINUED, apiTokens, attributePairs, attributedElements, type Scan } from "./redact-assign.ts";
import { derKeys, htpasswdValues, isHtpasswdPath, isTfstatePath, kubernetesSecrets, markdownTables, namedValuePairs, passwordHashes, tfstateOutputs, twilioTokens } from "./redact-formats.ts";

export { SECRET_KINDS, isPlaceholder, shannonEntropy, type SecretKind } from "./secret-values.ts";

export interface RedactOptions { path?: string }

interface Detector { triggers: string[] | RegExp; run: (text: string, push: Push, scan: Scan) => void }

/** Specificity, for overlapping spans of equal length; vendor kinds are 5. */
const PRIORITY: Partial<Record<SecretKind, number>> = { "env-value": 9, "pem-private-key": 8, "connection-string": 4, "bearer-token": 2, "api-token": 1, "high-entropy": 0 };

/** One span per match of `re` over its last capture group (which ends the match, or precedes one quote). */
function pattern(kind: SecretKind, re: RegExp, accept: (m: RegExpExecArray, text: string) => boolean) {
  return (text: string, push: Push): void => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const value = m[m.length - 1] ?? "";
      if (!accept(m, text)) continue;
      const start = m.index + m[0].lastIndexOf(value);
      push(kind, start, start + value.length);
    }
  };
}

// ---------- structured detectors ----------

const PEM_BEGIN = /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/g;
const KEY_BODY = /^[A-Za-z0-9+/=\s\\:,.()-]*[A-Za-z0-9+/]{32}[A-Za-z0-9+/=\s\\:,.()-]*$/;
const KEY_TAIL = /[A-Za-z0-9+/=\s\\:,.()-]*/y;
function pemKeys(text: string, push: Push): void {
  PEM_BEGIN.lastIndex = 0;
  let endAt = -2; // next "-----END " at or after the current body; -1 once there is none
  for (let m = PEM_BEGIN.exec(text); m; m = PEM_BEGIN.exec(text)) {
    const body = m.index + m[0].length;
    if (endAt !== -1 && endAt < body) endAt = text.indexOf("-----END ", body);
    const close = endAt < 0 || endAt - body > 16384 ? -1 : text.indexOf("-----", endAt + 9);
    let end = -1;
    if (close >= 0 && close - endAt < 80 && KEY_BODY.test(text.slice(body, endAt))) end = close + 5;
    else { // truncated block (or code around a bare header): take the key material that follows
      KEY_TAIL.lastIndex = body;
      KEY_TAIL.exec(text);
      const tail = text.slice(body, KEY_TAIL.lastIndex).trimEnd();
      if (/[A-Za-z0-9+/]{32}/.test(tail)) end = body + tail.length;
      else PEM_BEGIN.lastIndex = Math.max(PEM_BEGIN.lastIndex, KEY_TAIL.lastIndex); // same run, same verdict
    }
    if (end < 0) continue;
    push("pem-private-key", m.index, end);
    PEM_BEGIN.lastIndex = Math.max(end, PEM_BEGIN.lastIndex);
  }
}

const CRED_URL = /:\/\/([^\s:@/?#"'`<>]*):([^\s/?#"'`<>]+)@/g; // last '@' ends the password
/** A token alone as the user (`https://<token>@github.com/org/repo.git`, a classic 40-hex GitHub token has no prefix): random-looking, 20+ characters. */
const TOKEN_USER_URL = /:\/\/([A-Za-z0-9_-]{20,})@/g;
function credentialUrls(text: string, push: Push): void {
  CRED_URL.lastIndex = 0;
  for (let m = CRED_URL.exec(text); m; m = CRED_URL.exec(text)) {
    if (!/[A-Za-z0-9+.-]/.test(text[m.index - 1] ?? "") || isPlaceholder(m[2] ?? "") || m[1] === "[REDACTED") continue;
    push("connection-string", m.index + 3, m.index + m[0].length - 1);
  }
  TOKEN_USER_URL.lastIndex = 0;
  for (let m = TOKEN_USER_URL.exec(text); m; m = TOKEN_USER_URL.exec(text)) {
    const user = m[1]!;
    if (/[A-Za-z0-9+.-]/.test(text[m.index - 1] ?? "") && (/^[0-9a-f]{40}$/.test(user) || looksRandom(user)) && !isPlaceholder(user)) push("connection-string", m.index + 3, m.index + 3 + user.length);
  }
}

const NPMRC = /(^|:)_(?:authToken|auth|password)[ \t]*=[ \t]*(["']?)([^\s"']+)/gm;
const npmrc = pattern("npm-token", NPMRC, (m, text) => { // `//registry/:_authToken=…` or a bare `_auth=…` line
  const lineStart = text.lastIndexOf("\n", m.index) + 1;
  return !isPlaceholder(m[3] ?? "") && (m[1] !== ":" || /^[ \t]*\/\//.test(text.slice(lineStart, lineStart + 64)));
});

const QUOTED = /(["'`])([^\s"'`\\()[\]{}<>;,|]{32,})\1/g; // code punctuation: not a token
const highEntropy = pattern("high-entropy", QUOTED, (m) => looksRandom(m[2] ?? ""));

// A bearer credential of no known vendor. Its own pass behind a literal trigger: inside the
// combined scan its look-behind was tried at every position (60 % of that scan's time). A
// vendor token after "Bearer" keeps its own kind (it ranks above this one at equal length).
const bearerTokens = pattern("bearer-token", /(?<=\bBearer[ \t]+)(?=[A-Za-z0-9._~+/-]*\d)(?=[A-Za-z0-9._~+/-]*[A-Za-z])([A-Za-z0-9._~+/-]{20,}=*)/g, (m) => !isPlaceholder(m[1] ?? ""));

const CREDENTIAL_TRIGGER = new RegExp(CREDENTIAL_WORDS, "i");
const DETECTORS: Detector[] = [
  { triggers: [], run: vendorTokens },

  { triggers: /log_?[io]n|sign_?in|auth|credential/i, run: positionalCredentials },
  { triggers: /(?:Client|Connection|Connector|Session|Pool)[ \t]*\(/, run: clientCredentials },
  { triggers: /\.(?:fill|type|setValue|send_?[kK]eys|pressSequentially)\(/, run: typedPasswords },
  { triggers: /btoa|Buffer\.from|b64encode|base64_encode|EncodeToString/, run: encodedPairs },
  { triggers: ["Bearer"], run: bearerTokens },
  { triggers: /Basic|uthorization|UTHORIZATION/, run: authHeaders },
  { triggers: [], run: commandSecrets }, // each pattern has its own literal
  { triggers: CREDENTIAL_TRIGGER, run: namedArguments },
  { triggers: /key-data|LS0tLS1CRUdJTi|Private-Lines|sig=/, run: encodedKeys },
  { triggers: ["_auth", "_password"], run: npmrc },
  { triggers: ["PRIVATE KEY"], run: pemKeys },
  { triggers: ["://"], run: credentialUrls },
  { triggers: /password|pwd|accountkey|accesskey/i, run: adoStrings },
  { triggers: CREDENTIAL_TRIGGER, run: apiTokens }, // also aws-secret-key
  { triggers: CREDENTIAL_TRIGGER, run: attributePairs },
  { triggers: /secret|credential|creds|tokens|api_?keys/i, run: containerCredentials },
  { triggers: ["</"], run: attributedElements },
  { triggers: ['"', "'", "`"], run: highEntropy },
  { triggers: /^kind:[ \t]*["']?Secret/m, run: kubernetesSecrets },
  { triggers: /\$apr1\$|\$2[abxy]\$|\$[56]\$|\{SHA\}/, run: passwordHashes },
  { triggers: ["MII", "MIG", "MHc", "MC4"], run: derKeys },
  { triggers: /["']AC[0-9a-f]{32}["']/, run: twilioTokens },
  { triggers: /value"?[ \t]*:/, run: namedValuePairs },
  { triggers: /\|[ \t]*:?-{3,}/, run: markdownTables },
  { triggers: /pass|pwd|secret|token|api[ _-]?key/i, run: proseCredentials },
  { triggers: /(?:log|sign)(?:-|[ \t])?in\b[^\n`]{0,40}`|(?:credentials?|(?:log|sign)(?:-|[ \t])?in)[ \t]*(?::|is\b|are\b)/i, run: loginPairs },
];

// ---------- dotenv ----------

/** Files that exist to hold credentials: dotenv files and the usual tool credential files. */
const CREDENTIAL_FILES = new Set([".npmrc", ".pypirc", ".netrc", ".git-credentials", "credentials", ".dockercfg", ".yarnrc.yml", ".htpasswd", "htpasswd"]);

export function isCredentialFilePath(path: string): boolean {
  return isDotenvPath(path) || isTokenFilePath(path) || CREDENTIAL_FILES.has(path.split(/[\\/]/).pop() ?? "") || isCredentialNamedPath(path) || isPgpassPath(path);
}

/** `.env`, `.env.local`…, and `<name>.env` (Docker `env_file`s such as `app.env`, `prod.env`). */
export function isDotenvPath(path: string | undefined): boolean {
  const base = (path ?? "").split(/[\\/]/).pop() ?? "";
  return base === ".env" || base.startsWith(".env.") || (base.endsWith(".env") && base.length > 4);
}

/**
 * INI/properties files whose name says they hold credentials: AWS's `credentials`, `db-credentials.properties`,
 * `secrets.ini`, MySQL's `.my.cnf`. Every `key = value` (or `key: value`) is a secret there, like a dotenv file's.
 */
const CREDENTIAL_NAMED = /^(?:\.my\.cnf|credentials|(?:[\w.-]*[._-])?(?:credentials?|secrets?|passwords?)\.(?:ini|properties|conf|cfg|cnf))$/i; // not `common-password` (PAM), a `*-secrets` branch ref
export function isCredentialNamedPath(path: string | undefined): boolean {
  return CREDENTIAL_NAMED.test((path ?? "").split(/[\\/]/).pop() ?? "");
}
/** PostgreSQL's password file (`.pgpass`, Windows `pgpass.conf`): `host:port:database:user:password` lines. */
const isPgpassPath = (path: string | undefined) => /^(?:\.pgpass|pgpass\.conf)$/.test((path ?? "").split(/[\\/]/).pop() ?? "");
/** A file that holds one token and nothing else (Vault's `~/.vault-token`, a legacy `s.…` token no prefix rule knows): all of it. */
const isTokenFilePath = (path: string | undefined) => /^\.vault-token$/.test((path ?? "").split(/[\\/]/).pop() ?? "");
function wholeToken(text: string, push: Push): void {
  const m = /^\s*(\S{8,})\s*$/.exec(text);
  if (m) push("env-value", m.index + m[0].indexOf(m[1]!), m.index + m[0].indexOf(m[1]!) + m[1]!.length);
}
const PGPASS_LINE = /^[ \t]*[^#\s](?:\\.|[^:\\\r\n])*:(?:\\.|[^:\\\r\n])*:(?:\\.|[^:\\\r\n])*:(?:\\.|[^:\\\r\n])*:((?:\\.|[^\\\r\n])+)/gm;
function pgpassValues(text: string, push: Push): void {
  PGPASS_LINE.lastIndex = 0;
  for (let m = PGPASS_LINE.exec(text); m; m = PGPASS_LINE.exec(text)) push("env-value", m.index + m[0].length - m[1]!.length, m.index + m[0].length);
}

const ENV_LINE = /^[ \t]*(?:export[ \t]+)?[A-Za-z_][A-Za-z0-9_.-]*[ \t]*=[ \t]*/gm;
const INI_LINE = /^[ \t]*[A-Za-z_][A-Za-z0-9_.-]*(?:[ \t]+[A-Za-z0-9_.-]+)*[ \t]*[=:][ \t]*/gm; // keys with blanks (`aws access key = …`) and `key: value` too
const dotenvValues = (text: string, push: Push) => envValues(text, push, ENV_LINE, false);
const iniValues = (text: string, push: Push, scan: Scan) => envValues(text, push, INI_LINE, scan.properties);
function envValues(text: string, push: Push, lines: RegExp, continued: boolean): void {
  lines.lastIndex = 0;
  for (let m = lines.exec(text); m; m = lines.exec(text)) {
    const at = m.index + m[0].length, q = text[at], nl = text.indexOf("\n", at);
    const lineEnd = nl < 0 ? text.length : text[nl - 1] === "\r" ? nl - 1 : nl;
    let start = at, end: number;
    if (q === '"' || q === "'" || q === "`") { // quoted values may span lines
      for (start = end = at + 1; end < text.length && text[end] !== q; ) end += text[end] === "\\" && q === '"' ? 2 : 1;
      if (end >= text.length) end = lineEnd; // unterminated: up to the end of the line
    } else {
      const comment = text.slice(at, lineEnd).search(/(?:^|[ \t])#/);
      end = comment < 0 ? lineEnd : at + comment;
      while (end > start && /[ \t]/.test(text[end - 1]!)) end--;
      for (let lines = 0; continued && lines < 16 && CONTINUED.test(text.slice(start, end)); lines++) { // a `.properties` value continued on the next line
        CONTINUATION.lastIndex = end;
        const c = CONTINUATION.exec(text);
        if (!c) break;
        end = c.index + c[0].trimEnd().length;
      }
    }
    if (end > start) push("env-value", start, end);
    lines.lastIndex = Math.max(lines.lastIndex, end);
  }
}

// ---------- public API ----------

/**
 * A superset of every detector's trigger (vendor prefixes, key words, `://`, PEM headers) or
 * a quoted literal long enough to be high-entropy. Most short strings of a result object
 * (paths, names, kinds) fail it and cost one regex test instead of every detector.
 */
const MAY_HOLD_SECRET = new RegExp(String.raw`AKIA|:AA|MII|MIG|MHc|MC4|\$apr1\$|\$2[abxy]\$|\$[56]\$|\{SHA\}|ASIA|SG\.|SK[0-9a-f]{8}|bearer|gh[pousr]_|github_pat_|gl(?:pat|dt|rt|ptt|ft|soat)-|xox[abcdeprs]-|xapp-|ya29\.|whsec_|hvs\.|lin_api_|PMAK-|glsa_|NRAK-|sntrys_|dapi|ATATT3|k_(?:live|test)_|AIza|sk-|npm_|eyJ|:\/\/|basic|bot |-u[ \t]|--user|login|log[ -]in|sign[ -]?in|curl|mysql|redis-cli|identified|LS0tLS1CRUdJTi|Private-Lines|sig=|shp[a-z]{2}_|_v1_|pypi-|hf_|rubygems_|(?:Client|Connection|Connector|Session|Pool)[ \t]*\(|${CREDENTIAL_WORDS}`, "i");
/** What redaction writes in place of a secret (its kind: lower-case words joined by `-`). */
const MARKER = /\[REDACTED:[a-z0-9-]+\]/g;
const mayHoldSecret = (text: string) => MAY_HOLD_SECRET.test(text) || (text.length >= 34 && /["'`]/.test(text));

export function findSecrets(text: string, options: RedactOptions = {}): SecretSpan[] {
  if (typeof text !== "string" || text.length === 0) return [];
  const path = options?.path;
  const dotenv = isDotenvPath(path), ini = !dotenv && isCredentialNamedPath(path), pgpass = isPgpassPath(path);
  const htpasswd = isHtpasswdPath(path), tfstate = isTfstatePath(path), tokenFile = isTokenFilePath(path);
  if (!dotenv && !ini && !pgpass && !htpasswd && !tfstate && !tokenFile && !mayHoldSecret(text)) return [];
  const candidates: Array<SecretSpan & { rank: number }> = [];
  const push: Push = (kind, start, end) => {
    if (end > start) candidates.push({ kind, start, end, rank: PRIORITY[kind] ?? 5 });
  };
  const runs: Array<(t: string, p: Push, scan: Scan) => void> = dotenv ? [dotenvValues] : ini ? [iniValues] : pgpass ? [pgpassValues] : htpasswd ? [htpasswdValues] : [];
  if (tfstate) runs.push(tfstateOutputs);
  if (tokenFile) runs.push(wholeToken);
  const scan: Scan = { code: path !== undefined && isCodeLanguage(languageOf(path)), properties: path === undefined || /\.properties$/i.test(path), looked: new Set() };
  const tested = new Map<Detector["triggers"], boolean>(); // detectors sharing a trigger test it once
  for (const { triggers, run } of DETECTORS) {
    let hit = tested.get(triggers);
    if (hit === undefined) tested.set(triggers, (hit = Array.isArray(triggers) ? triggers.length === 0 || triggers.some((t) => text.includes(t)) : triggers.test(text)));
    if (hit) runs.push(run);
  }
  for (const run of runs) {
    try { run(text, push, scan); } catch { /* fail open for this detector; never break the output */ }
  }
  // A marker of an earlier pass is never matched again, in whole or in part: a value another string of the answer gave
  // away, replaced where no detector saw it (`curl -u [REDACTED:connection-string]`), must not read as a new `user:pass`.
  const held = text.includes("[REDACTED:") ? [...text.matchAll(MARKER)].map((m): SecretSpan => ({ kind: "api-token", start: m.index, end: m.index + m[0].length })) : []; // taken, never returned
  // Longest first, then most specific; keep a span only if it overlaps nothing already kept.
  const kept: SecretSpan[] = [...held];
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || b.rank - a.rank || a.start - b.start);
  for (const c of candidates) {
    let lo = 0, hi = kept.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (kept[mid]!.start < c.start) lo = mid + 1; else hi = mid; }
    const prev = kept[lo - 1], next = kept[lo];
    if ((prev && prev.end > c.start) || (next && next.start < c.end)) continue;
    kept.splice(lo, 0, { kind: c.kind, start: c.start, end: c.end });
  }
  if (!held.length) return kept;
  const markerSpans = new Set(held);
  return kept.filter((s) => !markerSpans.has(s));
}

export function redact(text: string, options: RedactOptions = {}): { text: string; count: number; spans: SecretSpan[] } {
  const spans = findSecrets(text, options);
  if (spans.length === 0) return { text, count: 0, spans };
  const parts: string[] = [];
  let at = 0;
  for (const s of spans) {
    parts.push(text.slice(at, s.start), `[REDACTED:${s.kind}]`);
    at = s.end;
  }
  parts.push(text.slice(at));
  return { text: parts.join(""), count: spans.length, spans };
}

/**
 * A unified diff of one file: in a dotenv file every value is a secret, but its diff lines
 * start with `+`, `-` or a space, so each line is redacted without that prefix. Other
 * files are redacted as one text (a multi-line key keeps its context).
 */
export function redactPatch(patch: string, path: string): { text: string; count: number } {
  if (!isDotenvPath(path)) return redact(patch, { path });
  let count = 0;
  const redactCounted = (text: string, options?: RedactOptions) => {
    const r = redact(text, options);
    count += r.count;
    return r.text;
  };
  const lines = patch.split("\n").map((line) => {
    const mark = line[0];
    const body = (mark === "+" || mark === "-" || mark === " ") && !line.startsWith("+++ ") && !line.startsWith("--- ");
    return body ? mark + redactCounted(line.slice(1), { path }) : redactCounted(line);
  });
  return { text: lines.join("\n"), count };
}

/** 0-based line and column (UTF-16 units) of `offset`; offsets are clamped into the text. */
export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  const at = Math.max(0, Math.min(text.length, Math.floor(offset) || 0));
  let line = 0, lineStart = 0;
  for (let nl = text.indexOf("\n"); nl !== -1 && nl < at; nl = text.indexOf("\n", nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, column: at - lineStart };
}
