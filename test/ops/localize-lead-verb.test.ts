// find --kind task and ask (issue 23): the verb a task opens with ("backoff: add option…",
// "attachments: Set the default…") says what kind of change it is, not where: it makes no
// name match and no path hit (localize.ts leadingVerb, PARAMS.leadVerb), so a file declaring
// `add` or `set` no longer ranks on that word alone; the task's other words still count, and
// a verb the task writes again (or as part of a name) is left as it is. On by default.

import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import type { FusionData } from "../../src/render/fusion.ts";
import { leadingVerb } from "../../src/retrieve/localize.ts";
import { gitRepo } from "../helpers/repo.ts";
import { withParams } from "../helpers/params.ts";

async function candidates(path: string, query: string) {
  const r = await call("find", { path, query, kind: "task" });
  return (r.data as unknown as FindData).candidates ?? [];
}

/** A mail library in the shape of nodemailer@7.0.3: the headers' file declares setHeader and set, the target only the task's other words. */
const repo = () =>
  gitRepo({
    "lib/headers.js": [
      "'use strict';",
      "class Headers {",
      ...Array.from({ length: 40 }, (_, i) => `  setHeader${i === 0 ? "" : i}(key, value) {\n    this.list.push({ key, value: String(value) });\n    return this;\n  }`),
      "  set(key, value) {",
      "    return this.setHeader(key, value);",
      "  }",
      "}",
      "module.exports = Headers;",
      "",
    ].join("\n"),
    "lib/mime.js": [
      "'use strict';",
      "// The transfer encoding: base64 unless given.",
      "function pick(part) {",
      "  return part.encoding || 'base64';",
      "}",
      "module.exports = { pick };",
      "",
    ].join("\n"),
    "lib/util.js": "'use strict';\nfunction noop() {}\nmodule.exports = { noop };\n",
    "lib/list.js": "'use strict';\n// the parts of a message\nfunction list(message) {\n  return message.parts || [];\n}\nmodule.exports = { list };\n",
  });

describe("the verb a task opens with names nothing", () => {
  test("leadingVerb: the first word, or the first after a scope label, when a change verb written once", () => {
    expect(leadingVerb("backoff: add option to specify options for custom backoff strategy")).toBe("add");
    expect(leadingVerb("attachments: Set the default transfer encoding for message/rfc822 attachments")).toBe("set");
    expect(leadingVerb("fix(core): Allow numeric keys")).toBe("allow");
    expect(leadingVerb("Replaced Object.values() with polyfills")).toBeNull(); // not a verb of the list
    expect(leadingVerb("queue: add() ignores the add options")).toBeNull(); // written again: it may be the name
    expect(leadingVerb("add `addBulk` to the queue")).toBeNull(); // part of a name the task writes
    expect(leadingVerb("workspace: a folder named so")).toBeNull();
    expect(leadingVerb("Tests of the semantic tier")).toBeNull(); // a change noun: the task may be about the tests
  });

  test("a file declaring `set` and `setHeader` no longer ranks on the subject's verb: it falls behind a file of the task's words; off, it stays ahead", async () => {
    const root = repo();
    const query = "attachments: Set the default transfer encoding for message/rfc822 attachments";
    const order = (cs: Awaited<ReturnType<typeof candidates>>) => cs.map((c) => c.path);
    const nameMatch = (cs: Awaited<ReturnType<typeof candidates>>) => cs.find((c) => c.path === "lib/headers.js")?.reasons.some((r) => /declares set\w* \(name match\)/.test(r));
    const on = await withParams({ leadVerb: 1 }, () => candidates(root, query));
    expect(order(on)).toEqual(["lib/mime.js", "lib/list.js", "lib/headers.js"]);
    expect(nameMatch(on)).toBe(false);
    expect(order(await candidates(root, query))).toEqual(order(on)); // the default
    const off = await withParams({ leadVerb: 0 }, () => candidates(root, query));
    expect(order(off)).toEqual(["lib/mime.js", "lib/headers.js", "lib/list.js"]);
    expect(nameMatch(off)).toBe(true);
    // ask, seeded by the same ranking, plans the files in that order
    const planned = async (leadVerb: number) => {
      const r = await withParams({ leadVerb }, () => call("ask", { path: root, task: query, tokenBudget: 4000 }));
      return (r.data as unknown as FusionData).entries.map((e) => e.path).filter((p) => p !== "lib/util.js");
    };
    expect(await planned(1)).toEqual(["lib/mime.js", "lib/list.js", "lib/headers.js"]);
    expect(await planned(0)).toEqual(["lib/mime.js", "lib/headers.js", "lib/list.js"]);
  }, 120_000);

  test("a verb the task writes again may be the name: ranking and reasons as without the rule", async () => {
    const root = repo();
    const query = "attachments: set() must set the transfer encoding";
    const on = await withParams({ leadVerb: 1 }, () => candidates(root, query));
    const off = await withParams({ leadVerb: 0 }, () => candidates(root, query));
    expect(on.map((c) => [c.path, c.reasons])).toEqual(off.map((c) => [c.path, c.reasons]));
    expect(on.find((c) => c.path === "lib/headers.js")?.reasons).toContain("declares setHeader (name match)");
  }, 120_000);
});
