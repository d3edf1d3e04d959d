// A repository with planted secrets of every kind the redactor knows, and history: one
// secret committed and then removed (so it lives only in history and diffs), the rest
// committed after the base commit or left in the working tree. Every value is assembled at
// run time (no literal token in this file) and unique, so finding it anywhere is a leak.

import { Database } from "bun:sqlite";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { SECRET_KINDS, type SecretKind } from "../../src/text/redact.ts";
import { git, gitRepo, writeFiles } from "./repo.ts";

/** n characters of `alphabet`, pseudo-random per seed (mulberry32), so no two values share a fragment. */
function mix(n: number, alphabet: string, seed: number): string {
  let a = seed * 0x9e3779b9;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
}
const ALNUM = "a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ";
const UPPER = "Q7W3E9R2T5Y8U1I4O6P0ASDFGHJKLZXCVBNM";
const B64 = "Qw3Er/Ty7Ui+Op1As9Df4Gh2Jk8Lz6Xc5Vb0NmPoIuYtRe";
const seg = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

/** The raw values; for a connection string only the password part is secret (scheme and host stay). */
export const CANARY = {
  awsAccessKey: "AKIA" + mix(16, UPPER, 1),
  awsSecretKey: mix(40, B64, 2),
  githubToken: "ghp_" + mix(36, ALNUM, 3),
  githubDefault: "ghp_" + mix(36, ALNUM, 4),
  githubRemoved: "ghp_" + mix(36, ALNUM, 5),
  gitlabToken: "glpat" + "-" + mix(22, ALNUM, 6),
  slackToken: "xoxb" + "-123456789012-1234567890123-" + mix(24, ALNUM, 7),
  stripeKey: "sk_" + "live_" + mix(24, ALNUM, 8),
  googleKey: "AI" + "za" + mix(35, "aB3_cD9-eF1gH7iJ5kL2mN8", 9),
  openaiKey: "sk-" + mix(48, ALNUM, 10),
  anthropicKey: "sk-" + "ant-api03-" + mix(40, "aB3_cD9-eF1gH7iJ5kL2mN8x", 11),
  npmToken: "npm" + "_" + mix(36, ALNUM, 12),
  jwt: [seg({ alg: "HS256", typ: "JWT" }), seg({ sub: "canary", iat: 1516239022 }), mix(43, "aB3_cD9-eF1gH7iJ5kL2mN8x", 13)].join("."),
  pemBody: mix(64, B64, 14),
  dbPassword: "Cn" + mix(18, ALNUM, 15),
  adoPassword: "Ad" + mix(18, ALNUM, 16),
  // a credential URL's password found nowhere else (dbPassword is .env's too): typed alone, a part of what the redactor found
  urlPassword: "Up" + mix(12, ALNUM, 98) + "!",
  apiToken: "correct-horse-" + "battery-canary-" + mix(6, ALNUM, 17),
  highEntropy: "Zx9" + mix(45, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 18),
  envValue: "orchid-lantern-" + mix(8, ALNUM, 19),
  sendgridKey: "SG" + "." + mix(22, ALNUM, 23) + "." + mix(43, ALNUM, 24),
  twilioKey: "SK" + mix(32, "0123456789abcdef", 25),
  bearerToken: "Zu" + mix(30, ALNUM, 26),
  shortPassword: "Sp" + mix(7, ALNUM, 27) + "4", // 10 characters: a credential name's value counts from 8
  shortTsPassword: "Tp" + mix(7, ALNUM, 28) + "7",
  xmlPassword: "Xp" + mix(7, ALNUM, 29) + "3", // an attribute pair: <add key="Password" value="…"/>
  worktreeJwt: [seg({ alg: "HS256" }), seg({ sub: "worktree" }), mix(40, "aB3_cD9-eF1gH7iJ5kL2mN8x", 20)].join("."),
  // forms that name no credential in an assignment: commands, headers, SQL, key files, names (scripts/deploy.sh & co)
  curlPassword: "Cu" + mix(10, ALNUM, 30) + "7",
  basicAuth: Buffer.from("deploy:" + "Ba" + mix(14, ALNUM, 31)).toString("base64"),
  headerToken: mix(40, "0123456789abcdef", 32),
  dockerLogin: "Dl" + mix(12, ALNUM, 33) + "5",
  netrcPassword: "Nr" + mix(16, ALNUM, 34),
  sqlPassword: "Sq" + mix(10, ALNUM, 35) + "2",
  dockerEnv: "De" + mix(20, ALNUM, 36),
  commentPassword: "Cp" + mix(10, ALNUM, 37) + "8",
  kubeKey: Buffer.from("-----BEGIN RSA " + "PRIVATE KEY-----\n" + mix(64, B64, 38) + "\n-----END RSA " + "PRIVATE KEY-----\n").toString("base64"),
  symbolToken: "ghp_" + mix(36, ALNUM, 39),
  // src/keys.ts: a PEM key whose 10th body line changes after the base, so a diff hunk shows body lines without the header
  keyLineBefore: mix(64, B64, 40),
  keyLineAfter: mix(64, B64, 41),
  keyLineContext: mix(64, B64, 42),
  // a literal type error quotes it without its name (`Type '"…"' is not assignable to type '"x"'`)
  checkPassword: "Ck" + mix(10, ALNUM, 43) + "3",
  // passed by position, through a variable, in a credential-named file, split over joined literals, in another module
  loginPassword: "Lg" + mix(8, ALNUM, 44) + "!9",
  poolPassword: "Pw" + mix(10, ALNUM, 45) + "4",
  propertiesPassword: "Pp" + mix(14, ALNUM, 46),
  splitStripe: "sk_" + "live_" + mix(24, ALNUM, 47),
  importedPassword: "Im" + mix(10, ALNUM, 48) + "6",
  // history: a dotenv file renamed after the base, its value changed: the diff shows the old value under a path that is no dotenv file
  renamedEnv: "tulip-harbor-" + mix(10, ALNUM, 49),
  // a tag whose name holds a token, passed as a ref
  tagToken: "ghp_" + mix(36, ALNUM, 50),
  // formats: YAML block scalar and anchor, docker identity token, a Kubernetes Secret's data, .htpasswd, PKCS#12 in base64,
  // a Discord webhook, a Twilio auth token beside its account SID, an XML element over lines, a Terraform state's sensitive output
  yamlBlock: "Yb" + mix(18, ALNUM, 51),
  yamlAnchor: "Ya" + mix(18, ALNUM, 52),
  dockerIdentity: mix(40, ALNUM, 53),
  k8sData: Buffer.from("postgres://app:Kd" + mix(16, ALNUM, 54) + "@db/app").toString("base64"),
  htpasswdHash: mix(22, ALNUM, 55),
  pkcs12: Buffer.concat([Buffer.from([0x30, 0x82, 0x0a, 0x61, 0x02, 0x01, 0x03, 0x30, 0x82, 0x0a, 0x27, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]), Buffer.from(mix(96, B64, 56))]).toString("base64"),
  discordHook: mix(68, "aB3_cD9-eF1gH7iJ5kL2mN8x", 57),
  twilioAuth: mix(32, "0123456789abcdef", 58),
  xmlMultiline: "Xm" + mix(16, ALNUM, 59),
  tfOutput: "Tf" + mix(18, ALNUM, 60),
  // a literal type error quotes a value defined in a module imported through a path alias (`@/vault`)
  aliasPassword: "Al" + mix(10, ALNUM, 62) + "5",
  // a container's env: the credential name is a `name`, the secret the `value` on the next line
  k8sEnv: "Ke" + mix(14, ALNUM, 63),
  // an export removed after the base whose literal only its old file calls a password (`password: retiredPw`): review's API delta quotes its signature
  retiredPassword: "Rp" + mix(10, ALNUM, 64) + "2",
  // a credential in a comment's prose, a note after it (`// the old password was …`)
  prosePassword: "Pp" + mix(10, ALNUM, 65) + "7",
  // formats the redactor already knew, kept here so none regresses: a notebook's output, a source map's sourcesContent,
  // Terraform variables, docker's auths, a minified bundle, a service-account key's private_key
  notebookToken: "Nb" + mix(22, ALNUM, 65),
  sourceMapKey: "Sm" + mix(22, ALNUM, 66),
  tfvarsPassword: "Tv" + mix(14, ALNUM, 67),
  dockerAuth: Buffer.from("deploy:Da" + mix(16, ALNUM, 68)).toString("base64"),
  bundleKey: "Bk" + mix(22, ALNUM, 69),
  serviceAccountKey: mix(64, B64, 70),
  // a literal type error quotes a value defined in a workspace package (`@canary/vault`, linked into node_modules)
  packagePassword: "Pk" + mix(10, ALNUM, 71) + "8",
  // a classic GitHub token (40 hex digits, no prefix) as a clone URL's user
  urlUserToken: mix(40, "0123456789abcdef", 72),
  // a sentence of a README, an Azure SQL password in braces holding `;`, a lone `Pwd=…;` line, a .properties value continued
  // over lines, a client made with a random password, a Stripe key split inside its prefix (each part a needle of its own)
  readmePassword: "Rm" + mix(10, ALNUM, 73) + "4",
  azurePassword: "Az" + mix(6, ALNUM, 74) + ";" + "Zq" + mix(14, ALNUM, 75),
  pwdLine: "Pl" + mix(10, ALNUM, 76) + "9",
  continuedHead: "Pc" + mix(12, ALNUM, 77),
  continuedTail: "Ct" + mix(14, ALNUM, 78),
  clientPassword: "Cl" + mix(10, ALNUM, 79) + "7",
  prefixSplitStripe: "sk_" + "live_" + mix(24, ALNUM, 80),
  // a sentence inside a string literal of a program, which a type error quotes (gate, check, review's API delta)
  noticePassword: "Nt" + mix(10, ALNUM, 81) + "5",
  // a README paragraph wrapped between its verb and the value: a line hit on the value's line shows no name
  wrappedPassword: "Wp" + mix(10, ALNUM, 82) + "3",
  // short or word-like values given to a password's name (a name that ends in password, pass, pwd or secret): a constant, an
  // object's secret, a Python keyword argument, a YAML `pass:` (words no other file holds)
  shortConstPassword: "zorb7",
  wordSecret: "quokkafig",
  kwargPassword: "wombatlid",
  yamlPass: "gnuplume",
  // a URL's user:password, the same pair passed to `lftp -u` where no detector takes a word and a number: taken out there as a
  // value the URL gave away, its marker must not be read as a new user:password by a later pass
  urlWordPassword: "numbat9",
  // short words a password flag or a camelCase `…Pass` name is given: `sshpass -p '…'` in scripts/deploy.sh, `dbPass` in src/short.ts
  sshpassWord: "tapirmoss",
  camelPass: "lorisjam",
  // a token a caller passes as a check session's id: the store keeps the session's baseline under a digest of it
  sessionToken: "ghp_" + mix(36, ALNUM, 83),
  // a token at the end of a long parameter value that an error message echoes clipped to 80 characters (the cut left its head)
  clippedToken: "ghp_" + mix(36, ALNUM, 84),
  // passwords whose names the test renames away on disk after the first index (src/rotated.ts): nothing in the tree says
  // they are secrets any more; the index remembers their digests (a mixed value anywhere, a letters-only one as a value)
  renamedAwayPassword: "Ra" + mix(10, ALNUM, 85) + "8",
  renamedAwayWord: "larkspurvane",
  // h119: a password's value split over joined literals (each piece a needle of its own: under 8 characters, neither a
  // credential alone), and a README's "Log in as `admin` with password `…`" (a password's word, then the value in a code span)
  joinedHead: "Jh" + mix(5, ALNUM, 86),
  joinedTail: "Jt" + mix(7, ALNUM, 87),
  loginProse: "quincepetal",
  // a browser test typing a password into its field, a test helper's login after its page, an HTML password input's value, a
  // README table's password column (h119)
  e2ePassword: "Ep" + mix(8, ALNUM, 88),
  helperPassword: "Hl" + mix(8, ALNUM, 89) + "3",
  htmlPassword: "Ht" + mix(8, ALNUM, 90),
  tablePassword: "Tb" + mix(8, ALNUM, 91),
  // a credentials' pair without code spans, a Basic credential built in code, Ruby's ENV.fetch block default (h119)
  plainPairPassword: "Pp" + mix(8, ALNUM, 92) + "5",
  btoaPassword: "Bt" + mix(8, ALNUM, 93),
  rubyKey: "Rk" + mix(18, ALNUM, 94),
  // h125: a Stripe key listed in an array joined with "", one split inside a template inside a template, a provider's key in
  // a container named for secrets
  arrayJoinedStripe: "sk_" + "live_" + mix(24, ALNUM, 95),
  nestedTemplateStripe: "sk_" + "live_" + mix(24, ALNUM, 96),
  containerSecret: "Cs" + mix(12, ALNUM, 97) + "4",
  // h136: a dotenv file's `export` lines with quotes, package.json's publishConfig token, an AWS credentials file, an OpenSSH
  // private key, git's credential store; a commit message and a checked-out branch's name holding a token
  exportEnvKey: "Ek" + mix(22, ALNUM, 98),
  exportEnvPassword: "Ep" + mix(10, ALNUM, 99) + "2",
  publishToken: "Pt" + mix(30, ALNUM, 100),
  awsCredentialsSecret: mix(40, B64, 101),
  opensshBody: mix(70, B64, 102),
  gitCredentialsPassword: "Gc" + mix(12, ALNUM, 103) + "6",
  commitToken: "ghp_" + mix(36, ALNUM, 104),
  branchToken: "ghp_" + mix(36, ALNUM, 105),
  // h136: a Stripe key split inside its prefix across a template's hole (`\`${"sk_li"}ve_…\``)
  holeStripe: "sk_" + "live_" + mix(24, ALNUM, 107),
  // h136: a password assigned through a subscript (`os.environ["DB_PASSWORD"] = "…"`)
  subscriptPassword: "Sb" + mix(10, ALNUM, 108) + "3",
  // h136: RubyGems' credentials file, its key a Ruby symbol (`:rubygems_api_key: rubygems_…`)
  rubygemsKey: "rubygems_" + mix(48, "0123456789abcdef", 109),
  // h136: Vault's token file, a legacy `s.` token alone
  vaultToken: "s." + mix(24, ALNUM, 110),
};

/** src/rotated.ts as committed, and as the test leaves it on disk after the first index (the passwords' names renamed away). */
export const ROTATED_TS = `export const STAGING_DB_PASSWORD = "${CANARY.renamedAwayPassword}";\nexport const releasePassword = "${CANARY.renamedAwayWord}";\n`;
export const ROTATED_RENAMED_TS = `export const STAGING_DB = "${CANARY.renamedAwayPassword}";\nexport const releaseKeyword = "${CANARY.renamedAwayWord}";\n`;

/** The lines `.env.staging` keeps when it is renamed to config/staging.txt (no dotenv file: its values are shown), its secret rotated. */
const STAGING_LINES = ["STAGING_REGION=eu-west-1", "STAGING_REPLICAS=3", "STAGING_LOG_LEVEL=info", "STAGING_FEATURES=search,export"].join("\n") + "\n";

/** src/keys.ts with `line` as the key's 10th body line (the 7th is KEY_CONTEXT's). */
function keysTs(line: string): string {
  const body = Array.from({ length: 16 }, (_, i) => (i === 9 ? line : i === 6 ? CANARY.keyLineContext : mix(64, B64, 100 + i)));
  return ["export const DEPLOY_KEY = `-----BEGIN RSA " + "PRIVATE KEY-----", ...body, "-----END RSA " + "PRIVATE KEY-----`;", ""].join("\n");
}

const PEM = ["-----BEGIN RSA " + "PRIVATE KEY-----", CANARY.pemBody, mix(64, B64, 21), mix(20, B64, 22) + "==", "-----END RSA " + "PRIVATE KEY-----"].join("\n");

/** Which kinds the fixture plants (the test checks this covers SECRET_KINDS). */
export const PLANTED_KINDS: readonly SecretKind[] = [
  "aws-access-key", "aws-secret-key", "github-token", "gitlab-token", "slack-token", "stripe-key", "google-api-key", "openai-key",
  "anthropic-key", "npm-token", "jwt", "sendgrid-key", "twilio-key", "bearer-token", "pem-private-key", "connection-string",
  "api-token", "high-entropy", "env-value",
];
export { SECRET_KINDS };

/** Each value and its distinctive middle fragments: a hit on any of them is a leak (tokenizers split on `-`, `.`, `/`). */
export function canaryNeedles(): { name: string; needle: string }[] {
  const out: { name: string; needle: string }[] = [];
  for (const [name, value] of Object.entries(CANARY)) {
    out.push({ name, needle: value });
    for (const part of value.split(/[^A-Za-z0-9]+/)) if (part.length >= 14) out.push({ name: `${name} (fragment)`, needle: part.slice(3, 13) });
  }
  return out;
}

/** Planted values found in `text` (empty: no leak). */
export function leaksIn(text: string): string[] {
  const lower = text.toLowerCase();
  return [...new Set(canaryNeedles().filter((n) => lower.includes(n.needle.toLowerCase())).map((n) => n.name))];
}

/**
 * The store of `root` at rest: its files (`.svc/…`), what `leaks` finds in their bytes (database, WAL, SHM, as
 * "file: name"), and the full-text vocabulary of files_fts and chunks_fts (the terms SQLite keeps, read through fts5vocab).
 */
export function storeAtRest(root: string, leaks: (text: string) => string[]): { files: string[]; fileLeaks: string[]; terms: string[] } {
  const store = join(root, ".svc");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) (e.isDirectory() ? walk : (p: string) => files.push(p))(join(dir, e.name));
  };
  walk(store);
  const fileLeaks = files.flatMap((f) => leaks(readFileSync(f).toString("latin1")).map((name) => `${f.slice(store.length)}: ${name}`));
  const db = new Database(join(store, "svc.db"), { readonly: true });
  try {
    const terms: string[] = [];
    for (const table of ["files_fts", "chunks_fts"]) {
      db.run(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.v_${table} USING fts5vocab(main, ${table}, row)`);
      for (const row of db.query(`SELECT term FROM temp.v_${table}`).all() as { term: string }[]) terms.push(row.term);
    }
    return { files, fileLeaks, terms };
  } finally {
    db.close();
  }
}

export const CONFIG_TS = [
  'import { legacyName } from "./legacy";',
  "",
  `export const AWS_ACCESS_KEY_ID = "${CANARY.awsAccessKey}";`,
  `export const AWS_SECRET_ACCESS_KEY = "${CANARY.awsSecretKey}";`,
  `export const GITHUB = "${CANARY.githubToken}";`,
  `export const GITLAB = "${CANARY.gitlabToken}";`,
  `export const SLACK = "${CANARY.slackToken}";`,
  `export const STRIPE = "${CANARY.stripeKey}";`,
  `export const GOOGLE = "${CANARY.googleKey}";`,
  `export const OPENAI = "${CANARY.openaiKey}";`,
  `export const ANTHROPIC = "${CANARY.anthropicKey}";`,
  `export const NPM = "${CANARY.npmToken}";`,
  `export const SESSION = "${CANARY.jwt}";`,
  `export const SENDGRID = "${CANARY.sendgridKey}";`,
  `export const TWILIO_SID = "${CANARY.twilioKey}";`,
  `export const AUTH_HEADER = { Authorization: "Bearer ${CANARY.bearerToken}" };`,
  `export const DATABASE_URL = "postgres://admin:${CANARY.dbPassword}@db.internal:5432/app";`,
  `export const REPLICA_URL = "postgres://reader:${CANARY.urlPassword}@replica.internal:5432/app";`,
  `export const SQL_SERVER = "Server=db;Database=app;User Id=sa;Password=${CANARY.adoPassword};";`,
  `export const apiSecret = "${CANARY.apiToken}";`,
  `export const salt = "${CANARY.highEntropy}";`,
  `export const SIGNING_KEY = \`${PEM}\`;`,
  "",
  `// the old password was ${CANARY.prosePassword} (rotated in May)`,
  `/** Connects with the deploy key ${CANARY.awsAccessKey}. */`,
  `export function connect(url: string, token = "${CANARY.githubDefault}"): string {`,
  "  return `${url}?t=${token}&n=${legacyName()}`;",
  "}",
  "",
].join("\n");

/**
 * The fixture: base commit (legacy.ts holds a token), then a commit adding config.ts and
 * removing the token, then a working-tree change and an untracked `.env`. Returns the root
 * and the base commit (review/changes since it reach every secret).
 */
export function canaryRepo(): { root: string; base: string } {
  const root = gitRepo({
    "package.json": JSON.stringify({ name: "canary", version: "1.0.0", type: "module" }, null, 2),
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler", paths: { "@/*": ["./src/*"] } }, include: ["src/**/*.ts", "test/**/*.ts"] }, null, 2),
    "src/legacy.ts": `export const LEGACY_TOKEN = "${CANARY.githubRemoved}";\n\nexport function legacyName(): string {\n  return "legacy";\n}\n`,
    "src/app.ts": 'import { legacyName } from "./legacy";\n\nexport function start(): string {\n  return legacyName();\n}\n',
    "src/keys.ts": keysTs(CANARY.keyLineBefore),
    ".env.staging": `STAGING_SETTING=${CANARY.renamedEnv}\n${STAGING_LINES}`,
    "src/retired.ts": `export const retiredPw = "${CANARY.retiredPassword}";\n\nexport const retiredPool = { user: "app", password: retiredPw };\n`,
  });
  const base = git(root, "rev-parse", "HEAD").trim();
  rmSync(join(root, ".env.staging")); // renamed to config/staging.txt
  writeFiles(root, {
    "src/legacy.ts": "export function legacyName(): string {\n  return \"legacy\";\n}\n",
    "src/config.ts": CONFIG_TS,
    "src/app.ts": 'import { connect, GITHUB } from "./config";\n\nexport function start(): string {\n  return connect("https://api.example.com", GITHUB);\n}\n',
    "test/config.test.ts": 'import { connect } from "../src/config";\n\nexport const probe = connect("https://x.test");\n',
    ".npmrc": `//registry.npmjs.org/:_authToken=${CANARY.npmToken}\n`,
    "config/db.yaml": `db:\n  user: admin\n  password: ${CANARY.shortPassword}\n`,
    "src/db.ts": `export const dbOptions = { user: "admin", password: "${CANARY.shortTsPassword}" };\n`,
    "scripts/deploy.sh": [
      "#!/bin/sh",
      `curl -u deploy:${CANARY.curlPassword} https://api.example.com/release`,
      `curl -H 'Authorization: Basic ${CANARY.basicAuth}' https://api.example.com/ping`,
      `curl -H "Authorization: token ${CANARY.headerToken}" https://api.github.com/user`,
      `docker login -u deploy -p ${CANARY.dockerLogin} registry.example.com`,
      `# password: ${CANARY.commentPassword}`,
      `sshpass -p '${CANARY.sshpassWord}' ssh deploy@bastion.example.com uptime`,
      "",
    ].join("\n"),
    "deploy/netrc.txt": `machine api.example.com\n  login deploy\n  password ${CANARY.netrcPassword}\n`,
    "db/init.sql": `CREATE USER app IDENTIFIED BY '${CANARY.sqlPassword}';\n`,
    "Dockerfile": `FROM node:22\nENV DEPLOY_TOKEN ${CANARY.dockerEnv}\n`,
    "deploy/kubeconfig.yaml": `users:\n- name: deploy\n  user:\n    client-key-data: ${CANARY.kubeKey}\n`,
    "src/keys.ts": keysTs(CANARY.keyLineAfter),
    "src/routes.ts": `export function handler_${CANARY.symbolToken}(): string {\n  return "ok";\n}\n`,
    "scripts/mail.py": `import smtplib\n\nsmtp = smtplib.SMTP("mail.example.com")\nsmtp.login("deploy", "${CANARY.loginPassword}")\n`,
    "src/pool.ts": `const pw = "${CANARY.poolPassword}";\n\nexport const pool = { user: "app", password: pw };\n`,
    "config/db-credentials.properties": `db.user: app\ndb.pass: ${CANARY.propertiesPassword}\n`,
    "src/split.ts": `export const STRIPE_SPLIT = "${CANARY.splitStripe.slice(0, 8)}" + "${CANARY.splitStripe.slice(8)}";\n`,
    // a literal type error in src/typed.ts quotes a value defined in src/settings.ts (svc check/gate)
    "src/settings.ts": `export const dbPassword = "${CANARY.importedPassword}" as const;\n`,
    "src/typed.ts": 'import { dbPassword } from "./settings";\n\nexport const five: 5 = dbPassword;\n',
    "src/vault.ts": `export const aliasPassword = "${CANARY.aliasPassword}" as const;\n`,
    "src/typed-alias.ts": 'import { aliasPassword } from "@/vault";\n\nexport const six: 6 = aliasPassword;\n',
    "packages/vault/package.json": JSON.stringify({ name: "@canary/vault", type: "module", exports: "./src/index.ts", types: "./src/index.ts" }),
    "packages/vault/src/index.ts": `export const packagePassword = "${CANARY.packagePassword}" as const;\n`,
    "src/typed-package.ts": 'import { packagePassword } from "@canary/vault";\n\nexport const eight: 8 = packagePassword;\n',
    "config/staging.txt": `STAGING_SETTING=rotated-in-vault\n${STAGING_LINES}`,
    "config/service.yaml": `service:\n  password: |\n    ${CANARY.yamlBlock}\n  token: &deploy ${CANARY.yamlAnchor}\n  again: *deploy\n`,
    "deploy/docker-config.json": `{\n  "auths": {\n    "registry.example.com": {\n      "identitytoken": "${CANARY.dockerIdentity}"\n    }\n  }\n}\n`,
    "deploy/db-secret.yaml": `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  DB_URL: ${CANARY.k8sData}\n`,
    ".htpasswd": `deploy:$apr1$Qz8vLm2K$${CANARY.htpasswdHash}\n`,
    "deploy/keystore.yaml": `tls:\n  keystore: ${CANARY.pkcs12}\n`,
    "src/retired.ts": 'export const retiredPool = { user: "app" };\n',
    "notebooks/explore.ipynb": JSON.stringify({ cells: [{ cell_type: "code", source: ["print(settings)\n"], outputs: [{ name: "stdout", output_type: "stream", text: [`api_token: ${CANARY.notebookToken}\n`] }] }], metadata: {}, nbformat: 4, nbformat_minor: 5 }, null, 1),
    "assets/app.js.map": JSON.stringify({ version: 3, sources: ["../src/client.ts"], sourcesContent: [`export const apiKey = "${CANARY.sourceMapKey}";\n`], mappings: "AAAA" }),
    "infra/prod.tfvars": `region      = "eu-west-1"\ndb_password = "${CANARY.tfvarsPassword}"\n`,
    "deploy/docker-auth.json": JSON.stringify({ auths: { "registry.example.com": { auth: CANARY.dockerAuth } } }, null, 2),
    "assets/bundle.min.js": `!function(){var e={apiKey:"${CANARY.bundleKey}",authDomain:"canary.example.com"};window.cfg=e}();\n`,
    "deploy/service-account.json": JSON.stringify({ type: "service_account", private_key: `-----BEGIN ${"PRIVATE KEY"}-----\n${CANARY.serviceAccountKey}\n-----END ${"PRIVATE KEY"}-----\n`, client_email: "deploy@canary.iam.gserviceaccount.com" }, null, 2),
    "scripts/mirror.sh": `#!/bin/sh\ngit push --mirror https://${CANARY.urlUserToken}@github.com/canary/mirror.git\n`,
    "deploy/app.yaml": `kind: Deployment\nspec:\n  containers:\n  - name: app\n    env:\n    - name: DB_PASSWORD\n      value: ${CANARY.k8sEnv}\n`,
    "docs/alerts.md": `# Alerts\n\nPost to https://discord.com/api/webhooks/112233445566778899/${CANARY.discordHook} when a deploy fails.\n`,
    "scripts/sms.py": `from twilio.rest import Client\n\nclient = Client("AC${mix(32, "0123456789abcdef", 61)}", "${CANARY.twilioAuth}")\n`,
    "config/settings.xml": `<settings>\n  <server>\n    <id>deploy</id>\n    <password>\n      ${CANARY.xmlMultiline}\n    </password>\n  </server>\n</settings>\n`,
    "infra/terraform.tfstate": JSON.stringify({ version: 4, outputs: { db_url: { value: CANARY.tfOutput, type: "string", sensitive: true } } }, null, 2),
    "docs/staging.md": `# Staging\n\nThe staging password is ${CANARY.readmePassword} until the release; ask ops for the new one.\nSince the move the deploy password is\n${CANARY.wrappedPassword} for the release train.\n`,
    "config/appsettings.json": JSON.stringify({ ConnectionStrings: { Default: `Server=tcp:canary.database.windows.net,1433;Initial Catalog=app;User ID=sa;Password={${CANARY.azurePassword}};Encrypt=True` } }, null, 2),
    "config/db-notes.txt": `Server=db.internal\nUid=app\nPwd=${CANARY.pwdLine};\n`,
    "config/app.properties": `db.url=jdbc:postgresql://db/app\ndb.password=${CANARY.continuedHead}\\\n    ${CANARY.continuedTail}\n`,
    "src/client.ts": `class Client {\n  constructor(readonly user: string, readonly secret: string) {}\n}\n\nexport const client = new Client("deploy", "${CANARY.clientPassword}");\n`,
    "src/notice.ts": `export const notice: 5 = "The staging password is ${CANARY.noticePassword}";\n`,
    "src/split-prefix.ts": `export const STRIPE_PREFIX_SPLIT = "${CANARY.prefixSplitStripe.slice(0, 3)}" + "${CANARY.prefixSplitStripe.slice(3)}";\n`,
    "src/short.ts": `export const DB_PASSWORD = "${CANARY.shortConstPassword}";\nexport const smtp = { user: "admin", secret: "${CANARY.wordSecret}" };\nexport const dbPass = "${CANARY.camelPass}";\n`,
    "scripts/db.py": `db = connect(user="admin", password="${CANARY.kwargPassword}")\n`,
    "config/mail.yml": `smtp:\n  host: mail.example.com\n  pass: ${CANARY.yamlPass}\n`,
    "scripts/db.sh": `psql "postgresql://ops:${CANARY.urlWordPassword}@db.example.com/app"\nlftp -u ops:${CANARY.urlWordPassword} files.example.com\n`,
    "src/rotated.ts": ROTATED_TS,
    "src/joined.ts": `export const adminPassword = "${CANARY.joinedHead}" +\n  "${CANARY.joinedTail}";\n`,
    "docs/setup.md": "# Setup\n\nLog in as `admin` with password `" + CANARY.loginProse + "`, then open the dashboard.\n",
    "e2e/login.spec.ts": `import { test } from "@playwright/test";\nimport { login } from "./helpers";\n\ntest("login", async ({ page }) => {\n  await page.getByLabel("Password").fill("${CANARY.e2ePassword}");\n  await login(page, "admin", "${CANARY.helperPassword}");\n});\n`,
    "public/login.html": `<form>\n  <input type="password" name="pw" value="${CANARY.htmlPassword}">\n</form>\n`,
    "docs/accounts.md": "# Test accounts\n\n| User | Password | Role |\n|------|----------|------|\n| qa | " + CANARY.tablePassword + " | tester |\n\nDefault credentials: admin / " + CANARY.plainPairPassword + "\n",
    "src/basic.ts": `export const basicHeader = "Basic " + btoa("deploy:${CANARY.btoaPassword}");\n`,
    "config/app.rb": `API_KEY = ENV.fetch("API_KEY") { "${CANARY.rubyKey}" }\n`,
    "src/contrived.ts": `export const joined = ["${CANARY.arrayJoinedStripe.slice(0, 10)}", "${CANARY.arrayJoinedStripe.slice(10)}"].join("");\n` +
      `export const nested = \`\${\`${CANARY.nestedTemplateStripe.slice(0, 8)}\${"${CANARY.nestedTemplateStripe.slice(8, 10)}"}\`}${CANARY.nestedTemplateStripe.slice(10)}\`;\n` +
      `export const secrets = { stripe: "${CANARY.containerSecret}" };\n` +
      `export const hole = \`\${"${CANARY.holeStripe.slice(0, 5)}"}${CANARY.holeStripe.slice(5)}\`;\n`,
    // an algorithm's name after the password's word on a line that names a user: no secret, shown as it is (h125)
    "docs/auth.md": "# Auth\n\nAs a user, hash the password `bcrypt` before it is stored.\n",
    ".env.production": `export API_KEY="${CANARY.exportEnvKey}"\nexport DB_PASSWORD='${CANARY.exportEnvPassword}'\n`,
    "package.json": JSON.stringify({ name: "canary", version: "1.0.0", type: "module", publishConfig: { registry: "https://npm.example.com/", "//npm.example.com/:_authToken": CANARY.publishToken } }, null, 2),
    "deploy/aws/credentials": `[default]\naws_access_key_id = AKIA${mix(16, UPPER, 106)}\naws_secret_access_key = ${CANARY.awsCredentialsSecret}\n`,
    "deploy/id_ed25519": `-----BEGIN OPENSSH ${"PRIVATE KEY"}-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n${CANARY.opensshBody}\n-----END OPENSSH ${"PRIVATE KEY"}-----\n`,
    ".git-credentials": `https://deploy:${CANARY.gitCredentialsPassword}@github.com\n`,
    "deploy/.vault-token": `${CANARY.vaultToken}\n`,
    "deploy/gem/credentials": `---\n:rubygems_api_key: ${CANARY.rubygemsKey}\n`,
    "scripts/env.py": `import os\n\nos.environ["DB_PASSWORD"] = "${CANARY.subscriptPassword}"\n`,
    "config/app.xml": `<configuration>\n  <appSettings>\n    <add key="Password" value="${CANARY.xmlPassword}" />\n  </appSettings>\n</configuration>\n`,
  });
  mkdirSync(join(root, "node_modules", "@canary"), { recursive: true });
  symlinkSync("../../packages/vault", join(root, "node_modules", "@canary", "vault")); // as a workspace install links it
  writeFiles(root, { ".gitignore": "node_modules\n" });
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", `config: the deploy token is ${CANARY.commitToken} until the release`);
  git(root, "tag", `deploy/${CANARY.tagToken}`, base);
  git(root, "checkout", "-q", "-b", `release/${CANARY.branchToken}`);
  writeFiles(root, {
    "src/config.ts": `${CONFIG_TS}export const WORKTREE = "${CANARY.worktreeJwt}";\n`,
    ".env": `CANARY_SETTING=${CANARY.envValue}\nDB_PASSWORD=${CANARY.dbPassword}\n`,
  });
  return { root, base };
}
