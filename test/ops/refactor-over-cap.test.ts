// A staged change larger than an MCP answer may be (the surface's cap: svc_refactor takes no
// budget) is refused whole — part of a verified change is not a safe change — and the refusal
// says what does work, never "narrow the request (path, limit, …)", which svc_refactor has no
// parameter for. Through the host's RPC (no cap) the same change comes back whole.

import { expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { SvcError } from "../../src/errors.ts";
import { gitRepo } from "../helpers/repo.ts";

test("a rename over the MCP answer cap is refused with the way that works; without a cap it is staged", async () => {
  const files: Record<string, string> = {
    "package.json": '{ "name": "r" }\n',
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }),
    "src/a.ts": "export function helper(n: number): number {\n  return n + 1;\n}\n",
  };
  // 150 importers of ~200 tokens each: the staged contents and diffs come to well over 20,000 tokens
  const body = Array.from({ length: 12 }, (_, i) => `export const value${i} = helper(${i}) * ${i + 3}; // the helper applied to ${i}`).join("\n");
  for (let i = 0; i < 150; i++) files[`src/use${i}.ts`] = `import { helper } from "./a";\n${body}\n`;
  const root = gitRepo(files);
  const request = { path: root, operation: "rename", symbol: "helper", newName: "helperRenamed" };
  const refused = await call("refactor", request, { cwd: root, surface: "mcp" }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(SvcError);
  const message = (refused as SvcError).message;
  expect(message).toMatch(/^the staged change is ~[\d.]+k tokens, over the 20\.0k-token answer budget, and cannot be returned in part/);
  expect(message).toContain("no parameter of svc_refactor narrows a change");
  expect(message).not.toContain("narrow the request (path, limit");
  const whole = await call("refactor", request, { cwd: root, surface: "rpc" });
  expect((whole.data as { status: string; files: unknown[] }).status).toBe("staged");
  expect((whole.data as { files: unknown[] }).files.length).toBe(151);
}, 300_000);
