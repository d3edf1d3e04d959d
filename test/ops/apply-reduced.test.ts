// Content rebuilt from a reduced view (context and ask show level standard, skeleton leaves
// bodies out) is refused: written back it dropped every comment, import and body the view
// left out. Ordinary edits from the whole file (level none) still apply, checked on the real
// files of this checkout's dependencies.

import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { call } from "../../src/engine.ts";
import { refuseReducedView } from "../../src/ops/apply-reduced.ts";
import { view } from "../helpers/view.ts";
import { reduceFile } from "../../src/render/reduce/index.ts";
import { failure } from "../helpers/failure.ts";
import { gitRepo } from "../helpers/repo.ts";

const A = "import { b } from './b';\nimport type { T } from './t';\n\n// how f works\n/** Doc of f. */\nexport function f(x: number): number {\n  return x + b; // trailing\n}\nexport const k: T | null = null;\n";

/** The text of `file`'s element in an svc answer. */
function shown(text: string, file: string): string {
  const m = new RegExp(`<file path="${file}"[^>]*>\\n(?:<!--[\\s\\S]*?-->\\n)?([\\s\\S]*?)\\n</file>`).exec(text);
  if (!m) throw new Error(`no ${file} in the answer`);
  return `${m[1]}\n`;
}

describe("apply refuses content rebuilt from a reduced view", () => {
  test("context's view (level standard), as shown or edited, and skeleton's are refused, naming the level and a line they drop; the file survives", async () => {
    const root = gitRepo({ "src/a.ts": A, "src/b.ts": "export const b = 1;\n", "src/t.ts": "export type T = number;\n" });
    await call("index", { path: root });
    const context = shown((await call("context", { path: root, seeds: ["src/a.ts"] })).text, "src/a.ts");
    expect(context).toBe("export function f(x: number): number {\n  return x + b;\n}\nexport const k: T | null = null;\n");
    const standard = (evidence: string) => `validation_error: refusing to apply to 'src/a.ts': the content looks rebuilt from a standard-level view of the file (${evidence}it lacks all 5 lines that view leaves out, e.g. 'import { b } from './b';'); writing it would drop them. Only a level none view shows the whole file (svc_reduce files=['src/a.ts'] level=none): edit from that and send the whole file`;
    expect((await failure(call("apply", { path: root, file: "src/a.ts", content: context, write: true }))).formatted).toBe(standard("it has 'return x + b;' as only that view renders it, and "));
    const edited = context.replace("return x + b;", "return x - b;");
    expect((await failure(call("apply", { path: root, file: "src/a.ts", content: edited, write: true }))).formatted).toBe(standard(""));
    const skeleton = shown((await call("skeleton", { path: root })).text, "src/a.ts");
    expect((await failure(call("apply", { path: root, file: "src/a.ts", content: skeleton, write: true }))).formatted).toBe(
      "validation_error: refusing to apply to 'src/a.ts': the content looks rebuilt from a skeleton-level view of the file (it has 'export function f(x: number): number { … }' as only that view renders it, and it lacks all 4 lines that view leaves out, e.g. '// how f works'); writing it would drop them. Only a level none view shows the whole file (svc_reduce files=['src/a.ts'] level=none): edit from that and send the whole file",
    );
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toBe(A);
    // the same edit from the whole file applies; so does removing the imports alone (organize-imports), or a rewrite
    for (const content of [A.replace("x + b", "x - b"), A.replace(/^import .*\n/gm, ""), "export const f = 1;\n"]) {
      expect((await call("apply", { path: root, file: "src/a.ts", content })).text).toStartWith("dry run (no write): would overwrite src/a.ts");
    }
  }, 120_000);

  test("a file holding a line '</file>': content cut there (read from the XML view up to that line), as shown or edited, is refused; the whole file applies", async () => {
    const page = "<p>a</p>\n<p>c</p>\n</file>\n<p>b</p>\n";
    const root = gitRepo({ "t.html": page });
    const { text, content } = await view(root, "t.html");
    expect(text.endsWith(`<file path="t.html">\n${page}</file>`)).toBe(true);
    const cut = shown(text, "t.html");
    expect(cut).toBe("<p>a</p>\n<p>c</p>\n");
    const why = "validation_error: refusing to apply to 't.html': the content stops where the file has a line '</file>' (line 3) and lacks the line after it, as if read from an XML view up to that line, which is not the file's end; writing it would drop them. Take the file's content from svc_reduce files=['t.html'] level=none format=json (entries[].content) and send the whole file";
    for (const sent of [cut, cut.replace("c", "C")]) expect((await failure(call("apply", { path: root, file: "t.html", content: sent, write: true }))).formatted).toBe(why);
    expect(readFileSync(join(root, "t.html"), "utf8")).toBe(page);
    await call("apply", { path: root, file: "t.html", content: content.replace("<p>b</p>", "<p>B</p>"), write: true });
    expect(readFileSync(join(root, "t.html"), "utf8")).toBe(page.replace("<p>b</p>", "<p>B</p>"));
  }, 120_000);

  test("on real files: ordinary edits from the whole file are never refused; most standard views are", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
      } catch {
        return;
      }
      for (const e of entries) {
        if (files.length >= 300) return;
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|js|py|md|json)$/.test(e.name) && !e.name.endsWith(".d.ts")) files.push(p);
      }
    };
    walk(join(import.meta.dir, "../../node_modules"));
    const refused: string[] = [];
    let views = 0, caught = 0;
    for (const file of files) {
      const disk = readFileSync(file, "utf8");
      if (disk.length > 300_000 || disk.includes("\0")) continue;
      const rel = file.slice(file.lastIndexOf("node_modules/") + 13);
      const lines = reduceFile(disk, { path: rel, level: "none" }).split("\n");
      const edits = {
        oneLine: lines.map((l, i) => (i === lines.length >> 1 ? `${l} // edited` : l)).join("\n"),
        deleted: lines.filter((_, i) => i !== Math.floor(lines.length / 3)).join("\n"),
        noImports: lines.filter((l) => !/^\s*import\b/.test(l)).join("\n"),
        halfGone: lines.slice(lines.length >> 1).join("\n"),
        rewrite: "export const replaced = 1;\n",
      };
      for (const [kind, content] of Object.entries(edits)) {
        try {
          refuseReducedView(rel, content, disk);
        } catch {
          refused.push(`${kind} ${rel}`);
        }
      }
      const standard = reduceFile(disk, { path: rel, level: "standard" });
      if (standard === lines.join("\n")) continue;
      views++;
      try {
        refuseReducedView(rel, standard, disk);
      } catch {
        caught++;
      }
    }
    expect(files.length).toBe(300);
    expect(refused).toEqual([]);
    // the views not caught drop only imports (the next compile says so) or only comments (not told from deleting them)
    expect(views).toBeGreaterThan(100);
    expect(caught / views).toBeGreaterThan(0.4); // 135 of 270 with the dependencies of this writing
  }, 120_000);
});

test("the refusal quotes a dropped line with the file's secrets taken out before the cut (which left a token's head)", () => {
  const token = "ghp_" + "Qm4Zx8Lr2Vd6Ks0Wp9Ht3Nf7By1Jc5Gu8Ea2To";
  const disk = `// the deploy token of the staging cluster is ${token}\nimport { b } from './b';\nimport type { T } from './t';\n// more notes\n\nexport function f(x: number): number {\n  return x + b;\n}\nexport const k: T | null = null;\n`;
  const content = reduceFile(disk, { path: "src/a.ts", level: "standard" });
  let message = "";
  try {
    refuseReducedView("src/a.ts", content, disk);
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain("e.g. '// the deploy token of the staging cluster is [REDACTED:github-token]");
  expect(message).not.toContain(token.slice(0, 10));
}, 120_000);
