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
}, 120_000);

test("History.md versions (setext, with or without a date): nested bullets, deps and docs lines are not entries", () => {
  const text = [
    "4.22.3",
    "======",
    "",
    "  * Allow conditional revalidation for QUERY requests",
    "    - `req.fresh` now includes QUERY in the freshness check",
    "  * deps: qs@~6.16.0",
    "    * Fix parsing of arrays",
    "",
    "5.13.22 / 2024-01-02",
    "====================",
    " * fix(document): allow setting nested path to null #14205",
    " * docs: note that mongoose 5.13 is compatible with mongodb 5.0 #14283",
    " * types: add skipValidation #8778",
    "",
    "9.2.2 / 2020-12-11",
    "==================",
    "",
    "  * Support negative indices in getCall (#2199)",
    "  * Fix mock.withArgs using matchers",
  ].join("\n");
  const log = parseChangelog(text);
  expect([...log.keys()]).toEqual(["4.22.3", "5.13.22", "9.2.2"]);
  expect(log.get("4.22.3")?.map((e) => e.text)).toEqual(["Allow conditional revalidation for QUERY requests"]);
  expect(log.get("5.13.22")?.map((e) => e.text)).toEqual(["fix(document): allow setting nested path to null"]);
  expect(log.get("9.2.2")?.map((e) => e.text)).toEqual(["Support negative indices in getCall", "Fix mock.withArgs using matchers"]);
}, 120_000);

test("`## ` emoji headings are sections (contributors skipped); release-date lines are not entries", () => {
  const text = [
    "## v1.13.5 - February 8, 2026",
    "",
    "## 🐛 Bug Fixes",
    "",
    "* **Fetch:** keep the request's signal ([#7000](https://x/pull/7000))",
    "",
    "## 🌟 New Contributors",
    "",
    "* **@someone** ([#7000](https://x/pull/7000))",
    "",
    "### 2.25.3",
    "",
    "_Released May 4, 2020_",
    "",
    "Remove package.json module property",
  ].join("\n");
  const log = parseChangelog(text);
  expect(log.get("1.13.5")).toEqual([{ section: "bug fixes", text: "Fetch: keep the request's signal" }]);
  expect(log.get("2.25.3")?.map((e) => e.text)).toEqual(["Remove package.json module property"]);
}, 120_000);
