// Porter stemmer against the worked examples of Porter (1980) and other well-known pairs.

import { describe, expect, test } from "bun:test";
import { stem } from "../../src/text/stem.ts";

/** input → output after all steps. */
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  // step 1a
  ["caresses", "caress"], ["ponies", "poni"], ["ties", "ti"], ["caress", "caress"], ["cats", "cat"],
  // step 1b
  ["feed", "feed"], ["agreed", "agre"], ["plastered", "plaster"], ["bled", "bled"],
  ["motoring", "motor"], ["sing", "sing"], ["conflated", "conflat"], ["troubled", "troubl"],
  ["sized", "size"], ["hopping", "hop"], ["tanned", "tan"], ["falling", "fall"],
  ["hissing", "hiss"], ["fizzed", "fizz"], ["failing", "fail"], ["filing", "file"],
  // step 1c
  ["happy", "happi"], ["sky", "sky"],
  // step 2
  ["relational", "relat"], ["conditional", "condit"], ["rational", "ration"],
  ["valenci", "valenc"], ["hesitanci", "hesit"], ["digitizer", "digit"],
  ["conformabli", "conform"], ["radicalli", "radic"], ["differentli", "differ"],
  ["vileli", "vile"], ["analogousli", "analog"], ["vietnamization", "vietnam"],
  ["predication", "predic"], ["operator", "oper"], ["feudalism", "feudal"],
  ["decisiveness", "decis"], ["hopefulness", "hope"], ["callousness", "callous"],
  ["formaliti", "formal"], ["sensitiviti", "sensit"], ["sensibiliti", "sensibl"],
  // step 3
  ["triplicate", "triplic"], ["formative", "form"], ["formalize", "formal"],
  ["electriciti", "electr"], ["electrical", "electr"], ["hopeful", "hope"], ["goodness", "good"],
  // step 4
  ["revival", "reviv"], ["allowance", "allow"], ["inference", "infer"], ["airliner", "airlin"],
  ["gyroscopic", "gyroscop"], ["adjustable", "adjust"], ["defensible", "defens"],
  ["irritant", "irrit"], ["replacement", "replac"], ["adjustment", "adjust"],
  ["dependent", "depend"], ["adoption", "adopt"], ["homologou", "homolog"],
  ["communism", "commun"], ["activate", "activ"], ["angulariti", "angular"],
  ["homologous", "homolog"], ["effective", "effect"], ["bowdlerize", "bowdler"],
  // step 5
  ["probate", "probat"], ["rate", "rate"], ["cease", "ceas"], ["controll", "control"], ["roll", "roll"],
  // the classic "connect" family and a few everyday words
  ["connect", "connect"], ["connected", "connect"], ["connecting", "connect"],
  ["connection", "connect"], ["connections", "connect"], ["connective", "connect"],
  ["generalizations", "gener"], ["oscillators", "oscil"], ["running", "run"],
  ["created", "creat"], ["creation", "creation"], ["service", "servic"], ["services", "servic"],
  ["indexing", "index"], ["files", "file"], ["caching", "cach"], ["queries", "queri"],
];

describe("stem", () => {
  test(`Porter table (${PAIRS.length} pairs)`, () => {
    const wrong = PAIRS.filter(([input, output]) => stem(input) !== output).map(
      ([input, output]) => `${input} → ${stem(input)} (want ${output})`,
    );
    expect(wrong).toEqual([]);
    expect(PAIRS.length).toBeGreaterThanOrEqual(60);
  });

  test("short words come back unchanged", () => {
    for (const w of ["", "a", "is", "as", "ed", "ss"]) expect(stem(w)).toBe(w);
  });

  test("non-ASCII, upper-case and digit-bearing words come back unchanged", () => {
    for (const w of ["größe", "名前", "naïve", "Running", "HTTP", "utf8", "int64", "a_b"]) {
      expect(stem(w)).toBe(w);
    }
  });

  test("repeated calls agree (bounded cache is transparent)", () => {
    for (let i = 0; i < 3; i++) expect(stem("relational")).toBe("relat");
    const letters = (i: number): string =>
      i < 26 ? String.fromCharCode(97 + i) : letters(Math.floor(i / 26) - 1) + letters(i % 26);
    for (let i = 0; i < 20000; i++) stem(`${letters(i)}ings`); // overflows the cache
    expect(stem("relational")).toBe("relat");
    expect(stem("hopefulness")).toBe("hope");
  });

  test("stemming is stable on its output for common suffix classes", () => {
    for (const w of ["connect", "motor", "plaster", "adjust"]) expect(stem(stem(w))).toBe(stem(w));
  });
});
