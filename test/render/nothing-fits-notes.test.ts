// When nothing fits, the text said only "nothing fits" while the structured result kept the
// manifest's notes — on mikro-orm, svc_context routes=["GET"] maxTokens=300 said in its notes that
// no route in the wiring matches the seed and the file was a text match, and in its text nothing
// of it (h101). The text keeps those notes too while they fit; past that, both drop them alike.

import { expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import { answerTokens } from "../../src/render/fit.ts";
import { tokenCounter } from "../../src/text/tokens.ts";
import { gitRepo } from "../helpers/repo.ts";

test("nothing fits: the manifest's notes are in the text as in the structured result, within the budget", async () => {
  const rows = Array.from({ length: 50 }, (_, i) => `export const v${i} = [${Array.from({ length: 200 }, (_, j) => j * i).join(", ")}];`);
  const root = gitRepo({ "src/get.ts": `${rows.join("\n")}\n` });
  const counter = await tokenCounter();
  const seedNote = "route seed 'GET': no route in the wiring matches it; src/get.ts matches its words (a text match)";
  const r = await call("context", { path: root, routes: ["GET"], maxTokens: 300 }, { surface: "mcp" } as never);
  const notes = (r.data as unknown as { notes: string[]; files: number }).notes;
  expect((r.data as unknown as { files: number }).files).toBe(0);
  expect(notes).toContain(seedNote);
  expect(r.text).toContain(`<!-- svc: ${seedNote} -->`);
  expect(answerTokens(r, counter)).toBeLessThanOrEqual(300);
  // a budget that holds only the note that nothing fits: neither side keeps the seed's note
  const tight = await call("context", { path: root, routes: ["GET"], maxTokens: 200 }, { surface: "mcp" } as never);
  expect(tight.text).not.toContain(seedNote);
  expect((tight.data as unknown as { notes: string[] }).notes).not.toContain(seedNote);
  expect(answerTokens(tight, counter)).toBeLessThanOrEqual(200);
}, 120_000);
