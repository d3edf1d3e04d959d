import { describe, expect, test } from "bun:test";
import { SvcError } from "../../src/errors.ts";
import { inferTemplate, isTestPath, isUnitTestPath, templateById, templateMatcher } from "../../src/workspace/templates.ts";
import { plainDir } from "../helpers/repo.ts";

describe("templates", () => {
  test("aliases resolve; an unknown template lists the valid values", () => {
    expect(templateById("managed").id).toBe("typescript");
    expect(templateById("JS").id).toBe("typescript");
    try {
      templateById("cobol");
      throw new Error("expected a throw");
    } catch (error) {
      expect((error as SvcError).formatted).toStartWith("validation_error: unknown template 'cobol'. Valid values: typescript, python, go,");
    }
  });

  test("extension filters: include, exclude, only", () => {
    const ts = templateById("typescript");
    const base = templateMatcher(ts);
    expect([base("a.ts"), base("b.tsx"), base("package.json"), base("tsconfig.build.json"), base("a.py")]).toEqual([true, true, true, true, false]);
    const plusMd = templateMatcher(ts, { includeExtensions: ["md"] });
    expect(plusMd("README.md")).toBe(true);
    const noJs = templateMatcher(ts, { excludeExtensions: [".js"] });
    expect([noJs("a.js"), noJs("a.ts")]).toEqual([false, true]);
    const only = templateMatcher(ts, { onlyExtensions: [".tsx"] });
    expect([only("a.ts"), only("a.tsx")]).toEqual([false, true]);
  });

  test("inference: marker files first, else the majority extension", () => {
    expect(inferTemplate(plainDir({ "go.mod": "module x\n", "main.go": "" }), ["main.go"]).id).toBe("go");
    expect(inferTemplate(plainDir({ "package.json": "{}" }), []).id).toBe("typescript");
    expect(inferTemplate(plainDir({ "App.csproj": "<Project/>" }), []).id).toBe("csharp");
    expect(inferTemplate(plainDir({}), ["a.py", "b.py", "c.rs"]).id).toBe("python");
    expect(inferTemplate(plainDir({}), ["README.md"]).id).toBe("docs");
  });

  test("test files and folders across templates", () => {
    const tests = [
      "src/a.test.ts",
      "src/a.spec.tsx",
      "src/__tests__/a.ts",
      "test/helpers.ts",
      "e2e/login.ts",
      "pkg/test_models.py",
      "pkg/models_test.py",
      "server/handler_test.go",
      "src/test/java/AppTest.java",
      "App.Tests/OrderTests.cs",
      "spec/models/user_spec.rb",
    ];
    for (const p of tests) expect([p, isTestPath(p)]).toEqual([p, true]);
    for (const p of ["src/testing-utils.ts", "src/contest.ts", "src/latest/a.ts", "src/attestation.py"]) {
      expect([p, isTestPath(p)]).toEqual([p, false]);
    }
  });

  test("unit tests only: keeps integration and e2e folders", () => {
    expect(isUnitTestPath("src/a.test.ts")).toBe(true);
    expect(isUnitTestPath("src/__tests__/a.ts")).toBe(true);
    expect(isUnitTestPath("test/unit/a.ts")).toBe(true);
    expect(isUnitTestPath("e2e/login.spec.ts")).toBe(false);
    expect(isUnitTestPath("test/integration/db.test.ts")).toBe(false);
    expect(isUnitTestPath("test/helpers.ts")).toBe(false);
  });
});
