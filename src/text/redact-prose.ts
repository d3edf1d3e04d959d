// A credential written into a comment as prose or with a note after it — `// the old password
// was Wq9Lm3Xz7Pk2`, `# password = Wq9Lm3Xz7Pk2 (old)` — which no assignment form reads (the
// value is followed by words, or joined to its name by "is"/"was"). Only comment lines, only a
// credential word right before "is"/"was"/"="/":", and only a value that reads as a credential:
// letters and digits mixed (or letters of scrambled case), no path, URL or dotted name.

import { credentialValue, scrambledLetters } from "./secret-values.ts";

type Push = (kind: "api-token", start: number, end: number) => void;

const COMMENTED = /^[ \t]*(?:\/\/+|#+|\/?\*+|--|;+)[^\n]*?\b(?:pass(?:w(?:or)?d|phrase)?|pwd|secret|token|api[ _-]?key)(?:[ \t]+(?:is|was)|[ \t]*[=:])[ \t]+([A-Za-z0-9_\-+=!@$%^&*~]{8,})(?=[ \t]*(?:[.,;)]|\(|\r?\n|$|[ \t]))/gim;

const reads = (value: string) => credentialValue(value) && ((/\d/.test(value) && /[A-Za-z]/.test(value)) || scrambledLetters(value));

export function proseCredentials(text: string, push: Push): void {
  COMMENTED.lastIndex = 0;
  for (let m = COMMENTED.exec(text); m; m = COMMENTED.exec(text)) {
    const value = m[1]!;
    if (!reads(value)) continue;
    const start = m.index + m[0].length - value.length;
    push("api-token", start, start + value.length);
  }
}
