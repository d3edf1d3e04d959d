// apply on real files: content rebuilt from a view (whitespace normalised as every view
// normalises it) with one line rewritten and another deleted gives back the file byte for
// byte except those two lines — trailing whitespace, blank-line runs, leading and trailing
// blank lines kept. The files are the real JavaScript, TypeScript and Markdown of this
// checkout's dependencies that have something a view drops.

import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { keepFileStyle } from "../../src/ops/apply-fidelity.ts";
import { normalizeWhitespace } from "../../src/render/whitespace.ts";

const WANTED = 300;
const trimmed = (l: string) => l.replace(/[ \t\r\f\v]+$/, "");

/** Files (sorted walk, so the same ones each run) with trailing whitespace, blank-line runs or a leading blank line. */
function realFiles(dir: string, out: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch {
    return out;
  }
  for (const e of entries) {
    if (out.length >= WANTED) break;
    const p = join(dir, e.name);
    if (e.isDirectory()) realFiles(p, out);
    else if (e.isFile() && /\.(ts|js|md)$/.test(e.name)) {
      const text = readFileSync(p, "utf8");
      if (text.length < 200_000 && !text.includes("\r") && !text.includes("\uFFFD") && /[ \t]\n|\n\n\n|^\n/.test(text)) out.push(p);
    }
  }
  return out;
}

describe("apply keeps the whitespace views drop, on real files", () => {
  test("one line rewritten and another deleted from the view: every other byte of the file kept", () => {
    const files = realFiles(join(import.meta.dir, "../../node_modules"));
    expect(files.length).toBe(WANTED);
    let checked = 0;
    let edgeBlank = 0;
    for (const [n, file] of files.entries()) {
      const disk = readFileSync(file, "utf8");
      const view = normalizeWhitespace(disk.replace(/^\uFEFF/, "")).split("\n");
      // lines shown once (so the file's own line is known), not blank
      const unique = view.filter((l, _, all) => l !== "" && all.indexOf(l) === all.lastIndexOf(l));
      if (unique.length < 2) continue;
      const rewritten = unique[n % unique.length] as string;
      const deleted = unique[(n * 7 + 3) % unique.length] as string;
      if (rewritten === deleted) continue;
      const content = `${view.filter((l) => l !== deleted).map((l) => (l === rewritten ? `${l} // edited` : l)).join("\n")}\n`;
      // the deletion may leave a blank line first or last (a first line above a blank one): an edited view still, whose other lines keep their bytes
      if (content.startsWith("\n") || content.endsWith("\n\n")) edgeBlank++;
      const lines = disk.split("\n");
      lines[lines.findIndex((l) => trimmed(l) === rewritten)] = `${rewritten} // edited`;
      lines.splice(lines.findIndex((l) => trimmed(l) === deleted), 1);
      expect({ file, text: keepFileStyle(content, disk).text }).toEqual({ file, text: lines.join("\n") });
      checked++;
    }
    expect(checked).toBeGreaterThan(WANTED / 2);
    expect(edgeBlank).toBeGreaterThan(0);
  });

  test("every other line of a 10,000-line file rewritten (the diff gives up and makes one hunk): the unchanged lines still keep their whitespace", () => {
    let disk = "";
    for (const file of realFiles(join(import.meta.dir, "../../node_modules"))) {
      disk += readFileSync(file, "utf8").replace(/^\uFEFF/, "");
      if (disk.split("\n").length > 10_000) break;
    }
    const diskLines = disk.split("\n");
    let nonBlank = 0;
    const expected = diskLines.map((l) => (trimmed(l) !== "" && nonBlank++ % 2 === 1 ? `${trimmed(l)} // edited` : l));
    nonBlank = 0;
    const view = normalizeWhitespace(disk).split("\n").map((l) => (l !== "" && nonBlank++ % 2 === 1 ? `${l} // edited` : l));
    expect(nonBlank).toBeGreaterThan(5_000);
    expect(keepFileStyle(`${view.join("\n")}\n`, disk).text).toBe(expected.join("\n"));
  });
});

describe("apply keeps every byte around an edit, fuzzed", () => {
  test("seeded files of mixed endings (LF, CRLF, lone CR), trailing whitespace, blank runs, BOM and final-newline states: a line edited or deleted from the view leaves every other byte (the line left last keeps its own ending: it took the deleted one's)", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T,>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
    let checked = 0;
    for (let iter = 0; iter < 3000; iter++) {
      const n = 3 + Math.floor(rnd() * 8);
      const lines = Array.from({ length: n }, (_, k) => ({ body: rnd() < 0.2 ? "" : `const v${k} = ${k};`, ws: pick(["", "", "", " ", "  ", "\t"]), end: pick(["\n", "\n", "\n", "\r\n", "\r"]) }));
      // a lone CR before an empty line reads as CRLF
      for (let k = 0; k < n - 1; k++) if (lines[k]!.end === "\r" && lines[k + 1]!.body === "" && lines[k + 1]!.ws === "") lines[k]!.end = "\n";
      if (rnd() < 0.3) lines[n - 1]!.end = "";
      const bom = rnd() < 0.2 ? "\uFEFF" : "";
      const disk = bom + lines.map((l) => l.body + l.ws + l.end).join("");
      const view = normalizeWhitespace(disk.replace(/^\uFEFF/, "").replace(/\r(?!\n)/g, "\n")).split("\n");
      // any non-blank line but the last one (deleting that is the final-newline state's: kept, not the line's), or the last line of a file that ends with a terminator and whose line before it is not blank
      const lastDeletable = lines[n - 1]!.body !== "" && lines[n - 1]!.end !== "" && n > 1 && lines[n - 2]!.body !== "";
      const candidates = lines.map((l, k) => k).filter((k) => lines[k]!.body && (lines.slice(k + 1).some((l) => l.body) || (k === n - 1 && lastDeletable)));
      if (!candidates.length) continue;
      const k = pick(candidates);
      const target = lines[k]!.body;
      const edit = rnd() < 0.5;
      const sent = (edit ? view.map((v) => (v === target ? `${v} // e` : v)) : view.filter((v) => v !== target)).join("\n") + (rnd() < 0.5 ? "\n" : "");
      const expected = bom + lines.flatMap((l, i) => (i !== k ? [l.body + l.ws + l.end] : edit ? [`${l.body} // e${l.end}`] : [])).join("");
      expect({ disk, sent, text: keepFileStyle(sent, disk).text }).toEqual({ disk, sent, text: expected });
      checked++;
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
