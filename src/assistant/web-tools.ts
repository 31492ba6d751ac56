/**
 * Web tools over the offline corpus: `web_search` ranks pages with BM25, `web_fetch` returns a
 * page's text. Page content is untrusted (anyone can write a web page), so reading it taints the
 * session. Web pages are published for anyone (`publicOutput`), and what a call sends (the query,
 * the URL) would leave the device on a real phone (`reachesOutside`): a query or URL carrying
 * private data the session read needs a decision (src/guards/outbound-data.ts). No network is used, but the phone's connectivity is honoured: with airplane mode on and
 * Wi-Fi off, both tools fail with a precondition error until one of them is changed (a world's
 * state dependency the stateful scenarios test).
 */
import { capText } from "../guards/output-cap.js";
import { refuse, type Tool, ToolError } from "../tools/tool.js";
import { readSettings } from "./settings-tools.js";
import type { StateSource } from "./state-source.js";
import { stringsUnderKeys } from "./untrusted-fields.js";
import { normaliseUrl, snippetFor, type WebCorpus } from "./web-corpus.js";

/** Longest page text returned by `web_fetch`, in bytes. */
export const maxPageBytes = 12 * 1024;
/** A page's text, title, address and date: all the web's (the query echoed back is not). */
const untrustedKeys = new Set(["url", "title", "published", "snippet", "text"]);
/** Why web results are public text (`Tool.publicOutput`). */
const published = "web pages: their URL, title, date and text are published for anyone to read";

/**
 * Why the phone is offline (airplane mode on, Wi-Fi off), or null when it is online or there is no
 * world to ask (a registry built only to list tools, or given a corpus alone).
 */
export function offlineReason(world: StateSource | undefined): string | null {
  if (world === undefined) return null;
  let settings: { airplane_mode: boolean; wifi: boolean };
  try {
    settings = readSettings(world());
  } catch {
    return null;
  }
  return settings.airplane_mode && !settings.wifi
    ? "no network connection: airplane mode is on and Wi-Fi is off (turn airplane mode off, or Wi-Fi on)"
    : null;
}

/** Builds the web tools over a corpus (loaded lazily), checking the world's connectivity when given one. */
export function webTools(corpus: () => WebCorpus, world?: StateSource): Tool[] {
  const offline = () => {
    const reason = offlineReason(world);
    return reason === null ? null : refuse("precondition", reason, "fixed-text");
  };
  const search: Tool<{ query: string; limit?: number }> = {
    definition: {
      name: "web_search",
      description:
        "Search the web. Returns the best-matching pages with title, URL and a snippet; use web_fetch to read one.",
      parameters: {
        type: "object",
        properties: {
          query: { type: "string", minLength: 1, maxLength: 300 },
          limit: { type: "integer", minimum: 1, maximum: 10, description: "Most results (default 5)" },
        },
        required: ["query"],
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    reachesOutside: true,
    publicOutput: published,
    untrustedText: (output) => stringsUnderKeys(output, untrustedKeys),
    preconditions: offline,
    async execute(input) {
      const web = corpus();
      const hits = web.index.search(input.query, input.limit ?? 5);
      return {
        query: input.query,
        results: hits.map((hit) => {
          const page = web.pages[hit.index]!;
          return {
            url: page.url,
            title: page.title,
            ...(page.published ? { published: page.published } : {}),
            snippet: snippetFor(page.text, input.query),
          };
        }),
      };
    },
  };

  const fetch: Tool<{ url: string }> = {
    definition: {
      name: "web_fetch",
      description:
        "Read a web page's text by URL (a URL from web_search). Long pages are cut with a '[truncated N bytes]' marker.",
      parameters: {
        type: "object",
        properties: { url: { type: "string", minLength: 1, maxLength: 2000 } },
        required: ["url"],
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    reachesOutside: true,
    publicOutput: published,
    untrustedText: (output) => stringsUnderKeys(output, untrustedKeys),
    preconditions(input) {
      const blocked = offline();
      if (blocked !== null) return blocked;
      return corpus().byUrl.has(normaliseUrl(input.url))
        ? null
        : refuse(
            "precondition",
            `no page at ${input.url} (the web here is offline); use a URL from web_search`,
            "user-input-only",
          );
    },
    async execute(input) {
      const page = corpus().byUrl.get(normaliseUrl(input.url));
      if (!page)
        throw new ToolError("precondition", `no page at ${input.url}`, { madeOf: "user-input-only" });
      return {
        url: page.url,
        title: page.title,
        ...(page.published ? { published: page.published } : {}),
        text: capText(page.text, maxPageBytes),
      };
    },
  };

  return [search, fetch];
}
