import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeHookCommands, installMcp, mergeCodexToml } from "../../src/install/mcp-install.ts";
import { VERSION } from "../../src/version.ts";
import { runSvc } from "../helpers/cli.ts";
import { gitRepo, writeFiles } from "../helpers/repo.ts";

const read = (root: string, path: string) => JSON.parse(readFileSync(join(root, path), "utf8"));

describe("svc mcp install", () => {
  test("writes each client's project config, merging with other servers, idempotently", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    writeFiles(root, { ".mcp.json": JSON.stringify({ mcpServers: { other: { command: "other-server" } }, note: "keep" }) });
    const first = installMcp({ root, client: "all", scope: "project", withHooks: false });
    expect(first.changes.map((c) => [c.file, c.action])).toEqual([
      [".mcp.json", "updated"],
      [".cursor/mcp.json", "created"],
      [".vscode/mcp.json", "created"],
      [".codex/config.toml", "created"],
    ]);
    const claude = read(root, ".mcp.json");
    expect(claude.mcpServers.other).toEqual({ command: "other-server" });
    expect(claude.note).toBe("keep");
    expect(claude.mcpServers.svc.args).toEqual(["-y", `svc-engine@${VERSION}`, "mcp", "serve"]);
    expect(read(root, ".vscode/mcp.json").servers.svc).toMatchObject({ type: "stdio", args: ["-y", `svc-engine@${VERSION}`, "mcp", "serve"] });
    expect(readFileSync(join(root, ".codex/config.toml"), "utf8")).toMatch(/^\[mcp_servers\.svc\]\ncommand = ".+"\nargs = \[.*"mcp", "serve"\]\n$/);
    const again = installMcp({ root, client: "all", scope: "project", withHooks: false });
    expect(again.changes.every((c) => c.action === "unchanged")).toBe(true);
  }, 120_000);

  test("an unparsable config is refused, never overwritten; unknown client or scope lists the valid values", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    writeFiles(root, { ".mcp.json": "{ broken" });
    expect(() => installMcp({ root, client: "claude", scope: "project", withHooks: false })).toThrow(/cannot merge into .*\.mcp\.json/);
    expect(readFileSync(join(root, ".mcp.json"), "utf8")).toBe("{ broken");
    expect(() => installMcp({ root, client: "emacs", scope: "project", withHooks: false })).toThrow("unknown client 'emacs'. Valid values: claude, cursor, vscode, codex, all");
    expect(() => installMcp({ root, client: "claude", scope: "global", withHooks: false })).toThrow("unknown scope 'global'. Valid values: project, user");
  }, 120_000);

  test("codex TOML: the svc table is replaced in place, other tables kept", () => {
    const before = '[model]\nname = "x"\n\n[mcp_servers.svc]\ncommand = "old"\nargs = []\n\n[mcp_servers.other]\ncommand = "o"\n';
    const after = mergeCodexToml(before, { command: "/bin/svc", args: ["mcp", "serve"] });
    expect(after).toBe('[model]\nname = "x"\n\n[mcp_servers.svc]\ncommand = "/bin/svc"\nargs = ["mcp", "serve"]\n\n[mcp_servers.other]\ncommand = "o"\n');
    expect(mergeCodexToml(after, { command: "/bin/svc", args: ["mcp", "serve"] })).toBe(after);
  }, 120_000);

  test("--with-hooks adds Claude Code hooks wrapping check --delta and gate (exit 2 feeds the model), idempotently", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const result = installMcp({ root, client: "claude", scope: "project", withHooks: true });
    expect(result.changes[1]).toMatchObject({ file: ".claude/settings.json", action: "created" });
    const settings = JSON.parse(readFileSync(join(root, ".claude", "settings.json"), "utf8"));
    const post = settings.hooks.PostToolUse;
    expect(post).toHaveLength(1);
    expect(post[0].matcher).toBe("Edit|Write|MultiEdit");
    expect(post[0].hooks[0].command).toBe(claudeHookCommands("project").check);
    expect(post[0].hooks[0].command).toContain(" check --delta --fast \"${CLAUDE_PROJECT_DIR:-.}\"");
    expect(settings.hooks.Stop[0].hooks[0].command).toMatch(/ gate "\$\{CLAUDE_PROJECT_DIR:-\.\}" \|\| exit 2$/);
    // The session's baseline is set before the first edit.
    expect(settings.hooks.SessionStart).toEqual([{ hooks: [{ type: "command", command: claudeHookCommands("project").sessionStart }] }]);
    expect(claudeHookCommands("project").sessionStart).toMatch(/ check --delta --fast "\$\{CLAUDE_PROJECT_DIR:-\.\}" \|\| true$/);
    expect(installMcp({ root, client: "claude", scope: "project", withHooks: true }).changes[1]?.action).toBe("unchanged");
  }, 120_000);

  test("the CLI prints what it changed; bad flags are usage errors", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const r = runSvc(["mcp", "install", "--client", "cursor"], { cwd: root });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`created .cursor/mcp.json: svc → npx -y svc-engine@${VERSION} mcp serve\n`);
    expect(runSvc(["mcp", "install", "--client", "nope"], { cwd: root }).stderr).toStartWith("validation_error: unknown client 'nope'");
    expect(runSvc(["mcp", "frob"], { cwd: root }).code).toBe(2);
    writeFileSync(join(root, "x"), "");
  }, 120_000);

  test("project scope writes a portable, pinned command (no absolute path, never an unpinned package); `svc` when the one on PATH is this version", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const r = runSvc(["mcp", "install", "--client", "all", "--scope", "project", "--with-hooks"], { cwd: root, env: { PATH: "/usr/bin:/bin" } });
    expect(r.code).toBe(0);
    const files = [".mcp.json", ".cursor/mcp.json", ".vscode/mcp.json", ".codex/config.toml", ".claude/settings.json"].map((f) => readFileSync(join(root, f), "utf8"));
    for (const text of files) {
      expect(text).toContain(`svc-engine@${VERSION}`);
      expect(text).not.toMatch(/["'\s](\/|[A-Za-z]:\\)[^"'\s]*svc/);
      expect(text).not.toMatch(/bunx|svc-engine(?!@)|\bsvc@/);
    }
    expect(read(root, ".mcp.json").mcpServers.svc).toEqual({ command: "npx", args: ["-y", `svc-engine@${VERSION}`, "mcp", "serve"] });
    // An svc of this version on PATH is used by name; one of another version is not.
    const bin = mkdtempSync(join(tmpdir(), "svc-path-"));
    mkdirSync(bin, { recursive: true });
    const fake = (version: string) => {
      writeFileSync(join(bin, "svc"), `#!/bin/sh\necho "svc ${version}"\n`);
      chmodSync(join(bin, "svc"), 0o755);
    };
    fake(VERSION);
    expect(runSvc(["mcp", "install", "--client", "claude"], { cwd: root, env: { PATH: `${bin}:/usr/bin:/bin` } }).code).toBe(0);
    expect(read(root, ".mcp.json").mcpServers.svc).toEqual({ command: "svc", args: ["mcp", "serve"] });
    fake("0.0.0-other");
    expect(runSvc(["mcp", "install", "--client", "claude"], { cwd: root, env: { PATH: `${bin}:/usr/bin:/bin` } }).code).toBe(0);
    expect(read(root, ".mcp.json").mcpServers.svc.args).toEqual(["-y", `svc-engine@${VERSION}`, "mcp", "serve"]);
  }, 60_000);
});
