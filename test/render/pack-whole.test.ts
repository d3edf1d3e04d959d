// Packing for editing (issue 23): the forms of ask's candidates are chosen together, so one
// large best candidate cannot crowd the next ones out when their expected value is higher,
// and the choice never assumes more room than there is.

import { describe, expect, test } from "bun:test";
import { chooseForms, priorOf, type Prior, type WholeOption } from "../../src/render/pack-whole.ts";

const PRIOR: Prior = { first: 0.63, scale: 0.3, power: 4 };
const cost = (options: WholeOption[], forms: string[]) => options.reduce((s, o, i) => s + (forms[i] === "whole" ? o.whole : forms[i] === "skeleton" ? o.skeleton : 0), 0);

describe("pack-whole: choosing which candidates go whole", () => {
  test("the best candidate goes whole when it fits, and the next ones as room allows", () => {
    const options = [
      { score: 1, whole: 3000, skeleton: 300 },
      { score: 0.9, whole: 2000, skeleton: 200 },
      { score: 0.5, whole: 2000, skeleton: 200 },
    ];
    expect(chooseForms(options, 5600, PRIOR)).toEqual(["whole", "whole", "skeleton"]);
  });

  test("a large best candidate gives way when two near-equal ones carry more", () => {
    // the best is barely ahead and as large as the room; the two next ones fit together
    const options = [
      { score: 1, whole: 7000, skeleton: 600 },
      { score: 0.99, whole: 3000, skeleton: 200 },
      { score: 0.98, whole: 3000, skeleton: 200 },
    ];
    expect(chooseForms(options, 7200, PRIOR)).toEqual(["skeleton", "whole", "whole"]);
    // when the next ones are far less likely, the best stays whole
    const weaker = options.map((o, i) => (i === 0 ? o : { ...o, score: 0.6 }));
    expect(chooseForms(weaker, 7200, PRIOR)[0]).toBe("whole");
  });

  test("the chosen forms never cost more than the room, whatever the sizes", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let run = 0; run < 200; run++) {
      const options = Array.from({ length: 1 + Math.floor(rand() * 12) }, (_, i) => {
        const whole = 50 + Math.floor(rand() * 9000);
        return { score: i === 0 ? 1 : rand(), whole, skeleton: Math.max(10, Math.floor(whole * rand() * 0.3)) };
      });
      const room = Math.floor(rand() * 20000);
      const forms = chooseForms(options, room, PRIOR);
      expect(cost(options, forms)).toBeLessThanOrEqual(room);
      expect(forms.length).toBe(options.length);
    }
  });

  test("the prior: the best candidate first, the others by their score relative to it", () => {
    expect(priorOf(0, 1, PRIOR)).toBe(0.63);
    expect(priorOf(1, 1, PRIOR)).toBeCloseTo(0.3);
    expect(priorOf(1, 0.5, PRIOR)).toBeCloseTo(0.3 * 0.0625);
    expect(priorOf(3, null, PRIOR)).toBeCloseTo(0.3);
  });
});
