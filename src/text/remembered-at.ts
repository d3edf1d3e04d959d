// The values a workspace's index remembers as secrets (text/remembered-secrets.ts), as a matcher: for the output path
// (engine.ts), for apply and a refactor's staged files (what they put back for a marker) and for extraction (what is
// stored). The rows are read again when the store changes (store/secret-digests.ts); a caller that reads once per file
// while an index run writes (extraction) takes a matcher up to `maxAgeMs` old.

import { storedSecretDigests } from "../store/secret-digests.ts";
import { NOTHING_REMEMBERED, rememberedSecrets, type Remembered, type RememberedDigest } from "./remembered-secrets.ts";

const matchers = new WeakMap<object, Remembered>();
const recent = new Map<string, { at: number; remembered: Remembered }>();

export function rememberedAt(root: string, maxAgeMs = 0): Remembered {
  const now = Date.now();
  const hit = maxAgeMs > 0 ? recent.get(root) : undefined;
  if (hit && now - hit.at < maxAgeMs) return hit.remembered;
  const rows = storedSecretDigests(root);
  let remembered = rows.length ? matchers.get(rows) : NOTHING_REMEMBERED;
  if (!remembered) matchers.set(rows, (remembered = rememberedSecrets(rows as RememberedDigest[])));
  recent.set(root, { at: now, remembered });
  return remembered;
}
