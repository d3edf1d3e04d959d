// The store's schema. A store written with another SCHEMA_VERSION or EXTRACTION_VERSION is
// rebuilt from scratch (no migrations); the product version never forces a rebuild.

/** Bump on any change to tables, columns or indexes. */
export const SCHEMA_VERSION = 7; // 7: edges indexed by (to_file, type) and (to_symbol, type), not by to_file and to_symbol alone (a walk's query for a file's imports read every reference to it); 6: history_commits, history_commit_words (similar past commits)
/** Bump when extraction output changes meaning (new declaration kinds, tokenizer, FTS fields). */
export const EXTRACTION_VERSION = 25; // 25: a credential URL's password and a connection string's secret values remembered (secret_digests) on their own too, so the password typed alone is taken out of an answer (text/credential-parts.ts) (h142); 24: a vendor token split inside its prefix across a template's hole (`${"sk_li"}ve_…`) or after a one-character literal a password assigned through a subscript (`os.environ["DB_PASSWORD"] = "…"`), a Ruby symbol's YAML key (`:rubygems_api_key: …`) a RubyGems key by its prefix and Vault's ~/.vault-token whole (h136), and the forms h125 added without a bump — literals in an array joined with "", a template inside a template, a provider's key in a container named for secrets — redacted before storing; 23: a credential name's value split over joined literals (`adminPassword = "Sp6u0cP" + "2okVseakP"`) a password's word then its value in quotes or a code span with no verb ("Log in as `admin` with password `sunshine`"), a browser test's password typed into its field (`page.getByLabel("Password").fill("…")`), a test helper's login after its page (`login(page, "admin", "…")`), an HTML password input's value, a Markdown table's password column, a credentials' pair without code spans ("Default credentials: admin / …"), a Basic credential built in code (`btoa("user:…")`) and Ruby's `ENV.fetch("API_KEY") { "…" }` redacted before storing; 22: a config class's reads of its own options (`this.get('dbName')` in mikro-orm's Configuration) are config reads, and a lib type (`implements Record<…>`) or a framework's lifecycle hook is no service key; 21: curl's `-u` joined to its value (`curl -uadmin:sunshine`, `curl -sSfu …`) and a user and a password as a pair of code spans after a login ("Login with `admin` / `sunshine`") redacted before storing, and a value the index remembers as a secret (secret_digests) blanked wherever it stands; 20: TypeScript `using` as a plain identifier (`${using}`, `f(using)`) and members named `abstract` / `accessor` are read (the grammar lost every member after the first, or named the second after its type); 19: a command's password on a line a trailing `\` continues or after it (`curl -X POST \` then `-u admin:sunshine`), an account statement's over lines (`CREATE USER app` then `IDENTIFIED BY 'sunshine'`), lftp's `-u user,pass`, HTTPie's `-a user:pass` and a password after other pairs on its line (`username: admin, password: sunshine`) redacted before storing; 18: a password flag's, client's, .netrc entry's, SQL account statement's, sentence's, commented-out name's and camelCase `…Pass` name's short or word-like value (`sshpass -p 'letmein'`, `mysql -phunter2`, `password hunter2`, `IDENTIFIED BY 'hunter2'`, "the admin password is hunter2.", `// password: letmein`, `dbPass = "hunter2"`) redacted before storing; 17: a password's name's short or word-like value (`DB_PASSWORD = "hunter2"`, `secret: "topsecret"`, YAML `pass: letmein`) redacted before storing; 16: a credential in a sentence of a file that is no program (a README's "the staging password is …") or of a program's string literal, ODBC / Azure SQL values in braces (`Pwd={…;…}`) and `=` in a later pair's value, a lone `Pwd=…;` line, Java .properties values continued with a trailing backslash, a client made with a random password (`new Client("user", "…")`) and a vendor token split inside its prefix (`"sk_" + "live_…"`) redacted before storing; 15: a credential in a comment's prose or with a note after it (`// the old password was …`, `# pwd = … (rotated)`) redacted before storing; 14: YAML block scalars and anchors, a Kubernetes Secret's data, .htpasswd and crypt/bcrypt/apr1 hashes, private keys and PKCS#12 stores in base64 DER, Terraform sensitive outputs, Twilio auth tokens beside their SID, a credential name's value beside it (`- name: DB_PASSWORD` / `value: …`), Discord and Teams webhooks, Telegram bot tokens, Mailgun keys, a token as a URL's user (https://<40 hex>@github.com), docker identitytoken and a credential element whose value sits on its own line redacted before storing; 13: credentials by position (login("user", "…"), auth=("user", "…")), a credential name's variable's literal, credential-named INI files, .pgpass, YAML !!str, jasypt ENC()/DEC(), Tcl set / setx, attributed <secret> elements, database clients' argv lists and vendor tokens split over joined literals redacted before storing; 12: credentials in commands, headers, SQL, key files and names redacted before storing (curl -u, Authorization Basic/Token, .netrc, IDENTIFIED BY, Dockerfile ENV, commented-out values, client-key-data, a token inside a symbol name, a short letters-only value of scrambled case, a fallback or wrapped literal, JSON inside a string, <name>.env files); 11: XML attribute pairs (`<add key="Password" value="…"/>`) redacted before storing (10: the short-password detector and the credential-path filter; 9: `module.exports = { f() {} }` functions, `export default { m() {} }` methods)

export const TABLES = [
  "index_meta",
  "files",
  "symbols",
  "chunks",
  "imports",
  "edges",
  "routes",
  "di_bindings",
  "request_handlers",
  "config_keys",
  "wiring_unresolved",
  "wiring_facts",
  "check_sessions",
  "skipped_files",
  "history_files",
  "history_words",
  "history_cochange",
  "history_commits",
  "history_commit_words",
  "secret_digests",
] as const;

/** The semantic upgrade's walk records (src/semantic/walk-records.ts): created with the store, emptied by `--force`; not part of a store's digest. */
export const WALK_RECORD_TABLES = ["checker_walks", "checker_deps"] as const;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS index_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  language TEXT,
  size INTEGER NOT NULL,
  -- the change stamp (src/workspace/stamp.ts: the ctime), under its old name
  mtime_ms REAL NOT NULL,
  hash TEXT NOT NULL,
  is_test INTEGER NOT NULL DEFAULT 0,
  is_generated INTEGER NOT NULL DEFAULT 0,
  tokens INTEGER NOT NULL DEFAULT 0,
  lines INTEGER NOT NULL DEFAULT 0,
  parse_status TEXT NOT NULL DEFAULT 'none'
);
-- the files read only in part, and minified bundles (index/partial-files.ts: every "none" an answer claims names them)
CREATE INDEX IF NOT EXISTS files_parse ON files(parse_status, is_generated);
CREATE TABLE IF NOT EXISTS symbols (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  container TEXT,
  qualified_name TEXT NOT NULL,
  signature TEXT NOT NULL,
  exported INTEGER NOT NULL,
  visibility TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  start_offset INTEGER NOT NULL,
  end_offset INTEGER NOT NULL,
  body_start INTEGER,
  body_end INTEGER
);
CREATE INDEX IF NOT EXISTS symbols_file ON symbols(file_id);
-- name lookups rank by exported: (name, exported) lets them scan the index alone
CREATE INDEX IF NOT EXISTS symbols_name ON symbols(name COLLATE NOCASE, exported);
CREATE INDEX IF NOT EXISTS symbols_qname ON symbols(qualified_name COLLATE NOCASE, exported);
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  symbol_id INTEGER REFERENCES symbols(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  signature TEXT NOT NULL,
  comments TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  tokens INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_file ON chunks(file_id);
CREATE INDEX IF NOT EXISTS chunks_symbol ON chunks(symbol_id);
CREATE TABLE IF NOT EXISTS imports (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  specifier TEXT NOT NULL,
  kind TEXT NOT NULL,
  names TEXT NOT NULL,
  type_only INTEGER NOT NULL,
  line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS imports_file ON imports(file_id);
CREATE TABLE IF NOT EXISTS edges (
  id INTEGER PRIMARY KEY,
  from_file INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  to_file INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  from_symbol INTEGER REFERENCES symbols(id) ON DELETE CASCADE,
  to_symbol INTEGER REFERENCES symbols(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  weight REAL NOT NULL,
  confidence REAL NOT NULL,
  evidence_line INTEGER,
  provenance TEXT NOT NULL,
  key TEXT
);
CREATE INDEX IF NOT EXISTS edges_from ON edges(from_file);
-- by target and type: the walks ask for a file's imports and re-exports, or a declaration's heirs and re-exports, among
-- every edge pointing at it (~30,000 references at mikro-orm's core Utils.ts); a query by target alone uses the prefix
CREATE INDEX IF NOT EXISTS edges_to_type ON edges(to_file, type);
CREATE INDEX IF NOT EXISTS edges_from_symbol ON edges(from_symbol);
CREATE INDEX IF NOT EXISTS edges_to_symbol_type ON edges(to_symbol, type);
CREATE INDEX IF NOT EXISTS edges_type_key ON edges(type, key);
-- Wiring (src/wiring): rows are rebuilt from wiring_facts by the link pass after every sync.
-- file_id/line: the registration site; *_file_id/_line/_symbol: the declaration it resolves to.
CREATE TABLE IF NOT EXISTS routes (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  method TEXT NOT NULL,
  pattern TEXT NOT NULL,
  handler TEXT,
  line INTEGER,
  framework TEXT,
  provenance TEXT NOT NULL,
  local_pattern TEXT,
  handler_file_id INTEGER,
  handler_line INTEGER,
  handler_symbol TEXT,
  chain TEXT,
  detail TEXT
);
CREATE TABLE IF NOT EXISTS di_bindings (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  token TEXT NOT NULL,
  implementation TEXT,
  line INTEGER,
  framework TEXT,
  provenance TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'provide',
  consumer TEXT,
  detail TEXT,
  impl_file_id INTEGER,
  impl_line INTEGER,
  impl_symbol TEXT,
  impl_kind TEXT
);
CREATE TABLE IF NOT EXISTS request_handlers (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  request TEXT NOT NULL,
  handler TEXT,
  line INTEGER,
  framework TEXT,
  provenance TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'handle',
  kind TEXT,
  sender TEXT,
  detail TEXT,
  handler_file_id INTEGER,
  handler_line INTEGER,
  handler_symbol TEXT,
  request_file_id INTEGER,
  request_line INTEGER
);
CREATE TABLE IF NOT EXISTS config_keys (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  role TEXT NOT NULL,
  line INTEGER,
  provenance TEXT NOT NULL,
  source TEXT,
  symbol TEXT,
  detail TEXT
);
CREATE TABLE IF NOT EXISTS wiring_unresolved (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  line INTEGER
);
-- checked: the checker's answers about the facts' names (semantic upgrade), NULL until it walks the file.
CREATE TABLE IF NOT EXISTS wiring_facts (
  file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
  facts TEXT NOT NULL,
  checked TEXT
);
CREATE TABLE IF NOT EXISTS skipped_files (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  reason TEXT NOT NULL
);
-- The repository's history (src/history): per path, decayed weights kept on a growing scale
-- (index_meta history_scale; see src/history/update.ts), so an update only adds.
CREATE TABLE IF NOT EXISTS history_files (path TEXT PRIMARY KEY, commits REAL NOT NULL, last_ordinal INTEGER NOT NULL, last_time INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS history_words (word TEXT NOT NULL, path TEXT NOT NULL, weight REAL NOT NULL, PRIMARY KEY (word, path)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS history_words_path ON history_words(path);
CREATE TABLE IF NOT EXISTS history_cochange (path TEXT NOT NULL, other TEXT NOT NULL, weight REAL NOT NULL, PRIMARY KEY (path, other)) WITHOUT ROWID;
-- The last commits one by one (HISTORY.similarCommitsKept, by ordinal): how many message words and
-- paths (a JSON array) each has, and its words inverted, for "similar past commits" (src/history/signals.ts).
CREATE TABLE IF NOT EXISTS history_commits (ordinal INTEGER PRIMARY KEY, words INTEGER NOT NULL, paths TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS history_commit_words (word TEXT NOT NULL, ordinal INTEGER NOT NULL, PRIMARY KEY (word, ordinal)) WITHOUT ROWID;
-- The semantic upgrade's walk records (src/semantic/walk-records.ts), created with the store so that
-- its first run takes no DDL while readers connect the full-text tables.
CREATE TABLE IF NOT EXISTS checker_walks (path TEXT PRIMARY KEY, surface TEXT NOT NULL, global INTEGER NOT NULL, shape TEXT NOT NULL, unresolved INTEGER NOT NULL, edges TEXT NOT NULL, tally TEXT NOT NULL DEFAULT '');
-- The walked files with imports that did not resolve, which every references/impact answer weighs (graph/unresolved-gaps.ts):
-- the tally is the row's last column, after its edges, so finding them without this index read every record whole
-- (mikro-orm: ~20 MB of edges, 5-25 ms of each answer on a new connection).
CREATE INDEX IF NOT EXISTS checker_walks_unresolved ON checker_walks(path, tally) WHERE unresolved = 1 OR tally <> '{"relative":0,"packages":[]}';
CREATE TABLE IF NOT EXISTS checker_deps (from_path TEXT NOT NULL, to_path TEXT NOT NULL, PRIMARY KEY (to_path, from_path)) WITHOUT ROWID;
-- Values once found to be secrets, by digest (never the value): taken out of answers wherever they show again, after
-- the context that made them secrets is gone (text/remembered-secrets.ts). Not derived from the tree as it is: kept
-- through re-extraction, \`svc index --force\` and a rebuild of another extraction version.
CREATE TABLE IF NOT EXISTS secret_digests (digest TEXT PRIMARY KEY, length INTEGER NOT NULL, kind TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS check_sessions (
  session TEXT PRIMARY KEY,
  baseline TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;

/** Full-text tables (only when the SQLite build has FTS5). Rowids are files.id / chunks.id. */
export const FTS_SQL = `
CREATE VIRTUAL TABLE IF NOT EXISTS files_fts USING fts5(
  types, members, path, subtokens, comments, body, stems,
  content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2 tokenchars ''_$'''
);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
  name, subtokens, comments, body, stems,
  content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2 tokenchars ''_$''', detail=column
);
`;
