import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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
    // the npx command needs the package on the registry, which svc cannot check offline: said, with the way to `svc`
    expect(r.stdout).toBe(`created .cursor/mcp.json: svc → npx -y svc-engine@${VERSION} mcp serve; it runs npx -y svc-engine@${VERSION}, which needs svc-engine@${VERSION} on the npm registry (or in npx's cache): svc cannot check that offline. With this svc on PATH as \`svc\` (svc --version: ${VERSION}), re-run the install to write \`svc\` instead\n`);
    expect(runSvc(["mcp", "install", "--client", "nope"], { cwd: root }).stderr).toStartWith("validation_error: unknown client 'nope'");
    expect(runSvc(["mcp", "frob"], { cwd: root }).code).toBe(2);
    // An option of the other action is refused, never ignored: install --root wrote the working directory's config.
    const elsewhere = gitRepo({ "b.ts": "export const b = 1;\n" });
    const rooted = runSvc(["mcp", "install", "--client", "claude", "--root", elsewhere], { cwd: root });
    expect(rooted.code).toBe(2);
    expect(rooted.stderr).toStartWith("svc: option '--root' applies only to 'mcp serve', not 'mcp install'\n");
    expect(existsSync(join(root, ".mcp.json"))).toBe(false);
    expect(existsSync(join(elsewhere, ".mcp.json"))).toBe(false);
    const served = runSvc(["mcp", "serve", "--with-hooks"], { cwd: root });
    expect(served.code).toBe(2);
    expect(served.stderr).toStartWith("svc: option '--with-hooks' applies only to 'mcp install', not 'mcp serve'\n");
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

  test("an existing config keeps every byte but svc's entry: comments, trailing commas, layout, tabs, CRLF, number spellings, no final newline", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const launch = `["-y","svc-engine@${VERSION}","mcp","serve"]`;
    const cases: [string, string, string][] = [
      // JSONC (VS Code's mcp.json allows comments and trailing commas): svc goes after the last server, indented like it
      [
        ".vscode/mcp.json",
        '{\n    // mine\n    "servers": {\n        "other": { "command": "x" }, // note\n    },\n}',
        `{\n    // mine\n    "servers": {\n        "other": { "command": "x" },\n        "svc": {\n            "type": "stdio",\n            "command": "npx",\n            "args": [\n                "-y",\n                "svc-engine@${VERSION}",\n                "mcp",\n                "serve"\n            ]\n        }, // note\n    },\n}`,
      ],
      // compact JSON stays compact; integers past 2^53 and 1.0 are not re-spelt; no newline is added
      [".mcp.json", '{"mcpServers":{"keep":{"command":"z"}},"n":12345678901234567890,"f":1.0}', `{"mcpServers":{"keep":{"command":"z"},"svc":{"command":"npx","args":${launch}}},"n":12345678901234567890,"f":1.0}`],
      // tabs and CRLF; the section is created after the last member
      [".cursor/mcp.json", '{\r\n\t"extra": [1,2,3]\r\n}\r\n', `{\r\n\t"extra": [1,2,3],\r\n\t"mcpServers": {\r\n\t\t"svc": {\r\n\t\t\t"command": "npx",\r\n\t\t\t"args": [\r\n${["-y", `svc-engine@${VERSION}`, "mcp", "serve"].map((a) => `\t\t\t\t"${a}"`).join(",\r\n")}\r\n\t\t\t]\r\n\t\t}\r\n\t}\r\n}\r\n`],
      [".codex/config.toml", '# mine\n[model]\nname = "x"\n\n\n\n[other]\na = 1', `# mine\n[model]\nname = "x"\n\n\n\n[other]\na = 1\n\n[mcp_servers.svc]\ncommand = "npx"\nargs = ["-y", "svc-engine@${VERSION}", "mcp", "serve"]\n`],
    ];
    writeFiles(root, Object.fromEntries(cases.map(([file, before]) => [file, before])));
    const result = installMcp({ root, client: "all", scope: "project", withHooks: false });
    expect(result.changes.map((c) => c.action)).toEqual(["updated", "updated", "updated", "updated"]);
    for (const [file, , after] of cases) expect(readFileSync(join(root, file), "utf8")).toBe(after);
    expect(installMcp({ root, client: "all", scope: "project", withHooks: false }).changes.every((c) => c.action === "unchanged")).toBe(true);
  }, 120_000);

  test("when one file cannot be merged none is written; bytes that are not UTF-8 are refused", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    writeFiles(root, { ".mcp.json": '{"mcpServers":{}}', ".vscode/mcp.json": '{ "servers": [] }' });
    expect(() => installMcp({ root, client: "all", scope: "project", withHooks: false })).toThrow(/cannot merge into .*\.vscode\/mcp\.json: "servers" is not an object; nothing changed/);
    expect(readFileSync(join(root, ".mcp.json"), "utf8")).toBe('{"mcpServers":{}}');
    expect(existsSync(join(root, ".cursor/mcp.json"))).toBe(false);
    const latin1 = Buffer.from('{"mcpServers":{},"name":"caf\xe9"}', "latin1");
    writeFileSync(join(root, ".mcp.json"), latin1);
    expect(() => installMcp({ root, client: "claude", scope: "project", withHooks: false })).toThrow(/it is not UTF-8 text; nothing changed/);
    expect(readFileSync(join(root, ".mcp.json")).equals(latin1)).toBe(true);
  }, 120_000);

  test("--with-hooks replaces svc's own old hook and keeps the others byte for byte", () => {
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const mine = '{"hooks": [{"type": "command", "command": "echo bye"}]}';
    const old = '{"hooks": [{"type": "command", "command": "svc gate . || exit 2"}]}';
    writeFiles(root, { ".claude/settings.json": `{\n  "hooks": {\n    "Stop": [\n      ${old},\n      ${mine}\n    ]\n  }\n}\n` });
    installMcp({ root, client: "claude", scope: "project", withHooks: true });
    const text = readFileSync(join(root, ".claude/settings.json"), "utf8");
    expect(text).toStartWith(`{\n  "hooks": {\n    "Stop": [\n      ${mine},\n      {\n`);
    expect(text).not.toContain("svc gate . ||");
    const stop = JSON.parse(text).hooks.Stop;
    expect(stop).toHaveLength(2);
    expect(stop[1].hooks[0].command).toBe(claudeHookCommands("project").gate);
  }, 120_000);
});
