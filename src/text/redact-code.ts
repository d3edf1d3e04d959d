// Credentials code passes by position or by name: a call whose callee says it logs in or
// authenticates (`smtp.login("user", "…")`, `HTTPBasicAuth("user", "…")`, `new
// NetworkCredential("user", "…")`, Python's `auth=("user", "…")`), a client or connection made with a random one
// (`new Client("user", "Wq9Lm3Xz7Pk2")`), and a credential name given a
// variable that the file assigns a literal (`password: pw` … `const pw = "…"`). Detectors of
// text/redact.ts; the value is judged like a credential name's (credentialValue).

import { CODE_VALUE, WORDS, credentialValue, scrambledLetters, type Push } from "./secret-values.ts";

/** Shaped like a password whatever its length: a long value of plain words (`resource_metadata`, `www-authenticate`) is an argument, not a secret, when no name says it is one. */
const passwordLike = (value: string) => credentialValue(value) && !CODE_VALUE.test(value) && (!WORDS.test(value) || scrambledLetters(value));
/** A password's name says it (passwordName): then any value that evidently is one counts (credentialValue). */
const namedPassword = (value: string) => credentialValue(value, true) && !CODE_VALUE.test(value);

/** A callee or keyword ending in one of these word-parts takes a user and a password: `login(user, password)`. */
const CALLEE = /(?:log_?[io]n|sign_?in|auth(?:enticate|entication|orization)?|credentials?)(?=["']?[ \t]*(?:(?:=(?!=)|:)[ \t]*)?[(\[])/gi;
/**
 * `("user", "value"` / `(user, "value"` / `=["user", "value"]`, then the end of the second argument (`.toCharArray()` allowed);
 * a test helper's page or client first (`login(page, "admin", "value")`).
 */
const PAIR = /["']?[ \t]*(?:(?:=(?!=)|:)[ \t]*)?[(\[][ \t]*(?:[A-Za-z_$][\w$.]{0,60}[ \t]*,[ \t]*)?(?:(["'`])([^"'`\\\r\n]{0,100})\1|[A-Za-z_$][\w$.]{0,60})[ \t]*,[ \t]*(["'`])([^"'`\\\r\n]*)\3[ \t]*(?:\.(?:toCharArray|encode|getBytes)\(\)[ \t]*)?[,)\]]/y;

/** The word-part at `at` starts a word: after a non-letter (or `$`), or a camelCase hump (`HTTPBasicAuth`, `smtp.login`). */
function partStart(text: string, at: number): boolean {
  const prev = text[at - 1] ?? "", cur = text[at]!;
  return !/[A-Za-z0-9]/.test(prev) || (/[a-z]/.test(prev) && /[A-Z]/.test(cur)) || (/[A-Z]/.test(prev) && /[A-Z]/.test(cur) && /[a-z]/.test(text[at + 1] ?? ""));
}

/**
 * A client or connection made with a user and a password (`new Client("user", "…")`, `ftplib.FTP_TLS(host, user, …)` is not
 * this): the callee says nothing of credentials, so only a value shaped like a password is — letters and digits mixed
 * (`s3cretpass`, `Wq9Lm3Xz7Pk2`), no separator (`_` only with an upper-case letter: `latin1_swedish` is a setting), not hex,
 * not a word and a number (`Message2`, `hunter22`).
 */
const CLIENT_CALLEE = /(?:Client|Connection|Connector|Session|Pool)(?=[ \t]*\()/g;
const randomPassword = (value: string) => passwordLike(value) && /\d/.test(value) && /[a-z]/.test(value) &&
  !/[\s./:\\-]/.test(value) && (/[A-Z]/.test(value) || !value.includes("_")) && !/^[0-9a-fA-F]+$/.test(value) && !/^[A-Z]?[a-z]+\d+$/.test(value);

export const positionalCredentials = (text: string, push: Push) => byPosition(text, push, CALLEE, passwordLike);
export const clientCredentials = (text: string, push: Push) => byPosition(text, push, CLIENT_CALLEE, randomPassword);

function byPosition(text: string, push: Push, callee: RegExp, accept: (value: string) => boolean): void {
  callee.lastIndex = 0;
  for (let m = callee.exec(text); m; m = callee.exec(text)) {
    if (!partStart(text, m.index)) continue; // `oauth(`, `author(`
    if (/[A-Za-z0-9]/.test(text[m.index + m[0].length] ?? "")) continue; // `authors(`
    PAIR.lastIndex = m.index + m[0].length;
    const p = PAIR.exec(text);
    if (!p) continue;
    const value = p[4]!, at = PAIR.lastIndex - p[0].length + p[0].lastIndexOf(`${p[3]}${value}${p[3]}`) + 1;
    if (p[2] !== "anonymous" && accept(value)) push("api-token", at, at + value.length); // ftp's anonymous login takes an e-mail address
  }
}

/**
 * The literal a variable holds, when a credential name is given the variable (`password: pw`):
 * the file's declarations of it with a literal (`const pw = "…"`, `pw := "…"`, `pw: str = "…"` or `pw = "…"` starting a
 * line). Each name is looked up once per text (`seen`); a one-letter name (minified code reuses it in every scope) never.
 */
export function referencedLiterals(text: string, name: string, push: Push, seen: Set<string>, password = false): void {
  if (seen.has(name) || name.length < 2) return;
  seen.add(name);
  const escaped = name.replace(/\$/g, "\\$");
  // the name first (a literal the regex engine scans for fast), its declaration checked around the match
  const re = new RegExp(String.raw`${escaped}[ \t]*(?::[ \t]*[\w$.<>\[\]| ]{1,40}?[ \t]*)?(:=|=(?![=>]))[ \t]*(["'\x60])([^"'\x60\\\r\n]*)\2`, "g");
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (/[\w$.]/.test(text[m.index - 1] ?? "")) continue;
    const from = Math.max(0, m.index - 120), before = text.slice(from, m.index), nl = before.lastIndexOf("\n");
    const lead = nl >= 0 ? before.slice(nl + 1) : from === 0 ? before : `\0${before}`; // the line before the name (a long one's tail)
    if (m[1] !== ":=" && !/^[ \t]*$|(?:^|[^\w$.])(?:const|let|var|val|final|static|string|String|str)[ \t]+$/.test(lead)) continue;
    const value = m[3]!, at = m.index + m[0].length - 1 - value.length;
    if ((password ? namedPassword : passwordLike)(value)) push("api-token", at, at + value.length);
  }
}

// A browser test typing a password into its field: `page.fill("#password", "…")`, `page.getByLabel("Password").fill("…")`,
// `cy.get("input[name=password]").type("…")`, `$("#password").setValue("…")`, selenium's `find_element(By.ID,
// "password").send_keys("…")`, `userEvent.type(passwordInput, "…")`. The field (the call's first argument when it takes two,
// else what the call is made on, on its line) names a password as a word-part; the typed literal is judged as a password's
// name's value (a fixture's `sunshine` too), never an interpolation or a variable.
const TYPED = /\.(?:fill|type|setValue|send_keys|sendKeys|pressSequentially)\([ \t]*(?:((?:["'`][^"'`\r\n]{0,120}["'`]|[A-Za-z_$][\w$.]{0,60}(?:\([^()\r\n]{0,120}\))?))[ \t]*,[ \t]*)?(["'`])([^"'`\\\r\n]*)\2[ \t]*[,)]/g;
/**
 * `password` / `pwd` / `passphrase` as the last word-part of a selector, label or variable, or before the word for a field
 * (`#password`, `passwordInput`, `#password-input`, `#password_confirmation`, `password2`, `/password/i`), not `passport`, `bypass`, and not a password's property
 * (`passwordStrength`, `#password-hint`, `passwordMeter`: what is typed there is no password).
 */
const PASSWORD_FIELD = /(?:^|[^A-Za-z]|[a-z](?=[A-Z]))(?:[Pp]ass(?:w(?:or)?d|phrase)|PASS(?:W(?:OR)?D|PHRASE)|[Pp]wd|PWD)(?:[-_]?(?:[Cc]onfirm(?:ation)?|[Aa]gain|[Rr]epeat|[Vv]erify|\d))?(?:[-_]?(?:[Ii]nput|INPUT|[Ff]ield|FIELD|[Bb]ox|[Tt]ext(?:[Bb]ox)?|[Ee]l(?:ement)?|[Ll]ocator|[Ss]elector|[Rr]ef|[Cc]ontrol))?(?![A-Za-z0-9]|[-_][A-Za-z])/;
export function typedPasswords(text: string, push: Push): void {
  TYPED.lastIndex = 0;
  for (let m = TYPED.exec(text); m; m = TYPED.exec(text)) {
    const field = m[1] ?? text.slice(text.lastIndexOf("\n", m.index) + 1, m.index);
    if (!PASSWORD_FIELD.test(field)) continue;
    const value = m[3]!, start = m.index + m[0].lastIndexOf(`${m[2]}${value}${m[2]}`) + 1;
    if (namedPassword(value)) push("api-token", start, start + value.length);
  }
}

// A Basic credential built in code: `btoa("user:…")`, `Buffer.from("user:…").toString("base64")`, Python's
// `b64encode(b"user:…")`, Go's `base64.StdEncoding.EncodeToString([]byte("user:…"))`: the password after the user's `:`, judged
// as a password's name's value (h119).
const ENCODED_PAIR = /\b(btoa|Buffer\.from|b64encode|base64_encode|EncodeToString)\([ \t]*(?:\[\]byte\(|[bf])?(["'`])([^"'`:\s\\]{1,64}):([^"'`\s\\]+)\2/g;
export function encodedPairs(text: string, push: Push): void {
  ENCODED_PAIR.lastIndex = 0;
  for (let m = ENCODED_PAIR.exec(text); m; m = ENCODED_PAIR.exec(text)) {
    if (m[1] === "Buffer.from" && !/^\)[ \t]*\.toString\([ \t]*["'`]base64/.test(text.slice(ENCODED_PAIR.lastIndex, ENCODED_PAIR.lastIndex + 40))) continue; // any string's bytes
    const value = m[4]!, start = m.index + m[0].length - 1 - value.length;
    if (NO_USER.test(m[3]!) || MEDIA_TYPE.test(value)) continue; // `data:image/png`, `sha256:…`, `content-type:application/json`: no user's pair
    if (namedPassword(value)) push("api-token", start, start + value.length);
  }
}
/** What comes before a `:` in a string that is no user: a URI scheme, a digest's algorithm, a header's name. */
const NO_USER = /^(?:data|urn|blob|file|mailto|tel|md\d|sha-?\d*|blake\d\w*|content-[a-z]+|accept|x-[\w-]+)$/i;
/** A media type (`image/png`, `application/json`), never a password taken for one. */
const MEDIA_TYPE = /^(?:application|audio|font|image|message|model|multipart|text|video)\/[\w.+-]+$/i;
