// svc/scope payload files: `<runtime>/payloads/scope-<h>-<random>.xml`, 0600 in a 0700
// folder, `<h>` the served root's hash so each host only ever removes its own. A payload
// lives at most PAYLOAD_TTL_MS (expired ones are swept before every new write and on a
// timer) and every one is removed when its host shuts down. A host that died without
// shutting down leaves its payloads: any host's timer removes expired payloads of every
// root (an expired payload is no one's to keep). Bounded: at most
// PAYLOAD_MAX_COUNT per root (the oldest go first) and PAYLOAD_MAX_BYTES per payload (a
// larger one is refused: pass maxTokens).

import { chmodSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { validationError } from "../errors.ts";
import { redactText } from "../render/redact-output.ts";
import { endpointFor } from "./endpoint.ts";

export const PAYLOAD_TTL_MS = 3_600_000;
export const PAYLOAD_MAX_COUNT = 32;
export const PAYLOAD_MAX_BYTES = 16 * 1024 * 1024;

function dirOf(root: string): { dir: string; prefix: string } {
  const ep = endpointFor(root, { create: true });
  return { dir: join(ep.dir, "payloads"), prefix: `scope-${ep.hash}-` };
}

/**
 * Remove this root's payloads older than maxAgeMs (0 = all); returns how many went. With
 * `everyRoot`, expired payloads of every root go too (hosts that died left them).
 */
export function sweepPayloads(root: string, maxAgeMs: number, now = Date.now(), everyRoot = false): number {
  const { dir, prefix: own } = dirOf(root);
  const prefix = everyRoot && maxAgeMs > 0 ? "scope-" : own;
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const file = join(dir, name);
    try {
      if (maxAgeMs === 0 || now - statSync(file).mtimeMs >= maxAgeMs) {
        rmSync(file, { force: true });
        removed++;
      }
    } catch {
      // removed meanwhile
    }
  }
  return removed;
}

/** Remove this root's oldest payloads so that at most `keep` remain. */
function trimPayloads(dir: string, prefix: string, keep: number): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(prefix));
  } catch {
    return;
  }
  if (names.length <= keep) return;
  const aged = names.map((name) => {
    const file = join(dir, name);
    try {
      return { file, mtime: statSync(file).mtimeMs };
    } catch {
      return { file, mtime: 0 };
    }
  });
  aged.sort((a, b) => a.mtime - b.mtime || a.file.localeCompare(b.file));
  for (const { file } of aged.slice(0, aged.length - keep)) rmSync(file, { force: true });
}

/** Write a payload (0600, redacted) after sweeping expired ones and the oldest beyond the count cap; returns its path. */
export function writePayload(root: string, text: string): string {
  const bytes = Buffer.byteLength(text);
  if (bytes > PAYLOAD_MAX_BYTES) {
    throw validationError(`the scoped context is ${bytes} bytes, over the ${PAYLOAD_MAX_BYTES / (1024 * 1024)} MiB limit of a payload file; pass maxTokens to bound it`);
  }
  sweepPayloads(root, PAYLOAD_TTL_MS);
  const { dir, prefix } = dirOf(root);
  trimPayloads(dir, prefix, PAYLOAD_MAX_COUNT - 1);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const file = join(dir, `${prefix}${randomBytes(8).toString("hex")}.xml`);
  writeFileSync(file, redactText(text), { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
