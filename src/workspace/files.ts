// Reading workspace files: bytes → text, with binary and unreadable files reported
// instead of thrown, and generated files flagged (through readInside: never out of the root).

import { decodeText, isBinary, isGenerated } from "./classify.ts";
import { readInside } from "./read-inside.ts";
import type { SkipReason } from "./inventory.ts";

export interface LoadedText {
  ok: true;
  text: string;
  generated: boolean;
}

export interface LoadFailure {
  ok: false;
  reason: SkipReason;
}

export function loadText(root: string, path: string): LoadedText | LoadFailure {
  let bytes: Uint8Array;
  try {
    bytes = readInside(root, path);
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (isBinary(bytes)) return { ok: false, reason: "binary" };
  const text = decodeText(bytes);
  return { ok: true, text, generated: isGenerated(path, text) };
}

/** A reader of root-relative files as UTF-8 text, null when unreadable (configs, manifests). */
export function textReader(root: string): (path: string) => string | null {
  return (path) => {
    try {
      return readInside(root, path, "utf8");
    } catch {
      return null;
    }
  };
}
