// End to end, with the real TypeScript engine, real git and a real host socket: the hook
// loop through the CLI (baseline, introduce, check --delta, gate, fix), the Claude hook
// commands run by sh, gate without a host, and a git commit blocked by `svc hook install`.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { loadBaseline } from "../../src/check/sessions.ts";
import { HostClient } from "../../src/host/client.ts";
import { endpointFor } from "../../src/host/endpoint.ts";
import { installHook } from "../../src/install/hook-install.ts";
import { claudeHookCommands } from "../../src/install/mcp-install.ts";
import { startHost, type RunningHost } from "../../src/surfaces/host/server.ts";
import { runSvc, runSvcAsync } from "../helpers/cli.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { git, gitRepo, writeFiles } from "../helpers/repo.ts";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler" }, include: ["src/**/*.ts"] });
const ORDER = "export class Order {\n  total = 0;\n  add(amount: number): number {\n    return this.total + amount;\n  }\n}\n";
const USE = 'import { Order } from "./order";\nexport const sum = (o: Order): number => o.add(1) + o.total;\n';
/** An error the repository already has: it must never block. */
const LEGACY = "export const legacy: number = 'not a number';\n";

function project(): string {
  return gitRepo({ "tsconfig.json": TSCONFIG, "src/order.ts": ORDER, "src/use.ts": USE, "src/legacy.ts": LEGACY });
}

const sh = (command: string, cwd: string, env: Record<string, string>) => {
  const r = Bun.spawnSync(["sh", "-c", command], { cwd, env: { ...process.env, NO_COLOR: "1", ...env }, stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
};

const shAsync = async (command: string, cwd: string, env: Record<string, string>) => {
  const child = Bun.spawn(["sh", "-c", command], { cwd, env: { ...process.env, NO_COLOR: "1", ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
};

describe("hook loop through the CLI with a host", () => {
  let runtime: string;
  let root: string;
  let host: RunningHost;
  beforeAll(async () => {
    runtime = useRuntimeDir();
    root = project();
    host = await startHost({ root, idleMinutes: 0, log: () => {} });
  }, 120_000);
  afterAll(async () => {
    await host.stop("test done");
  });

  test("baseline, introduce an error, check --delta prints it, gate exits 1, fix it, gate exits 0; the Claude hooks turn that into exit 2", async () => {
    const env = { SVC_RUNTIME_DIR: runtime, CLAUDE_PROJECT_DIR: root };
    const hooks = claudeHookCommands();
    // First call: the baseline (with the pre-existing error), nothing printed.
    expect(await runSvcAsync(["check", "--delta"], { cwd: root, env })).toMatchObject({ code: 0, stdout: "" });
    expect(await runSvcAsync(["gate"], { cwd: root, env })).toMatchObject({ code: 0 });
    expect(await shAsync(hooks.check, root, env)).toMatchObject({ code: 0, stdout: "", stderr: "" });

    writeFiles(root, { "src/use.ts": USE.replace("o.total", "o.totl") });
    const delta = await runSvcAsync(["check", "--delta", "--fast"], { cwd: root, env });
    expect(delta.code).toBe(0);
    expect(delta.stdout).toMatch(/^svc: 1 introduced, 0 resolved \(session hook, baseline .+\)\n {2}introduced: Error TS2551 src\/use\.ts:2:55 Property 'totl' does not exist on type 'Order'/);
    expect(delta.stdout).not.toContain("legacy");
    const gate = await runSvcAsync(["gate"], { cwd: root, env });
    expect(gate.code).toBe(1);
    expect(gate.stderr).toMatch(/^svc gate: 1 introduced error \(session hook, baseline .+\); fix it before finishing:\n {2}Error TS2551 src\/use\.ts:2:55/);
    expect(gate.stderr).not.toContain("legacy");
    // The Claude hooks: the delta and the gate's errors on stderr with exit 2.
    const post = await shAsync(hooks.check, root, env);
    expect(post.code).toBe(2);
    expect(post.stderr).toContain("introduced: Error TS2551");
    const stop = await shAsync(hooks.gate, root, env);
    expect(stop.code).toBe(2);
    expect(stop.stderr).toContain("Error TS2551 src/use.ts:2:55");
    // A handoff is refused while the check session has the introduced error.
    const handoff = await runSvcAsync(["review", "--handoff"], { cwd: root, env });
    expect(handoff.code).toBe(1);
    expect(handoff.stdout).toMatch(/^handoff refused: the change since HEAD leaves 1 introduced error unresolved \(check session 'hook', baseline .+\)\. Fix it .*\n {2}Error TS2551 src\/use\.ts:2:55/);

    writeFiles(root, { "src/use.ts": USE });
    expect(await runSvcAsync(["gate"], { cwd: root, env })).toMatchObject({ code: 0, stdout: expect.stringMatching(/^svc gate: ok, no introduced errors \(session hook, .*; 1 pre-existing error not counted\)/) });
    expect(await runSvcAsync(["check", "--delta"], { cwd: root, env })).toMatchObject({ code: 0, stdout: "" });
    expect((await shAsync(hooks.gate, root, env)).code).toBe(0);
    const packet = await runSvcAsync(["review", "--handoff"], { cwd: root, env });
    expect(packet.code).toBe(0);
    expect(packet.stdout).toMatch(/compiler status: no introduced errors \(check session 'hook', baseline .+; 1 pre-existing error not counted\)/);
  }, 120_000);

  test("the session's ok names the changed files it never sees (a Python edit): its 'no introduced errors' is about TypeScript only", async () => {
    const env = { SVC_RUNTIME_DIR: runtime };
    expect(await runSvcAsync(["check", "--delta"], { cwd: root, env })).toMatchObject({ code: 0 });
    writeFiles(root, { "tool.py": "def f(:\n" });
    try {
      const gate = await runSvcAsync(["gate", "--json"], { cwd: root, env });
      expect(JSON.parse(gate.stdout)).toMatchObject({ mode: "session", note: "1 other changed file not checked (not TypeScript or JavaScript: tool.py)" });
      expect((await runSvcAsync(["gate"], { cwd: root, env })).stdout).toMatch(/^svc gate: ok, no introduced errors \(session hook, baseline [^;]+; 1 other changed file not checked \(not TypeScript or JavaScript: tool\.py\)/);
      expect((await runSvcAsync(["review", "--handoff"], { cwd: root, env })).stdout).toMatch(/compiler status: no introduced errors \(check session 'hook', baseline [^;]+; 1 other changed file not checked \(not TypeScript or JavaScript: tool\.py\)/);
    } finally {
      rmSync(join(root, "tool.py"));
    }
  }, 120_000);

  test("the session's gate names a changed file importing a git-ignored one (the host's engine read it from disk)", async () => {
    const env = { SVC_RUNTIME_DIR: runtime };
    expect(await runSvcAsync(["check", "--delta"], { cwd: root, env })).toMatchObject({ code: 0 });
    writeFiles(root, { ".git/info/exclude": "src/gen/\n", "src/gen/stamp.ts": "export const stamp = 1;\n", "src/stamped.ts": 'import { stamp } from "./gen/stamp";\nexport const n: number = stamp;\n' });
    git(root, "add", "src/stamped.ts");
    try {
      const gate = await runSvcAsync(["gate", "--json"], { cwd: root, env });
      expect(JSON.parse(gate.stdout)).toMatchObject({ mode: "session", passed: true, warnings: ["src/stamped.ts imports src/gen/stamp.ts (ignored by git): checked as the disk has it, which the commit does not carry"] });
      expect((await runSvcAsync(["gate"], { cwd: root, env })).stdout).toContain("\n  warning: src/stamped.ts imports src/gen/stamp.ts (ignored by git)");
    } finally {
      git(root, "rm", "-q", "-f", "src/stamped.ts");
      rmSync(join(root, "src/gen"), { recursive: true });
      writeFiles(root, { ".git/info/exclude": "" });
    }
  }, 120_000);

  test("a partial session gate (a changed file no loaded project holds, with an error the host never sees) names it, and blocks with --strict", async () => {
    const env = { SVC_RUNTIME_DIR: runtime };
    expect(await runSvcAsync(["check", "--delta"], { cwd: root, env })).toMatchObject({ code: 0 });
    writeFiles(root, { "other/o.ts": 'export const o: number = "s";\n' });
    try {
      const loose = await runSvcAsync(["gate", "--json"], { cwd: root, env });
      expect(loose.code).toBe(0);
      expect(JSON.parse(loose.stdout)).toMatchObject({ passed: true, mode: "session", note: "not checked: no loaded TypeScript project holds other/o.ts", unverified: ["other/o.ts"] });
      const strict = await runSvcAsync(["gate", "--strict"], { cwd: root, env });
      expect(strict.code).toBe(1);
      expect(strict.stderr).toMatch(/^svc gate: not verified, blocking because of --strict: no loaded TypeScript project holds the changed file other\/o\.ts, so the compiler never checked it \(the rest has no introduced errors: session hook, baseline /);
      expect(JSON.parse((await runSvcAsync(["gate", "--strict", "--json"], { cwd: root, env })).stdout)).toMatchObject({ passed: false, blocking: true, mode: "session", unverified: ["other/o.ts"] });
      // the handoff reads the same session: it names the file and does not call the change verified
      const handoff = (await runSvcAsync(["review", "--handoff"], { cwd: root, env })).stdout;
      expect(handoff).toMatch(/compiler status: partly verified: no introduced errors in the files checked \(check session 'hook', baseline [^;]+; not checked: no loaded TypeScript project holds other\/o\.ts; /);
    } finally {
      rmSync(join(root, "other"), { recursive: true });
    }
    expect((await runSvcAsync(["gate", "--strict"], { cwd: root, env })).code).toBe(0);
  }, 120_000);

  test("a session with no baseline yet is no pass: the gate compares with HEAD and takes no baseline", async () => {
    const env = { SVC_RUNTIME_DIR: runtime };
    writeFiles(root, { "src/use.ts": USE.replace("o.total", "o.totl") });
    try {
      for (let i = 0; i < 2; i++) {
        const gate = await runSvcAsync(["gate", "--session", "fresh", "--json"], { cwd: root, env });
        expect(gate.code).toBe(1);
        const data = JSON.parse(gate.stdout);
        expect({ passed: data.passed, mode: data.mode, introduced: data.introduced.map((d: { path: string; code: string }) => `${d.path} ${d.code}`) }).toEqual({ passed: false, mode: "ref", introduced: ["src/use.ts TS2551"] });
      }
      expect(loadBaseline(root, "fresh")).toBeNull();
    } finally {
      writeFiles(root, { "src/use.ts": USE });
    }
  }, 120_000);
});

describe("the host's warm-up", () => {
  test("sets the hook session's baseline before any edit: the agent's first edit is counted, pre-existing errors are not", async () => {
    const runtime = useRuntimeDir();
    const root = project();
    const host = await startHost({ root, idleMinutes: 0, log: () => {} });
    try {
      await host.checksWarm;
      expect(loadBaseline(root, "hook")?.diags.map((d) => `${d.code} ${d.path}`)).toEqual(["TS2322 src/legacy.ts"]);
      writeFiles(root, { "src/use.ts": USE.replace("o.total", "o.totl") });
      // The very first delta call after the edit already reports it.
      const delta = await runSvcAsync(["check", "--delta", "--fast"], { cwd: root, env: { SVC_RUNTIME_DIR: runtime } });
      expect(delta.stdout).toMatch(/^svc: 1 introduced, 0 resolved \(session hook, baseline .+\)\n {2}introduced: Error TS2551 src\/use\.ts:2:55/);
    } finally {
      await host.stop("test done");
    }
  }, 120_000);
});

describe("a handoff of committed work with a host running", () => {
  test("the session's baseline, taken after the reviewed commits, never vouches for them: the packet compares with the review's base and refuses the error they introduced", async () => {
    const runtime = useRuntimeDir();
    const root = project();
    // the change under review is a commit made before the host started: its error is already in the hook baseline
    writeFiles(root, { "src/use.ts": USE.replace("o.total", "o.totl") });
    git(root, "add", "-A");
    git(root, "commit", "-qm", "break use");
    const host = await startHost({ root, idleMinutes: 0, log: () => {} });
    try {
      await host.checksWarm;
      expect(loadBaseline(root, "hook")?.diags.map((d) => `${d.code} ${d.path}`).sort()).toEqual(["TS2322 src/legacy.ts", "TS2551 src/use.ts"]);
      const env = { SVC_RUNTIME_DIR: runtime };
      const packet = await runSvcAsync(["review", "--handoff", "--changed-since", "HEAD~1"], { cwd: root, env });
      expect(packet.code).toBe(1);
      expect(packet.stdout).toMatch(/^handoff refused: the change since HEAD~1 leaves 1 introduced error unresolved \(errors present now but not at HEAD~1: 1 changed file and their dependents, \d+ files? checked \(check session 'hook' not used: the change since HEAD~1 holds commits, which its baseline may already hold\)\)/);
      expect(packet.stdout).toContain("Error TS2551 src/use.ts:2:55");
      // the working tree's change against HEAD is the session's to answer
      const tree = await runSvcAsync(["review", "--handoff"], { cwd: root, env });
      expect(tree.stdout).toMatch(/compiler status: no introduced errors \(check session 'hook', baseline .+; 2 pre-existing errors not counted\)/);
    } finally {
      await host.stop("test done");
    }
  }, 120_000);
});

describe("check --delta while the change's reach is still being rechecked", () => {
  // show.ts reaches price() two imports away (through label's inferred type): the first delta after the edit has it pending.
  const PRICE = "export function price(): number {\n  return 1;\n}\nexport const label = () => price();\n";
  const LABEL = 'import { label } from "./price";\nexport const shown = () => label();\n';
  const SHOW = 'import { shown } from "./label";\nexport const fixed: string = shown().toFixed(2);\n';
  test("never silent: it waits for the recheck and prints the error found two imports away (or says it is not final)", async () => {
    const runtime = useRuntimeDir();
    const root = gitRepo({ "tsconfig.json": TSCONFIG, "src/price.ts": PRICE, "src/label.ts": LABEL, "src/show.ts": SHOW });
    const host = await startHost({ root, idleMinutes: 0, log: () => {} });
    try {
      await host.checksWarm;
      writeFiles(root, { "src/price.ts": PRICE.replace("price(): number {\n  return 1;", 'price(): string {\n  return "1";') });
      const delta = await runSvcAsync(["check", "--delta", "--fast"], { cwd: root, env: { SVC_RUNTIME_DIR: runtime } });
      expect(delta.code).toBe(0);
      expect(delta.stdout).toMatch(/^svc: 1 introduced, 0 resolved \(session hook, baseline .+\)\n {2}introduced: Error TS2551 src\/show\.ts:2|^svc: not final: /);
      await runSvcAsync(["check", "--delta"], { cwd: root, env: { SVC_RUNTIME_DIR: runtime } }); // settled: show.ts has the error
      // the fix: show.ts's cached error is out of date until rechecked; the hook waits rather than print it as introduced
      writeFiles(root, { "src/price.ts": PRICE });
      const fixed = await runSvcAsync(["check", "--delta", "--fast"], { cwd: root, env: { SVC_RUNTIME_DIR: runtime } });
      expect(fixed.stdout).not.toContain("introduced: Error TS2551");
    } finally {
      await host.stop("test done");
    }
  }, 120_000);
});

describe("without a host", () => {
  test("a socket that takes the connection and never answers: check --delta says it did not run (exit 0), never silence read as clean", async () => {
    const runtime = useRuntimeDir();
    const root = project();
    const ep = endpointFor(root, { create: true });
    // a process listening on the host's socket path that never answers the handshake (a busy or wedged host)
    const holder = Bun.spawn([process.execPath, "-e", `Bun.listen({ unix: ${JSON.stringify(ep.socket)}, socket: { data() {} } }); setInterval(() => {}, 1000);`], { stdout: "ignore", stderr: "pipe" });
    try {
      for (let i = 0; i < 400 && !(await HostClient.open(ep.socket, 1000).then((c) => (c.close(), true), () => false)); i++) await Bun.sleep(50);
      const delta = await runSvcAsync(["check", "--delta", "--fast"], { cwd: root, env: { SVC_RUNTIME_DIR: runtime } });
      expect(delta).toMatchObject({ code: 0, stdout: "" });
      expect(delta.stderr).toContain(`check --delta did not run: a host socket for ${root} took the connection but the handshake did not come back`);
    } finally {
      holder.kill();
      await holder.exited;
      delete process.env.SVC_RUNTIME_DIR;
    }
  }, 120_000);

  test("gate compares with HEAD: introduced errors exit 1, pre-existing ones never block, a fix passes", () => {
    const runtime = useRuntimeDir();
    const env = { SVC_RUNTIME_DIR: runtime };
    const root = project();
    expect(runSvc(["gate"], { cwd: root, env }).code).toBe(0);
    writeFiles(root, { "src/order.ts": ORDER.replace("amount: number): number", "amount: number, note: string): number"), "src/legacy.ts": `${LEGACY}// touched\n` });
    const red = runSvc(["gate"], { cwd: root, env });
    expect(red.code).toBe(1);
    expect(red.stderr).toMatch(/^svc gate: 1 introduced error \(since HEAD: 2 changed files and their dependents/);
    expect(red.stderr).toContain("Error TS2554 src/use.ts:2:44 Expected 2 arguments, but got 1.");
    expect(red.stderr).not.toContain("legacy");
    writeFiles(root, { "src/use.ts": USE.replace("o.add(1)", "o.add(1, 'x')") });
    const green = runSvc(["gate"], { cwd: root, env });
    expect(green.code).toBe(0);
    expect(green.stdout).toContain("1 pre-existing error not counted");
    // A slow engine is cut off and says so.
    writeFiles(root, { "src/use.ts": USE.replace("o.total", "o.totl") });
    const late = runSvc(["gate"], { cwd: root, env: { ...env, SVC_GATE_TIMEOUT_MS: "1" } });
    expect(late.code).toBe(0);
    expect(late.stderr).toContain("did not finish within 1 ms (SVC_GATE_TIMEOUT_MS); not blocking");
    expect(runSvc(["gate", "--strict"], { cwd: root, env: { ...env, SVC_GATE_TIMEOUT_MS: "1" } }).code).toBe(1);
  }, 120_000);

  test("svc hook install: a real git commit is blocked while the change introduces an error, allowed once it is fixed", async () => {
    const runtime = useRuntimeDir();
    const root = project();
    await installHook({ root, force: false });
    const env = { ...process.env, SVC_RUNTIME_DIR: runtime } as Record<string, string>;
    const commit = (message: string) => {
      git(root, "add", "-A");
      const r = Bun.spawnSync(["git", "-c", "user.email=t@example.com", "-c", "user.name=Test", "commit", "-qm", message], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
      return { code: r.exitCode, stderr: r.stderr.toString() };
    };
    writeFiles(root, { "src/use.ts": USE.replace("o.total", "o.totl") });
    const blocked = commit("breaks");
    expect(blocked.code).not.toBe(0);
    expect(blocked.stderr).toContain("Error TS2551 src/use.ts:2:55");
    expect(git(root, "log", "--format=%s")).toBe("initial\n");
    writeFiles(root, { "src/use.ts": USE.replace("o.add(1)", "o.add(2)") });
    expect(commit("fine").code).toBe(0);
    expect(git(root, "log", "--format=%s")).toBe("fine\ninitial\n");
    expect(readFileSync(join(root, ".git/hooks/pre-commit"), "utf8")).toContain(" gate");
  }, 120_000);
});
