// A JSON text (format=json) under a budget: it is the structured result again, with each file's content, so it is
// shortened as a structured result is (render/fit.ts fitData) rather than replaced — the caller gets as much content
// as fits, marked truncated with what was left out. The structured result beside it is held to the same lists, so
// both say the same about what was shown and what was cut.

type Json = Record<string, unknown>;

/** A JSON object (not a list, not null). */
export const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** `text` as a JSON object, or null when it is not one. */
export function jsonObject(text: string): Json | null {
  if (!/^\s*\{/.test(text)) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The lists `after` shortened from `before`, by key path (objects only, not inside lists): `entries: 7 of 30`. */
export function listsCut(before: unknown, after: unknown, at = ""): string[] {
  if (!isObject(before) || !isObject(after)) return [];
  const out: string[] = [];
  for (const [key, was] of Object.entries(before)) {
    const name = at ? `${at}.${key}` : key;
    const now = after[key];
    if (Array.isArray(was) && was.length > 0) {
      const kept = Array.isArray(now) ? now.length : 0;
      if (kept < was.length) out.push(`${name}: ${kept} of ${was.length}`);
    } else if (isObject(was)) {
      if (now === undefined) out.push(`${name}: left out`);
      else out.push(...listsCut(was, now, name));
    }
  }
  return out;
}

/**
 * `data` with each list that `text` (a JSON text holding the same lists) had whole and `fitted` shortened, shortened to
 * the same length (the items kept are the first ones on both sides), and each string `fitted` shortened, shortened alike,
 * recursively. A copy.
 */
export function alignedTo(data: object, text: Json, fitted: Json): object {
  const walk = (d: unknown, t: unknown, f: unknown): unknown => {
    // a string the text shortened is shortened alike; a list, to the items the text kept (each aligned in turn)
    if (typeof d === "string") return d === t && typeof f === "string" ? f : d;
    if (Array.isArray(d)) {
      if (!Array.isArray(t) || !Array.isArray(f) || d.length !== t.length) return d;
      return d.slice(0, Math.min(d.length, f.length)).map((item, i) => walk(item, t[i], f[i]));
    }
    if (!isObject(d)) return d;
    const out: Json = {};
    for (const [key, value] of Object.entries(d)) out[key] = isObject(t) && isObject(f) && key in t ? walk(value, t[key], f[key]) : value;
    return out;
  };
  return walk(data, text, fitted) as object;
}

/** `value` with every list of strings holding one of `reasons` ordered reasons first (a list halved to fit keeps them), recursively. A copy. */
export function reasonsFirst<T>(value: T, reasons: readonly string[]): T {
  if (!reasons.length) return value;
  const isReason = (v: unknown) => typeof v === "string" && reasons.includes(v);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.some(isReason) ? [...v.filter(isReason), ...v.filter((x) => !isReason(x))] : v.map(walk);
    if (!isObject(v)) return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(value) as T;
}

/** The top-level keys of `data` that hold one of `reasons` (a string or a list with one): kept while others go. */
export function reasonKeys(data: object, reasons: readonly string[]): string[] {
  const holds = (v: unknown): boolean => (typeof v === "string" ? reasons.includes(v) : Array.isArray(v) ? v.some(holds) : isObject(v) ? Object.values(v).some(holds) : false);
  return Object.entries(data).filter(([, v]) => holds(v)).map(([k]) => k);
}
