import { describe, expect, test } from "bun:test";
import { call } from "../../src/engine.ts";
import type { FindData } from "../../src/ops/find.ts";
import { CONFIDENT_RULE, isConfident, namedIdentifiers, shortOfConfident, type GradeEvidence } from "../../src/retrieve/localize-grade.ts";
import { gitRepo } from "../helpers/repo.ts";

async function task(path: string, query: string) {
  const r = await call("find", { path, query, kind: "task" });
  return { text: r.text, data: r.data as unknown as FindData };
}

/** Evidence where everything holds: text first, a clear lead, a path hit, names two words ahead. */
const ALL: GradeEvidence = { margin: 0.3, textFirst: true, pathHit: true, unmatchedShare: 0, namesLead: 2, namedElsewhere: [] };

describe("the confident rule (localize-grade.ts)", () => {
  test("two of three supports (lead, path, names) with the text ranking agreeing; one is not enough", () => {
    expect(isConfident(ALL)).toBe(true);
    expect(isConfident({ ...ALL, margin: 0.05 })).toBe(true); // path + names
    expect(isConfident({ ...ALL, pathHit: false })).toBe(true); // lead + names
    expect(isConfident({ ...ALL, namesLead: 1 })).toBe(true); // lead + path (the earlier rule)
    expect(isConfident({ ...ALL, margin: 0.05, pathHit: false })).toBe(false);
    expect(isConfident({ ...ALL, margin: 0.05, namesLead: 1 })).toBe(false);
    expect(isConfident({ ...ALL, pathHit: false, namesLead: -1 })).toBe(false);
    expect(shortOfConfident({ ...ALL, margin: 0.05, namesLead: 1 })).toEqual(["the first file has 1 of the 2 supports needed (lead, path, names): it leads the second file by 0.05 (0.2 needed); its path and declarations hold 1 more of the query's words than the second file's (2 more needed)"]);
    expect(shortOfConfident({ ...ALL, pathHit: false, margin: 0 })).toEqual(["the first file has 1 of the 2 supports needed (lead, path, names): it leads the second file by 0.00 (0.2 needed); its path names no query word"]);
    expect(shortOfConfident({ ...ALL, pathHit: false, namesLead: -3 })).toEqual(["the first file has 1 of the 2 supports needed (lead, path, names): its path names no query word; its path and declarations hold 3 fewer of the query's words than the second file's (2 more needed)"]);
  });

  test("every veto alone makes a fully supported answer partial and says why", () => {
    const vetoes: [Partial<GradeEvidence>, string][] = [
      [{ textFirst: false }, "the text alone ranks another file first"],
      [{ unmatchedShare: 0.5 }, "half or more of the query's topical words occur nowhere here"],
      [{ namedElsewhere: ["compact (src/compact.ts)"] }, "the query also names compact (src/compact.ts), not declared in the first file"],
      [{ firstRole: "a test" }, "the first file is a test"],
      [{ firstRole: "documentation or data" }, "the first file is documentation or data"],
    ];
    for (const [change, why] of vetoes) {
      expect([change, isConfident({ ...ALL, ...change })]).toEqual([change, false]);
      expect(shortOfConfident({ ...ALL, ...change })).toEqual([why]);
    }
    expect(shortOfConfident(ALL)).toEqual([]);
    // The rule's switches turn each veto off (the bench's --sweep relies on them).
    expect(isConfident({ ...ALL, textFirst: false }, { ...CONFIDENT_RULE, textFirst: false })).toBe(true);
    expect(isConfident({ ...ALL, namedElsewhere: ["x (a.ts)"] }, { ...CONFIDENT_RULE, namedElsewhere: false })).toBe(true);
    expect(isConfident({ ...ALL, firstRole: "generated" }, { ...CONFIDENT_RULE, sourceFirst: false })).toBe(true);
  });

  test("the identifiers a query names: backticked spans and camel, Pascal or snake case words, not plain words", () => {
    expect(namedIdentifiers("Ensure that `compact` and `mergeOptions` preserve symbol keys")).toEqual(["compact", "mergeOptions"]);
    expect(namedIdentifiers("fix `res.sendFile()` when ObservableQuery sees MAX_SIZE")).toEqual(["res.sendFile", "sendFile", "ObservableQuery", "MAX_SIZE"]);
    expect(namedIdentifiers("Fix strict json error message on Node.js 19+")).toEqual([]);
  });
});

describe("find --kind task: grade evidence end to end", () => {
  test("the names support: a file whose own names hold the query's words is confident without a 0.2 lead; a query naming a declaration of another of the best files is partial", async () => {
    const root = gitRepo({
      "src/retry-core.ts": [
        "export const MAX_ATTEMPTS = 5;",
        "export function retryWithBackoff(run: () => Promise<void>, attempt = 0): Promise<void> {",
        "  return run().catch(() => (attempt < MAX_ATTEMPTS ? retryWithBackoff(run, attempt + 1) : Promise.reject(new Error('gave up'))));",
        "}",
        "export function jitterDelay(base: number) { return base * (1 + Math.random()); }",
        "",
      ].join("\n"),
      "src/retry-http.ts": [
        "import { retryWithBackoff, jitterDelay } from './retry-core.ts';",
        "// Requests are sent again after a backoff with jitter.",
        "export function retryRequest(url: string) { return retryWithBackoff(() => fetch(url).then(() => undefined)); }",
        "export const delayOf = (n: number) => jitterDelay(n * 100);",
        "",
      ].join("\n"),
      "src/http.ts": "export function send(url: string) { return fetch(url); }\n",
      "src/clock.ts": "export function now() { return Date.now(); }\n",
    });
    // The file is retry-core.ts, not retry.ts: a file the task names whole (retry → retry.ts) would lead by 0.2 on that alone.
    const { data } = await task(root, "retry backoff jitter delay after the last attempt");
    expect(data.candidates?.[0]?.path).toBe("src/retry-core.ts");
    // src/retry-http.ts is close behind (its path names "retry" too) but its names hold fewer of the query's words.
    expect(data.candidates?.[1]?.path).toBe("src/retry-http.ts");
    const evidence = data.gradeEvidence as GradeEvidence;
    expect(evidence).toMatchObject({ textFirst: true, pathHit: true, namedElsewhere: [] });
    expect(evidence.margin).toBeLessThan(0.2);
    expect(evidence.namesLead).toBeGreaterThanOrEqual(2);
    expect(data.grade).toBe("confident");
    // Without the names support the same evidence is partial (the earlier rule: lead and path).
    expect(isConfident(evidence, { ...CONFIDENT_RULE, namesLead: 99 })).toBe(false);

    // Naming send as well (declared by src/http.ts, one of the best files): the change may be there.
    const both = await task(root, "retry backoff jitter delay after the last attempt as `send` does");
    expect(both.data.candidates?.[0]?.path).toBe("src/retry-core.ts");
    expect(both.data.gradeEvidence?.namedElsewhere).toEqual(["send (src/http.ts)"]);
    expect(both.data.grade).toBe("partial");
    expect(both.text).toContain("the query also names send (src/http.ts), not declared in the first file");
  }, 120_000);
});
