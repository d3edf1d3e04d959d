// Pattern summary: cheap HTTP route signals outside TypeScript/JavaScript — ASP.NET Core,
// Spring MVC, FastAPI, Flask, Django urls.py and Go routers (Gin, Echo, chi, Fiber, net/http).

import { count, imports, plural, type Segment, type Src } from "./source.ts";

const ASPNET = /\[Http(?:Get|Post|Put|Patch|Delete|Head|Options)\b|\.Map(?:Get|Post|Put|Patch|Delete|Methods)\s*\(/g;
const SPRING_CONTROLLER = /@(?:Rest)?Controller\b/;
const SPRING_ROUTE = /@(?:Get|Post|Put|Patch|Delete)Mapping\b|@RequestMapping\s*\([^)]*\bmethod\s*=/g;
const FASTAPI_ROUTE = /@[\w.]+\.(?:get|post|put|patch|delete|options|head|api_route)\s*\(/g;
const FLASK_ROUTE = /@[\w.]+\.(?:route|get|post|put|patch|delete)\s*\(/g;
const DJANGO_ROUTE = /(?<![\w.])(?:re_)?path\s*\(\s*r?['"]/g;
const GO_ROUTE = /\.(?:GET|POST|PUT|PATCH|DELETE|OPTIONS|HEAD|Any|Get|Post|Put|Patch|Delete|HandleFunc|Handle)\s*\(\s*"\//g;
const GO_ROUTERS: readonly (readonly [string, string])[] = [
  ["Gin", "github.com/gin-gonic/gin"],
  ["Echo", "github.com/labstack/echo"],
  ["chi", "github.com/go-chi/chi"],
  ["Fiber", "github.com/gofiber/fiber"],
  ["gorilla/mux", "github.com/gorilla/mux"],
  ["net/http", "net/http"],
];

interface Found { routes: number; files: number; unit: string }

export function otherRouteSegments(code: readonly Src[]): Segment[] {
  const found = new Map<string, Found>();
  const add = (label: string, routes: number, unit = "file"): void => {
    if (routes === 0) return;
    const t = found.get(label) ?? { routes: 0, files: 0, unit };
    t.routes += routes;
    t.files += 1;
    found.set(label, t);
  };
  for (const f of code) {
    const c = f.code;
    if (f.lang === "cs") add("ASP.NET Core", count(ASPNET, c));
    else if (f.lang === "jvm" && SPRING_CONTROLLER.test(c)) add("Spring MVC", count(SPRING_ROUTE, c), "controller");
    else if (f.lang === "py") {
      if (imports(f, "fastapi")) add("FastAPI", count(FASTAPI_ROUTE, c));
      else if (imports(f, "flask")) add("Flask", count(FLASK_ROUTE, c));
      else if (f.name === "urls.py") add("Django", count(DJANGO_ROUTE, c));
    } else if (f.lang === "go" && c.includes('"/')) {
      const router = GO_ROUTERS.find(([, mod]) => imports(f, mod));
      if (router) add(router[0], count(GO_ROUTE, c));
    }
  }
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([label, t]) => ({
    text: `${label} — ${plural(t.routes, "route")} in ${plural(t.files, t.unit)}`,
    weight: t.routes,
  }));
}
