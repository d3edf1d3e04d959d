// Run with find's tuning parameters (src/retrieve/localize-params.ts PARAMS) changed, restored after.

import { PARAMS } from "../../src/retrieve/localize-params.ts";

export async function withParams<T>(params: Partial<typeof PARAMS>, run: () => Promise<T>): Promise<T> {
  const saved = { ...PARAMS };
  Object.assign(PARAMS, params);
  try {
    return await run();
  } finally {
    Object.assign(PARAMS, saved);
  }
}
