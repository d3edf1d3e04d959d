// The redaction canary: a repository with a planted secret of every kind the redactor
// knows (one committed then removed, so it lives in history and diffs) is served by one
// host (real socket), one MCP server (SDK client over stdio) and the CLI. Every registered
// operation is called on every surface it has, with parameters that reach the secrets, and
// no planted value may appear in any byte that comes back: CLI stdout/stderr (text and
// --json), MCP text, structuredContent and the server's stderr, RPC results and errors,
// svc/scope payload files — and none in the store at rest (`.svc/`, FTS vocabulary too). Besides
// assignments, the fixture holds credentials in commands, headers, SQL, key files and a symbol name.
// A refactor's staged `files[].content` is redacted too: apply puts the file's values back
// (the staged rename of the AWS key is applied, dry run, and must keep the real value).
// Proposed content and refactors that take a credential's name away from its value (`dbPassword` renamed `dbPw`) are
// called too: a type error or a staged diff quotes the value without the name, and the disk's value is no less a secret.
// A check session's id holding a token is stored under a digest (the store at rest is searched for it).
// The test walks the registry: an operation without canary parameters fails it.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../src/engine.ts";
import { sha256 } from "../src/ops/apply.ts";
import { findSecrets, type SecretKind } from "../src/text/redact.ts";
import { REGISTRY } from "../src/registry/index.ts";
import { namesByPath } from "../src/validate.ts";
import { runCli } from "../src/surfaces/cli/run.ts";
import { hostLogger } from "../src/surfaces/host/log.ts";
import { startHost, type RunningHost } from "../src/surfaces/host/server.ts";
import { CANARY, CONFIG_TS, PLANTED_KINDS, ROTATED_RENAMED_TS, SECRET_KINDS, canaryRepo, leaksIn, storeAtRest } from "./helpers/canary.ts";
import { cliArgv, runSvcAsync } from "./helpers/cli.ts";
import { rawClient, useRuntimeDir, type RawClient } from "./helpers/host.ts";

const MAIN = join(import.meta.dir, "..", "src", "main.ts");

type Params = Record<string, unknown>;
/** Operations whose structured result is the manifest of the files they emit, not their content. */
const MANIFEST_ONLY = new Set(["context", "review", "reduce", "focus", "changes", "fuse", "skeleton", "search", "ask", "toc"]);

/** A parameter set; `marker`: its answer must show a redaction marker (it reached a secret). */
interface Canary {
  params: Params;
  marker?: boolean;
}

/** Content with type errors quoting secret literals (one a vendor token, one a password whose name the message lacks): diagnostics must not echo them. */
const BAD_CONTENT = `${CONFIG_TS}export const n: "x" = "${CANARY.githubToken}";\nexport const db: { password: "x" } = { password: "${CANARY.checkPassword}" };\n`;

/** src/settings.ts with its password's name changed: the literal keeps no credential name, and a type error quotes it. */
const RENAMED_SETTINGS = `export const dbPw = "${CANARY.importedPassword}" as const;\nexport const seven: 7 = dbPw;\n`;

/** Renames whose staged file shows `shows` (markers on the renamed line) and must apply back to the disk's file, renamed. */
const RESTORED_RENAMES: Record<string, { file: string; shows: string }> = {
  AWS_ACCESS_KEY_ID: { file: "src/config.ts", shows: 'AWS_KEY_ID = "[REDACTED:' },
  connect: { file: "src/config.ts", shows: 'connectTo(url: string, token = "[REDACTED:github-token]")' },
  adminPassword: { file: "src/joined.ts", shows: 'adminPw = "[REDACTED:api-token]" +\n  "[REDACTED:api-token]"' },
};

/**
 * A password the index remembers after its name was renamed away (src/rotated.ts), typed by the caller: a query echoed in a
 * message, a structured result's `query` field or an error holds it with nothing around it that says it is a value.
 */
const TYPED = CANARY.renamedAwayWord;

/** The parts of found secrets that are secrets on their own (text/credential-parts.ts), typed alone: a credential URL's password, a connection string's. */
const TYPED_PARTS = [CANARY.urlPassword, CANARY.adoPassword];

/** Per operation, the calls that reach the planted secrets (`path` is added). */
function canaryParams(base: string): Record<string, Canary[]> {
  return {
    status: [{ params: {} }],
    index: [{ params: {} }],
    map: [{ params: {} }],
    doctor: [{ params: {} }],
    find: [
      { params: { query: "connect", kind: "signatures" }, marker: true },
      { params: { query: "connect", kind: "symbol" } },
      { params: { query: "AWS_ACCESS_KEY_ID", kind: "all" } },
      { params: { query: "deploy key token", kind: "text" } },
      // a line hit shows deploy/netrc.txt's `password …` line without its `machine` line: the file's secrets are taken out of it
      { params: { query: "password", kind: "text" }, marker: true },
      // line hits in files whose secrets only the whole file shows (a block scalar's line, a Secret's data line, a renamed dotenv file's line)
      { params: { query: "STAGING_SETTING", kind: "text" } }, { params: { query: "DB_URL", kind: "text" } }, { params: { query: "identitytoken", kind: "all" } },
      { params: { query: "keystore", kind: "config" } }, { params: { query: "deploy", kind: "text" } },
      // line hits on the new forms: a README sentence, a lone Pwd=…; line, a .properties value's continuation line, a client
      { params: { query: "staging password", kind: "text" }, marker: true }, { params: { query: "release train", kind: "text" }, marker: true }, { params: { query: "Pwd", kind: "text" } }, { params: { query: "db.password", kind: "text" } }, { params: { query: "new Client", kind: "text" } },
      // line hits on short values a password's name is given (src/short.ts, scripts/db.py, config/mail.yml)
      { params: { query: "smtp", kind: "text" } }, { params: { query: "connect admin", kind: "text" } },
      // line hits on short words a password flag or a `…Pass` name is given (scripts/deploy.sh, src/short.ts)
      { params: { query: "sshpass bastion", kind: "text" } }, { params: { query: "dbPass", kind: "all" } },
      // line hits on passwords whose names were renamed away on disk after the index saw them (src/rotated.ts)
      { params: { query: "STAGING_DB", kind: "text" } }, { params: { query: "releaseKeyword", kind: "all" } },
      // the remembered password typed as the query, alone and among words
      { params: { query: TYPED, kind: "all" } }, ...TYPED_PARTS.map((query) => ({ params: { query, kind: "all" } })), { params: { query: `where ${TYPED} is set`, kind: "text" } }, { params: { query: TYPED, kind: "symbol" } }, { params: { query: TYPED, kind: "task" } },
      // a password split over joined literals, a README's "with password `…`" (h119)
      { params: { query: "adminPassword", kind: "all" } }, { params: { query: "dashboard", kind: "text" }, marker: true },
      // a browser test's typed password, a test helper's login, an HTML password input, a README table's password column (h119)
      { params: { query: "getByLabel", kind: "text" }, marker: true }, { params: { query: "login page admin", kind: "text" } }, { params: { query: "tester", kind: "text" }, marker: true }, { params: { query: "input", kind: "text" } }, { params: { query: "basicHeader", kind: "all" } }, { params: { query: "fetch API_KEY", kind: "text" } }, { params: { query: "credentials admin", kind: "text" } },
      { params: { query: "connect", kind: "neighbors" } },
      { params: { query: "signing key configuration", kind: "task", changedSince: base } },
      // a value the error echoes clipped: redacted before the cut, which left the token's head
      { params: { query: "connect", kind: `${"k".repeat(50)}-${CANARY.clippedToken}` } },
    ],
    context: [{ params: { files: ["src/config.ts"] }, marker: true }, { params: { seeds: ["connect"] }, marker: true }, { params: { seeds: [TYPED] } }, { params: { seeds: TYPED_PARTS } }],
    review: [{ params: { changedSince: base }, marker: true }, { params: { changedSince: base, handoff: true }, marker: true }, { params: {}, marker: true }],
    apply: [{ params: { file: "src/config.ts", content: BAD_CONTENT, write: false } }],
    impact: [{ params: { symbol: "connect" } }, { params: { symbol: "AWS_ACCESS_KEY_ID" } }, { params: { symbol: TYPED } }, ...TYPED_PARTS.map((symbol) => ({ params: { symbol } }))],
    test: [{ params: { symbol: "connect" } }, { params: { symbol: `x ${TYPED}` } }],
    check: [{ params: { file: "src/config.ts", content: BAD_CONTENT }, marker: true }, { params: { session: "canary" } },
      // proposed content renames away the password's name its literal had on disk: a type error quotes the literal
      { params: { file: "src/settings.ts", content: RENAMED_SETTINGS }, marker: true }, { params: { session: CANARY.sessionToken } }],
    checkDelta: [{ params: { delta: true, session: "canary" } }],
    gate: [{ params: { since: base } }, { params: { since: `deploy/${CANARY.tagToken}` } }, { params: { since: TYPED } }], // src/typed.ts's type error quotes src/settings.ts's password; a ref whose name holds a token
    checkSession: [{ params: { session: "canary", full: true } }, { params: { session: CANARY.sessionToken } }],
    checkOverlay: [{ params: { file: "src/config.ts", content: BAD_CONTENT }, marker: true }, { params: { file: "src/settings.ts", content: RENAMED_SETTINGS }, marker: true }],
    checkCapture: [{ params: { file: "src/config.ts", content: BAD_CONTENT }, marker: true }, { params: { file: "src/settings.ts", content: RENAMED_SETTINGS }, marker: true }],
    openIndexed: [{ params: {} }],
    graph: [{ params: {} }, { params: { scopeMode: "changes", since: base } }, { params: { scopeMode: "search", query: TYPED } }],
    scope: [{ params: { mode: "focus", seed: "src/config.ts" }, marker: true }, { params: { mode: "changes", since: base }, marker: true }, { params: { mode: "focus", seed: TYPED } }, ...TYPED_PARTS.map((seed) => ({ params: { mode: "focus", seed } })), { params: { mode: "search", query: TYPED } }],
    explain: [{ params: { mode: "changes", since: base } }, { params: { mode: "changes", since: `deploy/${CANARY.tagToken}` } }],
    contextDiagnostics: [{ params: {} }],
    refactor: [
      { params: { operation: "rename", symbol: "AWS_ACCESS_KEY_ID", newName: "AWS_KEY_ID" }, marker: true },
      // the renamed line holds one of two github-token values: apply takes the one the line had (checked below)
      { params: { operation: "rename", symbol: "connect", newName: "connectTo" }, marker: true },
      // a password split over joined literals: the staged diff shows each piece as a marker, apply puts them back (checked below)
      { params: { operation: "rename", symbol: "adminPassword", newName: "adminPw" }, marker: true },
      // a rename takes the password's name away from its literal (`dbPw = "…"`), which src/typed.ts's type error quotes: the
      // verify gate's diagnostics must not show it (it read the new message as a new error and quoted it), nor the staged diff;
      // apply could not tell the marker on the renamed line is the value, so the refactor abstains (checked below)
      { params: { operation: "rename", symbol: "dbPassword", newName: "dbPw" } },
      // the same for a value under 8 characters (`DB_PASSWORD = "zorb7"` in src/short.ts): the diff's `-` line does not give it away
      { params: { operation: "rename", symbol: "DB_PASSWORD", newName: "DB_PW" } },
      { params: { operation: "rename", symbol: TYPED, newName: "y" } },
    ],
    refactorRpc: [
      { params: { request: { operation: "rename", symbol: "GITHUB", newName: "GITHUB_TOKEN" } } },
      { params: { request: { operation: "rename", symbol: "SLACK", newName: "SLACK_TOKEN" } }, marker: true },
      { params: { request: { operation: "rename", symbol: "dbPassword", newName: "dbPw" } } },
      { params: { request: { operation: "rename", symbol: "DB_PASSWORD", newName: "DB_PW" } } },
    ],
    reduce: [{ params: { files: ["src/config.ts", ".env", ".npmrc", "src/legacy.ts"] }, marker: true },
      { params: { files: ["scripts/deploy.sh", "deploy/netrc.txt", "db/init.sql", "Dockerfile", "deploy/kubeconfig.yaml", "src/routes.ts"] }, marker: true }, { params: { content: CONFIG_TS, extension: ".ts" }, marker: true },
      { params: { files: ["scripts/mail.py", "src/pool.ts", "config/db-credentials.properties", "src/split.ts", "src/settings.ts", "src/rotated.ts"] }, marker: true },
      { params: { files: ["config/staging.txt", "config/service.yaml", "deploy/docker-config.json", "deploy/db-secret.yaml", ".htpasswd", "deploy/keystore.yaml", "docs/alerts.md", "scripts/sms.py", "config/settings.xml", "infra/terraform.tfstate", "deploy/app.yaml", "scripts/mirror.sh"] }, marker: true },
      { params: { files: ["notebooks/explore.ipynb", "assets/app.js.map", "infra/prod.tfvars", "deploy/docker-auth.json", "assets/bundle.min.js", "deploy/service-account.json"] }, marker: true },
      // a README's sentence, an Azure SQL password in braces, a lone Pwd=…; line, a continued .properties value, a client's random password, a prefix split
      { params: { files: ["src/joined.ts", "docs/setup.md", "e2e/login.spec.ts", "public/login.html", "docs/accounts.md", "src/basic.ts", "config/app.rb"] }, marker: true },
      { params: { files: ["docs/staging.md", "config/appsettings.json", "config/db-notes.txt", "config/app.properties", "src/client.ts", "src/split-prefix.ts", "src/notice.ts"] }, marker: true },
      // h125: an array joined with "", a template inside a template, a container named for secrets; an algorithm after "password"
      { params: { files: ["src/contrived.ts", "docs/auth.md"] }, marker: true },
      // h136: a dotenv file's export lines, package.json's publishConfig token, an AWS credentials file, an OpenSSH key, git's credential store, a subscript's password, RubyGems' credentials, Vault's token file
      { params: { files: [".env.production", "package.json", "deploy/aws/credentials", "deploy/id_ed25519", ".git-credentials", "scripts/env.py", "deploy/gem/credentials", "deploy/.vault-token"] }, marker: true }],
    toc: [{ params: {} }],
    ask: [{ params: { task: "where are the signing key and the deploy token configured" } }, { params: { task: `where is ${TYPED} released` } }],
    skeleton: [{ params: {} }, { params: { format: "json" } }],
    focus: [{ params: { focus: "src/config.ts" }, marker: true }, { params: { focus: TYPED } }, ...TYPED_PARTS.map((focus) => ({ params: { focus } }))],
    search: [{ params: { query: "github token connect" } }, { params: { query: TYPED } }, ...TYPED_PARTS.map((query) => ({ params: { query } }))],
    changes: [{ params: { changedSince: base, review: true }, marker: true }, { params: { changedSince: base, format: "json" }, marker: true },
      { params: { changedSince: `deploy/${CANARY.tagToken}`, review: true }, marker: true }], // a ref whose name holds a token
    fuse: [{ params: { changedSince: base }, marker: true }, { params: { query: "connect token" } }, { params: { query: TYPED } }],
  };
}

describe("redaction canary", () => {
  let root: string;
  let base: string;
  let host: RunningHost;
  let token: string;
  let rpc: RawClient;
  let mcp: { callTool: (req: { name: string; arguments: Params }, schema?: unknown, options?: { timeout?: number }) => Promise<Record<string, unknown>>; close: () => Promise<void> };
  let mcpStderr = "";
  let hostLog = "";
  const outputs: { where: string; text: string; marker: boolean }[] = [];
  let rpcId = 0;

  beforeAll(async () => {
    const runtime = useRuntimeDir();
    ({ root, base } = canaryRepo());
    await call("index", { path: root }, { cwd: root });
    // the passwords' names renamed away on disk once the index has seen them: every surface re-reads the file
    writeFileSync(join(root, "src/rotated.ts"), ROTATED_RENAMED_TS);
    hostLog = join(runtime, "host.log");
    host = await startHost({ root, idleMinutes: 0, log: hostLogger(hostLog, true) });
    rpc = await rawClient(host.socket);
    rpc.send({ jsonrpc: "2.0", id: ++rpcId, method: "svc/handshake" });
    token = (await rpc.next()).result.sessionToken;
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--no-install", MAIN, "mcp", "serve"],
      cwd: root,
      env: { ...(process.env as Record<string, string>), SVC_RUNTIME_DIR: runtime, NO_COLOR: "1" },
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk: Buffer) => (mcpStderr += chunk.toString()));
    const client = new Client({ name: "canary", version: "1" });
    await client.connect(transport);
    mcp = client as unknown as typeof mcp;
  }, 120_000);

  afterAll(async () => {
    await mcp?.close();
    rpc?.close();
    await host?.stop("test done");
    delete process.env.SVC_RUNTIME_DIR;
  });

  test("the fixture plants every kind the redactor knows", () => {
    expect([...PLANTED_KINDS].sort()).toEqual([...SECRET_KINDS].sort());
    const files: Record<string, string> = { "src/config.ts": readFileSync(join(root, "src/config.ts"), "utf8"), ".env": readFileSync(join(root, ".env"), "utf8") };
    const found = new Set(Object.entries(files).flatMap(([path, text]) => findSecrets(text, { path }).map((s) => s.kind)));
    expect([...found].sort()).toEqual([...SECRET_KINDS].sort());
  }, 120_000);

  test("every registered operation on every surface: no planted value in any output", async () => {
    const table = canaryParams(base);
    const missing = REGISTRY.filter((spec) => !table[spec.op]?.length).map((spec) => spec.op);
    expect(missing).toEqual([]); // a new operation needs canary parameters here
    let calls = 0;
    const reached = new Set<string>();
    const surfaces = REGISTRY.flatMap((spec) => [
      ...(spec.cli ? [`${spec.op} cli`] : []),
      ...(spec.mcp ?? []).map((b) => `${spec.op} ${b.tool}`),
      ...(spec.rpc ?? []).map((m) => `${spec.op} ${m}`),
    ]);
    for (const spec of REGISTRY) {
      for (const { params, marker = false } of table[spec.op]!) {
        const label = `${spec.op} ${JSON.stringify(params).slice(0, 80)}`;
        if (spec.cli) {
          for (const json of [false, true]) {
            const argv = cliArgv(spec, { ...params, path: root });
            if (!argv) continue;
            const out: string[] = [];
            const code = await runCli([...argv, ...(json ? ["--json"] : []), "--cwd", root], { out: (t) => out.push(t), err: (t) => out.push(t), errIsTty: false });
            calls++;
            reached.add(`${spec.op} cli`);
            // --json of a fusion operation prints its manifest (the content, with its markers, is the text checked without --json)
            outputs.push({ where: `cli ${argv.join(" ").slice(0, 100)}${json ? " --json" : ""} (exit ${code})`, text: out.join("\n"), marker: marker && !(json && MANIFEST_ONLY.has(spec.op)) });
          }
        }
        for (const binding of spec.mcp ?? []) {
          if (binding.params && Object.keys(params).some((k) => !binding.params!.includes(k))) continue;
          const args: Params = { ...params, path: root, ...(binding.action ? { action: binding.action } : {}) };
          for (const key of Object.keys(binding.fixed ?? {})) delete args[key];
          const result = await mcp.callTool({ name: binding.tool, arguments: args }, undefined, { timeout: 300_000 });
          calls++;
          reached.add(`${spec.op} ${binding.tool}`);
          const restored = spec.op === "refactor" ? RESTORED_RENAMES[String(params.symbol)] : undefined;
          if (restored) {
            // the staged content shows markers; apply puts the file's own values back (the renamed line's own, where the file holds several of its kind)
            const staged = (result.structuredContent as { files?: { file: string; content: string; expectedHash: string }[] } | undefined)?.files ?? [];
            const file = staged.find((f) => f.file === restored.file)!;
            expect(file.content).toContain(restored.shows);
            const dry = await call("apply", { path: root, file: file.file, content: file.content, expectedHash: file.expectedHash });
            const expected = readFileSync(join(root, restored.file), "utf8").replace(new RegExp(`\\b${params.symbol}\\b`, "g"), String(params.newName));
            expect((dry.data as { hash: string }).hash).toBe(sha256(expected));
          }
          const text = JSON.stringify(result);
          // a rename that takes a password's name away from its value: verified (no new error), then abstains as apply could not put
          // the value back — unless the index remembers the value (text/remembered-secrets.ts): then answers show it as a marker
          // wherever it stands and apply puts it back; `zorb7` is under the floor of what is remembered
          if (spec.op === "refactor" && params.symbol === "DB_PASSWORD") expect(text).toContain("would hold a secret (");
          if (spec.op === "refactor" && params.symbol === "dbPassword") {
            const staged = (result.structuredContent as { files?: { file: string; content: string; expectedHash: string }[] } | undefined)?.files ?? [];
            const settings = staged.find((f) => f.file === "src/settings.ts")!;
            expect(settings.content).toContain('dbPw = "[REDACTED:');
            const dry = await call("apply", { path: root, file: settings.file, content: settings.content, expectedHash: settings.expectedHash });
            expect((dry.data as { hash: string }).hash).toBe(sha256(readFileSync(join(root, "src/settings.ts"), "utf8").replaceAll("dbPassword", "dbPw")));
          }
          outputs.push({ where: `mcp ${binding.tool} ${label}`, text, marker });
        }
        for (const method of spec.rpc ?? []) {
          rpc.send({ jsonrpc: "2.0", id: ++rpcId, method, params: { sessionToken: token, ...params } });
          const reply = await rpc.next(300_000);
          calls++;
          reached.add(`${spec.op} ${method}`);
          let payload = "";
          if (reply?.result?.payloadPath) payload = readFileSync(reply.result.payloadPath, "utf8");
          outputs.push({ where: `rpc ${method} ${label}`, text: JSON.stringify(reply) + payload, marker });
        }
      }
    }
    // the CLI as users run it (a child process writing to real stdout/stderr), for the diff-heavy answers
    for (const argv of [["review", root, "--changed-since", base], ["review", root, "--changed-since", base, "--json"], ["changes", base, root, "--review"], ["reduce", "--path", root, "--files", "src/config.ts", ".env", "scripts/db.sh"]]) {
      const run = await runSvcAsync(argv, { cwd: root });
      calls++;
      outputs.push({ where: `cli process ${argv.join(" ")} (exit ${run.code})`, text: `${run.stdout}\n${run.stderr}`, marker: true });
    }
    outputs.push({ where: "mcp server stderr", text: mcpStderr, marker: false });
    console.log(`redaction canary: ${calls} calls over ${REGISTRY.length} operations and ${surfaces.length} operation-surface pairs`);
    expect(surfaces.filter((s) => !reached.has(s))).toEqual([]); // every operation was called on every surface it has
    const leaks = outputs.flatMap((o) => leaksIn(o.text).map((name) => `${o.where}: ${name}`));
    expect(leaks).toEqual([]);
    // a marker is whole: one kind of SECRET_KINDS, never a marker redacted again (`[REDACTED:[REDACTED:api-token]`)
    const broken = outputs.flatMap((o) => [...o.text.matchAll(/\[REDACTED:([^\]\\"]*)/g)].filter((m) => !SECRET_KINDS.includes(m[1] as SecretKind)).map((m) => `${o.where}: ${m[0]}`));
    expect(broken).toEqual([]);
    const unreached = outputs.filter((o) => o.marker && !o.text.includes("[REDACTED:")).map((o) => o.where);
    expect(unreached).toEqual([]);
    // together the answers show a marker of every kind: the calls did reach every secret
    const all = outputs.map((o) => o.text).join("\n");
    expect(SECRET_KINDS.filter((kind) => !all.includes(`[REDACTED:${kind}]`))).toEqual([]);
    // the secret that lives only in history came back as a removed diff line, redacted
    expect(all).toContain('-export const LEGACY_TOKEN = \\"[REDACTED:github-token]\\";');
    // an algorithm's name after the password's word is shown (h125: "As a user, hash the password `bcrypt`" was a marker)
    expect(all).toContain("hash the password `bcrypt` before");
    expect(calls).toBeGreaterThan(80);
  }, 900_000);

  test("a path, ref or seed shown with a redaction marker, passed back, is refused as such on every operation that takes one", async () => {
    // a file or tag whose name holds a token is shown as `[REDACTED:github-token]`; the marker names nothing svc can find
    const taken: string[] = [];
    for (const spec of REGISTRY) {
      for (const param of spec.params.filter(namesByPath)) {
        const marked = param.shape === "ref" ? "deploy/[REDACTED:github-token]" : param.name === "path" ? join(root, "[REDACTED:github-token]") : "notes/[REDACTED:github-token].txt";
        const request: Params = { path: root };
        for (const other of spec.params) if (other.required) request[other.name] = other.type === "string[]" ? ["x"] : other.type === "enum" ? other.values![0] : other.type === "int" ? (other.min ?? 1) : "x";
        request[param.name] = param.type === "string[]" ? [marked] : marked;
        const message = await call(spec.op, request, { cwd: root }).then(() => "answered", (e: Error) => e.message);
        taken.push(`${spec.op} ${param.name}: ${message.includes("holds a redaction marker") && message.includes("[REDACTED:github-token]") ? "refused" : message.slice(0, 160)}`);
      }
    }
    expect(taken.length).toBeGreaterThan(20);
    expect(taken.filter((t) => !t.endsWith(": refused"))).toEqual([]);
  }, 300_000);

  test("svc/diagnostics reports the secrets of .env and .npmrc (locations, never values)", async () => {
    rpc.send({ jsonrpc: "2.0", id: ++rpcId, method: "svc/diagnostics", params: { sessionToken: token } });
    const { result } = await rpc.next(120_000);
    const env = result.secrets.filter((s: { path: string }) => s.path === ".env");
    expect(env.map((s: { kind: string; startLine: number }) => `${s.kind}@${s.startLine}`)).toEqual(["env-value@0", "env-value@1"]);
    expect(result.secrets.filter((s: { path: string }) => s.path === ".npmrc").length).toBeGreaterThan(0);
    expect(leaksIn(JSON.stringify(result))).toEqual([]);
  }, 120_000);

  test("the store at rest holds no planted value and is private (.svc 0700, svc.db/-wal/-shm 0600); nor does the host log", () => {
    const store = join(root, ".svc");
    const { files, fileLeaks, terms } = storeAtRest(root, leaksIn);
    expect(fileLeaks).toEqual([]);
    const logged = readFileSync(hostLog, "utf8");
    expect(logged).toContain("serving");
    expect(leaksIn(logged)).toEqual([]);
    expect(terms.length).toBeGreaterThan(10);
    expect(leaksIn(terms.join("\n"))).toEqual([]);
    expect(statSync(store).mode & 0o777).toBe(0o700);
    for (const name of ["svc.db", "svc.db-wal", "svc.db-shm"]) {
      const path = join(store, name);
      if (name === "svc.db" || files.includes(path)) expect({ name, mode: statSync(path).mode & 0o777 }).toEqual({ name, mode: 0o600 });
    }
  }, 120_000);
});
