// A seed's file cut to fit without losing what the seed names (plan/seed-pins.ts): the
// declaration whole in the signatures when it fits, else the named line and the headers
// of the declarations around it in the file as planned; the rest of the room goes to lines
// from the top. The cut is head-and-tail only when not even those lines fit, and then its
// marker says what the seed named is not shown.

import { secretsIn } from "../text/known-secrets.ts";
import { rememberedAt } from "../text/remembered-at.ts";
import type { TokenCounter } from "../text/tokens.ts";
import { excerptAround } from "./fit.ts";
import { fileBlock } from "./format.ts";
import { cutMarker, type Candidate, type RenderOptions } from "./fusion-candidate.ts";

/** What a seed names in its file (plan/model.ts SeedPin, reached through the entry: render does not import plan). */
type SeedPin = NonNullable<Candidate["entry"]["pin"]>;

/** Source line ranges (1-based, inclusive) found in `candidate`'s content, in order, as [from, to) content lines; null when one is not there. */
function locate(candidate: Candidate, text: string, ranges: readonly [number, number][], root: string): [number, number][] | null {
  const source = text.replace(/\r\n?/g, "\n").split("\n");
  const shown = candidate.content.split("\n").map((l) => l.trim());
  const redact = secretsIn(text, candidate.entry.path);
  const remembered = rememberedAt(root);
  const out: [number, number][] = [];
  let from = 0;
  for (const [line, endLine] of ranges) {
    // as the content shows them: redacted (a credential on a kept line is a marker there too, as is a value the index remembers as one), indentation aside
    const own = redact.take(source.slice(line - 1, endLine).join("\n"), { path: candidate.entry.path }).text;
    const want = remembered.replace(own).text.split("\n").map((l) => l.trim());
    let at = -1;
    for (let i = from; i + want.length <= shown.length && at < 0; i++) if (want.every((w, j) => shown[i + j] === w)) at = i;
    if (at < 0) return null;
    out.push([at, at + want.length]);
    from = at + want.length;
  }
  return out;
}

/** Whether `candidate`'s content shows the line `pin` names (and the headers around it). */
export function showsPin(candidate: Candidate, text: string, pin: SeedPin, root: string): boolean {
  return locate(candidate, text, pinRanges(pin, false), root) !== null;
}

/** The line ranges a view of the file keeps for `pin`: the enclosing headers, then the declaration whole (`whole`) or its header and the named line. */
export function pinRanges(pin: SeedPin, whole: boolean): [number, number][] {
  const own: [number, number][] = whole && pin.decl ? [[pin.decl.line, pin.decl.endLine]] : [...new Set([pin.decl?.line ?? pin.line, pin.line])].sort((a, b) => a - b).map((l) => [l, l]);
  return [...pin.headers.map((h): [number, number] => [h, h]), ...own];
}

/** `candidate` cut to its pinned ranges and as many lines from the top as fit in `room` tokens (its block included); null when they are not in it or do not fit. */
export function pinnedExcerptOf(candidate: Candidate, text: string, ranges: readonly [number, number][], room: number, options: RenderOptions, counter: TokenCounter, fullTokens: number): Candidate | null {
  const pins = locate(candidate, text, ranges, options.root);
  if (!pins) return null;
  const attrs = { ...candidate.traits, excerpt: "kept-declarations" };
  const overhead = counter.count(fileBlock(options.format, candidate.entry.path, "", attrs)) + 4;
  const content = excerptAround(candidate.content, pins, room - overhead, counter, cutMarker(options, candidate.entry.path, fullTokens));
  if (content === null) return null;
  if (content === candidate.content) return candidate; // it fits whole
  const block = fileBlock(options.format, candidate.entry.path, content, attrs);
  return { ...candidate, content, block, tokens: counter.count(block), excerpt: true, focused: true };
}
