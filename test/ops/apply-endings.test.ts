// Mixed line endings (some lines CRLF, some LF, a stray lone CR) survive edits that are apart
// or add lines above: the unchanged lines are matched by a line diff, not by position, so an
// inserted line no longer shifts every following line onto its neighbour's ending.

import { describe, expect, test } from "bun:test";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { keepFileStyle } from "../../src/ops/apply-fidelity.ts";
import { view } from "../helpers/view.ts";
import { gitRepo } from "../helpers/repo.ts";

/** Lines with their terminators ("" for a last line without one). */
function lines(text: string): [string, string][] {
  const out: [string, string][] = [];
  let start = 0;
  for (const m of text.matchAll(/\r\n|\r|\n/g)) {
    out.push([text.slice(start, m.index), m[0]]);
    start = m.index + m[0].length;
  }
  if (start < text.length) out.push([text.slice(start), ""]);
  return out;
}

/** A deterministic mix of endings: most lines LF or CRLF by a hash of their number, every 97th a lone CR (before a non-empty line: before an empty LF one it would read as CRLF). */
function mixEndings(text: string): [string, string][] {
  const ls = lines(text);
  return ls.map(([body, end], k) => [body, end === "" ? "" : k % 97 === 50 && ls[k + 1]?.[0] ? "\r" : (k * 2654435761) % 7 < 3 ? "\r\n" : "\n"]);
}

function dominant(ls: [string, string][]): string {
  const counts = new Map<string, number>();
  for (const [, e] of ls) if (e) counts.set(e, (counts.get(e) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] === "\r\n" ? -1 : 1))[0]![0];
}

describe("apply keeps mixed line endings", () => {
  test("through the engine: a line inserted at the top and one at the end leave every other line's ending as it was", async () => {
    const original = "import a from 'a';\r\nconst b = 1;\nconst c = 2;\r\nexport { b, c };\n";
    const root = gitRepo({ "src/m.ts": original });
    const { content } = await view(root, "src/m.ts");
    expect(content).toBe("import a from 'a';\nconst b = 1;\nconst c = 2;\nexport { b, c };");
    await call("apply", { path: root, file: "src/m.ts", content: `// header\n${content}\nexport default b;`, write: true });
    expect(readFileSync(join(root, "src/m.ts"), "utf8")).toBe("// header\r\nimport a from 'a';\r\nconst b = 1;\nconst c = 2;\r\nexport { b, c };\nexport default b;\n");
  }, 120_000);

  test("content that normalizes a mixed file's endings is no change apply makes, and the answer says so: not 'already has this content' alone, and the kept endings named with LF", async () => {
    const original = "const a = 1;\r\nconst b = 2;\nconst c = 3;\r\n";
    const root = gitRepo({ "src/m.ts": original });
    for (const content of ["const a = 1;\r\nconst b = 2;\r\nconst c = 3;\r\n", "const a = 1;\nconst b = 2;\nconst c = 3;\n"]) {
      const result = await call("apply", { path: root, file: "src/m.ts", content, write: true });
      expect(result.text).toBe(`unchanged: src/m.ts already has this content but for what apply keeps of the file (${content.length} chars; keeping the file's CRLF and LF line endings); nothing was written.`);
      expect(readFileSync(join(root, "src/m.ts"), "utf8")).toBe(original);
    }
    // the file's own bytes sent: no such caveat
    expect((await call("apply", { path: root, file: "src/m.ts", content: original, write: true })).text).toBe(`unchanged: src/m.ts already has this content (${original.length} chars); nothing was written.`);
  }, 120_000);

  test("a moved line keeps its own ending (found on hono: two lines swapped in a mixed file gave the moved one the dominant ending)", async () => {
    const original = "const a = 1;\nconst b = 2;\r\nconst c = 3;\nconst d = 4;\n";
    const root = gitRepo({ "src/m.ts": original });
    const { content } = await view(root, "src/m.ts");
    await call("apply", { path: root, file: "src/m.ts", content: content.replace("const b = 2;\nconst c = 3;", "const c = 3;\nconst b = 2;"), write: true });
    expect(readFileSync(join(root, "src/m.ts"), "utf8")).toBe("const a = 1;\nconst c = 3;\nconst b = 2;\r\nconst d = 4;\n");
  }, 120_000);

  test("the last line deleted, the content sent without a final newline: the line now last keeps its own ending (it took the deleted line's)", () => {
    for (const [disk, sent, written] of [
      ["const a = 1;\r\nconst b = 2;\nconst c = 3;\r", "const a = 1;\nconst b = 2;", "const a = 1;\r\nconst b = 2;\n"],
      ["const a = 1;\nconst b = 2;\r\nconst c = 3;\n", "const a = 1;\nconst b = 2;", "const a = 1;\nconst b = 2;\r\n"],
      // a line the edit added last takes the file's final ending, as before
      ["const a = 1;\nconst b = 2;\r", "const a = 1;\nconst z = 9;", "const a = 1;\nconst z = 9;\r"],
    ]) expect(keepFileStyle(sent!, disk!).text).toBe(written!);
  });

  test("property: real files from node_modules given mixed endings keep each unchanged line's ending through an insertion near the top and a deletion near the end", () => {
    const files: string[] = [];
    const walk = (dir: string, depth: number) => {
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        const stat = statSync(path, { throwIfNoEntry: false });
        if (stat?.isDirectory() && depth < 3 && !name.startsWith(".")) walk(path, depth + 1);
        else if (stat?.isFile() && /\.(?:js|ts|md)$/.test(name) && stat.size > 2_000 && stat.size < 60_000) files.push(path);
      }
    };
    walk(join(import.meta.dir, "../../node_modules/zod"), 0);
    walk(join(import.meta.dir, "../../node_modules/cac"), 0);
    let checked = 0;
    for (const file of files.slice(0, 150)) {
      const text = readFileSync(file, "utf8");
      if (text.includes("\r")) continue;
      const disk = mixEndings(text);
      if (disk.length < 40) continue;
      // a line found once in the file, near the end, is deleted (so the diff cannot align it elsewhere)
      const counts = new Map<string, number>();
      for (const [body] of disk) counts.set(body, (counts.get(body) ?? 0) + 1);
      let del = disk.length - 5;
      while (del > disk.length / 2 && counts.get(disk[del]![0]) !== 1) del--;
      if (counts.get(disk[del]![0]) !== 1) continue;
      const at = 3;
      const inserted = "// inserted by the property test";
      const agent = disk.map(([body, end]) => [body, end === "" ? "" : "\n"] as [string, string]);
      agent.splice(del, 1);
      agent.splice(at, 0, [inserted, "\n"]);
      const expected = [...disk];
      expected.splice(del, 1);
      expected.splice(at, 0, [inserted, dominant(disk)]);
      const out = keepFileStyle(agent.flat().join(""), disk.flat().join("")).text;
      expect({ file, same: out === expected.flat().join("") }).toEqual({ file, same: true });
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  }, 120_000);
});
