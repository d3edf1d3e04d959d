// The index never stores a credential: before a file's extraction is written, the secrets
// the redactor finds in the whole file (with its path, so every value of a dotenv file
// counts) are taken out of everything derived from it. Full-text fields are tokenized from
// a masked copy of the text (each secret, and each other occurrence of its value, blanked, same length, so offsets hold); stored
// strings (signatures, names, doc comments, import specifiers, wiring facts) are redacted
// and any remaining occurrence of a found value — or of its start where a signature was
// cut at 240 characters — becomes its marker.

import { findSecrets } from "../text/redact.ts";
import { knownSecrets } from "../text/known-secrets.ts";
import { mapStrings } from "../text/map-strings.ts";
import { NOTHING_REMEMBERED, rememberedDigests, withSpans, type Remembered, type RememberedDigest } from "../text/remembered-secrets.ts";

export interface Scrubber {
  /** How many secrets the text holds (0: the text is stored as is). */
  found: number;
  /** The text with every secret replaced by spaces (newlines kept): tokenize this, not the text. */
  masked: string;
  /** A stored string derived from the text, with no secret left in it. */
  scrub(value: string): string;
  /** Every string inside a JSON-like value scrubbed (a deep copy). */
  scrubDeep<T>(value: T): T;
  /** The digests of the secrets found that the index remembers (text/remembered-secrets.ts). */
  digests: RememberedDigest[];
}

const IDENTITY: Omit<Scrubber, "masked"> = { found: 0, scrub: (v) => v, scrubDeep: (v) => v, digests: [] };

/**
 * How to take the secrets of `text` (the content of `path`) out of what is stored; cheap when there are none. A value the
 * index remembers as a secret (text/remembered-secrets.ts) counts as one wherever it stands, with no name left to say so.
 */
export function scrubberFor(text: string, path: string, remembered: Remembered = NOTHING_REMEMBERED): Scrubber {
  const spans = withSpans(findSecrets(text, { path }), remembered.size ? remembered.spans(text) : []);
  if (spans.length === 0) return { masked: text, ...IDENTITY };
  const parts: string[] = [];
  let at = 0;
  for (const s of spans) {
    parts.push(text.slice(at, s.start), text.slice(s.start, s.end).replace(/[^\r\n]/g, " "));
    at = s.end;
  }
  parts.push(text.slice(at));
  const known = knownSecrets(spans.map((s) => [text.slice(s.start, s.end), s.kind] as const));
  const scrub = (value: string): string => known.take(value).text;
  // a found value repeated where no detector sees it (`curl -u ops:…` after the URL that gave `ops:…` away) is blanked too
  return { found: spans.length, masked: known.mask(parts.join("")), scrub, scrubDeep: <T>(value: T) => mapStrings(value, scrub), digests: rememberedDigests(text, spans) };
}

