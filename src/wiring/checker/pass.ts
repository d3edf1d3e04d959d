// The wiring's part of the semantic upgrade: for each walked file with wiring facts, ask
// the checker its questions (questions.ts) in the same batch as the walk; store the answers
// beside the facts; when the walk is done, link the wiring again through them (the rows
// and edges of both tiers replaced in one transaction, so readers see one or the other).

import type { Database } from "bun:sqlite";
import { join, relative } from "node:path";
import { importResolver } from "../../index/edges.ts";
import type { CheckerWalker } from "../../semantic/checker-walk.ts";
import { answerPositions, type FileAnswers } from "../../semantic/position-answers.ts";
import { toPosix } from "../../workspace/root.ts";
import type { FileFacts } from "../model.ts";
import { readFacts, rebuildWiring, writeAnswers, type WiringCounts } from "../store.ts";
import { questionsOf } from "./questions.ts";

export class WiringCheck {
  private readonly facts: Map<string, FileFacts>;
  private readonly pending = new Map<string, FileAnswers | null>();
  /** Time spent asking and linking (ms), for the upgrade's report and the bench. */
  elapsedMs = 0;
  asked = 0;

  constructor(
    private readonly db: Database,
    private readonly root: string,
  ) {
    this.facts = readFacts(db);
  }

  has(file: string): boolean {
    return this.facts.has(file);
  }

  /** Ask about one walked file's facts (root-relative path). */
  async ask(walker: CheckerWalker, file: string): Promise<void> {
    const facts = this.facts.get(file);
    if (!facts) return;
    const started = performance.now();
    const { questions, specifiers } = questionsOf(facts);
    const answers = await answerPositions(walker, join(this.root, file), questions, specifiers, (abs) => toPosix(relative(this.root, abs)));
    this.pending.set(file, answers);
    this.asked += questions.length;
    this.elapsedMs += performance.now() - started;
  }

  /** Store the answers gathered since the last flush. */
  flush(): void {
    if (!this.pending.size) return;
    const started = performance.now();
    this.db.transaction(() => writeAnswers(this.db, this.pending))();
    this.pending.clear();
    this.elapsedMs += performance.now() - started;
  }

  /** Forget every stored answer (a full upgrade asks again; files outside every project keep none). */
  reset(): void {
    this.db.run("UPDATE wiring_facts SET checked = NULL WHERE checked IS NOT NULL");
  }

  /** Link the wiring again through the stored answers. */
  relink(): WiringCounts {
    this.flush();
    const started = performance.now();
    const counts = this.db.transaction(() => rebuildWiring(this.db, importResolver(this.db, this.root)))();
    this.elapsedMs += performance.now() - started;
    return counts;
  }
}
