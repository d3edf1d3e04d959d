// svc mcp install merges in place: only the svc entry's text changes. A parse-and-stringify
// rewrite reformatted every config it touched (tabs → two spaces, CRLF → LF), rounded
// 12345678901234567890, turned 1.0 into 1 and "\u00e9" into "é", moved integer-like keys
// first, and the TOML merge collapsed blank-line runs and dropped the comments before the
// table after svc's.

import { describe, expect, test } from "bun:test";
import { chmodSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { installMcp, mergeCodexToml } from "../../src/install/mcp-install.ts";
import { setMember } from "../../src/install/json-edit.ts";
import { gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";

const launch = { command: "npx", args: ["-y", "svc-engine@1.2.3", "mcp", "serve"] };

/**
 * What of `before` is not kept in place in `after` (the text between their common head and
 * tail): nothing when a member was added, at most the old value's text when one was replaced.
 */
function removed(before: string, after: string): string {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return before.slice(head, before.length - tail);
}

describe("svc mcp install keeps every byte but the svc entry", () => {
  test("a config with another hard link is refused before any file is written: the rewrite would cut it from its other name", () => {
    const before = '{\n  "mcpServers": {}\n}\n';
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    const shared = join(tempDir(), "mcp.json");
    writeFiles(join(shared, ".."), { "mcp.json": before });
    linkSync(shared, join(root, ".mcp.json"));
    expect(() => installMcp({ root, client: "claude", scope: "project", withHooks: true })).toThrow(
      `cannot merge into ${join(root, ".mcp.json")}: the file has 2 hard links (other names for the same bytes, which may be outside this folder): a write would change them too or cut this name from them; nothing changed.`,
    );
    expect({ text: readFileSync(join(root, ".mcp.json"), "utf8"), links: statSync(shared).nlink }).toEqual({ text: before, links: 2 });
    expect(readdirSync(root).sort()).toEqual([".git", ".mcp.json", "a.ts"]);
  });

  test("a read-only config (mode 444) is refused before any file is written, as apply refuses one: the atomic rename would replace it all the same", () => {
    const before = '{\n  "mcpServers": {}\n}\n';
    const root = gitRepo({ "a.ts": "export const a = 1;\n", ".mcp.json": before });
    chmodSync(join(root, ".mcp.json"), 0o444);
    expect(() => installMcp({ root, client: "all", scope: "project", withHooks: false })).toThrow(`cannot merge into ${join(root, ".mcp.json")}: the file is read-only (mode 444); make it writable first if it is meant to change; nothing changed.`);
    expect({ text: readFileSync(join(root, ".mcp.json"), "utf8"), mode: statSync(join(root, ".mcp.json")).mode & 0o777 }).toEqual({ text: before, mode: 0o444 });
    expect(readdirSync(root).sort()).toEqual([".git", ".mcp.json", "a.ts"]);
  });

  test("a CRLF, tab-indented JSON config with a BOM, a 20-digit number, 1.0, escapes and integer-like keys: only the svc member is added", () => {
    const before = '\ufeff{\r\n\t"mcpServers": {\r\n\t\t"other": {"command": "x", "args": ["a", "b"]}\r\n\t},\r\n\t"big": 12345678901234567890,\r\n\t"ver": 1.0,\r\n\t"esc": "caf\\u00e9 \\/",\r\n\t"10": 1, "2": 2\r\n}\r\n';
    const root = gitRepo({ ".mcp.json": before });
    expect(installMcp({ root, client: "claude", scope: "project", withHooks: false }).changes[0]?.action).toBe("updated");
    const svc = (base: string) => `"svc": {\r\n${base}\t"command": "npx",\r\n${base}\t"args": [\r\n${base}\t\t"-y",\r\n${base}\t\t"svc-engine@`;
    const after = readFileSync(join(root, ".mcp.json"), "utf8");
    expect(after.startsWith(`\ufeff{\r\n\t"mcpServers": {\r\n\t\t"other": {"command": "x", "args": ["a", "b"]},\r\n\t\t${svc("\t\t")}`)).toBe(true);
    expect(after.endsWith('"\r\n\t\t\t]\r\n\t\t}\r\n\t},\r\n\t"big": 12345678901234567890,\r\n\t"ver": 1.0,\r\n\t"esc": "caf\\u00e9 \\/",\r\n\t"10": 1, "2": 2\r\n}\r\n')).toBe(true);
    expect(installMcp({ root, client: "claude", scope: "project", withHooks: false }).changes[0]?.action).toBe("unchanged");
  });

  test("--with-hooks edits only the hook events it owns; the other settings keep their text", () => {
    const before = '{\n    "permissions": {"allow": ["Bash(ls)"]},\n    "model": "opus",\n    "hooks": {\n        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "mine"}]}]\n    },\n    "n": 1e3\n}\n';
    const root = gitRepo({ ".claude/settings.json": before });
    installMcp({ root, client: "claude", scope: "project", withHooks: true });
    const after = readFileSync(join(root, ".claude/settings.json"), "utf8");
    expect(after).toStartWith('{\n    "permissions": {"allow": ["Bash(ls)"]},\n    "model": "opus",\n    "hooks": {\n        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "mine"}]}],\n        "SessionStart": [\n            {\n');
    expect(after).toEndWith('\n        ]\n    },\n    "n": 1e3\n}\n');
    expect(Object.keys(JSON.parse(after).hooks)).toEqual(["PreToolUse", "SessionStart", "PostToolUse", "Stop"]);
    expect(installMcp({ root, client: "claude", scope: "project", withHooks: true }).changes[1]?.action).toBe("unchanged");
  });

  test("codex TOML: CRLF, blank-line runs and the comment heading the next table are kept; the header keeps its spelling", () => {
    const before = '[model]\r\nname = "x"\r\n\r\n\r\n\r\n[mcp_servers."svc"] # mine\r\ncommand = "old"\r\n\r\n# the other server\r\n[mcp_servers.other]\r\ncommand = "o"\r\n';
    const after = mergeCodexToml(before, launch);
    expect(after).toBe('[model]\r\nname = "x"\r\n\r\n\r\n\r\n[mcp_servers."svc"] # mine\r\ncommand = "npx"\r\nargs = ["-y", "svc-engine@1.2.3", "mcp", "serve"]\r\n\r\n# the other server\r\n[mcp_servers.other]\r\ncommand = "o"\r\n');
    expect(mergeCodexToml(after, launch)).toBe(after);
    expect(mergeCodexToml('[a]\r\nx = 1\r\n\r\n\r\n', launch)).toBe('[a]\r\nx = 1\r\n\r\n\r\n[mcp_servers.svc]\r\ncommand = "npx"\r\nargs = ["-y", "svc-engine@1.2.3", "mcp", "serve"]\r\n');
  });

  test("property: every package.json under node_modules keeps all its bytes when a member is set or added (one splice), and reads back as the merged object", () => {
    const files: string[] = [];
    const walk = (dir: string, depth: number) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (name === "package.json") files.push(path);
        else if (depth < 3 && !name.startsWith(".") && statSync(path, { throwIfNoEntry: false })?.isDirectory()) walk(path, depth + 1);
      }
    };
    walk(join(import.meta.dir, "../../node_modules"), 0);
    expect(files.length).toBeGreaterThan(200);
    let checked = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8").replace(/^\ufeff/, "");
      let value: Record<string, unknown>;
      try {
        value = JSON.parse(text);
      } catch {
        continue;
      }
      for (const path of [["mcpServers", "svc"], ["scripts", "svc"], ["name"], ["dependencies", "zod"]]) {
        const out = setMember(text, path, { command: "npx", args: launch.args });
        const expected = structuredClone(value) as Record<string, unknown>;
        let at = expected;
        for (const key of path.slice(0, -1)) at = (at[key] = typeof at[key] === "object" && at[key] !== null && !Array.isArray(at[key]) ? at[key] : {}) as Record<string, unknown>;
        at[path.at(-1)!] = { command: "npx", args: launch.args };
        let old: unknown = value;
        for (const key of path) old = typeof old === "object" && old !== null ? (old as Record<string, unknown>)[key] : undefined;
        const lost = removed(text, out).replace(/\s/g, "").length;
        const allowed = old === undefined ? 0 : JSON.stringify(old).length;
        expect({ file, path, same: JSON.stringify(JSON.parse(out)) === JSON.stringify(expected), keptInPlace: lost <= allowed }).toEqual({ file, path, same: true, keptInPlace: true });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(800);
  }, 120_000);

  test("a config that is a symbolic link (a dotfile kept elsewhere) stays a link; its target is merged, in place", () => {
    const root = gitRepo({ "dotfiles/mcp.json": '{"mcpServers": {}}\n' });
    symlinkSync("dotfiles/mcp.json", join(root, ".mcp.json"));
    expect(installMcp({ root, client: "claude", scope: "project", withHooks: false }).changes[0]?.action).toBe("updated");
    expect(lstatSync(join(root, ".mcp.json")).isSymbolicLink()).toBe(true);
    const merged = readFileSync(join(root, "dotfiles/mcp.json"), "utf8");
    expect(merged).toBe(`{"mcpServers": {"svc": ${JSON.stringify(JSON.parse(merged).mcpServers.svc)}}}\n`);
  });

  test("project scope writes only inside the workspace: a config linked out of it is refused, the outside file untouched", () => {
    const outside = gitRepo({ "victim.toml": "# mine\n" });
    const root = gitRepo({ "a.ts": "export const a = 1;\n" });
    mkdirSync(join(root, ".codex"));
    symlinkSync(join(outside, "victim.toml"), join(root, ".codex/config.toml"));
    expect(() => installMcp({ root, client: "codex", scope: "project", withHooks: false })).toThrow(/refusing to write the MCP config '.*config\.toml': it resolves outside the workspace root/);
    expect(readFileSync(join(outside, "victim.toml"), "utf8")).toBe("# mine\n");
  });

  test("a config JSON with text after the object, or not an object, is refused; nothing is written", () => {
    const root = gitRepo({ ".mcp.json": "[1, 2]\n", ".cursor/mcp.json": '{"a": 1} trailing' });
    expect(() => installMcp({ root, client: "claude", scope: "project", withHooks: false })).toThrow("cannot merge into");
    expect(() => installMcp({ root, client: "cursor", scope: "project", withHooks: false })).toThrow("cannot merge into");
    expect(readFileSync(join(root, ".mcp.json"), "utf8")).toBe("[1, 2]\n");
    expect(readFileSync(join(root, ".cursor/mcp.json"), "utf8")).toBe('{"a": 1} trailing');
    writeFiles(root, { ".vscode/mcp.json": "" });
    expect(installMcp({ root, client: "vscode", scope: "project", withHooks: false }).changes[0]?.action).toBe("updated");
  });
});
