import { describe, expect, test } from "bun:test";
import { findSecrets, isCredentialFilePath, lineColumnOf, redact, redactPatch, SECRET_KINDS, type SecretKind } from "../../src/text/redact.ts";

// Every fake secret is assembled at run time, so this file holds no literal token.
const mix = (n: number, alphabet = "a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ") =>
  Array.from({ length: n }, (_, i) => alphabet[(i * 7 + 3) % alphabet.length]).join("");
const b64 = (n: number) => mix(n, "Qw3Er/Ty7Ui+Op1As9Df4Gh2Jk8Lz6Xc5Vb0NmPoIuYtRe");
const AWS_ID = "AKIA" + "IOSFODNN7" + "Q3X9ZT2";
const AWS_SECRET = b64(40);
const GHP = "ghp_" + "a1B2".repeat(9);
const GH_PAT = "github" + "_pat_" + mix(30) + "_" + mix(20);
const GLPAT = "glpat" + "-" + mix(20);
const SLACK = "xoxb" + "-123456789012-1234567890123-" + mix(24);
const SLACK_HOOK = "https://hooks.slack" + ".com/services/T0" + mix(8).toUpperCase() + "/B0" + mix(8).toUpperCase() + "/" + mix(24);
const STRIPE = "sk_" + "live_" + mix(24);
const GOOGLE = "AI" + "za" + mix(35, "aB3_cD9-eF1gH7iJ5kL2mN8");
const OPENAI = "sk-" + mix(48);
const OPENAI_PROJ = "sk-" + "proj-" + mix(30, "aB3_cD9-eF1gH7iJ5kL2mN8x");
const ANTHROPIC = "sk-" + "ant-api03-" + mix(40, "aB3_cD9-eF1gH7iJ5kL2mN8x");
const NPM = "npm" + "_" + mix(36);
const SENDGRID = "SG" + "." + mix(22) + "." + mix(43);
const TWILIO = "SK" + mix(32, "0123456789abcdef");
const BEARER = "Zu" + mix(30);
const seg = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
const JWT = [seg({ alg: "HS256", typ: "JWT" }), seg({ sub: "1234567890", name: "Test User", iat: 1516239022 }), mix(43, "aB3_cD9-eF1gH7iJ5kL2mN8x")].join(".");
const PEM = ["-----BEGIN RSA " + "PRIVATE KEY-----", b64(64), b64(64), b64(20) + "==", "-----END RSA " + "PRIVATE KEY-----"].join("\n");
const ENTROPIC = "Zx9" + mix(40, "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7+/");

const kinds = (text: string, path?: string) => findSecrets(text, { path }).map((s) => s.kind);
const secretTexts = (text: string, path?: string) => findSecrets(text, { path }).map((s) => text.slice(s.start, s.end));
const out = (text: string, path?: string) => redact(text, { path }).text;

/** Exactly one span of `kind`, covering exactly `secret`. */
function expectOne(text: string, kind: SecretKind, secret: string, path?: string): void {
  const spans = findSecrets(text, { path });
  expect(spans.map((s) => s.kind)).toEqual([kind]);
  expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe(secret);
}

describe("vendor tokens", () => {
  const positives: Array<[SecretKind, string, string]> = [
    ["aws-access-key", `const id = "${AWS_ID}";`, AWS_ID],
    ["aws-access-key", `id=${"ASIA" + AWS_ID.slice(4)} `, "ASIA" + AWS_ID.slice(4)],
    ["github-token", `Authorization: Bearer ${GHP}`, GHP],
    ["github-token", `gh auth login --with-token ${GH_PAT}`, GH_PAT],
    ["gitlab-token", `curl -H "PRIVATE-TOKEN: ${GLPAT}"`, GLPAT],
    ["slack-token", `client = WebClient(${SLACK})`, SLACK],
    ["slack-token", `post(${SLACK_HOOK}, body)`, SLACK_HOOK],
    ["stripe-key", `Stripe(${STRIPE})`, STRIPE],
    ["stripe-key", `x = ${"rk_" + "test_" + mix(20)};`, "rk_" + "test_" + mix(20)],
    ["google-api-key", `maps?key=${GOOGLE}&v=3`, GOOGLE],
    ["openai-key", `OpenAI(api=${OPENAI})`, OPENAI],
    ["openai-key", `OpenAI(api=${OPENAI_PROJ})`, OPENAI_PROJ],
    ["anthropic-key", `Anthropic(${ANTHROPIC})`, ANTHROPIC],
    ["npm-token", `echo ${NPM} | npm login`, NPM],
    ["jwt", `fetch(url, { headers: { Authorization: \`Bearer ${JWT}\` } })`, JWT],
    ["sendgrid-key", `sg.setApiKey("${SENDGRID}")`, SENDGRID],
    ["twilio-key", `twilio(${TWILIO}, secret)`, TWILIO],
    ["bearer-token", `headers: { Authorization: "Bearer ${BEARER}" }`, BEARER],
  ];
  for (const [kind, text, secret] of positives) {
    test(`${kind}: ${secret.slice(0, 12)}…`, () => expectOne(text, kind, secret));
  }

  test("near misses stay", () => {
    const negatives = [
      "AKIA" + "IOSFODNN7Q3X9Z", // 15 chars after the prefix
      "XAKIA" + "IOSFODNN7Q3X9ZT2", // not word-bounded
      "ghp_" + "a1B2".repeat(8) + "a1B", // 35 chars
      "ghx_" + "a1B2".repeat(9),
      "use Bearer authentication-scheme-headers in every request", // no digit: prose
      "Authorization: Bearer ${token}",
      "SK" + "0123456789abcdef".repeat(2) + "0", // 33 hex: not word-bounded
      "glpat" + "-" + mix(19),
      "xoxb-123", "xoxz-" + mix(20),
      "pk_" + "live_" + mix(24), "pk_" + "test_" + mix(24), // publishable keys
      "AI" + "za" + mix(34) + " ",
      "sk-short", "task-" + mix(30), "sk-" + "ant-short",
      "npm" + "_" + mix(35),
      "eyJhbGciOiJIUzI1NiJ9." + mix(30), // two segments
      "eyJhbGc.eyJzdWI.abc", // segments too short
    ];
    for (const text of negatives) expect({ text, kinds: kinds(text) }).toEqual({ text, kinds: [] });
  });

  test("sk-ant- is anthropic, never openai", () => {
    expect(kinds(`key ${ANTHROPIC} ${"sk-" + "ant-admin01-" + mix(30)}`)).toEqual(["anthropic-key", "anthropic-key"]);
  });
});

describe("aws secret key", () => {
  test("assignments in several spellings, quotes kept", () => {
    expect(out(`aws_secret_access_key = ${AWS_SECRET}\n`)).toBe("aws_secret_access_key = [REDACTED:aws-secret-key]\n");
    expect(out(`AWS_SECRET_ACCESS_KEY: "${AWS_SECRET}"`)).toBe(`AWS_SECRET_ACCESS_KEY: "[REDACTED:aws-secret-key]"`);
    expect(out(`{ awsSecretAccessKey: '${AWS_SECRET}' }`)).toBe(`{ awsSecretAccessKey: '[REDACTED:aws-secret-key]' }`);
    expect(out(`"SecretAccessKey": "${AWS_SECRET}"`)).toBe(`"SecretAccessKey": "[REDACTED:aws-secret-key]"`);
  });
  test("near misses", () => {
    expect(kinds(`aws_secret_access_key = os.environ["AWS_SECRET_ACCESS_KEY"]`)).toEqual([]);
    expect(kinds(`aws_secret_access_key = "${AWS_SECRET.slice(0, 39)}"`)).not.toContain("aws-secret-key");
  });
});

describe("private keys", () => {
  test("the whole PEM block", () => {
    const text = `const key = \`${PEM}\`;\nconst next = 1;`;
    expectOne(text, "pem-private-key", PEM);
    expect(out(text)).toBe("const key = `[REDACTED:pem-private-key]`;\nconst next = 1;");
    for (const label of ["EC ", "DSA ", "OPENSSH ", "ENCRYPTED ", "", "PGP "]) {
      const suffix = label === "PGP " ? " BLOCK" : "";
      const block = `-----BEGIN ${label}PRIVATE KEY${suffix}-----\n${b64(64)}\n-----END ${label}PRIVATE KEY${suffix}-----`;
      expectOne(`x\n${block}\ny`, "pem-private-key", block);
    }
  });
  test("escaped newlines and truncated blocks", () => {
    const escaped = PEM.replaceAll("\n", "\\n");
    expect(out(`"${escaped}"`)).toBe(`"[REDACTED:pem-private-key]"`);
    const truncated = PEM.split("\n").slice(0, 3).join("\n");
    expect(out(`${truncated}\n`)).toBe("[REDACTED:pem-private-key]\n");
  });
  test("public keys and certificates stay", () => {
    const pub = `-----BEGIN PUBLIC KEY-----\n${b64(64)}\n-----END PUBLIC KEY-----`;
    const cert = `-----BEGIN CERTIFICATE-----\n${b64(64)}\n-----END CERTIFICATE-----`;
    expect(kinds(`${pub}\n${cert}`)).toEqual([]);
  });
});

describe("connection strings", () => {
  const pass = "s3cr3t" + "Pa55";
  test("URL credentials are redacted, scheme, host and path stay", () => {
    expect(out(`DATABASE_URL = "postgres://admin:${pass}@db.internal:5432/app"`)).toBe(
      `DATABASE_URL = "postgres://[REDACTED:connection-string]@db.internal:5432/app"`,
    );
    for (const scheme of ["postgresql", "mysql", "mongodb+srv", "rediss", "amqps", "mssql", "https", "ftp"]) {
      expect(out(`${scheme}://user:${pass}@host/x`)).toBe(`${scheme}://[REDACTED:connection-string]@host/x`);
    }
    expect(out(`redis://:${pass}@cache:6379`)).toBe("redis://[REDACTED:connection-string]@cache:6379");
    expect(out(`mongodb://u:p@ss${pass}@host`)).toBe("mongodb://[REDACTED:connection-string]@host"); // '@' in password
  });
  test("URL near misses", () => {
    for (const text of [
      "postgres://admin@db.internal/app", "postgres://admin:${PASSWORD}@db/app", "postgres://admin:<password>@db",
      "postgres://admin:****@db", "postgres://admin:password@db", "mysql://root:xxx@localhost/db",
      "https://example.com:8443/path@v2", "git@github.com:org/repo.git",
    ]) expect({ text, kinds: kinds(text) }).toEqual({ text, kinds: [] });
  });
  test("ADO-style key=value; strings are redacted whole", () => {
    const ado = `Server=tcp:db.example.net,1433;Initial Catalog=app;User ID=sa;Password=${pass};Encrypt=True;`;
    expect(out(`var cs = "${ado}";`)).toBe(`var cs = "[REDACTED:connection-string]";`);
    const azure = `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${b64(86)}==;EndpointSuffix=core.windows.net`;
    expect(kinds(`conn: '${azure}'`)).toEqual(["connection-string"]);
    expect(kinds(`Data Source=srv; Uid=me; Pwd=${pass}`)).toEqual(["connection-string"]);
    // Azure SQL / ODBC: a value in braces may hold `;` (`}}` is a brace); a later value may hold `=`
    const braced = `Driver={ODBC Driver 18 for SQL Server};Server=tcp:db.database.windows.net,1433;Uid=sa;Pwd={Wq9;Lm3}}Xz7=Pk2};Encrypt=yes`;
    expect(out(`conn = pyodbc.connect("${braced}")`, "db.py")).toBe(`conn = pyodbc.connect("[REDACTED:connection-string]")`);
    expect(out(`"Server=db;User ID=sa;Password={Wq9Lm3Xz7Pk2};"`, "a.cs")).toBe(`"[REDACTED:connection-string]"`);
    expect(out(`"Server=db;User ID=sa;Password=Wq9=Lm3Xz7Pk2;"`, "a.cs")).toBe(`"[REDACTED:connection-string]"`);
    // a lone `Pwd=…;` line outside code (a connection string's fragment), with pairs after it too
    expect(out(`Pwd=Wq9Lm3Xz7Pk2;\n`, "notes.txt")).toBe(`Pwd=[REDACTED:api-token];\n`);
    expect(out(`Password=Wq9Lm3Xz7Pk2;Encrypt=True\n`, "db.ini")).toBe(`[REDACTED:connection-string]\n`);
  });
  test("ADO near misses", () => {
    expect(kinds(`"Server=srv;Database=app;Integrated Security=true;"`)).toEqual([]);
    expect(kinds(`"Server=srv;Database=app;User ID=sa;Password=<password>;"`)).toEqual([]);
    expect(kinds(`"Password=${pass}"`)).toEqual(["api-token"]); // a single pair is not a connection string (a quoted `name=value`: a credential)
    expect(kinds(`"a=1;b=2;c=3"`)).toEqual([]);
    // interpolations and format items in braces are no values
    for (const text of [`$"Server={server};Database=db;User ID={user};Password={dbPassword};"`, `"Server={0};Uid={1};Pwd={2};"`, `"Server=db;Uid=sa;Pwd={password};"`, `"Server=db;Uid=sa;Pwd={config.Password};"`])
      expect({ text, kinds: kinds(text, "a.cs") }).toEqual({ text, kinds: [] });
    expect(kinds(`password=getPassword();\n`, "a.ts")).toEqual([]); // code: no pair
    expect(kinds(`pwd=userPassword;\n`, "notes.txt")).toEqual([]); // a name, not a value
  });
  test("a Java .properties value continued on the next lines (a trailing backslash): the value the lines make", () => {
    expect(out(`db.password=Wq9Lm3\\\n    Xz7Pk2\nnext=1\n`, "app.properties")).toBe(`db.password=[REDACTED:api-token]\nnext=1\n`);
    expect(out(`db.password=\\\n    Wq9Lm3Xz7Pk2\n`, "app.properties")).toBe(`db.password=\\\n    [REDACTED:api-token]\n`);
    expect(out(`db.pass=hunter\\\n    22\nx=1\n`, "db-credentials.properties")).toBe(`db.pass=[REDACTED:env-value]\nx=[REDACTED:env-value]\n`);
    expect(kinds(`msg=hello \\\n  world\npassword=\\\n  required\n`, "app.properties")).toEqual([]); // a word, continued
    expect(secretTexts(`db.token=Wq9Lm3\\\nXz7Pk2=1\n`, "app.ini")).toEqual([]); // only a .properties file continues a value (elsewhere a backslash ends a Windows path)
    expect(secretTexts(`db.password=Wq9Lm3\\\nXz7Pk2=1\n`, "app.ini")).toEqual(["Wq9Lm3\\"]); // a password's name: its line's value, not joined
  });
});

describe("api-token assignments", () => {
  const value = "q8Xz3Lm9Pw2Rt7Yv5Nb4"; // 20 chars, looks random
  test("assignment forms, quotes kept", () => {
    const forms = [
      `const apiKey = "${value}";`, `api_key='${value}'`, `API_TOKEN := "${value}"`, `'password' => '${value}',`,
      `{ "client_secret": "${value}" }`, `connect(password="${value}")`, `dbPassword: \`${value}\``,
      `STRIPE_SECRET = "${value}"`, `x-api-key: "${value}"`, `this.accessToken = "${value}";`,
      `auth_token="${value}"`, `privateKey: "${value}"`, `passwd = "${value}"`, `const token: string = "${value}";`,
    ];
    for (const form of forms) {
      expect({ form, kinds: kinds(form) }).toEqual({ form, kinds: ["api-token"] });
      expect(out(form)).toBe(form.replace(value, "[REDACTED:api-token]"));
    }
  });
  test("unquoted env/ini/yaml style values", () => {
    expect(out(`DB_PASSWORD=hunter2hunter2xx9\n`)).toBe("DB_PASSWORD=[REDACTED:api-token]\n");
    expect(out(`export API_KEY=${value}\r\n`)).toBe("export API_KEY=[REDACTED:api-token]\r\n");
    expect(out(`db:\n  password: ${value}\n`)).toBe("db:\n  password: [REDACTED:api-token]\n");
  });
  test("near misses stay", () => {
    for (const text of [
      `password = "short-pass"`, `const token = process.env.GITHUB_TOKEN;`, `api_key = os.environ["API_KEY"]`,
      `secret = config.get("secret")`, `apiKey = "your-api-key-here"`, `token = "<token>"`, "token = `${TOKEN}`",
      `token = "${"x".repeat(20)}"`, `token: string`, `  accessToken: AccessTokenResponse`,
      `tokenizer = "o200k_base_tokenizer_name"`, `passwordPolicyDescription = "must be 12 characters long"`,
      `mytoken = "${value}"`, `cacheKey = "users:list:active:v2"`, `password: "Please enter your password"`,
      `token = response.data.accessToken`, `password_label = "auth.password.label.text"`,
      `if (token === "${value}") {}`, `SECRET_NAME = "MY_APP_SECRET_TOKEN_NAME"`,
    ]) expect({ text, kinds: kinds(text) }).toEqual({ text, kinds: [] });
  });
  test("a credential in a comment's prose, or with a note after it, in any file; a comment's words stay", () => {
    for (const [text, shown] of [
      ["// the old password was Wq9Lm3Xz7Pk2", "// the old password was [REDACTED:api-token]"],
      ["  # password is Wq9Lm3Xz7Pk2.", "  # password is [REDACTED:api-token]."],
      ["// pwd = Wq9Lm3Xz7Pk2 (rotated)", "// pwd = [REDACTED:api-token] (rotated)"],
      [" * api key: k3yVaLu3x9Q2 for staging", " * api key: [REDACTED:api-token] for staging"],
      ["-- token was JsPKvutDfqEm", "-- token was [REDACTED:api-token]"],
    ] as const) {
      expect(out(text)).toBe(shown);
      expect(findSecrets(text, { path: "src/a.ts" }).length).toBe(1);
    }
    for (const text of [
      "// the password was changed last week", "// password is required", "# token is refreshed every 3600 seconds",
      "// token: see docs/auth.md for the format", "// the secret is stored in vault.kv2 (prod)", "// password was reset by admin123",
      "const password = input; // password is user-provided", "// api key: YOUR_API_KEY_HERE", "// token was 12345678 (test)",
    ]) expect({ text, kinds: kinds(text) }).toEqual({ text, kinds: [] });
    // in a program, a sentence inside a string literal (a message, a fixture) is read; code is not
    expect(out(`const note = "password was Wq9Lm3Xz7Pk2 in the old release";`, "src/a.ts")).toBe(`const note = "password was [REDACTED:api-token] in the old release";`);
    expect(out(`Type '"The staging password is Wq9Lm3Xz7Pk2"' is not assignable to type '5'.`)).toBe(`Type '"The staging password is [REDACTED:api-token]"' is not assignable to type '5'.`); // a diagnostic quoting it
    for (const text of ["let token = this$1$1;", "if (token is Wq9Lm3Xz7Pk2) {}", `x = "a" + token; // ok`]) expect({ text, kinds: kinds(text, "src/a.js") }).toEqual({ text, kinds: [] });
  });
  test("a credential in a sentence of a file that is no program (a README, notes, unknown): the value that reads as one", () => {
    for (const [text, shown] of [
      ["The staging password is Wq9Lm3Xz7Pk2 until Friday.", "The staging password is [REDACTED:api-token] until Friday."],
      ["Log in as admin with password Wq9Lm3Xz7Pk2.", "Log in as admin with password [REDACTED:api-token]."],
      ["- The **password** is `Wq9Lm3Xz7Pk2`", "- The **password** is `[REDACTED:api-token]`"],
      ["<p>The password is <code>Wq9Lm3Xz7Pk2</code></p>", "<p>The password is <code>[REDACTED:api-token]</code></p>"],
      ["Set the API key to **k3yVaLu3x9Q2** in the dashboard", "Set the API key to **[REDACTED:api-token]** in the dashboard"],
      ["the access_token was JsPKvutDfqEm, rotated since", "the access_token was [REDACTED:api-token], rotated since"],
      ["Until the release the staging password is\nWq9Lm3Xz7Pk2; ask ops.", "Until the release the staging password is\n[REDACTED:api-token]; ask ops."], // a wrapped paragraph
    ] as const) for (const path of ["README.md", "docs/notes.txt", undefined]) expect({ path, text: out(text, path) }).toEqual({ path, text: shown });
    for (const text of [
      "The password is required for every login.", "The token is refreshed every 3600 seconds.", "Passwords are hashed with bcrypt2b.",
      "Set the token to YOUR_TOKEN_HERE.", "The api key is stored in vault.kv2 (prod).", "Use the token `abc` or a password of 8+ characters.",
      "a password reset by admin123", "token v1beta1 is deprecated", "secret scanning finds 1234abcd leaks", "see `pwd` /home/user1234",
      "The password is 'Wq9Lm3Xz7Pk2\"", // quotes that do not pair
      "secret:\n  password123: x\n", "Add a new argument @secret to\n    _tls13_derive_secret to specify any secret.", "pkcs11:token=Root%20CA%20Certificates;serial=1", "Pass the token to getToken2() first.", "The secret is base64url-encoded.", "The token is sha256sum of the body.", "hashed with the password argon2id scheme", "the api key is x86_64 only", "Passwords: hunter2024 is a weak one",
    ]) expect({ text, kinds: kinds(text, "README.md") }).toEqual({ text, kinds: [] });
  });
  test("in a programming-language file an unquoted value is code, not a secret; elsewhere it still counts", () => {
    const member = "export interface Identity {\n  privateKey: RedactedUint8Array\n  apiToken: SessionTokenProvider\n}\n";
    expect(findSecrets(member, { path: "src/EventLog.ts" })).toEqual([]);
    expect(findSecrets("db:\n  password: hunter2hunter2xx9\n", { path: "config/db.yaml" }).map((s) => s.kind)).toEqual(["api-token"]);
    expect(findSecrets(`const token = "${value}";\n`, { path: "src/a.ts" }).map((s) => s.kind)).toEqual(["api-token"]);
  });
  test("a specific kind wins over api-token", () => {
    expect(out(`token = "${GHP}"`)).toBe(`token = "[REDACTED:github-token]"`);
    expect(kinds(`OPENAI_API_KEY="${OPENAI}"`)).toEqual(["openai-key"]);
    expect(kinds(`jwt_secret: "${JWT}"`)).toEqual(["jwt"]);
  });
});

describe("short credentials (8 to 15 characters)", () => {
  const pw = "Pz9" + "!kQ2#mW"; // 10 chars, the probe's password
  const url = "Pz9" + "kQ2mW1"; // URL-safe
  test("a credential name's short value, in every form, exactly the value", () => {
    const forms: Array<[string, string, string?]> = [
      [`{ "password": "${pw}" }`, pw, "config/app.json"],
      [`db:\n  password: ${pw}\n`, pw, "config/db.yaml"],
      [`DB_PASSWORD=${pw}\n`, pw, "deploy/settings.ini"],
      [`const password = "${pw}";`, pw, "src/db.ts"],
      [`const options = { user: "admin", password: '${pw}' };`, pw, "src/db.js"],
      [`this.dbPassword = \`${pw}\`;`, pw, "src/db.ts"],
      [`const login = "https://db.example.com/login?user=admin&password=${url}&next=home";`, url, "src/db.ts"],
      [`const login = "https://db.example.com/cb?token=${url}#top";`, url, "src/db.ts"],
      [`dsn = "host=db user=admin password=${pw} dbname=app"`, pw, "db.py"],
      [`mysql --user=admin --password=${pw} app\n`, pw, "deploy.sh"],
      [`env USER=admin PASSWORD=${pw} ./run\n`, pw, "deploy.sh"],
      [`pwd = "${pw}"`, pw, "db.py"], [`"pass": "${pw}"`, pw], [`auth: "${pw}"`, pw], [`basicAuth: "${pw}"`, pw],
      [`"credentials": "${pw}"`, pw], [`api_key = "${pw}"`, pw], [`client_secret: '${pw}'`, pw], [`privateKey: "${pw}"`, pw],
      [`access_token = "${pw}"`, pw], [`passphrase: "${pw}"`, pw], [`password: "${"hunter22"}"`, "hunter22"],
      [`<server><id>db</id><password>${pw}</password></server>`, pw, "settings.xml"], [`<db.password>${pw}</db.password>`, pw, "app.xml"],
      [`set DB_PASSWORD=${pw}\r\n`, pw, "deploy.bat"], [`db.password=${pw}\n`, pw, "app.properties"],
    ];
    for (const [text, secret, path] of forms) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [secret] });
    expect(out(`{ "password": "${pw}" }`)).toBe(`{ "password": "[REDACTED:api-token]" }`);
    expect(out(`DB_PASSWORD=${pw}\n`, ".env")).toBe("DB_PASSWORD=[REDACTED:env-value]\n");
    expect(out(`postgres://admin:${url}@db:5432/app`)).toBe("postgres://[REDACTED:connection-string]@db:5432/app");
  });
  test("a credential name in an XML attribute pair: the value attribute of the same tag (.NET appSettings, Spring, Ant, <param>)", () => {
    const long = "ZXl0b2tlbmFiY2RlZmdoaWprbG1ub3A0NTY3";
    const forms: Array<[string, string, string?]> = [
      [`<add key="Password" value="${pw}"/>`, pw, "web.config"],
      [`<appSettings>\n  <add key="ApiSecret" value="${pw}" />\n</appSettings>`, pw, "App.config"],
      [`<add key="ApiKey" value="${long}"/>`, long, "web.config"],
      [`<property name="password" value="${pw}"/>`, pw, "applicationContext.xml"],
      [`<property name="db.password" value='${pw}' />`, pw, "build.xml"],
      [`<param name="token" value="${pw}">`, pw, "index.html"],
      [`<entry value="${pw}" key="clientSecret"/>`, pw, "beans.xml"], // either order
      [`<add key="Smtp:Password"\n     value="${pw}" />`, pw, "appsettings.config"], // attributes on several lines
      [`<add name="Db" connectionString="Password=${pw};" />`, pw, "web.config"], // a k=v; string of one pair
    ];
    for (const [text, secret, path] of forms) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [secret] });
    expect(out(`<add key="Password" value="${pw}"/>`, "web.config")).toBe(`<add key="Password" value="[REDACTED:api-token]"/>`);
    for (const text of [
      `<add key="PasswordHint" value="${pw}"/>`, `<add key="monkey" value="${pw}"/>`, `<add key="cacheKey" value="${pw}"/>`,
      `<add key="Password" value="changeme"/>`, `<add key="Password" value="\$(DbPassword)"/>`, `<add key="Password" value=""/>`,
      `<input type="password" name="password" value="">`, `<option name="auth" value="basic-auth">`, `<param name="token" value="API_TOKEN_VALUE"/>`,
      `<add key="Password" required="true"/><add key="Timeout" value="${pw}"/>`, // the value of another tag
      `<meta name="csrf-token" content="${pw}">`, `static name = 'token'; x = a < b ? "value='${pw}'" : c;`,
    ]) expect({ text, kinds: kinds(text, "web.config") }).toEqual({ text, kinds: [] });
  });
  test("a YAML list item and a diff line keep their env-style value a secret (short or long)", () => {
    const long = "correct-horse-" + "battery-xyz12";
    expect(secretTexts(`users:\n  - password: ${pw}\n`, "config/users.yaml")).toEqual([pw]);
    const patch = `--- a/config/db.yaml\n+++ b/config/db.yaml\n@@ -1,1 +1,3 @@\n db:\n+  password: ${pw}\n-  api_token: ${long}\n+DB_PASSWORD=${pw}\n`;
    expect(secretTexts(patch, "config/db.yaml")).toEqual([pw, long, pw]);
    expect(redactPatch(patch, "config/db.yaml").count).toBe(3);
    expect(kinds(`- password: required\n+ token: on-demand\n`, "docs/a.yaml")).toEqual([]);
  });
  test("placeholders, references, words, paths and code stay", () => {
    for (const value of ["changeme", "password", "<your-password>", "${PASSWORD}", "process.env.DB_PASSWORD", "xxxxxxxx", "********",
      "aaaaaaaaaa", "/Users/maciej", "MY_PASSWORD", "{{ pass }}", "%(pass)s", "your_password"]) {
      for (const text of [`password: "${value}"`, `credentials: '${value}'`, `DB_PASSWORD=${value}\n`]) expect({ text, kinds: kinds(text) }).toEqual({ text, kinds: [] });
    }
    // words and short values stay under a weaker name; a password's name takes them (test "short passwords")
    for (const value of ["peanuts", "different", "same-origin", "include", "secretpass", "Pz9!kQ2"]) {
      for (const text of [`credentials: '${value}'`, `auth_token = "${value}"`]) expect({ text, kinds: kinds(text) }).toEqual({ text, kinds: [] });
      for (const text of [`password: "${value}"`, `DB_PASSWORD=${value}\n`]) expect({ text, secrets: secretTexts(text) }).toEqual({ text, secrets: [value] });
    }
    for (const text of [
      `pass: "passed",`, `'allPass': 'overEvery',`, `type RequestCredentials = "include" | "omit";`, `bypass = "Pz9kQ2mW1"`, `oauth = "Pz9kQ2mW1"`,
      `;e.password=t.password,n=r.xyz12;`, `<password>changeme</password>`, `<token>\${TOKEN}</token>`,
      `const x: Promise<Token> = load(); if (token > 12345678) {}`, `a&&(x.token=y.token123);`, `const password = input1234;`, `token = fn(abc12345)`,
    ]) expect({ text, kinds: kinds(text, "src/a.js") }).toEqual({ text, kinds: [] });
  });
});

describe("short passwords: a password's name takes any value that evidently is one", () => {
  test("the probe's forms, in code, JSON, YAML, INI, .properties and XML: exactly the value, quotes kept", () => {
    expect(out(`const DB_PASSWORD = "hunter2";\nexport const settings = { "password": "hunter2", secret: "topsecret" };\nlet pwd = 'qwerty';\n`, "src/more.ts"))
      .toBe(`const DB_PASSWORD = "[REDACTED:api-token]";\nexport const settings = { "password": "[REDACTED:api-token]", secret: "[REDACTED:api-token]" };\nlet pwd = '[REDACTED:api-token]';\n`);
    expect(out(`export const config = { user: "admin", password: "sunshine", port: 5432 };\n`, "src/db.ts")).toBe(`export const config = { user: "admin", password: "[REDACTED:api-token]", port: 5432 };\n`);
    expect(out(`{ "password": "hunter2", "passwordMinLength": 8, "label": "Password" }\n`, "config/db.json")).toBe(`{ "password": "[REDACTED:api-token]", "passwordMinLength": 8, "label": "Password" }\n`);
    expect(out(`PASSWORD = "hunter2"\ndb = connect(user="admin", password="hunter2")\n`, "src/app.py")).toBe(`PASSWORD = "[REDACTED:api-token]"\ndb = connect(user="admin", password="[REDACTED:api-token]")\n`);
    expect(out(`smtp:\n  pass: letmein\n`, "config/app.yml")).toBe(`smtp:\n  pass: [REDACTED:api-token]\n`);
    // a subscript's key names it (h136): Python's os.environ, JavaScript's process.env and objects, PHP's arrays, Ruby's ENV
    expect(out(`os.environ["DB_PASSWORD"] = "marmotfig"\nsettings['secret_key'] = 'Vt9kRw2Lm4Xq'\n`, "a.py")).toBe(`os.environ["DB_PASSWORD"] = "[REDACTED:api-token]"\nsettings['secret_key'] = '[REDACTED:api-token]'\n`);
    expect(out(`process.env["DB_PASSWORD"] = "marmotfig";\nconst o = { ["apiToken"]: "Vt9kRw2Lm4Xq" };\n`, "a.js")).toBe(`process.env["DB_PASSWORD"] = "[REDACTED:api-token]";\nconst o = { ["apiToken"]: "[REDACTED:api-token]" };\n`);
    expect(out(`$config['db_password'] = 'marmotfig';\n`, "a.php")).toBe(`$config['db_password'] = '[REDACTED:api-token]';\n`);
    expect(out(`ENV['DB_PASSWORD'] = 'marmotfig'\n`, "a.rb")).toBe(`ENV['DB_PASSWORD'] = '[REDACTED:api-token]'\n`);
    // a Ruby symbol as a YAML key (~/.gem/credentials, Rails' secrets.yml), a RubyGems API key by its prefix (h136)
    const gem = "rubygems_" + "3f9a0c7e1b2d4c6a8e0f1a3b5c7d9e2f4a6b8c0d1e3f5a7b";
    expect(out(`---\n:rubygems_api_key: ${gem}\n`, ".gem/credentials")).toBe(`---\n:rubygems_api_key: [REDACTED:api-token]\n`);
    expect(out(`production:\n  :secret_token: Vt9kRw2Lm4Xq\n`, "config/secrets.yml")).toBe(`production:\n  :secret_token: [REDACTED:api-token]\n`);
    expect(out(`push with ${gem} here`, "notes.txt")).toBe(`push with [REDACTED:api-token] here`);
    // a file holding one token alone: Vault's ~/.vault-token (a legacy `s.` token no prefix rule knows)
    expect(out(`s.Ab12Cd34Ef56Gh78Ij90Kl12\n`, "home/.vault-token")).toBe(`[REDACTED:env-value]\n`);
    expect(out(`s.Ab12Cd34Ef56Gh78Ij90Kl12\n`, "notes/vault-token.txt")).toBe(`s.Ab12Cd34Ef56Gh78Ij90Kl12\n`);
    for (const text of [`data['password'] = ''`, `attrs['client_secret'] = '****' if attrs['client_secret'] else None`, `errors["password"] = "is required"`, `labels["password"] = "Password"`, `headers["Authorization"] = "Bearer " + token`, `form["password"] = "new-password"`, `env["DB_PASSWORD"] = os.environ["X"]`])
      expect({ text, kinds: kinds(text, "a.py") }).toEqual({ text, kinds: [] });
    const forms: Array<[string, string, string]> = [
      [`const smtp_pass = "abc12";`, "abc12", "a.ts"], [`DB_PASS: "letmein"`, "letmein", "a.ts"], [`clientSecret: 'shh'`, "shh", "a.ts"],
      [`client_secret = "kiwi"`, "kiwi", "a.py"], [`const secretKey = "abcd1";`, "abcd1", "a.ts"], [`passphrase: "opensesame"`, "opensesame", "a.ts"],
      [`db.password=hunter2\n`, "hunter2", "app.properties"], [`[db]\npassword = hunter2\n`, "hunter2", "app.ini"], [`password: hunter2\n`, "hunter2", "app.yaml"],
      [`<password>hunter2</password>`, "hunter2", "settings.xml"], [`<add key="Password" value="hunter2"/>`, "hunter2", "web.config"],
      [`env:\n- name: DB_PASSWORD\n  value: hunter2\n`, "hunter2", "app.yaml"], [`os.environ.setdefault("DB_PASSWORD", "hunter2")`, "hunter2", "a.py"],
      [`const pw = "hunter2";\nconnect({ password: pw });\n`, "hunter2", "a.ts"], [`const password = process.env.DB_PASSWORD ?? "hunter2";`, "hunter2", "a.ts"],
      [`password: "123456"`, "123456", "a.ts"], [`password: "Password1"`, "Password1", "a.ts"], [`POSTGRES_PASSWORD: postgres\n`, "postgres", "compose.yaml"],
    ];
    for (const [text, secret, path] of forms) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [secret] });
  });
  test("stay: names that only hold the word, weaker names, placeholders, labels, sentences, non-strings, paths", () => {
    for (const [text, path] of <Array<[string, string]>>[
      [`const o = { passwordMinLength: 8, PASSWORD_FIELD: "password", passwordResetUrl: "/reset", showPassword: true };`, "a.ts"],
      [`fetch(u, { credentials: "include" });`, "a.ts"], [`const o = { auth: "basic", token: "abc12" };`, "a.ts"], [`const firstPass = "shadow";`, "a.ts"],
      [`const l = { password: "Password", label: "Password", pwd: "password", secret: "Secret:", PASSWORD: "DB_PASSWORD", input: "new-password" };`, "a.ts"],
      [`const p = { password: "\${X}", pw: "{{x}}", a: "<password>", b: "%(pw)s", password: process.env.DB_PASSWORD };`, "a.ts"],
      [`const q = { password: "changeme", pwd: "***", secret: "xxx", password: "", password: "pw" };`, "a.ts"],
      [`const t = { password: "Enter your password", password: "Mot de passe", password: "Passwort", password: "Contraseña" };`, "a.ts"],
      [`const b = { password: true, secret: null, pass: 12, password: 12345 };`, "a.ts"], [`pass: true\nsecret: ~\npassword: required\n`, "a.yaml"],
      [`pwd: /home/app\nsecret: ./secrets/db\npassword: \${DB_PASSWORD}\npassword: "{{ .Values.pw }}"\n`, "a.yaml"],
      [`{ "dependencies": { "pbkdf2-password": "^1.2.1" } }`, "package.json"], ["```ts\ninterface O {\n  password: string;\n}\n```\n", "README.md"],
      [`def open(self, name, mode="r", pwd=None, *, force_zip64=False):`, "zipfile.py"], [`def login(self, user=None, password=None):`, "a.py"],
      [`scrypt('password', 'salt', 64);`, "a.js"], [`db.where('secret', 'in', ids);`, "a.ts"], [`["-password","ouched","-pass","ilih"]`, "ranks.js"],
      [`"passwd:dir", "passwd:gecos",`, "builtins.py"], [`password = typeof raw === 'string' ? raw : 'Schema_' + n;`, "a.ts"], [`pass: "passed",`, "a.js"],
      [`# password: changeme\n# pass: true\n# secret: required\n`, "a.yaml"], // a comment's placeholder or setting is documentation
    ]) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [] });
  });
});

describe("short passwords outside assignments: a flag, a client, a .netrc entry, SQL, a sentence, a comment, a camelCase name", () => {
  test("each form: exactly the value", () => {
    const forms: Array<[string, string, string]> = [
      [`sshpass -p 'letmein' ssh host\n`, "letmein", "scripts/deploy.sh"], [`sshpass -p hunter2 ssh host\n`, "hunter2", "scripts/deploy.sh"],
      [`mysql -u root --password hunter2 app\n`, "hunter2", "scripts/deploy.sh"], [`mysql -u root -phunter2 app\n`, "hunter2", "scripts/deploy.sh"],
      [`mysqldump -u root -p'letmein' app > dump.sql\n`, "letmein", "backup.sh"], [`redis-cli -h cache -a hunter2 ping\n`, "hunter2", "run.sh"],
      [`curl -u admin:hunter2 https://api.example.com\n`, "hunter2", "call.sh"], [`docker login -u me -p hunter2 registry.example.com\n`, "hunter2", "ci.sh"],
      [`echo letmein | docker login -u me --password-stdin\n`, "letmein", "ci.sh"], [`mongo -u admin -p hunter2 app\n`, "hunter2", "run.sh"],
      [`tool sync --client-secret kiwi --verbose\n`, "kiwi", "run.sh"], [`subprocess.run(["sshpass", "-p", "letmein", "ssh", "host"])`, "letmein", "a.py"],
      [`machine api.example.com login me password hunter2\n`, "hunter2", ".netrc"], [`machine api.example.com\n  login me\n  password letmein\n`, "letmein", ".netrc"],
      [`CREATE USER app IDENTIFIED BY 'hunter2';\n`, "hunter2", "db/init.sql"], [`ALTER ROLE app WITH PASSWORD 'letmein';\n`, "letmein", "db/init.sql"],
      [`The admin password is hunter2.\n`, "hunter2", "README.md"], ["The admin password is `sunshine`.\n", "sunshine", "README.md"],
      [`// the old password was hunter2\n`, "hunter2", "src/a.ts"], [`// password: letmein\n`, "letmein", "src/conf.ts"], [`# password: letmein\n`, "letmein", "config/app.yaml"],
      [`const dbPass = "hunter2";\n`, "hunter2", "src/conf.ts"], [`const adminPass = 'letmein';\n`, "letmein", "src/conf.ts"], [`keyPass: "kiwi9"\n`, "kiwi9", "a.ts"],
      // covered since round 5: a Dockerfile's ENV, a compose file's environment list, a workflow's env mapping
      [`ENV DB_PASSWORD hunter2\n`, "hunter2", "Dockerfile"], [`environment:\n  - POSTGRES_PASSWORD=hunter2\n`, "hunter2", "docker-compose.yml"],
      [`    env:\n      POSTGRES_PASSWORD: hunter2\n`, "hunter2", ".github/workflows/ci.yml"],
    ];
    for (const [text, secret, path] of forms) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [secret] });
    expect(out(`sshpass -p 'letmein' ssh host\n`, "scripts/deploy.sh")).toBe(`sshpass -p '[REDACTED:api-token]' ssh host\n`);
  });
  test("stay: ports, a prompting -p, a password file, user and group, prose, a comment's setting, no credential word, a stage's pass", () => {
    for (const [text, path] of <Array<[string, string]>>[
      [`mysql --password-file /run/secret app\n`, "run.sh"], [`docker run -p 8080:80 img\n`, "run.sh"], [`ssh -p 22 host\n`, "run.sh"],
      [`ssh login@bastion -p 2222\n`, "run.sh"], [`redis-cli -p 6380 ping\n`, "run.sh"], [`mysql -u root -p app < dump.sql\n`, "restore.sh"], // -p alone prompts: app is the database
      [`docker run -u 1000:1000 -p 8080:80 img\n`, "run.sh"], [`docker run --user node:node img\n`, "run.sh"], [`mongo -u admin -p 27017\n`, "run.sh"],
      [`# pass: true\n`, "a.yaml"], [`Reset your password in settings.\n`, "README.md"], [`The password is required.\n`, "README.md"],
      [`The password is base64 encoded before it is stored.\n`, "README.md"], [`// the password is sha256.\n`, "a.ts"], [`The password is md5.\n`, "README.md"], ["Login with `admin` or `guest`.\n", "README.md"], // alternatives, not a user and a password
      [`Click login with your password here\n`, "README.md"], [`Use the --username and --password options instead of the URL.\n`, "README.md"],
      [`ALTER USER app WITH PASSWORD 'Enter a new one';\n`, "a.sql"], [`make Avahi hit an assert()); problem identified by "jamesh"\n`, "NEWS"], // no account statement
      [`* src/groupadd.c: Add missing -p, --password description to the usage\n`, "changelog"], [`const firstPass = "shadow";\nconst renderPass = "main";\nconst onPass = "next";\n`, "a.ts"],
      [`const bypass = "letmein";\n`, "a.ts"], [`// password: string\n// pass: through\n`, "a.ts"], // a bare `pass` in a comment: a test's or a step's
    ]) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [] });
  });
});

describe("a command or a statement over lines, and user:password flags of clients other than curl", () => {
  test("each form: exactly the value", () => {
    const forms: Array<[string, string, string]> = [
      // curl's -u on a line a trailing backslash continues, and its value on the next line
      [`curl -X POST \\\n  -u admin:sunshine \\\n  https://api.example.com/release\n`, "sunshine", "deploy.sh"], [`curl -u \\\n  admin:sunshine https://api.example.com\n`, "sunshine", "deploy.sh"],
      // an account statement whose password comes lines after its start, or on the line after its keyword
      [`CREATE USER app\n  IDENTIFIED BY 'sunshine';\n`, "sunshine", "init.sql"], [`CREATE ROLE app LOGIN PASSWORD\n  'sunshine';\n`, "sunshine", "init.sql"],
      [`ALTER USER app\n  WITH\n  PASSWORD 'letmein';\n`, "letmein", "init.sql"],
      // lftp's -u user,password; HTTPie's, xh's and hey's -a / --auth user:password
      [`lftp -u deploy,sunshine ftp.example.com\n`, "sunshine", "sync.sh"], [`http -a admin:sunshine POST https://api.example.com/x\n`, "sunshine", "call.sh"],
      [`xh --auth admin:sunshine https://api.example.com\n`, "sunshine", "call.sh"], [`hey -n 10 -a admin:sunshine https://api.example.com\n`, "sunshine", "load.sh"],
      // a password's name after other pairs on its line, outside code
      [`username: admin, password: sunshine\n`, "sunshine", "README.md"], [`- user: deploy, pass: letmein\n`, "letmein", "docs/setup.md"],
      // curl's -u joined to its value, or ending a run of short flags
      [`curl -uadmin:sunshine https://api.example.com\n`, "sunshine", "call.sh"], [`curl -sSfu deploy:letmein https://api.example.com\n`, "letmein", "call.sh"],
      // a user and a password as a pair of code spans after a login: the order says which is the password
      ["Login with `admin` / `sunshine`.\n", "sunshine", "README.md"], ["Sign in as `qa@example.com` and `Tr0ub4dor` to try it.\n", "Tr0ub4dor", "docs/setup.md"],
      // a password's word, then the value in a code span or quotes with no verb between (h119)
      ["Log in as `admin` with password `sunshine`, then open the dashboard.\n", "sunshine", "docs/README.md"], [`// connect as root with password 'letmein'\n`, "letmein", "src/db.ts"],
      // a browser test typing into a password field, a test helper's login after its page, an HTML password input's value,
      // a Markdown table's password column (h119)
      [`await page.getByLabel("Password").fill("sunshine");\n`, "sunshine", "e2e/login.spec.ts"], [`await page.fill('#password', 'letmein');\n`, "letmein", "e2e/login.spec.ts"],
      [`cy.get('input[name=password]').type('hunter2');\n`, "hunter2", "cypress/e2e/login.cy.js"], [`driver.find_element(By.ID, "password").send_keys("letmein")\n`, "letmein", "tests/test_login.py"],
      [`await userEvent.type(screen.getByLabelText(/password/i), "Tr0ub4dor");\n`, "Tr0ub4dor", "src/Login.test.tsx"], [`await login(page, "admin", "Pl7kQ2mZ9x");\n`, "Pl7kQ2mZ9x", "e2e/helpers.ts"],
      [`await page.locator("#password-input").fill("sunshine");\n`, "sunshine", "e2e/login.spec.ts"], [`await confirmPasswordInput.type("letmein");\n`, "letmein", "e2e/login.spec.ts"], [`cy.get("#password_confirmation").type("letmein");\n`, "letmein", "cypress/e2e/signup.cy.js"], [`await page.fill("#password2", "letmein");\n`, "letmein", "e2e/signup.spec.ts"],
      [`<input type="password" name="pw" value="hunt3rXy9">\n`, "hunt3rXy9", "public/login.html"],
      ["| User | **Password** | Role |\n| :--- | :---: | --- |\n| `admin` | `sunshine` | owner |\n| qa | n/a | tester |\n", "sunshine", "docs/accounts.md"],
      // a login's or credentials' pair without code spans, a Basic credential built in code, Ruby's fetch block default (h119)
      ["Default credentials: admin / Sq7kQ2mZ9x\n", "Sq7kQ2mZ9x", "docs/setup.md"], [`const hint = "Default credentials: admin / Sq7kQ2mZ9x. Change it";\n`, "Sq7kQ2mZ9x", "src/seed.ts"],
      ["Connect as `root` with password `sunshine`.\n", "sunshine", "docs/setup.md"], [`// default login: admin/Pj7kQ2mZ9x\n`, "Pj7kQ2mZ9x", "src/seed.ts"],
      ["Create a user with password `sunshine`.\n", "sunshine", "README.md"], ["Log in as `admin` with password `letMeIn`.\n", "letMeIn", "README.md"], // not an algorithm's or an option's name
      [`const auth = btoa("admin:sunshine");\n`, "sunshine", "src/api.ts"], [`const h = Buffer.from("deploy:letmein").toString("base64");\n`, "letmein", "src/api.ts"],
      [`auth = base64.b64encode(b"admin:hunter2")\n`, "hunter2", "client.py"], [`api_key = ENV.fetch("API_KEY") { "Rb4kT9wQ2xLm7Np3" }\n`, "Rb4kT9wQ2xLm7Np3", "config/app.rb"],
    ];
    for (const [text, secret, path] of forms) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [secret] });
  });
  test("stay: a user and group on a continued line, a URL's -a, a statement a `;` ended, a column's word, types and code after pairs", () => {
    for (const [text, path] of <Array<[string, string]>>[
      [`docker run \\\n  -u 1000:1000 img\n`, "run.sh"], [`see http://example.com -a foo:bar\n`, "notes.txt"], [`cp -a src:dst out\n`, "run.sh"],
      [`docker run -u1000:1000 img\n`, "run.sh"], [`curl --user-agent 'bot:1' https://x\n`, "call.sh"], [`curl -uadmin:$PASS https://x\n`, "call.sh"],
      ["Log in with `email` / `password`.\n", "README.md"], ["Sign in with `GITHUB_TOKEN` / `true`.\n", "README.md"],
      [`CREATE USER app;\nSELECT password\n  'x' FROM t;\n`, "a.sql"], [`fn(user: string, password: string)\n`, "README.md"], [`user: admin, password: string\n`, "README.md"],
      [`await page.fill("#password", process.env.E2E_PASSWORD!);\n`, "e2e/a.spec.ts"], [`await page.fill("#username", "admin2x9");\n`, "e2e/a.spec.ts"], [`$("#passport").setValue("X12345678");\n`, "e2e/a.spec.ts"],
      [`await passwordInput.type("Password");\n`, "e2e/a.spec.ts"], [`form.setValue("passwordStrength", "weak");\n`, "src/Form.tsx"], [`await page.locator("#password-strength").fill("medium");\n`, "e2e/a.spec.ts"], [`passwordMeter.setValue("strong");\n`, "src/Meter.tsx"], [`await page.fill("#password", \`\${user.pw}\`);\n`, "e2e/a.spec.ts"], [`<input type="password" name="pw" value="{{ .Password }}">\n`, "a.html"],
      ["| Option | Type | Description |\n|---|---|---|\n| password | string | The password |\n", "README.md"], ["| Password | Required |\n|---|---|\n| yes | no |\n", "README.md"], ["| Token | Meaning |\n|---|---|\n| ACCESS | read |\n", "README.md"],
      ["Default credentials: admin / admin\n", "README.md"], ["Login: user/v2 api\n", "README.md"], ["sign in: GitHub / GitLab\n", "README.md"], ["credentials: include, mode: cors\n", "README.md"],
      [`const b = Buffer.from("hello:world1");\n`, "a.ts"], [`const u = Buffer.from("data:image/png").toString("base64");\n`, "a.ts"], [`const d = Buffer.from("sha256:abcdef0123").toString("base64");\n`, "a.ts"], [`const h = btoa("content-type:application/json");\n`, "a.ts"], ["const h = btoa(`${user}:${pw}`);\n", "a.ts"], [`ENV.fetch("API_KEY") { nil }\n`, "a.rb"],
      ["Set the `password` option to your token.\n", "README.md"], ["Pass the password `<your-password>` on stdin.\n", "README.md"], ["Store the password `hash`, never the password.\n", "README.md"], // a label, a placeholder, no account on the line
      // a code span after the password's word on an account's line that names an algorithm, its library or an option, not the password
      ["As a user, hash the password `bcrypt`.\n", "README.md"], ["Log in as `admin`; the password `argon2id` hash is kept.\n", "README.md"], ["As a user, hash the password `@node-rs/bcrypt`.\n", "docs/auth.md"],
      ["Sign in as `admin`, then set the password `minLength` option to 12.\n", "README.md"], ["Log in as root with password `--password-stdin`.\n", "README.md"], ["Each user's password `plaintext` is never stored.\n", "README.md"],
      // code, not a sentence: an object's keys after `login:`; a test table's Pass column; "as" that names no one (h122)
      [`const routes = { login: LoginPage, oauth2Callback: CallbackPage };\n`, "src/routes.ts"], [`const r = { signIn: signInV2, logoutV2: out };\n`, "src/routes.ts"],
      ["| Test | Pass | Fail |\n|---|---|---|\n| parser | Parse2 | none |\n| lexer | Lexer9x | 0 |\n", "README.md"], ["As described, the password `minLength` option defaults to 8.\n", "README.md"],
      [`Note: see docs, password: required\n`, "README.md"], [`const o = { user: "admin", password: pw };\n`, "a.ts"], [`user: admin, password: sunshine\n`, "a.ts"], // code: only quoted literals [`ALTER TABLE users ADD password\n  'x';\n`, "a.sql"], [`The password\n'is not shown'\n`, "README.md"],
    ]) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [] });
  });
});

describe("credentials in commands, headers, SQL, key files and names", () => {
  const pw = "Pz9" + "kQ2mW1x"; // 10 chars
  const long = "q8Xz3Lm9Pw2Rt7Yv5Nb4";
  const hex40 = mix(40, "0123456789abcdef");
  const basic = Buffer.from(`admin:${pw}`).toString("base64");
  test("each form: exactly the value", () => {
    const forms: Array<[string, string, string?]> = [
      [`Authorization: Basic ${basic}\n`, basic, "api.http"],
      [`const h = { Authorization: "Basic ${basic}" };`, basic, "src/a.ts"],
      [`headers = {"Authorization": "Token ${hex40}"}`, hex40, "hdr.py"],
      [`curl -H 'Authorization: token ${hex40}' https://api.github.com\n`, hex40, "call.sh"],
      [`curl -H "X-Api-Key: ${long}" https://x\n`, long, "call.sh"],
      [`curl -u admin:${pw} https://api.x.com\n`, pw, "call.sh"],
      [`curl --user "admin:${pw}" https://api.x.com\n`, pw, "call.sh"],
      [`tool deploy --password ${pw} --verbose\n`, pw, "deploy.sh"],
      [`      - run: docker login -u bob -p ${pw}\n`, pw, ".github/workflows/ci.yml"],
      [`mysql -u root -p${pw} app < dump.sql\n`, pw, "restore.sh"],
      [`machine api.heroku.com\n  login me@x.com\n  password ${long}\n`, long, ".netrc"],
      [`machine github.com login bob password ${pw}\n`, pw, "notes.txt"],
      [`CREATE USER app IDENTIFIED BY '${pw}';`, pw, "init.sql"],
      [`ALTER USER x WITH PASSWORD '${pw}';`, pw, "init.sql"],
      [`FROM node\nENV API_TOKEN=${long}\n`, long, "Dockerfile"],
      [`ARG NPM_TOKEN=${long}\n`, long, "Dockerfile"],
      [`ENV DB_PASSWORD ${pw}\n`, pw, "Dockerfile"],
      [`// password: ${pw}\n`, pw, "src/a.ts"],
      [`# api_token = ${long}\n`, long, "config.yaml"],
      [`define('DB_PASSWORD', '${pw}');`, pw, "wp-config.php"],
      [`os.environ.setdefault("API_KEY", "${long}")`, long, "settings.py"],
      [`const API_TOKEN: &str = "${long}";`, long, "src/main.rs"],
      [`var apiKey string = "${long}"`, long, "main.go"],
      [`export function handler_${GHP}() {}`, GHP, "src/routes.ts"],
      [`const t = "shpat_${mix(32, "0123456789abcdef")}";`, `shpat_${mix(32, "0123456789abcdef")}`],
      [`const t = "dop_v1_${mix(64, "0123456789abcdef")}";`, `dop_v1_${mix(64, "0123456789abcdef")}`],
      [`HF_TOKEN=hf_${mix(34)}\n`, `hf_${mix(34)}`, "run.sh"],
      ...[`xoxe.xoxp-1-${mix(60)}`, `xapp-1-A0${mix(30)}`, `ya29.${mix(100)}`, `glrt-${mix(20)}`, `whsec_${mix(32)}`, `hvs.${mix(90)}`, `lin_api_${mix(40)}`,
        `dapi${mix(32, "0123456789abcdef")}`, `sntrys_${mix(60)}`].map((t): [string, string] => [`x = ${t}\n`, t.replace(/^xoxe\./, "")]),
      [`https://acct.blob.core.windows.net/c?sv=2020-08-04&ss=b&sig=${b64(43)}%3D`, `${b64(43)}%3D`],
      [`body = "{\\"password\\":\\"${pw}\\"}"`, pw, "src/a.ts"], // JSON inside a string
      [`password = b"${pw}"`, pw, "a.py"], [`api_key = f"${long}"`, long, "a.py"], [`string password = @"${pw}";`, pw, "A.cs"],
      [`docker run -e DB_PASSWORD=${pw} img\n`, pw, "run.sh"], [`heroku config:set API_KEY=${long}\n`, long, "README.md"],
      [`kubectl create secret generic db --from-literal=password=${pw}\n`, pw, "deploy.sh"],
      [`helm install x --set postgresql.auth.password=${pw}\n`, pw, "deploy.sh"],
      [`mongo -u admin -p ${pw} db\n`, pw, "run.sh"], [`redis-cli -a ${pw} ping\n`, pw, "run.sh"], [`sshpass -p ${pw} ssh host\n`, pw, "run.sh"],
      [`echo ${pw} | docker login -u bob --password-stdin\n`, pw, "ci.sh"],
      [`subprocess.run(["tool", "--password", "${pw}"])`, pw, "a.py"],
      [`const config = { password: process.env.DB_PASSWORD ?? "${pw}" };`, pw, "src/db.ts"], // a fallback
      [`const token = process.env.TOKEN || '${long}';`, long, "src/a.js"], [`password=\${DB_PASSWORD:-${pw}}\n`, pw, "run.sh"],
      [`SECRET_KEY = 'qtyo1-ich=qwh^b7ll!*9svrl)cufvyrbh&n=navmgh#4&ipxx'\n`, "qtyo1-ich=qwh^b7ll!*9svrl)cufvyrbh&n=navmgh#4&ipxx", "settings.py"], // a Django key: `&…=` in it, but not a URL query
      [`PGPASSWORD=${pw} psql -h db app\n`, pw, "restore.sh"], [`let password = String::from("${pw}");`, pw, "src/main.rs"], [`api_key = SecretStr("${long}")`, long, "settings.py"],
    ];
    for (const [text, secret, path] of forms) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [secret] });
    expect(out(`ENV DB_PASSWORD ${pw}\n`, "Dockerfile")).toBe("ENV DB_PASSWORD [REDACTED:api-token]\n");
  });
  test("key material in other encodings: a kubeconfig's client-key-data, base64 of a PEM key, PuTTY private lines", () => {
    const pemB64 = Buffer.from(PEM).toString("base64");
    expect(secretTexts(`users:\n- user:\n    client-key-data: ${pemB64}\n`, ".kube/config")).toEqual([pemB64]);
    expect(secretTexts(`key: "${pemB64}"`, "values.yaml")).toEqual([pemB64]);
    expect(kinds(`key: "${pemB64}"`)).toEqual(["pem-private-key"]);
    const ppk = `PuTTY-User-Key-File-2: ssh-rsa\nPrivate-Lines: 2\n${b64(64)}\n${b64(20)}\nPrivate-MAC: 00\n`;
    expect(secretTexts(ppk, "id.ppk")).toEqual([`${b64(64)}\n${b64(20)}`]);
    expect(kinds(`client-certificate-data: ${Buffer.from("-----BEGIN CERTIFICATE-----\n" + b64(64)).toString("base64")}\n`, ".kube/config")).toEqual([]);
  });
  test("a short letters-only value counts when its case is scrambled, not when it reads as a name", () => {
    for (const value of ["JsPKvutDfqEm", "qWfRtzPmXkLb", "npHNAmtCsXbD"]) {
      for (const [text, path] of <Array<[string, string]>>[[`private String dbPassword = "${value}";`, "App.java"], [`password: ${value}\n`, "db.yaml"], [`// password: ${value}\n`, "a.ts"]]) {
        expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [value] });
      }
    }
    for (const value of ["getElementById", "toBeOneOf", "sameOrigin", "isNotEmpty", "XMLHttpRequest"]) {
      expect({ value, kinds: kinds(`auth_token: "${value}"`, "a.ts") }).toEqual({ value, kinds: [] });
    }
  });
  test("near misses stay (found on real files: Python, Perl, Java config, BPE tables)", () => {
    for (const [text, path] of <Array<[string, string]>>[
      [`else {"token": challenge.get("token")}`, "auth.py"], [`print(f"password={password!r}")`, "prompt.py"],
      [`return f'machine {hostname} login {self.username} password {self.password}'`, "h.py"],
      [`"-auth=anonymous:$FROM_EMAIL",`, "Fetch.pm"], [`  perldoc -u Some::Modulename\n`, "ToPod.pm"],
      [`#jdk.security.krb5.default.initiate.credential=always-impersonate\n`, "java.security"],
      [`# com.sun.management.jmxremote.ssl.need.client.auth=true|false\n`, "management.properties"],
      [`["Token", ".Category", "_exclude"]`, "ranks.js"], [`Basic authentication is described below.`, "README.md"],
      [`Authorization: Token <your-token>`, "api.md"], [`docker run -u 1000:1000 img`, "run.sh"], [`i--; --count;`, "a.js"],
      [`ENV NODE_ENV production\n`, "Dockerfile"], [`// token: string\n`, "a.ts"], [`headers.set("X-Api-Key", apiKey)`, "a.ts"],
      [`t("auth.token", "Token expired")`, "a.ts"], [`mix(ghp_prefix_name)`, "a.ts"],
      [`const PASS = _chalk().default.supportsColor ? a : b;`, "index.js"], [`const UNEXPECTED_TOKEN = /^Unexpected token '?(.)'?(,)? /i`, "index.js"],
      [`    PASSWD = getpass.getpass("IMAP password for %s on %s: " % (USER, host))`, "imaplib.py"],
      [`    KEY_USAGE = ObjectIdentifier("2.5.29.15")`, "_oid.py"], [`jsonnet_token = r'[^\\W\\d]\\w*'`, "jsonnet.py"],
      [`OLDSTYLE_AUTH = re.compile(r"auth=(.*)", re.I)`, "smtplib.py"], [`password = f"{password}"`, "a.py"], [`token = f"{self.token!r}"`, "a.py"],
      [`# comment: API_KEY=not-a-value-here`, "notes.txt"], [`docker run -e DB_PASSWORD=$DB_PASSWORD img`, "run.sh"],
      [`const token = process.env.T ?? "";`, "a.ts"], [`const token = opts.token ?? "default-token";`, "a.ts"], [`password=\${PASSWORD:-}`, "a.sh"],
      [`const t = localStorage.getItem("auth_token_v2");`, "a.ts"], [`token = String::from("hunter")`, "a.rs"], [`BYPASS=on2fast4u\n`, "a.sh"],
    ]) expect({ text, kinds: kinds(text, path) }).toEqual({ text, kinds: [] });
  });
});

describe("high-entropy literals", () => {
  test("random quoted literals, quotes kept", () => {
    expect(out(`const s = "${ENTROPIC}";`)).toBe(`const s = "[REDACTED:high-entropy]";`);
    expect(out(`x('${ENTROPIC}')`)).toBe(`x('[REDACTED:high-entropy]')`);
    expect(kinds(`\`${b64(44)}\``)).toEqual(["high-entropy"]);
  });
  test("near misses stay", () => {
    for (const text of [
      `"The quick brown fox jumps over the lazy dog and keeps on running"`,
      `"${"0123456789abcdef".repeat(4)}"`, // hex: at most 4 bits/char
      `"${"ab12".repeat(12)}"`, // repeated pattern
      `import x from "@modelcontextprotocol/sdk/server/streamableHttp.js";`,
      `declare module "@effect/wa-sqlite/src/examples/IDBBatchAtomicVFS.js" {}`,
      `"https://example.com/api/v1/users/42/profile?include=Avatar9"`,
      `className="flex items-center justify-between px-4 py-2 text-sm font-medium"`,
      `"some_very_long_identifier_name_without_any_digits"`,
      `"sha512-${b64(86)}=="`, // integrity hash, not a secret
      `"${ENTROPIC.slice(0, 31)}"`, // under 32 chars
      `"${ENTROPIC.slice(0, 20)} ${ENTROPIC.slice(20)}"`, // whitespace inside
    ]) expect({ text, kinds: kinds(text) }).toEqual({ text, kinds: [] });
  });
});

describe("npm tokens in .npmrc", () => {
  test("_authToken values", () => {
    const value = mix(24);
    expect(out(`//registry.npmjs.org/:_authToken=${value}\n`)).toBe("//registry.npmjs.org/:_authToken=[REDACTED:npm-token]\n");
    expect(out(`//npm.pkg.github.com/:_authToken="${value}"`)).toBe(`//npm.pkg.github.com/:_authToken="[REDACTED:npm-token]"`);
    expect(kinds("//registry.npmjs.org/:_authToken=${NPM_TOKEN}")).toEqual([]);
  });
});

describe("dotenv files", () => {
  const env = [
    "# comment: API_KEY=not-a-value-here",
    "export A=1",
    'B="two words"',
    "C='x' # trailing comment",
    "D=",
    "E=plain value # comment",
    `GITHUB_TOKEN=${GHP}`,
    'MULTI="line one',
    'line two"',
    "",
  ].join("\r\n");
  const expected = [
    "# comment: API_KEY=not-a-value-here",
    "export A=[REDACTED:env-value]",
    'B="[REDACTED:env-value]"',
    "C='[REDACTED:env-value]' # trailing comment",
    "D=",
    "E=[REDACTED:env-value] # comment",
    "GITHUB_TOKEN=[REDACTED:env-value]",
    'MULTI="[REDACTED:env-value]"',
    "",
  ].join("\r\n");
  test("every non-empty value is redacted, keys and comments stay", () => {
    for (const path of [".env", "/repo/.env.local", "C:\\repo\\.env.production", "apps/web/.env.example", "deploy/app.env", "content.env"]) {
      const result = redact(env, { path });
      expect(result.text).toBe(expected);
      expect(result.count).toBe(6);
    }
  });
  test("without a dotenv path only real secrets go", () => {
    expect(kinds(env)).toEqual(["github-token"]);
    expect(kinds(env, "config/env.ts")).toEqual(["github-token"]);
    expect(kinds(env, ".envrc")).toEqual(["github-token"]);
    expect(kinds(env, "docs/env")).toEqual(["github-token"]);
  });
});

describe("spans", () => {
  const text = [
    `const a = "${AWS_ID}";`,
    `const b = { token: "${GHP}", password: "${"q8Xz3Lm9Pw2Rt7Yv5Nb4"}" };`,
    `db = "postgres://app:${"n0tS0s3cret9"}@db/app" // ${STRIPE}`,
    `const c = "${ENTROPIC}";`,
  ].join("\n");
  test("sorted, non-overlapping, exact offsets, counted", () => {
    const spans = findSecrets(text);
    expect(spans.map((s) => s.kind)).toEqual([
      "aws-access-key", "github-token", "api-token", "connection-string", "stripe-key", "high-entropy",
    ]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    expect(secretTexts(text)).toEqual([AWS_ID, GHP, "q8Xz3Lm9Pw2Rt7Yv5Nb4", "app:n0tS0s3cret9", STRIPE, ENTROPIC]);
    const result = redact(text);
    expect(result.count).toBe(6);
    expect(result.spans).toEqual(spans);
    expect(result.text).not.toContain(GHP);
    expect(result.text).not.toContain("n0tS0s3cret9");
    expect(result.text.split("\n")[2]).toBe("db = \"postgres://[REDACTED:connection-string]@db/app\" // [REDACTED:stripe-key]");
  });
  test("redaction is idempotent", () => {
    const once = redact(text).text;
    expect(redact(once)).toEqual({ text: once, count: 0, spans: [] });
  });
  test("a marker is never matched again, whole or in part (a value replaced where no detector saw it)", () => {
    for (const [line, path] of [
      ["curl -u [REDACTED:connection-string] https://api.example.com", "deploy.sh"],
      ["curl --user [REDACTED:api-token]:[REDACTED:api-token] https://x", "deploy.sh"],
      ['psql "postgresql://[REDACTED:connection-string]@localhost/app"', "deploy.sh"],
      ["DB_PASSWORD=[REDACTED:env-value]", ".env"],
      ['const password = "[REDACTED:api-token]";', "a.ts"],
      ["Authorization: Basic [REDACTED:api-token]", "req.http"],
    ] as const) expect(redact(line, { path })).toEqual({ text: line, count: 0, spans: [] });
    // a secret beside a marker is still found
    expect(redact(`curl -u [REDACTED:connection-string] -H "Authorization: Bearer ${GHP}"`).text).toBe('curl -u [REDACTED:connection-string] -H "Authorization: Bearer [REDACTED:github-token]"');
  });
  test("clean text is returned unchanged", () => {
    const clean = "export function add(a: number, b: number) {\n  return a + b;\n}\n";
    expect(redact(clean)).toEqual({ text: clean, count: 0, spans: [] });
    expect(redact("")).toEqual({ text: "", count: 0, spans: [] });
  });
  test("lineColumnOf", () => {
    const [span] = findSecrets(`x\r\n\ny = "${GHP}"`);
    expect(lineColumnOf(`x\r\n\ny = "${GHP}"`, span!.start)).toEqual({ line: 2, column: 5 });
    expect(lineColumnOf("abc", 0)).toEqual({ line: 0, column: 0 });
    expect(lineColumnOf("a\nb", 2)).toEqual({ line: 1, column: 0 });
    expect(lineColumnOf("a\nb", 99)).toEqual({ line: 1, column: 1 });
    expect(lineColumnOf("a\nb", -5)).toEqual({ line: 0, column: 0 });
  });
  test("SECRET_KINDS lists every kind once", () => {
    expect(new Set(SECRET_KINDS).size).toBe(19);
    expect(SECRET_KINDS).toContain("env-value");
  });
});

describe("credentials by position, in credential files, in other syntaxes, and split over joined literals", () => {
  const pw = "Pz9" + "kQ2mW1x!"; // 11 chars
  const long = "q8Xz3Lm9Pw2Rt7Yv5Nb4";
  test("a call or keyword that says login/auth/credentials takes its second argument as the password", () => {
    const forms: Array<[string, string]> = [
      [`smtp.login("user", "${pw}")`, "mail.py"], [`server.login(user, '${pw}')`, "mail.py"],
      [`requests.get(url, auth=("user", "${pw}"))`, "fetch.py"], [`client = Elasticsearch(hosts, http_auth=["elastic", "${pw}"])`, "es.py"],
      [`req.SetBasicAuth("admin", "${pw}")`, "main.go"], [`auth = HTTPBasicAuth('admin', '${pw}')`, "a.py"],
      [`var c = new NetworkCredential("svc", "${pw}");`, "A.cs"], [`new PasswordAuthentication("svc", "${pw}".toCharArray())`, "A.java"],
      [`new UsernamePasswordCredentials("svc", "${pw}")`, "A.java"], [`await page.signIn("bob@x.com", "${pw}")`, "e2e.ts"],
      // a client or connection made with a random password: no name says credentials, the value's shape does
      [`const c = new Client("user", "${pw}");`, "a.ts"], [`conn = pymssql.Connection('sa', '${pw}')`, "a.py"], [`var s = new FtpSession("ci", "${pw}", 21);`, "A.cs"],
    ];
    for (const [text, path] of forms) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [pw] });
    expect(secretTexts(`const c = new Client("admin", "s3cretpass");`, "a.ts")).toEqual(["s3cretpass"]); // lower-case letters and digits mixed
  });
  test("a credential name given a variable: the literal the file declares it with", () => {
    expect(secretTexts(`const pw = "${pw}";\nmysql.createConnection({ user, password: pw });\n`, "src/db.ts")).toEqual([pw]);
    expect(secretTexts(`db_pass = '${pw}'\nconnect(host, password=db_pass)\n`, "db.py")).toEqual([pw]);
    expect(secretTexts(`secret := "${long}"\ncfg := Config{Token: secret}\n`, "main.go")).toEqual([long]);
  });
  test("files whose name says credentials: every value; .pgpass lines: the password field", () => {
    const aws = `[default]\naws_access_key_id = ${"AKIA" + "Q7W3E9R2T5Y8U1I4"}\naws_session_token = ${long}\n`;
    expect(secretTexts(aws, "home/.aws/credentials")).toEqual(["AKIA" + "Q7W3E9R2T5Y8U1I4", long]);
    expect(secretTexts(`db.user: app\ndb.pass: hunter22\n`, "config/db-credentials.properties")).toEqual(["app", "hunter22"]);
    expect(secretTexts(`[client]\nuser = root\npassword = hunter22\n`, "home/.my.cnf")).toEqual(["root", "hunter22"]);
    expect(secretTexts(`# host:port:db:user:password\ndb.internal:5432:app:admin:${pw}\n*:*:*:ro:a\\:b\n`, "home/.pgpass")).toEqual([pw, "a\\:b"]);
    expect(kinds(`user = root\n`, "settings.ini")).toEqual([]); // the name says nothing
    // svc/diagnostics reports their secrets even when no answer collected them
    expect(["home/.pgpass", "home/.my.cnf", "config/db-credentials.properties", "secrets.ini"].filter((p) => !isCredentialFilePath(p))).toEqual([]);
    for (const p of ["settings.ini", "etc/pam.d/common-password", "refs/heads/h56-secrets", "passwords.txt"]) expect({ p, credentialFile: isCredentialFilePath(p) }).toEqual({ p, credentialFile: false });
    expect(kinds(`retry = foo\n`, "etc/pam.d/common-password")).toEqual([]);
  });
  test("a YAML tag, jasypt's ENC()/DEC(), Tcl set, Windows setx, an element with attributes, a database client's argv list", () => {
    const cipher = "Zm9v" + "YmFyYmF6cXV4MTIz";
    const forms: Array<[string, string, string]> = [
      [`password: !!str ${pw}\n`, pw, "app.yaml"],
      [`spring.datasource.password=ENC(${cipher})\n`, cipher, "application.properties"], [`password: "DEC(${pw})"\n`, pw, "application.yml"],
      [`set password ${pw}\n`, pw, "connect.tcl"], [`setx API_KEY ${long} /M\n`, long, "setup.bat"], [`setx API_TOKEN "${long}"\n`, long, "setup.cmd"],
      [`<secret name="db">${pw}</secret>`, pw, "config.xml"], [`<password encrypted="false">${pw}</password>`, pw, "server.xml"],
      [`subprocess.run(["mysql", "-u", "root", "-p", "${pw}", "app"])`, pw, "a.py"], [`spawn('mysql', ['-uroot', '-p${pw}'])`, pw, "a.js"],
      [`["redis-cli", "-h", "cache", "-a", "${pw}", "ping"]`, pw, "a.py"], [`exec.Command("docker", "login", "-u", "ci", "-p", "${pw}")`, pw, "main.go"],
    ];
    for (const [text, secret, path] of forms) expect({ text, secrets: secretTexts(text, path) }).toEqual({ text, secrets: [secret] });
  });
  test("a vendor token split over literals joined by +, ., implicit concatenation or a template's interpolated literal", () => {
    const tail = mix(24);
    // split inside the prefix
    expect(out(`const key = "sk_" + "live_${tail}";`, "a.ts")).toBe(`const key = "[REDACTED:stripe-key]";`);
    expect(out(`const key = "sk_live" + "_${tail}";`, "a.ts")).toBe(`const key = "[REDACTED:stripe-key]";`);
    expect(out(`t = "gh" + "p_${mix(36)}"`, "a.py")).toBe(`t = "[REDACTED:github-token]"`);
    expect(out(`const k = 'xo' + 'xb-123456789012-${mix(24)}';`, "a.js")).toBe(`const k = '[REDACTED:slack-token]';`);
    expect(out(`const key = "sk_live_" + "${tail}";`, "a.ts")).toBe(`const key = "[REDACTED:stripe-key]";`);
    expect(out(`const t = 'ghp_${mix(12)}' +\n  '${mix(24)}';`, "a.js")).toBe(`const t = '[REDACTED:github-token]';`);
    expect(out(`$t = "sk_live_" . "${tail}";`, "a.php")).toBe(`$t = "[REDACTED:stripe-key]";`);
    expect(out(`TOKEN = ("ghp_${mix(12)}"\n         "${mix(24)}")`, "a.py")).toBe(`TOKEN = ("[REDACTED:github-token]")`);
    expect(out(`const t = \`ghp_\${"${mix(36)}"}\`;`, "a.ts")).toBe(`const t = \`[REDACTED:github-token]"}\`;`);
    // an array of literals joined with "", a template inside a template, a template interpolating a template (h125)
    expect(out(`const k = ["sk_live_ab","${tail}"].join("");`, "a.ts")).toBe(`const k = ["[REDACTED:stripe-key]"].join("");`);
    expect(out(`k = "".join(["sk_live_ab", "${tail}"])`, "a.py")).toBe(`k = "".join(["[REDACTED:stripe-key]"])`);
    expect(out(`const k = \`\${\`sk_live_\${"${tail}"}\`}\`;`, "a.ts")).toBe(`const k = \`\${\`[REDACTED:stripe-key]"}\`}\`;`);
    expect(out(`const k = \`\${\`sk_live_\${"ab"}\`}${tail}\`;`, "a.ts")).toBe(`const k = \`\${\`[REDACTED:stripe-key]\`;`);
    expect(out(`const k = \`sk_live_\${\`${tail}\`}\`;`, "a.ts")).toBe(`const k = \`[REDACTED:stripe-key]\`}\`;`);
    expect(out(`const k = \`\${"sk_live_"}${tail}\`;`, "a.ts")).toBe(`const k = \`\${"[REDACTED:stripe-key]\`;`);
    // split inside the prefix across a template's hole, either side of it; a one-character literal (h136)
    expect(out(`const k = \`\${"sk_li"}ve_${tail}\`;`, "a.ts")).toBe(`const k = \`\${"[REDACTED:stripe-key]\`;`);
    expect(out(`const k = \`\${ 'sk_' }live_${tail}\`;`, "a.ts")).toBe(`const k = \`\${ '[REDACTED:stripe-key]\`;`);
    expect(out(`const k = \`sk_li\${"ve_${tail}"}\`;`, "a.ts")).toBe(`const k = \`[REDACTED:stripe-key]"}\`;`);
    expect(out(`const k = \`\${"sk_li"}\${"ve_${tail}"}\`;`, "a.ts")).toBe(`const k = \`\${"[REDACTED:stripe-key]"}\`;`);
    expect(out(`const t = \`gh\${"p_"}${mix(36)}\`;`, "a.ts")).toBe(`const t = \`[REDACTED:github-token]\`;`);
    expect(out(`const k = \`\${"s"}k_live_${tail}\`;`, "a.ts")).toBe(`const k = \`\${"[REDACTED:stripe-key]\`;`);
    expect(out(`const k = "s" + "k_live_${tail}";`, "a.ts")).toBe(`const k = "[REDACTED:stripe-key]";`);
    // a container named for credentials whose keys name providers (h125)
    expect(out(`secrets = { stripe: "Xk39fjLw02kdmQ" }`, "a.py")).toBe(`secrets = { stripe: "[REDACTED:api-token]" }`);
    expect(out(`const secrets = {\n  github: "Xk39fjLw02kdmQ",\n  region: "us-east-1",\n};\n`, "a.ts")).toBe(`const secrets = {\n  github: "[REDACTED:api-token]",\n  region: "us-east-1",\n};\n`);
    expect(out(`{ "credentials": { "openai": "q8Wnd93kLmx0" } }`, "a.json")).toBe(`{ "credentials": { "openai": "[REDACTED:api-token]" } }`);
    expect(out(`tokens:\n  slack: Xk39fjLw02kdmQ\nother:\n  slack: Zz93kLmx0q8W\n`, "ci.yml")).toBe(`tokens:\n  slack: [REDACTED:api-token]\nother:\n  slack: Zz93kLmx0q8W\n`);
    // a credential name's value split over joined literals is judged as the value they make, each piece its own span (h119)
    expect(out(`export const adminPassword = "Sp6u0cP" +\n  "2okVseakP";\n`, "a.ts")).toBe(`export const adminPassword = "[REDACTED:api-token]" +\n  "[REDACTED:api-token]";\n`);
    expect(out(`const apiKey = "Ab3x" + "Yz9Q" + "Lm2P" + "Wq7R";`, "a.ts")).toBe(`const apiKey = "[REDACTED:api-token]" + "[REDACTED:api-token]" + "[REDACTED:api-token]" + "[REDACTED:api-token]";`);
    expect(out(`db_password = "hunter" "2x"\n`, "a.py")).toBe(`db_password = "[REDACTED:api-token]" "[REDACTED:api-token]"\n`);
  });
  test("near misses stay (found on real files: an FTP anonymous login, words passed to an auth helper, minified one-letter variables)", () => {
    for (const [text, path] of <Array<[string, string]>>[
      [`$ftp->login("anonymous",'-anonymous@')`, "FTP.pm"], [`extractFieldFromWwwAuth(res, 'resource_metadata')`, "auth.js"],
      [`auth._parse_www_authenticate(response, "www-authenticate")`, "httplib2.py"], [`function f(a){let{type:e="JsExpressionRoot"}=a;return {token:e}}`, "babel.js"],
      [`new Client("user", "secretvalue")`, "a.ts"], [`login(user, password)`, "a.ts"], [`oauth("client", "${pw}")`, "a.ts"],
      [`["psql", "-h", "db", "-p", "5432"]`, "a.py"], [`["redis-cli", "-p", "6380"]`, "a.py"], [`set -euo pipefail\n`, "a.sh"], [`set token expiration\n`, "notes.tcl"],
      [`const k = ["sk_live_ab", "${mix(24)}"].join();`, "a.ts"], [`const k = ["sk_live_ab", "${mix(24)}"];`, "a.ts"], [`const k = \`\${"sk_live_"}\${x}${mix(24)}\`;`, "a.ts"], // joined with ",", not joined, a variable between
      [`const tokens = { github: "GitHub", google: "Sign in with Google", stripe: "STRIPE_KEY", aws: "\${AWS_KEY}" };`, "a.ts"], [`const secretsManager = { github: "Xk39fjLw02kdmQ" };`, "a.ts"], [`const config = { github: "Xk39fjLw02kdmQ" };`, "a.ts"],
      [`const a = "sk_" + name;`, "a.ts"], [`const password = "Enter your " + "password";`, "a.ts"], [`const token = "Bear" + "er";`, "a.ts"], [`const tokenPrefix = "abc" + "def" + suffix;`, "a.ts"], [`const b = "ghp_" + "short";`, "a.ts"], [`const c = "sk" + "ip";`, "a.ts"], [`const c = \`\${"sk_li"}ve_\${x}\`;`, "a.ts"], [`const s = \`\${"s"}k_live_short\`;`, "a.ts"], [`const s = \`ids\${"k_live_${mix(24)}"}\`;`, "a.ts"], [`lang = "sk" "_SK"`, "a.py"],
      [`new Client("user", "hunter22")`, "a.ts"], [`pool = new Pool("app", "Message2")`, "a.ts"], [`new Pool("db", "latin1_swedish")`, "a.ts"], [`new Client("api", "0a1b2c3d4e5f")`, "a.ts"], [`new Session("db", "user.name1")`, "a.ts"], [`<secret name="db"/>`, "a.xml"], [`password: ENC()\n`, "a.yml"],
    ]) expect({ text, kinds: kinds(text, path) }).toEqual({ text, kinds: [] });
  });
});

describe("hostile input never throws or hangs", () => {
  const blob = Buffer.from(Array.from({ length: 150_000 }, (_, i) => (i * 2654435761) >>> 24)).toString("base64");
  test("special tokens, emoji, CRLF, NUL, lone surrogates", () => {
    const text = `<|endoftext|>🔑 token = "${GHP}"\r\n\u0000\u0000password=\u0000${"🙂".repeat(20)}\r\n\uD800 "${ENTROPIC}" 👍🏽\u202E`;
    const result = redact(text);
    expect(result.text).toContain("<|endoftext|>🔑");
    expect(result.spans.map((s) => s.kind)).toEqual(["github-token", "high-entropy"]);
    expect(result.text).toContain("\r\n\u0000\u0000");
  });
  test("a 200 KB single-line base64 blob", () => {
    expect(blob.length).toBeGreaterThanOrEqual(200_000);
    expect(() => redact(blob)).not.toThrow();
    expect(redact(`const data = "${blob}";`).spans.map((s) => s.kind)).toEqual(["high-entropy"]);
    expect(() => redact(`data=${blob}`, { path: ".env" })).not.toThrow();
  });
  test("long runs of trigger fragments", () => {
    for (const unit of ["ghp_", "-eyJ", "eyJa.", "://a:", "sk-", "xoxb-", "password=", "a=b;", "token: '", '"', "<", "AKIA", "-----BEGIN PRIVATE KEY-----", "a b ",
      'login("a", "', '"sk_live_" + "', '`ghp_${"', '["mysql", "-p", ', "set password x\n", '<secret a="b">', "pw = 'x'\npassword: pw, ",
      '"sk" + "', "the password is ", "Pwd={", "Server=a;Pwd=", 'Client("a", "', "password=\\\n", "\"password is A1b2C3d4 "]) {
      const text = unit.repeat(Math.ceil(100_000 / unit.length));
      expect(() => findSecrets(text)).not.toThrow();
      expect(() => findSecrets(text, { path: ".env" })).not.toThrow();
    }
  });
  test("binary-ish text", () => {
    let s = "";
    for (let i = 0; i < 50_000; i++) s += String.fromCharCode((i * 7919) % 65536);
    expect(() => redact(s)).not.toThrow();
    expect(() => redact(s, { path: ".env" })).not.toThrow();
    expect(() => lineColumnOf(s, 12_345)).not.toThrow();
  });
});

describe("credentials only a file format's structure shows", () => {
  const der = (head: number[]) => Buffer.concat([Buffer.from(head), Buffer.from(b64(96))]).toString("base64");
  const PKCS8 = der([0x30, 0x82, 0x04, 0xbd, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x04, 0x82]);
  const PKCS12 = der([0x30, 0x82, 0x0a, 0x61, 0x02, 0x01, 0x03, 0x30, 0x82, 0x0a, 0x27, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]);
  const EC = der([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20]);
  const ENCRYPTED = der([0x30, 0x82, 0x05, 0x1c, 0x30, 0x4e, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0d, 0x30, 0x41]);
  const CERT = der([0x30, 0x82, 0x03, 0x77, 0x30, 0x82, 0x02, 0x5f, 0xa0, 0x03, 0x02, 0x01, 0x02]);
  const SPKI = der([0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82]);
  const PW = "Yb" + mix(18);
  const HEX = mix(32, "0123456789abcdef");

  test("each form: exactly the value", () => {
    for (const [text, path, secret, kind] of <Array<[string, string, string, SecretKind]>>[
      [`db:\n  password: |\n    ${PW}\n  user: app\n`, "config.yaml", PW, "api-token"], // a block scalar
      [`- name: db\n  api_key: >-\n    ${PW}\n`, "list.yml", PW, "api-token"],
      [`secret_key: |\n  ${PW.slice(0, 10)}\n  ${PW.slice(10)}\n`, "a.yaml", `${PW.slice(0, 10)}\n  ${PW.slice(10)}`, "api-token"], // wrapped over lines
      [`defaults:\n  token: &deploy ${PW}\nprod:\n  token: *deploy\n`, "a.yaml", PW, "api-token"], // an anchor before the value
      [`password: &pw |\n  ${PW}\n`, "a.yaml", PW, "api-token"],
      [`{"auths": {"registry.example.com": {"identitytoken": "${PW}"}}}`, "config.json", PW, "api-token"], // docker
      [`apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  DB_URL: ${b64(24)}=\n`, "secret.yaml", `${b64(24)}=`, "env-value"], // any key of a Secret's data
      [`kind: "Secret"\nstringData:\n  endpoint: "${PW}"\n`, "secret.yml", PW, "env-value"],
      [`deploy:$apr1$Qz8vLm2K$${b64(22).replace(/[+]/g, ".")}\n`, ".htpasswd", `$apr1$Qz8vLm2K$${b64(22).replace(/[+]/g, ".")}`, "env-value"],
      [`admin:${mix(13)}\n`, "conf/htpasswd", mix(13), "env-value"], // crypt(3), in the file named for it
      [`+ops:$2y$10$${mix(53).replace(/\d/g, "x")}\n`, "users.diff", `$2y$10$${mix(53).replace(/\d/g, "x")}`, "env-value"], // a bcrypt line anywhere (a diff line too)
      [`keystore: ${PKCS12}\n`, "tls.yaml", PKCS12, "pem-private-key"], // PKCS#12 in base64
      [`"key": "${PKCS8}"`, "sa.json", PKCS8, "pem-private-key"], // PKCS#8 without its armor
      [`ec: ${EC}\n`, "a.yaml", EC, "pem-private-key"],
      [`${ENCRYPTED.slice(0, 64)}\n${ENCRYPTED.slice(64)}\n`, "key.b64", `${ENCRYPTED.slice(0, 64)}\n${ENCRYPTED.slice(64)}`, "pem-private-key"], // wrapped
      [`{"key": "${PKCS8.slice(0, 64)}\\n${PKCS8.slice(64, 128)}\\n${PKCS8.slice(128)}\\n"}`, "k.json", `${PKCS8.slice(0, 64)}\\n${PKCS8.slice(64, 128)}\\n${PKCS8.slice(128)}`, "pem-private-key"], // wrapped with \n escapes
      [JSON.stringify({ outputs: { db_url: { value: PW, type: "string", sensitive: true } } }, null, 2), "terraform.tfstate", PW, "api-token"],
      [`client = Client("AC${mix(32, "0123456789abcdef")}", "${HEX}")`, "sms.py", HEX, "twilio-key"],
      [`<server>\n  <password>\n    ${PW}\n  </password>\n</server>`, "settings.xml", PW, "api-token"],
      [`env:\n- name: DB_PASSWORD\n  value: ${PW}\n`, "deploy.yaml", PW, "api-token"], // a credential name as a `name`, its `value` beside it
      [`env:\n  - name: "API_KEY"\n    value: "${PW}"\n`, "deploy.yaml", PW, "api-token"],
      [`{"environment": [{"name": "DB_PASSWORD", "value": "${PW}"}]}`, "task.json", PW, "api-token"], // ECS
      [`{"value": "${PW}", "name": "clientSecret"}`, "a.json", PW, "api-token"],
      [`{"values": [{"key": "apiToken", "value": "${PW}", "enabled": true}]}`, "dev.postman_environment.json", PW, "api-token"], // Postman
      [`"headers": [{"name": "X-Api-Key", "value": "${PW}"}]`, "session.har", PW, "api-token"], // HAR
      [`const hook = "https://api.telegram.org/bot123456789:AA${mix(33)}/sendMessage";`, "a.ts", `123456789:AA${mix(33)}`, "api-token"], // Telegram
      [`mg = Mailgun(key="key-${HEX}")`, "a.py", `key-${HEX}`, "api-token"],
      [`git clone https://${HEX}${HEX.slice(0, 8)}@github.com/org/repo.git`, "ci.sh", `${HEX}${HEX.slice(0, 8)}`, "connection-string"], // a classic 40-hex token as the URL's user
      [`remote = "https://${PW}Qz9x@gitlab.example.com/g/p.git"`, "a.toml", `${PW}Qz9x`, "connection-string"],
    ]) {
      const spans = findSecrets(text, { path });
      expect({ text, found: spans.map((s) => [s.kind, text.slice(s.start, s.end)]) }).toEqual({ text, found: [[kind, secret]] });
    }
    const hook = "https://discord" + ".com/api/webhooks/112233445566778899/" + mix(68, "aB3_cD9-eF1gH7iJ5kL2mN8x");
    expectOne(`POST ${hook} on failure`, "api-token", hook, "alerts.md");
    expectOne(`hook = "${hook.replace("discord", "ptb.discordapp")}"`, "api-token", hook.replace("discord", "ptb.discordapp"), "a.py");
    const teams = "https://contoso.webhook" + `.office.com/webhookb2/${mix(8)}@${mix(8)}/IncomingWebhook/${mix(32)}/${mix(12)}`;
    expectOne(`url: ${teams}\n`, "api-token", teams, "alerts.yaml");
  });

  test("near misses stay: prose blocks, anchors, a ConfigMap, /etc/passwd, certificates and public keys, plain outputs, a variable token", () => {
    for (const [text, path] of <Array<[string, string]>>[
      ["password: |\n  Enter the password your admin gave you\n", "help.yaml"], // prose, not one value
      ["password: |\nnext: 1\n", "a.yaml"], [`const doc = \`password: |\n  ${PW}\n\`;`, "a.ts"], // empty block; YAML inside code
      ["credentials: &default_credentials\n  user: app\n", "a.yaml"], ["api_token: *default_api_token_value\n", "a.yaml"], // an anchor on a mapping, an alias
      [`kind: ConfigMap\ndata:\n  DB_URL: ${b64(24)}=\n`, "cm.yaml"], [`kind: Secret\nmetadata:\n  name: db-credentials-v2\n`, "s.yaml"],
      ["root:x:0:0:root:/root:/bin/bash\n", "passwd"], ["# deploy:$apr1$…\n", ".htpasswd"],
      [`cert: ${CERT}\n`, "a.yaml"], [`pub: ${SPKI}\n`, "a.yaml"], [`MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${"u1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0"}`, "readme.md"],
      [JSON.stringify({ outputs: { region: { value: "us-east-1", type: "string" } } }), "terraform.tfstate"],
      [`client = Client("AC${mix(32, "0123456789abcdef")}", auth_token)`, "sms.py"], [`Client("AC${HEX}", "+15550100")`, "sms.py"], // an SID then a phone number
      ["see https://discord.com/api/webhooks/{id}/{token}", "a.md"], [`{"auths": {"r": {"identitytoken": ""}}}`, "config.json"],
      ["<password>\n  ${env.DB_PASSWORD}\n</password>", "settings.xml"], ["<token>\n  a word\n</token>", "a.xml"],
      [`pk_live_${mix(24)}`, "checkout.js"], // Stripe's publishable key is public by design
      [`env:\n- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef: { name: db, key: password }\n`, "deploy.yaml"], [`- name: LOG_LEVEL\n  value: ${PW}\n`, "deploy.yaml"],
      [`{"name": "monkey", "value": "${PW}"}`, "a.json"], [`{"key": "token.expired", "value": "Your session has expired"}`, "en.json"], [`{"key": "cacheKey", "value": "${PW}"}`, "a.json"], [`{"name": "DB_PASSWORD", "value": "\${DB_PASSWORD}"}`, "a.json"],
      [`timeout: 123456789:AA\n`, "a.yaml"], [`key-value store`, "README.md"],
      ["ssh://git@github.com/org/repo.git", "a.md"], ["https://deploy-bot-account-user@registry.example.com/v2/", "a.md"], ["https://${GITHUB_TOKEN}@github.com/o/r", "ci.yml"],
    ]) expect({ text, kinds: kinds(text, path) }).toEqual({ text, kinds: [] });
  });

  test("look-alikes of the listed formats stay: documentation placeholders, public keys, references", () => {
    for (const [text, path] of <Array<[string, string]>>[
      ["token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 (a JWT header alone)", "a.md"],
      ["DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=<your-key>;EndpointSuffix=core.windows.net", "a.md"],
      ["sk_" + "live_" + "x".repeat(24), "a.md"], ["SG." + "x".repeat(22) + "." + "x".repeat(43), "a.md"],
      ["postgres://user:password@localhost:5432/db", "a.md"], ["mongodb://localhost:27017/test", "a.md"], ["redis://localhost:6379/0", "a.md"],
      [`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${b64(43)} deploy@host`, "id_ed25519.pub"],
      ["-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----", "pub.pem"],
      ["<password></password>\n<password>${db.password}</password>", "settings.xml"], ["spring.datasource.password=${DB_PASSWORD}", "application.properties"],
      ["https://hooks.slack" + ".com/services/T00000000/B00000000/" + "X".repeat(24), "README.md"],
      ["https://discord" + ".com/api/webhooks/000000000000000000/" + "X".repeat(68), "README.md"],
      ["PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIDf\n", "key.ppk"],
      ['{"type": "service_account", "project_id": "my-project", "client_email": "x@my-project.iam.gserviceaccount.com"}', "sa.json"],
      ["_auth=${NPM_AUTH}\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n", ".npmrc"], ['{"auths": {"ghcr.io": {}}, "credsStore": "desktop"}', "config.json"],
      ["db_password = var.db_password\n", "main.tf"],
    ]) expect({ text, kinds: kinds(text, path) }).toEqual({ text, kinds: [] });
  });

  test("an .htpasswd file is a credential file", () => {
    expect(isCredentialFilePath("public/.htpasswd")).toBe(true);
    expect(isCredentialFilePath("docs/htpasswd.md")).toBe(false);
  });
});
