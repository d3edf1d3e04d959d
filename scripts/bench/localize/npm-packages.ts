// The npm packages whose published history the localization benchmark reads (corpus-npm.ts).
// Real code from the npm registry, the only source of history this machine reaches; each
// ships its sources (or per-file compiled output close to them) and a changelog
// (CHANGELOG.md unless `changelogFile` says otherwise) with one section per version:
//  - mobx ≥ 6: TypeScript sources shipped in src/, changesets CHANGELOG (one PR per entry)
//  - rxjs 6.x–7.x: TypeScript sources in src/, conventional-changelog CHANGELOG
//  - knex ≥ 0.95: hand-written JavaScript in lib/, CHANGELOG by hand (one line per PR)
//  - dayjs ≥ 1.8: ES modules in esm/ (Babel output of its sources, close to them: names,
//    structure and comments kept), semantic-release CHANGELOG (one release per fix)
//  - fp-ts 2.x: compiled ES modules in es6/*.js (the TypeScript sources are not shipped;
//    tsc keeps names and JSDoc), hand-written CHANGELOG
//  - @apollo/client ≥ 3.7: tsc's per-file ES modules (left out: the .cjs bundles, the
//    CommonJS copy in __cjs/, the React-Compiler copy in react/hooks-compiled/, the
//    .development/.production variants and the generated version.js /
//    invariantErrorCodes.js), changesets
//    CHANGELOG. Its build numbers every invariant call across the code base, so one new
//    invariant renumbers the others: digits are ignored when deciding whether a file changed.
//  - nodemailer ≥ 6: hand-written JavaScript in lib/ (10.x ships dist/, which the index
//    leaves out as build output: those versions give no task), release-please CHANGELOG
//  - bull ≥ 3: hand-written JavaScript in lib/ (its Lua scripts beside it in lib/commands/
//    are not source files to the benchmark; the JavaScript copies of them that 4.12+
//    generates into lib/scripts/ are left out), semantic-release CHANGELOG
//  - react-i18next ≥ 11: sources in src/ (JavaScript, later TypeScript-checked JS), short
//    hand-written CHANGELOG entries
//  - axios ≥ 0.19: hand-written JavaScript in lib/ (the bundles in dist/ left out), a
//    conventional-changelog CHANGELOG, from 1.13.4 on with `## 🐛 Bug Fixes`-style sections;
//    0.x versions have no section in 1.x's CHANGELOG. Its version constant (lib/env/data.js)
//    changes every release: version numbers are ignored when deciding whether a file changed.
//  - express 4.x, body-parser 1.x: hand-written JavaScript in lib/ and index.js, History.md
//    (`4.18.2 / 2022-10-08` underlined by `===`; `deps:` bumps are not entries)
//  - mongoose 5.x: hand-written JavaScript in lib/, History.md as express's (5.13.23's covers
//    5.x; later versions ship no changelog). `docs:`/`test:`/`types:` lines are not entries.
//  - sinon 2–9: hand-written JavaScript in lib/, CHANGELOG.md in History.md style (9.2.4's;
//    10+ ship none)
// Tried and left out: moment (src/ and CHANGELOG, but 6 tasks: most patch releases list
// several changes), handlebars 4.x (release-notes.md, 5 tasks), yargs 13–17 (build/lib/,
// 3 tasks), uuid 8–9 (1 task), socket.io 2–3 (2 tasks; 4.x ships no CHANGELOG). Shipping no
// changelog in the versions with per-file sources: mocha ≥ 9, mysql2 ≥ 2, engine.io,
// socket.io-parser, ioredis ≥ 4.1, mqtt, superagent ≥ 6, koa ≥ 2.1, eslint ≥ 8,
// pg, sequelize, chokidar ≥ 3, commander ≥ 8 (≤ 7 is one index.js). morgan is one index.js.
// date-fns (one CHANGELOG section per large release), eslint ≤ 7 (every release lists many
// commits, headings without #) and mysql2 ≤ 1 (irregular headings) were not tried further.
// (io-ts was tried and left out: nearly every task's target is its one es6/index.js.
// Packages that ship no CHANGELOG — svelte, @sveltejs/kit, effect, luxon, postcss, semver,
// winston, typeorm — or only bundles — markdown-it, js-yaml, less, commander — cannot be used.)

export interface NpmCorpusSpec {
  name: string;
  /** The version whose CHANGELOG.md lists the history. */
  changelogFrom: string;
  /** The changelog's file name in that version (default CHANGELOG.md). */
  changelogFile?: string;
  /** Versions considered: this predicate over a version string. */
  range: (version: string) => boolean;
  /** Kept files, relative to the package folder. */
  keep: (path: string) => boolean;
  /** Build noise removed before deciding whether a file changed (the trees keep the real text). */
  normalize?: (text: string) => string;
}

const stable = (v: string) => !v.includes("-");
const meta = (p: string) => p === "README.md" || p === "package.json";
/** Version numbers written into the code by the release (a VERSION constant) are not changes. */
const noVersions = (text: string) => text.replace(/\d+\.\d+\.\d+(-[\w.]+)?/g, "0");

export const NPM_HISTORY: NpmCorpusSpec[] = [
  {
    name: "mobx",
    changelogFrom: "7.1.3",
    range: (v) => Bun.semver.satisfies(v, ">=6.0.0") && stable(v),
    keep: (p) => p.startsWith("src/") || meta(p),
  },
  {
    name: "rxjs",
    changelogFrom: "7.8.2",
    range: (v) => Bun.semver.satisfies(v, ">=6.0.0 <8.0.0") && stable(v),
    keep: (p) => (p.startsWith("src/") && !p.startsWith("src/internal/umd")) || meta(p),
  },
  {
    name: "dayjs",
    changelogFrom: "1.11.23",
    range: (v) => Bun.semver.satisfies(v, ">=1.8.0") && stable(v),
    keep: (p) => (p.startsWith("esm/") && p.endsWith(".js")) || meta(p),
  },
  {
    name: "fp-ts",
    changelogFrom: "2.16.11",
    range: (v) => Bun.semver.satisfies(v, ">=2.0.0 <3.0.0") && stable(v),
    keep: (p) => (p.startsWith("es6/") && p.endsWith(".js")) || meta(p),
  },
  {
    name: "knex",
    changelogFrom: "3.3.0",
    range: (v) => Bun.semver.satisfies(v, ">=0.20.0") && stable(v),
    keep: (p) => p.startsWith("lib/") || p === "knex.js" || meta(p),
  },
  {
    name: "@apollo/client",
    changelogFrom: "4.3.8",
    range: (v) => Bun.semver.satisfies(v, ">=3.7.0") && stable(v),
    keep: (p) =>
      (p.endsWith(".js") &&
        !/\.(cjs|development|production)\b/.test(p) &&
        !/^(__cjs|legacyEntryPoints|react\/hooks-compiled)\//.test(p) &&
        !/(^|\/)(version|invariantErrorCodes)\.js$/.test(p)) ||
      meta(p),
    normalize: (text) => text.replace(/\d+/g, "0"),
  },
  {
    name: "nodemailer",
    changelogFrom: "10.6.0",
    range: (v) => Bun.semver.satisfies(v, ">=6.0.0") && stable(v),
    keep: (p) => (p.startsWith("lib/") && p.endsWith(".js")) || meta(p),
  },
  {
    name: "bull",
    changelogFrom: "4.16.5",
    range: (v) => Bun.semver.satisfies(v, ">=3.0.0") && stable(v),
    keep: (p) => (p.startsWith("lib/") && !p.startsWith("lib/scripts/")) || p === "index.js" || meta(p),
  },
  {
    name: "react-i18next",
    changelogFrom: "17.1.13",
    range: (v) => Bun.semver.satisfies(v, ">=11.0.0") && stable(v),
    keep: (p) => (p.startsWith("src/") && !p.endsWith(".d.ts")) || meta(p),
  },
  {
    name: "axios",
    changelogFrom: "1.21.1",
    range: (v) => Bun.semver.satisfies(v, ">=0.19.0") && stable(v),
    keep: (p) => (p.startsWith("lib/") && p.endsWith(".js")) || meta(p),
    normalize: noVersions,
  },
  {
    name: "express",
    changelogFrom: "4.22.3",
    changelogFile: "History.md",
    range: (v) => Bun.semver.satisfies(v, ">=4.0.0 <5.0.0") && stable(v),
    keep: (p) => p.startsWith("lib/") || p === "index.js" || meta(p),
  },
  {
    name: "body-parser",
    changelogFrom: "1.20.9",
    changelogFile: "HISTORY.md",
    range: (v) => Bun.semver.satisfies(v, ">=1.0.0 <2.0.0") && stable(v),
    keep: (p) => p.startsWith("lib/") || p === "index.js" || meta(p),
  },
  {
    name: "mongoose",
    changelogFrom: "5.13.23",
    changelogFile: "History.md",
    range: (v) => Bun.semver.satisfies(v, ">=5.0.0 <6.0.0") && stable(v),
    keep: (p) => p.startsWith("lib/") || p === "index.js" || meta(p),
  },
  {
    name: "sinon",
    changelogFrom: "9.2.4",
    range: (v) => Bun.semver.satisfies(v, ">=2.0.0 <10.0.0") && stable(v),
    keep: (p) => p.startsWith("lib/") || meta(p),
  },
];
