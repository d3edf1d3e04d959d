// svc/scope payload files are bounded: at most PAYLOAD_MAX_COUNT per root (the oldest go
// first, another root's are never touched) and PAYLOAD_MAX_BYTES each (a larger one is
// refused with a validation_error that names maxTokens); expired ones of any root are swept.

import { expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SvcError } from "../../src/errors.ts";
import { PAYLOAD_MAX_BYTES, PAYLOAD_MAX_COUNT, PAYLOAD_TTL_MS, sweepPayloads, writePayload } from "../../src/host/payloads.ts";
import { useRuntimeDir } from "../helpers/host.ts";
import { tempDir } from "../helpers/repo.ts";

test("payloads are capped in count (oldest first, own files only) and in size", () => {
  const runtime = useRuntimeDir();
  const root = tempDir();
  const dir = join(runtime, "payloads");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const foreign = join(dir, "scope-0000000000000000-other.xml");
  writeFileSync(foreign, "x");
  const written = Array.from({ length: PAYLOAD_MAX_COUNT + 10 }, (_, i) => writePayload(root, `payload ${i}`));
  const left = readdirSync(dir).filter((n) => n !== "scope-0000000000000000-other.xml");
  expect(left.length).toBe(PAYLOAD_MAX_COUNT);
  expect(existsSync(written[written.length - 1] as string)).toBe(true);
  expect(existsSync(foreign)).toBe(true);
  let error: unknown;
  try {
    writePayload(root, "x".repeat(PAYLOAD_MAX_BYTES + 1));
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(SvcError);
  expect((error as SvcError).formatted).toBe(`validation_error: the scoped context is ${PAYLOAD_MAX_BYTES + 1} bytes, over the 16 MiB limit of a payload file; pass maxTokens to bound it`);
}, 120_000);

test("expired payloads of any root (a host that died) go with a sweep over every root; fresh foreign ones stay", () => {
  const runtime = useRuntimeDir();
  const root = tempDir();
  const dir = join(runtime, "payloads");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const expired = join(dir, "scope-1111111111111111-dead.xml");
  const fresh = join(dir, "scope-2222222222222222-live.xml");
  writeFileSync(expired, "x");
  writeFileSync(fresh, "x");
  const old = (Date.now() - PAYLOAD_TTL_MS - 60_000) / 1000;
  utimesSync(expired, old, old);
  expect(sweepPayloads(root, PAYLOAD_TTL_MS)).toBe(0); // its own only
  expect(existsSync(expired)).toBe(true);
  expect(sweepPayloads(root, PAYLOAD_TTL_MS, Date.now(), true)).toBe(1);
  expect(existsSync(expired)).toBe(false);
  expect(existsSync(fresh)).toBe(true);
  expect(sweepPayloads(root, 0, Date.now(), true)).toBe(0); // "all" stays this root's own
  expect(existsSync(fresh)).toBe(true);
});
