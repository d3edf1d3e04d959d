// A credential written as prose or with a note after it — `// the old password was Wq9Lm3Xz7Pk2`,
// `# password = Wq9Lm3Xz7Pk2 (old)`, a README's "the staging password is Wq9Lm3Xz7Pk2" — which no
// assignment form reads (the value is followed by words, or joined to its name by "is"/"was").
// Only a credential word right before "is"/"was"/"to"/"="/":" (or, for a password, nothing: "user
// admin, password Wq9Lm3Xz7Pk2"), and only a value that reads as a credential: letters and digits
// mixed (or letters of scrambled case), no path, URL or dotted name. Comment lines in any file; any
// line of a file that is no program (Markdown, text, unknown); in a program, a sentence inside a string literal (a
// message, a fixture: `"the staging password is …"`), never code (`token = this$1$1`). A password's word and its value in a
// code span with no verb between counts on a line that names an account ("Log in as `admin` with password `sunshine`").

import { credentialValue, passwordValue, scrambledLetters } from "./secret-values.ts";

type Push = (kind: "api-token", start: number, end: number) => void;

/**
 * One pass: the name (maybe in quotes, backticks or bold), a verb (the value maybe on the next line of a wrapped paragraph),
 * `=`/`:` or (a password's) nothing, the value (maybe in quotes, backticks, bold or an HTML `<code>`). Group 1: a password's
 * word; 2: no verb; 3, 5: the value's quotes; 4: the value.
 */
const PROSE = /(?:(pass(?:w(?:or)?d|phrase)?|pwd)|secret|token|api[ _-]?key)(?:["'`]|\*\*)?(?:[ \t]+(?:is|was|to|set[ \t]+to)(?:[ \t]+|[ \t]*\r?\n[ \t>]*)|[ \t]*[=:][ \t]*|([ \t]+))(["'`]|\*\*|<(?:code|kbd|tt|b|strong|em)>)?([A-Za-z0-9_\-+=!@$%^&*~]{3,})(["'`]|<\/(?:code|kbd|tt|b|strong|em)>)?(?=[.,;:!?)"'`<]|[ \t]+\(|[ \t]*(?:\r?\n|$)|[ \t])/gi;
/** Words before a password's word that say whose account it is: a login, a user, `as` someone (`as root`, not "as described", "as a rule"). */
const ACCOUNT = /\b(?:log(?:-|[ \t])?in|sign(?:-|[ \t])?in|user(?:name)?|account|as(?![ \t]+(?:a|an|the|of|with|well|described|shown|such|in|per|is|if|long|soon|noted|needed|follows|above|below|before|usual|always|expected|documented|mentioned|before)\b))\b/i;
const COMMENT_LEAD = /^[ \t]*(?:\/\/+|#+|\/?\*+|--|;+)/;

/** Lower-case parts joined (`base64url-encoded`, `x86_64`): a name. */
const JOINED = /^(?=[a-z0-9_-]+$)[^-_]*[-_]/;
const reads = (value: string) => credentialValue(value) && ((/\d/.test(value) && /[A-Za-z]/.test(value)) || scrambledLetters(value));
/**
 * In a sentence, stricter: not a lower-case name with a number (`argon2id`, `base64url`, `sha256sum`), lower-case parts
 * joined (`base64url-encoded`, `x86_64`, `_tls13_derive_secret`) or URL-encoded text (`Root%20CA`); with no verb before it
 * ("password argon2id hashing"), mixed case or a symbol.
 */
const readsInProse = (value: string, bare: boolean) => reads(value) && !/^[a-z]+\d+[a-z]*$/.test(value) && !JOINED.test(value) &&
  !/%[0-9A-Fa-f]{2}/.test(value) && (!bare || (/[a-z]/.test(value) && /[A-Z]/.test(value)) || /[^A-Za-z0-9]/.test(value));

/** How a password is kept or sent, not the password ("the password is sha256.", "… md5"). */
const ALGORITHM = /^(?:md\d|sha\d*|sha\d+[a-z]*|base\d+[a-z]*|argon2[a-z]*|pbkdf2[a-z]*|utf-?\d+|ucs\d|aes\d*[a-z]*|rsa\d*|ed25519|hmac[a-z\d]*|crc\d+|rot13|latin\d)$/i;
/**
 * A code span after a password's word in a sentence that names how it is hashed, checked or given, not the password: an
 * algorithm or its library ("hash the password `bcrypt`", `argon2id`, `@node-rs/bcrypt`, `passlib`), a setting's word
 * (`plaintext`, `hashed`, `masked`, `autocomplete`) or an option (`--password-file`, `minLength`, `PASSWORD_HASHERS`).
 */
const HOW_KEPT = /^(?:@[\w.-]+\/)?(?:b?crypt(?:js|[-_](?:nodejs|ts|pbkdf))?|scrypt(?:-?js)?|yescrypt|argon2?(?:[-_]?(?:i|d|id|browser|cffi))?|pbkdf2\w*|passlib|hashlib|bcrypt|blake\d\w*|ntlm|des|3des|sodium|libsodium|plain(?:text)?|clear(?:text)?|hash(?:ed|ing)?|salt(?:ed)?|encrypt(?:ed|ion)?|masked|hidden|optional|required|autocomplete|new-password|current-password)$/i;
/** What a sentence calls the code span right after it ("the password `minLength` option", "… `argon2` hasher"). */
const CALLED_SO = /^[ \t]+(?:option|setting|flag|field|param(?:eter)?|attribute|property|column|key|config|hash(?:er|ing)?|algorithm|librar(?:y|ies)|package|module|crate|gem|function|method|policy|rule|validator)s?\b/i;
const optionLike = (value: string, after: string) => /^--?[a-z]/i.test(value) || /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value) || CALLED_SO.test(after);
/** A code span a sentence puts after a password's word that names no password (HOW_KEPT, ALGORITHM, an option); `after`: the text after the span. */
const namesHow = (value: string, after: string) => HOW_KEPT.test(value) || ALGORITHM.test(value) || optionLike(value, after);
/**
 * A password's word with a verb or `=`/`:` before it ("the admin password is hunter2.") takes a value a password's name would
 * (passwordValue) in quotes or backticks (`sunshine`), or a shorter one, letters and digits mixed (or scrambled), that ends the
 * sentence ("the password is base64 encoded" goes on: a word); never lower-case parts joined, URL-encoded text (readsInProse) or an algorithm's name.
 */
const shortPassword = (value: string, quoted: boolean, after: string) => passwordValue(value) && !JOINED.test(value) && !/%[0-9A-Fa-f]{2}/.test(value) &&
  (quoted || (value.length < 8 && ((/\d/.test(value) && /[A-Za-z]/.test(value)) || scrambledLetters(value)) && !ALGORITHM.test(value) && /^(?:[.,;:!?)"'`<](?:\s|$)|\r?\n|$|[ \t]*(?:\r?\n|$))/.test(after)));

/** Whether `at` is on a comment's line (its lead before it). */
function commentLine(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  return COMMENT_LEAD.test(text.slice(lineStart, Math.min(at, lineStart + 200)));
}

/** Whether `at` is inside a one-line string literal: an odd number of one kind of quote (unescaped) before it on its line. */
function inString(text: string, at: number): boolean {
  const line = text.slice(Math.max(text.lastIndexOf("\n", at - 1) + 1, at - 400), at);
  return ['"', "'", "`"].some((q) => (line.match(new RegExp(`(?<!\\\\)${q}`, "g"))?.length ?? 0) % 2 === 1);
}

export function proseCredentials(text: string, push: Push, scan: { code: boolean }): void {
  PROSE.lastIndex = 0;
  for (let m = PROSE.exec(text); m; m = PROSE.exec(text)) {
    if (/[A-Za-z0-9]/.test(text[m.index - 1] ?? "")) { PROSE.lastIndex = m.index + 1; continue; } // a word's end (`bypass`, `mytoken`), not a name (checked here: a look-behind is tried at every position)
    const [, password, bare, open] = m;
    let value = m[4]!, close = m[5] ?? "";
    if (open === "**" && !close && value.endsWith("**")) ({ value, close } = { value: value.slice(0, -2), close: "**" }); // bold: `**…**`
    if ((bare !== undefined && password === undefined) || (open !== undefined && open.replace("<", "</") !== close)) continue;
    const comment = commentLine(text, m.index);
    // a comment's note (`// the old password was …`, `# pwd = … (rotated)`) is read as a comment's value; a sentence's more strictly
    // a password's word, then the value in quotes or a code span with no verb between, on a line that says whose account
    // it is ("Log in as `admin` with password `sunshine`", "user `qa` and password `…`"; not "store the password `hash`")
    const spanAfterWord = bare !== undefined && open !== undefined && !namesHow(value, text.slice(m.index + m[0].length, m.index + m[0].length + 24)) && ACCOUNT.test(text.slice(text.lastIndexOf("\n", m.index - 1) + 1, m.index));
    const short = password !== undefined && (bare === undefined || spanAfterWord) && password.toLowerCase() !== "pass" && shortPassword(value, open !== undefined, text.slice(m.index + m[0].length, m.index + m[0].length + 2));
    if (!short && (comment && bare === undefined ? !reads(value) : !readsInProse(value, bare !== undefined) || password?.toLowerCase() === "pass")) continue;
    if (scan.code && !comment && !inString(text, m.index)) continue; // in a program, a sentence is a comment's or a string's (a message, a fixture), not code's
    const start = m.index + m[0].length - close.length - value.length;
    push("api-token", start, start + value.length);
  }
}

/**
 * A user and a password given as a pair of code spans after a login ("Login with `admin` / `sunshine`", "sign in as `qa` and
 * `Tr0ub4dor`"): no credential word says which is the password, the order does. The second takes what a password's name
 * would (passwordValue: not `password`, `<pass>`, `true`…); `/`, `:`, `,` or "and" between them (not "or": alternatives,
 * "log in with `github` or `gitlab`"), within 40 characters of the login's word on its line.
 */
const LOGIN_PAIR = /\b(?:log(?:-|[ \t])?in|sign(?:-|[ \t])?in)\b[^\n`]{0,40}?`([^`\s]{1,64})`[ \t]*(?:\/|:|,|\band\b)[ \t]*`([^`\s]{3,64})`/gi;
export function loginPairs(text: string, push: Push, scan: { code: boolean }): void {
  LOGIN_PAIR.lastIndex = 0;
  for (let m = LOGIN_PAIR.exec(text); m; m = LOGIN_PAIR.exec(text)) {
    const value = m[2]!;
    if (!passwordValue(value)) continue;
    const start = m.index + m[0].length - 1 - value.length;
    push("api-token", start, start + value.length);
  }
  PLAIN_PAIR.lastIndex = 0;
  for (let m = PLAIN_PAIR.exec(text); m; m = PLAIN_PAIR.exec(text)) {
    const value = m[2]!;
    if (!reads(value) || /^[a-z]+\d+[a-z]*$/.test(value) || JOINED.test(value) || ALGORITHM.test(value)) continue;
    if (scan.code && !commentLine(text, m.index) && !inString(text, m.index)) continue; // in a program, a sentence's (`{ login: LoginPage, oauth2Callback: … }` is code)
    const start = m.index + m[0].length - value.length;
    push("api-token", start, start + value.length);
  }
}

/**
 * The same pair without code spans after a credentials' or login's colon ("Default credentials: admin / Sq7kQ2mZ9x", "//
 * default login: admin/Pj7kQ2mZ9x"): the second only when it reads as a password (letters and digits mixed, or scrambled;
 * not `admin / admin`, `user/v2`) (h119); in a program only in a comment or a string literal, like any sentence (an object's
 * `login: LoginPage, oauth2Callback: CallbackPage` is code).
 */
const PLAIN_PAIR = /\b(?:credentials?|log(?:-|[ \t])?in|sign(?:-|[ \t])?in)[ \t]*(?::|\bis\b|\bare\b)[ \t]*([\w.@+-]{1,64})[ \t]*(?:\/|,|\band\b)[ \t]*([A-Za-z0-9_\-+=!@$%^&*~]{3,64}?)(?=[.,;:!?)]?(?:[ \t]|\r?\n|$))/gi;
