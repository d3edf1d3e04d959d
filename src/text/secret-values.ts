// What makes a value a secret, and a name a credential's: the judgments the redactor's
// detectors share (text/redact.ts, text/redact-commands.ts).

export const SECRET_KINDS = ["aws-access-key", "aws-secret-key", "github-token", "gitlab-token", "slack-token",
  "stripe-key", "google-api-key", "openai-key", "anthropic-key", "npm-token", "jwt", "sendgrid-key", "twilio-key",
  "bearer-token", "pem-private-key", "connection-string", "api-token", "high-entropy", "env-value"] as const;
export type SecretKind = (typeof SECRET_KINDS)[number];

/** How a detector reports a span (UTF-16 offsets, end exclusive). */
export type Push = (kind: SecretKind, start: number, end: number) => void;

const PLACEHOLDER_WORD = /^(?:password|passwd|pass|pwd|secret|token|changeme|example|null|none|undefined)$/;
const PLACEHOLDER_HINT = /\$\{|\{\{|\{(?:[a-z_][\w.]*)?(?:![rsa])?(?::[^{}]*)?\}|\$\(|%\(|%s|^%\w+%$|^\$[a-z_]|<[^<>]*>|\[redacted|(?:^|[^a-z])your[-_ ]?[a-z]|placeholder|changeme|dummy|replace[-_ ]?me|xxxx|\*\*\*\*|\.\.\./;

/** Template/variable references, `<token>`, `your-api-key-here`, `xxxx`, `****`, one repeated char. */
export function isPlaceholder(value: string): boolean {
  if (value.length === 0) return true;
  if (value.length < 4096 && /^(.)\1*$/s.test(value)) return true;
  const lower = value.length > 4096 ? value.slice(0, 4096).toLowerCase() : value.toLowerCase();
  return PLACEHOLDER_WORD.test(lower) || PLACEHOLDER_HINT.test(lower);
}

/** Shannon entropy in bits per UTF-16 unit. */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const ascii = new Uint32Array(128), other = new Map<number, number>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) ascii[c]!++;
    else other.set(c, (other.get(c) ?? 0) + 1);
  }
  let bits = 0;
  const add = (n: number) => { if (n > 0) bits -= (n / s.length) * Math.log2(n / s.length); };
  ascii.forEach(add);
  other.forEach(add);
  return bits;
}

// Also a module or file path: slash-separated segments ending in a file extension
// ("@effect/wa-sqlite/src/examples/IDBBatchAtomicVFS.js"); base64 secrets have no such end.
export const NOT_SECRET_LITERAL = /^@?[\w.-]+(?:\/[\w.-]+)+\.[a-z]{1,5}$|:\/\/|^(?:data|mailto):|^[\w.~%&=+\/:?#;,-]*[?&][\w%.-]+=[\w.~%&=+\/:?#;,-]*$|^sha\d+-|^[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*)+$|^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

export function looksRandom(s: string): boolean {
  if (/\s/.test(s) || NOT_SECRET_LITERAL.test(s) || isPlaceholder(s)) return false;
  if (!/[A-Za-z]/.test(s) || !/[^A-Za-z]/.test(s)) return false; // letters mixed with digits/symbols
  let steps = 0; // alphabets like "abc…xyzABC…" are not secrets
  for (let i = 1; i < s.length; i++) if (s.charCodeAt(i) === s.charCodeAt(i - 1) + 1) steps++;
  return steps < s.length / 2 && shannonEntropy(s) >= 4.5;
}

// ---------- credential names ----------

/** Last word-part of a credential's name (`key` only as a compound, see NAME_PREFIXES). */
export const CREDENTIAL_NAME = "key|secret|token|pass(?:w(?:or)?d|phrase)?|pwd|auth|credentials?";
/** The same words' starts as a plain literal alternation (the fastest test): the detectors' triggers. */
export const CREDENTIAL_WORDS = "key|secret|token|pass|pwd|auth|credential";
const NAME_PREFIXES: Record<string, string[]> = {
  key: ["api", "secret", "private", "access", "signing", "encryption", "master", "auth", "client", "app"],
  token: ["api", "access", "auth", "refresh", "bearer", "session", "bot", "csrf", "id", "identity", "registry"], // docker's `identitytoken`, `registrytoken`
  secret: ["api", "client", "app", "jwt", "shared", "webhook"],
};

export const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** A word-part starts at `at`: after a non-letter, or a camelCase hump (`dbPassword`). */
function wordStart(text: string, at: number): boolean {
  const prev = text.charCodeAt(at - 1), cur = text.charCodeAt(at);
  return !isLetter(prev) || (prev >= 97 && prev <= 122 && cur >= 65 && cur <= 90);
}

/** Start of the secret-ish name ending in `word` at `at`, or -1 (`mytoken`, bare `cacheKey`). */
export function secretName(text: string, at: number, word: string): number {
  if (word !== "key" && wordStart(text, at)) return at;
  if ((word === "password" || word === "passwd") && /^[A-Z]+$/.test(text.slice(at, at + word.length))) { // PGPASSWORD, REDISPASSWORD: one upper-case name
    let from = at;
    while (from > 0 && /[A-Z0-9]/.test(text[from - 1]!)) from--;
    if (from < at && !isLetter(text.charCodeAt(from - 1)) && /[A-Z]/.test(text[from]!)) return from;
  }
  const joined = word === "key" && (text[at - 1] === "_" || text[at - 1] === "-") ? at - 1 : at;
  for (const prefix of NAME_PREFIXES[word] ?? []) {
    const from = joined - prefix.length;
    if (from >= 0 && text.slice(from, joined).toLowerCase() === prefix && wordStart(text, from)) return from;
  }
  return -1;
}

/** A credential name's value from this many characters; under 16 only if it looks like a password. */
const CREDENTIAL_MIN = 8;
const LONG_VALUE = 16;
/** One word, or words joined by separators (`include`, `same-origin`, `auth.password.label`, `/Users/me`): a name or path, not a password. */
export const WORDS = /^(?:~?\/)?[A-Za-z]+(?:[-_.:/][A-Za-z]+)*\/?$/;

/**
 * The value assigned to a credential name is a secret: no whitespace, no placeholder or reference; a short one mixes letters
 * with digits or symbols. A password's name (`password`: passwordName) takes any value that evidently is no credential
 * (passwordValue), whatever its length or shape (`DB_PASSWORD = "hunter2"`).
 */
export function credentialValue(value: string, password = false): boolean {
  if (password && passwordValue(value)) return true;
  if (password && value.length < LONG_VALUE && (PATH_VALUE.test(value) || (/^[\p{L}:*]+$/u.test(value) && labels(value)))) return false; // `secret: "./secrets/db"`, a locale's `password: "Contraseña"`
  if (value.length < CREDENTIAL_MIN || /\s/.test(value) || isPlaceholder(value) || NOT_SECRET_LITERAL.test(value)) return false;
  return value.length >= LONG_VALUE || (/[A-Za-z]/.test(value) && (!WORDS.test(value) || scrambledLetters(value)));
}

// ---------- password names ----------

/** Last word-parts that make a name a password's or a secret's (`DB_PASSWORD`, `pwd`, `clientSecret`, `client_secret`). */
const PASSWORD_WORD = /^(?:password|passwd|passphrase|pwd|secret)$/;
/**
 * A name that says its value is a password: it ends in password, passwd, passphrase, pwd or secret, in `pass` as a word of
 * its own (`pass`, `smtp_pass`, `DB_PASS`) or a camelCase name's last hump after no stage's (`dbPass`; not `firstPass`:
 * passHump), or is `secretKey`. A name that only holds the word
 * (`passwordMinLength`, `PASSWORD_FIELD`) never reaches here: the word must end it. `word` starts at `wordAt`, the name
 * (secretName) at `nameAt`.
 */
export function passwordName(text: string, nameAt: number, wordAt: number, word: string): boolean {
  const w = word.toLowerCase();
  if (PASSWORD_WORD.test(w)) return true;
  if (w === "pass") return !isLetter(text.charCodeAt(wordAt - 1)) || passHump(text, wordAt);
  return w === "key" && /^secret[_-]?$/i.test(text.slice(nameAt, wordAt));
}

/**
 * A camelCase hump before a last `Pass` that makes the name a pass of a process, not a password: an order or a count
 * (`firstPass`, `secondPass`, `lastPass`), a test's verdict or condition (`testPass`, `didPass`, `onPass`, `allPass`), a
 * renderer's stage (`renderPass`, `shadowPass`, `bloomPass`).
 */
const PASS_STAGE = /^(?:first|second|third|fourth|fifth|last|next|prev(?:ious)?|final|initial|single|double|multi|one|two|three|each|every|this|that|same|test|tests|did|can|must|should|will|would|is|has|on|all|any|none|no|not|may|render|shadow|depth|bloom|blur|copy|output|effect|post|pre|main|geometry|lighting|light|opaque|transparent|pick|compute|draw|skip|early|late|mid|full|half|quick|fast|slow|sub|sort|merge|parse|lex|scan|build|compile|link|check|lint|optimi[sz]e|fxaa|ssao|taa|smaa|bokeh|film|mask|clear|outline|glitch|dot|fog|tone|gamma)$/i;
/** `Pass` ends a camelCase name (`dbPass`, `adminPass`, `keyPass`) whose hump before it is no PASS_STAGE. */
function passHump(text: string, wordAt: number): boolean {
  if (text[wordAt] !== "P" || !/[a-z]/.test(text[wordAt - 1] ?? "") || isLetter(text.charCodeAt(wordAt + 4))) return false;
  let from = wordAt - 1;
  while (from > 0 && /[a-z]/.test(text[from - 1]!)) from--;
  if (/[A-Z]/.test(text[from - 1] ?? "")) from--;
  return !PASS_STAGE.test(text.slice(from, wordAt));
}

/** Shorter, a password's name's value is a stand-in (`password: "pw"`), a flag (`"-p"`) or an operator (`where("secret", "in", …)`). */
const PASSWORD_MIN = 3;
/**
 * A setting's value, not a password: a boolean, null, a number under 4 digits or a version (`showPassword: true`, `pass: 1`,
 * a package.json's `"pbkdf2-password": "^1.2.1"`), a schema's word or a type's name (docs' `password: required`,
 * `password: string`), each maybe ending a code
 * line's argument (`pwd=None,`).
 */
const SETTING_VALUE = /^(?:true|false|yes|no|on|off|null|nil|none|undefined|~|-?\d{0,3}(?:\.\d+)?|[\^~<>=v]*\d+(?:\.(?:\d+|x|\*))+(?:[-+][\w.-]+)?|required|optional|string|str|number|int|integer|bool|boolean|bytes|any|object|unknown|text|char)[,;]?$/i;
/** Where a secret is, not the secret: a path (`pwd: /home/app`, `secret: ./secrets/db`, `C:\\…`). */
const PATH_VALUE = /^(?:~?\/|\.\.?[\/\\]|[A-Za-z]:\\)/;
/**
 * A word-part (separators, camelCase humps) that makes the value a label or a name (`Password:`, `new-password`,
 * `passwordInput`, `db-secret`; `pass: "passed"` a test's status), the word in another language too (a locale file's
 * `password: "Passwort"`).
 */
const LABEL_PART = /^(?:pass(?:w(?:or)?d|phrase|e[ds]|ing)?|pwd|secret|key|token|credentials?|passwort|kennwort|wachtwoord|contrase(?:ñ|n)a|senha|parola|has(?:ł|l)o|heslo|jelsz(?:ó|o)|l(?:ö|o)senord|salasana|adgangskode|passord|lozinka|geslo|parool|sandi|(?:ş|s)ifre|пароль|密码|密碼|パスワード|비밀번호|geheim|secreto|segreto)$/iu;
const labels = (value: string) => value.split(/[^\p{L}\p{N}]+|(?<=\p{Ll})(?=\p{Lu})/u).some((part) => LABEL_PART.test(part));

/**
 * What a password's name is given is a password unless it evidently is none: empty or a placeholder/reference (`\${X}`,
 * `<password>`, `%(pw)s`, `changeme`, `***`), a sentence (whitespace: a UI string, "Enter your password", "Mot de passe";
 * a passphrase of several words is left too), code (`None)`, `{pw}`), a label or name (a credential word among its parts), a path, a URL, a
 * dotted key (`auth.password`), an upper-case constant, a boolean or a short number.
 */
export function passwordValue(value: string): boolean {
  return value.length >= PASSWORD_MIN && !/\s/.test(value) && !isPlaceholder(value) && !CODE_VALUE.test(value) && !NOT_SECRET_LITERAL.test(value) && !SETTING_VALUE.test(value) && !PATH_VALUE.test(value) && !labels(value);
}

/** A plain word under 16 characters (`sunshine`, `test`: only a password's name makes it a secret): known values take it out where it stands alone (text/known-secrets.ts). */
export const plainWord = (value: string) => value.length < LONG_VALUE && WORDS.test(value) && !scrambledLetters(value);

/** Short humps a camelCase name may hold (`toBeOneOf`, `getElementById`): not a sign of a random string. */
const SHORT_WORD = /^(?:[A-Z]{2,}|[A-Z]?(?:to|be|of|is|by|id|on|or|no|in|as|at|if|up|ok|do|go|me|my|we|an|un|re|de|el|js|ui|db|fs|io|os))$/;
const isShortWord = (hump: string) => SHORT_WORD.test(hump) || SHORT_WORD.test(hump.toLowerCase());

/**
 * Letters only, but not a name: mixed case whose camelCase humps are mostly short or vowel-less
 * (`JsPKvutDfqEm`: Js P Kvut Dfq Em). 61 % of random 8–15 letter strings; 49 of 50,897 distinct
 * 8–15 letter words of node_modules' code (base64 fragments, `isNotNaN`), and those only count as
 * a credential name's value.
 */
export function scrambledLetters(value: string): boolean {
  if (!/^[A-Za-z]+$/.test(value) || !/[a-z]/.test(value) || !/[A-Z]/.test(value)) return false;
  const humps = value.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g) ?? [];
  const short = humps.filter((h, i) => i > 0 && h.length <= 2 && !isShortWord(h)).length; // a first hump may be a prefix (`tSAnyKeyword`, `kMin`)
  const voiceless = humps.filter((h) => h.length >= 2 && /[a-z]/.test(h) && !/[aeiou]/i.test(h)).length;
  return humps.length >= 4 && (short * 2 >= humps.length || voiceless >= 2);
}

/** An interpolation or a call (`{password!r}`, `$FROM_EMAIL`, `get(`), not a literal value. */
export const CODE_VALUE = /[{}()]|\$[A-Za-z_{(]|^:/;

/** A name ending in a credential word (`DB_PASSWORD`, `X-Api-Key`): where the word starts is `exec(name).index`. */
export const NAME_END = new RegExp(`(?:${CREDENTIAL_NAME})$`, "i");
