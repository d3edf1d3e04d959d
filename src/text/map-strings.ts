// A deep map over the strings of a JSON-like value: the redactor of the output path
// (render/redact-output.ts) and the scrubber of what extraction stores (index/scrub.ts).

/**
 * A deep copy of a JSON-like value with `fn` applied to every string, keys included (an
 * object with toJSON, such as a Date, as JSON would write it).
 */
export function mapStrings<T>(value: T, fn: (text: string) => string): T {
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === "string") return fn(item);
    if (item === null || typeof item !== "object") return item;
    if (depth > 200) return item; // results are plain JSON trees; this only stops a cycle
    if (Array.isArray(item)) return item.map((x) => walk(x, depth + 1));
    const toJSON = (item as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return walk(toJSON.call(item), depth + 1);
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(item)) out[fn(key)] = walk(field, depth + 1);
    return out;
  };
  return walk(value, 0) as T;
}
