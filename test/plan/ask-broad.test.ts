// Which tasks are broad questions about the project (the brief: a broad question maps to
// skeleton) and which are changes whose subject merely holds a broad word.
import { describe, expect, test } from "bun:test";
import { isBroad } from "../../src/plan/ask.ts";

describe("isBroad", () => {
  test("questions, requests and short phrases about the whole project are broad", () => {
    for (const task of [
      "give me an overview of the architecture",
      "What's the architecture?",
      "architecture overview",
      "project structure",
      "how is the code organized",
      "how are the modules structured",
      "explain the project structure",
      "high-level overview of this repo",
      "Where are the entry points",
      "I'm new here and need the big picture of how the modules fit together",
      "what does this project do",
    ]) expect([task, isBroad(task)]).toEqual([task, true]);
  });

  test("changes to make are not, whatever words their subject holds", () => {
    for (const task of [
      "feat(pretty-json): support structured JSON content-types (+json) (#5226)", // hono, a tuning task
      "support structured JSON",
      "Fix the overview page rendering",
      "bench headers: held-out read after loc7 and the CLI's count (overall Acc@1 +.073)", // svc, a tuning task
      "CLI budgets count what the CLI prints: without --json the text and warnings, not the structured result",
      "One per-file-list cache for the id map, localize's lower-cased paths and entry points",
      "data structures for the cache",
      "add an architecture test for the layers",
    ]) expect([task, isBroad(task)]).toEqual([task, false]);
  });
});
