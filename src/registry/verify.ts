// Registry rows that verify a change before it is written: covering tests (and candidate
// races), typechecks of proposed content, the hooks' session delta and gate, and the
// compiler-executed refactor with its host side.

import { CHECK_PATHS_CAP, PATH_PARAM, SOURCE_CAP } from "../params.ts";
import { REFACTOR_OPERATIONS } from "../refactor/operations.ts";
import { bool, INDEX_STATE, int, obj, str, WORKSPACE_PATH, type OperationSpec } from "./spec.ts";
import { MIN_BUDGET } from "../params.ts";

/** The refactors that act on one declaration (symbol, containingType); organize-imports and apply-codefix act on a file. */
const SYMBOL_OPERATIONS = REFACTOR_OPERATIONS.filter((op) => op !== "organize-imports" && op !== "apply-codefix");

/** The most candidates a race takes. */
const RACE_CAP = 5;
/** svc_test: one test file's run (testing/run-files.ts FileRun) and its tests (testing/test-cases.ts TestCase). */
const TEST_CASE = obj({ title: str, status: { type: "string", enum: ["pass", "fail", "skip"] }, file: str, line: { type: ["integer", "null"] }, lineFrom: { type: ["string", "null"], enum: ["report", "title", null] }, message: { type: ["string", "null"] } }, ["title", "status", "file", "line", "lineFrom", "message"]);
const TEST_FILE_RUN = obj(
  {
    path: str,
    hop: int,
    outcome: { type: "string", enum: ["pass", "fail", "timeout", "not_run"] },
    exitCode: { type: ["integer", "null"] },
    ms: int,
    message: { type: ["string", "null"] },
    cases: { type: ["array", "null"], items: TEST_CASE },
    graded: { type: ["string", "null"], enum: ["per_test", "exit_code", null] },
    gradeNote: { type: ["string", "null"] },
  },
  ["path", "hop", "outcome", "exitCode", "ms", "message", "cases", "graded", "gradeNote"],
);

export const VERIFY_OPERATIONS: readonly OperationSpec[] = [
  {
    op: "test",
    catalog: "A",
    readOnly: true,
    summary: "Covering tests of a declaration, run with the workspace's test runner (failures first)",
    description:
      "The test files that reach one declaration (Name, Type.member or path:line) through references or imports, nearest first (hop), at most limit, each run with the workspace's runner (bun test, vitest, jest, mocha, ava, node --test; from package.json, or svc.json testCommand), cwd = the workspace root, a timeout per file. Per-test results from the runner's report (JUnit, JSON or TAP, in a private temporary file): a failure names the test's full title, file:line and message; a file whose report could not be read is graded by its exit code and says so. Failing files first. `none reach it` only when every file that could reference the symbol is in a loaded TypeScript project (else `none found; partial:` naming the files outside); the selection alone, said plainly, when no runner is installed. MCP only: candidates races 2..5 proposed edits (overlay typecheck, then the covering tests in an isolated copy each; winner, tie or none; time-boxed by budgetSeconds, default 120; nothing written). Structured `status` is the symbol's lookup (ok, ambiguous), not the tests' outcome: that is `grade` and `counts`.",
    mcp: [{ tool: "svc_test" }],
    cli: { command: "test" },
    params: [
      { name: "symbol", type: "string", required: true, description: "The declaration: Name, Type.member, or path:line as answers print it.", emptyMessage: "symbol must name a declaration (Name, Type.member or path:line)", cli: { positional: true } },
      WORKSPACE_PATH,
      { name: "limit", type: "int", default: 20, min: 1, max: 200, description: "Test files selected and run (nearest first)." },
      {
        name: "candidates",
        type: "object[]",
        default: null,
        maxItems: RACE_CAP,
        maxLength: RACE_CAP * SOURCE_CAP + 64 * 1024,
        items: { type: "object", properties: { id: { type: "string", maxLength: 64 }, file: { type: "string" }, content: { type: "string", maxLength: SOURCE_CAP } }, required: ["file", "content"], additionalProperties: false },
        description:
          "Candidate racing: 2..maxCandidates proposed single-file edits {id?, file, content} (content = the file's complete proposed text). Each is typechecked on the overlay; each that introduces no error runs the covering tests in its own isolated temporary copy of the workspace (installed node_modules linked). The winner is the one candidate passing the most covering test files; equal best is reported as a tie with no winner. Nothing is written to the workspace.",
        cli: false,
      },
      { name: "maxCandidates", type: "int", default: 4, min: 2, max: RACE_CAP, appliesWith: { param: "candidates" }, description: "Racing: the most candidates accepted.", cli: false },
      { name: "budgetSeconds", type: "int", default: 120, min: 1, max: 1800, appliesWith: { param: "candidates" }, description: "Racing: the time budget of the whole race (typechecks and test runs); the answer states it and the time used; a candidate cut by it means no winner.", cli: false },
    ],
    output: obj({ root: str, indexState: INDEX_STATE, status: str, symbol: { type: "object" }, candidates: { type: "array" }, nearest: { type: "array" }, grade: str, runner: { type: ["object", "null"] }, reason: { type: ["string", "null"] }, counts: { type: "object" }, tests: { type: "array", items: TEST_FILE_RUN }, race: { type: "object", properties: { budgetMs: int, elapsedMs: int, selected: int, leftOut: { type: "array", items: str }, candidates: { type: "array" }, verdict: { type: "object", properties: { status: { type: "string", enum: ["winner", "tie", "none"] }, winner: { type: ["string", "null"] }, tied: { type: "array" }, basis: { type: ["string", "null"] }, reason: str } } } } }, ["root", "status"]),
    load: async () => (await import("../ops/test.ts")).test as never,
  },
  {
    op: "check",
    catalog: "A",
    readOnly: true,
    summary: "Typecheck a proposed edit before writing it, or the session delta of diagnostics",
    description:
      "Single-file mode (file + content): typechecks the proposed content of one file against its project without writing it — the file's diagnostics and the errors the edit introduces in files that import it (checked for up to 4 s: any left unchecked are named and the answer is partial, never clean; partial too when the project's config failed to load in part, e.g. an `extends` not installed, naming it) — first line the verification grade (resident, cold, or cannot verify (abstain): reason), `clean: no errors in <file>` when clean; errors come with repair packets (the compiler's fixes as `apply:` lines, nearest member names, candidate imports, callee signatures). Delta mode (session, no content): the diagnostics introduced and resolved since the session's baseline (the first call sets it; markGreen resets it; full lists every current diagnostic). Only introduced errors are yours; pre-existing ones never count.",
    mcp: [{ tool: "svc_check" }],
    params: [
      WORKSPACE_PATH,
      { name: "file", type: "string", default: null, shape: "path", description: "Single-file mode: the file the edit changes (root-relative, or absolute inside the workspace)." },
      { name: "content", type: "string", default: null, maxLength: SOURCE_CAP, rawText: true, description: "Single-file mode: the complete proposed content of the file." },
      { name: "session", type: "string", shape: "sessionId", default: null, description: "Delta mode: the check session id (1–128 chars of A-Za-z0-9._:-); the first call stores its baseline." },
      { name: "markGreen", type: "bool", default: false, appliesWith: { param: "session" }, description: "Delta mode: reset the session's baseline to the diagnostics present now." },
      { name: "full", type: "bool", default: false, appliesWith: { param: "session" }, description: "Delta mode: also list every current diagnostic." },
    ],
    output: obj({ mode: { type: "string", enum: ["file", "delta"] }, file: str, grade: str, gradeLine: str, clean: bool, diagnostics: { type: "array" }, dependentDiagnostics: { type: "array" }, repairs: { type: "array" }, configProblems: { type: "array" }, resident: bool, session: str, introduced: { type: "array" }, resolved: { type: "array" } }, ["mode"]),
    load: async () => (await import("../ops/check.ts")).check as never,
  },
  {
    op: "checkDelta",
    catalog: "host",
    readOnly: true,
    summary: "Hook: the serving host's diagnostics delta since the session baseline (silent when none; always exit 0)",
    description:
      "For agent hooks after an edit: asks the host serving the root for the session delta and prints `svc: N introduced, M resolved` and the lines only when something changed. Never builds or loads anything itself; silent with exit 0 when no host serves the root; always exit 0.",
    cli: { command: "check" },
    params: [
      PATH_PARAM,
      { name: "delta", type: "bool", default: false, description: "Report the session delta (required; the single-file check is the svc_check MCP tool)." },
      { name: "fast", type: "bool", default: false, description: "Look for the host for 150 ms instead of 500 ms." },
      { name: "session", type: "string", shape: "sessionId", default: "hook", description: "The check session id." },
    ],
    load: async () => (await import("../ops/check-cli.ts")).checkDelta as never,
  },
  {
    op: "gate",
    catalog: "host",
    readOnly: true,
    summary: "Exit 1 while the change has introduced compiler errors (listed on stderr)",
    description:
      "For pre-commit and agent stop hooks: exit 1 when introduced errors remain, listing them on stderr; exit 0 otherwise (pre-existing errors never block). With a serving host: its session delta. Without one (or with --since, or when the session has no baseline yet: a baseline taken by the gate itself would make any change pass): the errors present now but not at the ref in the changed files and every file importing them, from the ref's content of the changed files overlaid in one engine instance, time-boxed by SVC_GATE_TIMEOUT_MS (default 60000); with --staged: the commit the index would make against HEAD — against HEAD's first parent when the pre-commit hook runs for `git commit --amend` (told by the git process running the hook; SVC_GATE_AMEND=1 or 0 says so where processes cannot be read, and then a pass is one against both). A comparison over a project whose config failed to load in part (an `extends` not installed) is partial, not ok: it names the config and exits 0. A gate that cannot run says so on stderr in one line and exits 0 unless --strict (the pre-commit hook runs `svc gate --staged --strict`: it fails closed).",
    cli: { command: "gate" },
    params: [
      PATH_PARAM,
      {
        name: "session",
        type: "string",
        default: "hook",
        shape: "sessionId",
        // the host's session is what a gate without --since and --staged compares with; with either it would be ignored
        appliesWith: [{ param: "staged", values: ["false"] }, { param: "since", unset: true }],
        description: "The check session id (with a serving host; not with --since or --staged).",
      },
      { name: "since", type: "string", shape: "ref", default: null, description: "Compare with this git ref instead of the host's session (default without a host: HEAD)." },
      { name: "staged", type: "bool", default: false, description: "Check exactly what will be committed: the index's content of every staged file against HEAD (HEAD's first parent for `git commit --amend`, told by the git process running the hook); unstaged edits and untracked files are left out (the installed pre-commit hook passes it)." },
      { name: "strict", type: "bool", default: false, description: "Exit 1 also when the gate cannot run (no engine, timeout); the installed pre-commit hook passes it." },
    ],
    load: async () => (await import("../ops/check-cli.ts")).gate as never,
  },
  {
    op: "checkSession",
    catalog: "host",
    readOnly: false,
    summary: "The session delta of the resident engine (the first call stores the baseline)",
    description: "Current whole-workspace diagnostics of the resident engine against the session's stored baseline: {resident, baselineAt, introduced, resolved}.",
    rpc: ["svc/check"],
    params: [
      WORKSPACE_PATH,
      { name: "session", type: "string", shape: "sessionId", default: "hook", description: "The check session id." },
      { name: "markGreen", type: "bool", default: false, description: "Reset the baseline to now." },
      { name: "full", type: "bool", default: false, description: "Also return every current diagnostic." },
      { name: "paths", type: "string[]", default: null, maxItems: CHECK_PATHS_CAP, maxLength: 4096, description: "Root-relative paths to judge: `unheld` lists those no loaded TypeScript project holds, whose errors no delta shows (svc gate asks about the sources changed since HEAD)." },
      { name: "staged", type: "bool", default: false, description: "Instead of the session's delta: `svc gate --staged`'s comparison (the commit the index would make against HEAD) on the resident engine, as `staged: {ran, introduced, preExisting, checked…}`; the session is neither read nor set." },
      { name: "timeoutMs", type: "int", default: 60000, min: 1, max: 600000, appliesWith: { param: "staged", values: ["true"] }, description: "The staged comparison's time box (svc gate passes its SVC_GATE_TIMEOUT_MS)." },
      { name: "indexFile", type: "string", default: null, maxLength: 4096, appliesWith: { param: "staged", values: ["true"] }, description: "The index file git gave the pre-commit hook (GIT_INDEX_FILE under `git commit -a` or `git commit <paths>`): an absolute path inside the repository's git directory, read instead of the repository's own index (any other path is refused)." },
      { name: "amend", type: "bool", default: false, appliesWith: { param: "staged", values: ["true"] }, description: "The commit replaces HEAD (`git commit --amend`, as the pre-commit hook's process tells): compared with HEAD's first parent (a root commit: the empty tree) instead of HEAD." },
    ],
    load: async () => (await import("../ops/check-session.ts")).checkSession as never,
  },
  {
    op: "checkOverlay",
    catalog: "host",
    readOnly: true,
    summary: "Check proposed content of one file on the resident engine",
    description: "The resident engine's diagnostics of one file with proposed content overlaid, and the errors it introduces in direct dependents: {hasResident, diagnostics, dependentDiagnostics}.",
    rpc: ["svc/checkOverlay"],
    params: [
      WORKSPACE_PATH,
      { name: "file", type: "string", required: true, shape: "path", description: "Root-relative file." },
      { name: "content", type: "string", default: null, maxLength: SOURCE_CAP, rawText: true, description: "Proposed content (required; may be empty)." },
      { name: "dependents", type: "bool", default: true, description: "Also check direct dependents for introduced errors." },
    ],
    load: async () => (await import("../ops/check-overlay.ts")).checkOverlay as never,
  },
  {
    op: "checkCapture",
    catalog: "host",
    readOnly: true,
    summary: "Check proposed content of one file on an engine loaded for this call",
    description: "The cold path: load the owning project on demand (not held resident) and check the overlay: {available, reason?, diagnostics}.",
    rpc: ["svc/checkCapture"],
    params: [
      WORKSPACE_PATH,
      { name: "file", type: "string", required: true, shape: "path", description: "Root-relative file." },
      { name: "content", type: "string", default: null, maxLength: SOURCE_CAP, rawText: true, description: "Proposed content (required; may be empty)." },
    ],
    load: async () => (await import("../ops/check-overlay.ts")).checkCapture as never,
  },
  {
    op: "refactor",
    catalog: "A",
    readOnly: true,
    summary: "Compiler-executed refactor: a verified, staged diff (never written) or an abstention",
    description:
      "Compiler-executed refactor, staged and never written: the TypeScript language service computes the edits, they are applied in memory, the edited files and their dependents are re-checked, and the result comes back only when no new error appears — a unified diff per file plus, per file, {file, expectedHash, content} to write with svc_workspace action=apply (write=true). Otherwise `cannot <operation>: <reason naming the sites>` (ambiguous symbol → pass containingType or file; a colliding name → the error it would introduce). Operations: rename (symbol, newName; containingType/file disambiguate), add-parameter (symbol, parameterName, parameterType, argument: appended to the signature of the function or method and of its whole interface family, the argument passed at every call; abstains on a rest parameter, overloads, spread arguments or a use as a value such as a callback or bind), remove-parameter (symbol, parameterName; abstains when the body uses it or a call passes a side-effecting argument), reorder-parameters (symbol, newOrder; abstains on spread arguments and calls omitting moved arguments), extract-interface (symbol = the class, newName default I<Class>: an interface of its public instance members declared before it, the class implements it; abstains when it has none), move-to-file (symbol = a top-level declaration, newName = the new file, default <folder>/<Name><ext>: moved with its comment, exported, its imports re-created, the source file imports it back when it still uses it, every import and re-export of it from the source file rewritten; a new file has expectedHash \"absent\" (apply refuses one that has appeared); abstains when it uses module-private names), organize-imports (file), apply-codefix (file, diagnosticId such as TS2304: the engine's fix on each occurrence in the file). A staged change over maxTokens comes in pages (call again with the same parameters and page=2, 3, … as paged.next says): verified only as a whole, so apply every file of every page. Minutes cold for a widely used member.",
    mcp: [{ tool: "svc_refactor" }],
    params: [
      WORKSPACE_PATH,
      { name: "operation", type: "enum", values: REFACTOR_OPERATIONS, default: "rename", description: `The refactor: ${REFACTOR_OPERATIONS.join(", ")}.` },
      { name: "symbol", type: "string", default: null, appliesWith: { param: "operation", values: SYMBOL_OPERATIONS }, description: "rename and the parameter operations: the declaration (Name, Type.member, or path:line as answers print it)." },
      { name: "file", type: "string", default: null, shape: "path", description: "The file (root-relative): where the symbol is declared (disambiguates), or the file organize-imports and apply-codefix act on." },
      { name: "newName", type: "string", default: null, appliesWith: { param: "operation", values: ["rename", "extract-interface", "move-to-file"] }, description: "rename: the new identifier; extract-interface: the interface's name (default I<Class>); move-to-file: the new file, root-relative (default <folder>/<Name><ext>)." },
      { name: "containingType", type: "string", default: null, appliesWith: { param: "operation", values: SYMBOL_OPERATIONS }, description: "The class, interface or namespace declaring the symbol (disambiguates a member name)." },
      { name: "parameterName", type: "string", default: null, appliesWith: { param: "operation", values: ["add-parameter", "remove-parameter"] }, description: "add-parameter/remove-parameter: the parameter's name." },
      { name: "parameterType", type: "string", default: null, appliesWith: { param: "operation", values: ["add-parameter"] }, description: "add-parameter: the new parameter's type (default unknown; none in JavaScript files)." },
      { name: "argument", type: "string", default: null, appliesWith: { param: "operation", values: ["add-parameter"] }, description: "add-parameter: the expression passed at every call site (default undefined)." },
      { name: "newOrder", type: "string", default: null, appliesWith: { param: "operation", values: ["reorder-parameters"] }, description: "reorder-parameters: every parameter name once, comma-separated, in the new order." },
      { name: "diagnosticId", type: "string", default: null, appliesWith: { param: "operation", values: ["apply-codefix"] }, description: "apply-codefix: the diagnostic code, TS2304 or 2304." },
      { name: "maxTokens", type: "int", default: null, min: MIN_BUDGET, description: `Token budget of the answer (MCP: 20000 when not set; none over RPC). A staged change over it comes in pages: the first answer is page 1 with the summary (files, counts, the verification) and paged.next; the rest come from the staging this process keeps (never recomputed), with the same parameters and page.` },
      { name: "page", type: "int", default: null, min: 1, description: "A page (1, 2, …) of a staged change answered in pages, as paged.next names it, served from the kept staging (never recomputed); same parameters and maxTokens as the first call. Refused when the workspace changed since the staging (other than by applying its files): then re-run without page. The change is verified only as a whole: apply every file of every page." },
    ],
    overBudget: "no parameter of svc_refactor narrows a change (every site of a rename goes together): the host's svc/refactor RPC method returns a change of any size",
    output: obj({ operation: str, status: { type: "string", enum: ["staged", "refused"] }, reason: str, files: { type: "array" }, diffs: { type: "array" }, checked: int, grade: str, verified: bool, configProblems: { type: "array" }, style: { type: "object" }, unreached: { type: "array", items: str }, keptName: { type: "array" }, paged: { type: "object" } }, ["operation", "status"]),
    load: async () => (await import("../ops/refactor.ts")).refactor as never,
  },
  {
    op: "refactorRpc",
    catalog: "host",
    readOnly: true,
    summary: "Run an svc_refactor request on the resident engine",
    description: "The host's side of svc_refactor: the request (svc_refactor's parameters) runs on the resident engine; the answer is {output, files?} (output is the tool's text).",
    rpc: ["svc/refactor"],
    params: [WORKSPACE_PATH, { name: "request", type: "object", required: true, description: "The svc_refactor parameters (operation, symbol, newName, file, …)." }],
    load: async () => (await import("../ops/refactor.ts")).refactorRpc as never,
  },
];
