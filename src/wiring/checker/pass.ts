// The wiring's part of the semantic upgrade: for each walked file with wiring facts, ask
// the checker its questions (questions.ts) in the same batch as the walk; store the answers
// beside the facts; when the walk is done, link the wiring again through them (the rows
// and edges of both tiers replaced in one transaction, so readers see one or the other).

import type { Database } from "bun:sqlite";
import { join, relative } from "node:path";
import { importResolver } from "../../index/edges.ts";
import type { CheckerWalker } from "../../semantic/checker-walk.ts";
import { EngineError } from "../../semantic/engine.ts";
import { answerPositions, type FileAnswers } from "../../semantic/position-answers.ts";
import { toPosix } from "../../workspace/root.ts";
import type { FileFacts } from "../model.ts";
import { readFacts, readWiring, rebuildWiring, writeAnswers, type WiringCounts } from "../store.ts";
import { questionsOf } from "./questions.ts";

export class WiringCheck {
  private readonly facts: Map<string, FileFacts>;
  private readonly pending = new Map<string, FileAnswers | null>();
  /** Time spent asking and linking (ms), for the upgrade's report and the bench. */
  elapsedMs = 0;
  /** Of which the final link pass (ms). */
  relinkMs = 0;
  asked = 0;

  constructor(
    private readonly db: Database,
    private readonly root: string,
  ) {
    this.facts = readFacts(db);
  }

  /** Whether a file has wiring facts the checker is asked about. */
  asks(file: string): boolean {
    return this.facts.has(file);
  }

  /** The checker's stored answers, by file. */
  storedAnswers(): Map<string, FileAnswers> {
    return readWiring(this.db).answers;
  }

  /** Ask about the facts of walked files (root-relative paths), `concurrency` files at a time. */
  /** `answered`: called as each file's questions are answered (the caller's time-box counts progress). */
  async askAll(walker: CheckerWalker, files: readonly string[], concurrency: number, answered?: () => void): Promise<void> {
    const todo = files.filter((f) => this.facts.has(f));
    if (!todo.length) return;
    const started = performance.now();
    const rel = (abs: string) => toPosix(relative(this.root, abs));
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < todo.length) {
          const file = todo[next++]!;
          const { questions, specifiers } = questionsOf(this.facts.get(file)!);
          try {
            this.pending.set(file, await answerPositions(walker, join(this.root, file), questions, specifiers, rel));
            this.asked += questions.length;
          } catch (error) {
            if (error instanceof EngineError) throw error; // the engine died or timed out: the upgrade reports it
            this.pending.set(file, null); // one file's questions failed: its wiring stays at the syntax tier
          }
          answered?.();
        }
      }),
    );
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
    this.relinkMs = performance.now() - started;
    this.elapsedMs += this.relinkMs;
    return counts;
  }
}
