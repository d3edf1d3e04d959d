// find's line hits are matched on what an answer may show: a query that matches only inside a
// secret finds no line, so hits cannot confirm a credential's characters one query at a time.

import { expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { gitRepo } from "../helpers/repo.ts";

const TOKEN = "ghp_Zq8vN2kLm4Xc7Rt1Yb9Ws3Pd6Hf0Jg5Ae2Ku";

test("a text query matching only inside a secret finds no line; the line is found by its other words, redacted", async () => {
  const root = gitRepo({ "src/c.ts": `export const config = {\n  apiToken: "${TOKEN}",\n};\n`, "deploy/netrc.txt": "machine api.example.com\nlogin deploy\npassword Xk9vQ2mZ7wLp\n" });
  const lines = async (query: string) => ((await call("find", { path: root, query, kind: "text" })).data as unknown as FindData).lines?.hits ?? [];
  // pieces of the token (and of the netrc password, whose line alone a detector cannot judge) that occur nowhere else
  for (const piece of ["8v", "Zq8vN2", "m4Xc7R", "Ae2Ku", "Xk9vQ2", "Lp"]) expect({ piece, hits: await lines(piece) }).toEqual({ piece, hits: [] });
  const shown = await lines("apiToken");
  expect(shown.map((h) => `${h.path}:${h.line}  ${h.text}`)).toEqual(['src/c.ts:2  apiToken: "[REDACTED:github-token]",']);
  expect((await lines("password")).map((h) => h.text)).toEqual(["password [REDACTED:api-token]"]);
}, 120_000);
