// A file as an agent sees it through an svc view (svc_reduce level=none): what an edit is derived from.

import { call } from "../../src/engine.ts";
import type { FusionData } from "../../src/render/fusion.ts";

/** The file as an agent sees it through svc_reduce level=none. */
export async function view(root: string, file: string): Promise<{ content: string; text: string; eol?: string; encoding?: string }> {
  const result = await call("reduce", { path: root, files: [file], level: "none" });
  // the content is the text; format=json carries it per entry (the structured result is the manifest)
  const json = await call("reduce", { path: root, files: [file], level: "none", format: "json" });
  const entry = (JSON.parse(json.text) as { entries: (FusionData["entries"][number] & { content: string })[] }).entries[0];
  return { content: entry?.content ?? "", text: result.text, eol: entry?.eol, encoding: entry?.encoding };
}
