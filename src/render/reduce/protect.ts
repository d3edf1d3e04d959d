// Protected spans: text that later regex passes must not touch (string/template/regex
// literals, inserted markers, declarations kept whole) is swapped for an opaque token
// `<open><index base 36><close>`, built from two private-use characters absent from the
// input, and swapped back at the end. Tokens look like one identifier to every pass.

export type TokenKind = "literal" | "verbatim";

interface Entry {
  value: string;
  kind: TokenKind;
}

/** First two private-use characters that do not occur in `text` (deterministic). */
function sentinels(text: string): [string, string] {
  const found: string[] = [];
  for (let c = 0xe000; c <= 0xf8ff && found.length < 2; c++) {
    const ch = String.fromCharCode(c);
    if (!text.includes(ch)) found.push(ch);
  }
  return [found[0] ?? "\ue000", found[1] ?? "\ue001"];
}

export class Protector {
  readonly open: string;
  readonly close: string;
  /** Regex source matching one token, capture 1 = index. */
  readonly pattern: string;
  private readonly entries: Entry[] = [];

  constructor(text: string) {
    [this.open, this.close] = sentinels(text);
    this.pattern = `${this.open}([0-9a-z]+)${this.close}`;
  }

  token(value: string, kind: TokenKind = "verbatim"): string {
    this.entries.push({ value, kind });
    return `${this.open}${(this.entries.length - 1).toString(36)}${this.close}`;
  }

  /** The protected value of a token text (or null when it is not exactly one token). */
  valueOf(token: string): string | null {
    const m = new RegExp(`^${this.pattern}$`).exec(token);
    return m?.[1] === undefined ? null : (this.entries[parseInt(m[1], 36)]?.value ?? null);
  }

  /** Swap every token back; `literal` may rewrite literal values (aggressive truncation). */
  restore(text: string, literal?: (value: string) => string): string {
    const re = new RegExp(this.pattern, "g");
    // a value can hold a token only when a pass mistook a region for a literal: a few rounds suffice
    for (let round = 0; round < 4 && text.includes(this.open); round++) {
      text = text.replace(re, (whole, index: string) => {
        const entry = this.entries[parseInt(index, 36)];
        if (!entry) return whole;
        return entry.kind === "literal" && literal ? literal(entry.value) : entry.value;
      });
    }
    return text;
  }
}
