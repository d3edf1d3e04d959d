// The localization benchmark's changelog parser: version headings at levels 1–3 in the
// three real styles, sub-sections that are not versions, and entry cleaning.

import { expect, test } from "bun:test";
import { parseChangelog } from "../../scripts/bench/localize/changelog.ts";

test("versions under ##, ### and conventional-changelog link headings, sub-sections kept apart", () => {
  const text = [
    "## 17.1.13",
    "",
    "- fix(Trans): keep the single valid child of an empty paired tag",
    "",
    "### 15.7.4",
    "",
    "- useTranslation: namespaces added to `ns` are loaded",
    "",
    "## 6.13.7",
    "",
    "### Patch Changes",
    "",
    "- [#3902](https://x/pull/3902) [`abc1234`](https://x/commit/abc1234) Thanks [@someone](https://x/someone)! - Fix `observable.map` keys",
    "",
    "### [7.8.1](https://x/compare/7.8.0...7.8.1) (2023-04-26)",
    "",
    "### Bug Fixes",
    "",
    "* **throttle:** emit the trailing value ([#7000](https://x/issues/7000)) ([def5678](https://x/commit/def5678))",
  ].join("\n");
  const log = parseChangelog(text);
  expect([...log.keys()]).toEqual(["17.1.13", "15.7.4", "6.13.7", "7.8.1"]);
  expect(log.get("15.7.4")?.map((e) => e.text)).toEqual(["useTranslation: namespaces added to `ns` are loaded"]);
  expect(log.get("6.13.7")).toEqual([{ section: "patch changes", text: "Fix `observable.map` keys" }]);
  expect(log.get("7.8.1")?.map((e) => e.text)).toEqual(["throttle: emit the trailing value"]);
});
