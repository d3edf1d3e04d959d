import { describe, expect, test } from "bun:test";
import { reduceFile, type Level } from "../../../src/render/reduce/index.ts";

const r = (path: string, text: string, level: Level = "standard") => reduceFile(text, { path, level });

describe("JSON", () => {
  test("minified, key order and strings kept", () => {
    expect(r("package.json", '{\n  "name": "x y",\n  "2": 1,\n  "1": [1, 2.50, 1e3],\n  "big": 12345678901234567890\n}\n')).toBe('{"name":"x y","2":1,"1":[1,2.50,1e3],"big":12345678901234567890}');
  });

  test("JSONC: comments and trailing commas dropped, `//` inside strings kept", () => {
    const TSCONFIG = '{\n  // compiler\n  "compilerOptions": {\n    "strict": true, /* block */\n    "paths": { "a/*": ["src/*", "x // y"], },\n  },\n}\n';
    expect(r("tsconfig.build.json", TSCONFIG)).toBe('{"compilerOptions":{"strict":true,"paths":{"a/*":["src/*","x // y"]}}}');
    expect(r("settings.jsonc", '[1, 2, /* c */ 3,]')).toBe("[1,2,3]");
  });

  test("none: whitespace only; skeleton: standard treatment", () => {
    expect(r("a.json", '{ "a": 1 }  \n\n\n', "none")).toBe('{ "a": 1 }');
    expect(r("a.json", '{ "a": 1 }', "skeleton")).toBe('{"a":1}');
    expect(r("a.json", '{ "a": 1 }', "publicApi")).toBe('{"a":1}');
  });

  test("malformed JSON does not throw", () => {
    expect(r("a.json", '{ "a": "unterminated\n  , ]] }')).toBe('{"a":"unterminated\n]]}');
  });
});

describe("YAML", () => {
  test("comment lines, trailing comments and blank lines go; quotes and block scalars stay", () => {
    const YAML = [
      "# top comment",
      "name: app   # trailing",
      'url: "http://x#y"  # real comment',
      "anchor: http://x/#frag",
      "script: |",
      '  echo "# not a comment"',
      "",
      "  done",
      "",
      "list:",
      "  - a # c",
      "  - 'it''s # not a comment'",
      "",
    ].join("\n");
    expect(r("ci.yml", YAML)).toBe(
      ["name: app", 'url: "http://x#y"', "anchor: http://x/#frag", "script: |", '  echo "# not a comment"', "", "  done", "", "list:", "  - a", "  - 'it''s # not a comment'"].join("\n"),
    );
  });
});

describe("Markdown", () => {
  test("HTML comments, setext headings, rules, table padding; code fences and front matter untouched", () => {
    const MD = [
      "---",
      "title: X",
      "---",
      "Title",
      "=====",
      "",
      "<!-- hidden",
      "comment -->",
      "Sub",
      "---",
      "",
      "Text <!-- inline --> here.",
      "",
      "***",
      "",
      "| Name    | Type   |",
      "|:--------|-------:|",
      "| a       | b      |",
      "",
      "```js",
      "// code <!-- keep -->",
      "---",
      "```",
      "",
    ].join("\n");
    expect(r("README.md", MD)).toBe(
      ["---", "title: X", "---", "# Title", "", "## Sub", "", "Text  here.", "", "| Name | Type |", "|:---|---:|", "| a | b |", "", "```js", "// code <!-- keep -->", "---", "```"].join("\n"),
    );
  });
});

describe("CSS", () => {
  test("comments dropped, whitespace around `{};:,` collapsed, strings and urls kept", () => {
    const CSS = '/* header */\na:hover ,  .b > c {\n  color : red ;  /* c */\n  content: "a ; b  /* x */";\n  background: url(http://x/y.png);\n}\n@media (max-width: 600px) {\n  .x { margin : 0 auto; }\n}\n';
    expect(r("site.css", CSS)).toBe('a:hover,.b > c{color:red;content:"a ; b  /* x */";background:url(http://x/y.png)}\n@media (max-width:600px){.x{margin:0 auto}}');
  });

  test("SCSS/LESS line comments", () => {
    expect(r("a.scss", "// line\n.a { b: c; // trailing\n  d: url(http://e/f); }\n")).toBe(".a{b:c;d:url(http://e/f)}");
    expect(r("a.less", "@x: 1px; // v\n.a { width: @x; }\n")).toBe("@x:1px;\n.a{width:@x}");
  });
});

describe("HTML and XML", () => {
  test("comments dropped, whitespace collapsed, raw blocks untouched", () => {
    const HTML = '<!DOCTYPE html>\n<html>\n  <!-- comment -->\n  <body>\n    <p>Hello   <b>world</b>\n    </p>\n    <pre>\n  keep   this\n    </pre>\n    <script>\n      if (a < b) { x = "<!-- y -->"; }\n    </script>\n  </body>\n</html>\n';
    expect(r("index.html", HTML)).toBe(
      '<!DOCTYPE html>\n<html>\n<body>\n<p>Hello <b>world</b>\n</p>\n<pre>\n  keep   this\n    </pre>\n<script>\n      if (a < b) { x = "<!-- y -->"; }\n    </script>\n</body>\n</html>',
    );
  });

  test("XML with CDATA", () => {
    expect(r("pom.xml", '<?xml version="1.0"?>\n<!-- c -->\n<a>\n    <b><![CDATA[  x  <!-- y --> ]]></b>\n</a>\n')).toBe('<?xml version="1.0"?>\n<a>\n<b><![CDATA[  x  <!-- y --> ]]></b>\n</a>');
  });
});

describe("other files", () => {
  test("unknown types and TOML/shell/Dockerfile: whitespace only", () => {
    for (const path of ["notes.txt", "Cargo.toml", "run.sh", "Dockerfile", "LICENSE", "a.unknownext"]) {
      expect(r(path, "# keep   \n\n\n\nx = 1  \n", "aggressive")).toBe("# keep\n\nx = 1");
    }
  });
});
