// The ask bench's "bodies" score (scripts/bench/localize/ask-pack.ts bodiesShare): the declarations a
// change touched (symbols.ts; for an npm task, the diff against its next version's package) and
// whether an answer holds their bodies — its file whole, or the declaration (or one around it)
// kept whole in its signatures. A real repository, the real index, a real `git diff --no-index`.

import { expect, test } from "bun:test";
import { bodiesShare } from "../../scripts/bench/localize/ask-pack.ts";
import { docsAndDecls } from "../../scripts/bench/localize/run.ts";
import type { LocalizeTask } from "../../scripts/bench/localize/task.ts";
import { gitRepo, tempDir, writeFiles } from "../helpers/repo.ts";

const before = `export class Mailer {\n  send(to: string): string {\n    return "to " + to;\n  }\n\n  close(): void {\n    return;\n  }\n}\n\nexport function envelope(size: number): number {\n  return size;\n}\n`;
const after = before.replace('return "to " + to;', 'return "to " + to.trim();').replace("  return size;", "  return Math.min(size, 1000);");

test("an npm task's changed declarations come from the next version's package; an answer holds them whole or kept", async () => {
  const root = gitRepo({ "src/mailer.ts": before, "src/other.ts": "export const other = 1;\n" });
  const next = tempDir("svc-next-");
  writeFiles(next, { "package.json": "{}\n", "src/mailer.ts": after });
  const task: LocalizeTask = { id: "m@2", corpus: "m", query: "trim the recipient, cap the envelope size", targets: ["src/mailer.ts"], root, split: "tune" };
  const { changed } = await docsAndDecls(root, task, next);
  // innermost: the method, not the class around it; close is untouched
  expect(changed?.["src/mailer.ts"]?.changed.map((k) => k.replace(/:\d+$/, "")).sort()).toEqual(["Mailer.send", "envelope"]);
  const targets = task.targets;
  const none = new Set<string>();
  expect(bodiesShare(changed, targets, new Set(["src/mailer.ts"]), new Map())).toBe(1);
  expect(bodiesShare(changed, targets, none, new Map())).toBe(0);
  expect(bodiesShare(changed, targets, none, new Map([["src/mailer.ts", ["Mailer.send"]]]))).toBe(0.5);
  expect(bodiesShare(changed, targets, none, new Map([["src/mailer.ts", ["Mailer", "envelope"]]]))).toBe(1); // the class around send
  expect(bodiesShare(changed, targets, none, new Map([["src/mailer.ts", ["Mailer.close"]]]))).toBe(0);
  expect(bodiesShare(changed, ["src/other.ts"], none, new Map())).toBeUndefined(); // nothing changed there: no score
  // without the next version there is nothing to compare: no score
  expect((await docsAndDecls(root, task)).changed).toBeNull();
}, 120_000);
