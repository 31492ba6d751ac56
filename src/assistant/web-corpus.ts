/**
 * The offline web: pages shipped in data/assistant/web/pages.json (made by
 * scripts/generate-web-corpus.ts), indexed with BM25 on first use. There is no network access;
 * a URL not in the corpus does not exist.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { EdgecallError } from "../errors.js";
import { Bm25Index, tokenize } from "./bm25.js";
import { assistantDataPath } from "./data-path.js";

const pageSchema = z.object({
  url: z.string(),
  title: z.string(),
  category: z.string(),
  published: z.string().optional(),
  text: z.string(),
  tags: z.array(z.string()).optional(),
});

/** One page of the offline web. */
export type WebPage = z.infer<typeof pageSchema>;

/** Pages with their search index. */
export interface WebCorpus {
  pages: WebPage[];
  index: Bm25Index;
  byUrl: Map<string, WebPage>;
}

const loaded = new Map<string, WebCorpus>();

/** A URL in comparable form: no scheme, no `www.`, lowercase host, no trailing slash, no fragment. */
export function normaliseUrl(url: string): string {
  const trimmed = url.trim().replace(/#.*$/, "");
  const withoutScheme = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  const slash = withoutScheme.indexOf("/");
  const host = (slash < 0 ? withoutScheme : withoutScheme.slice(0, slash))
    .toLowerCase()
    .replace(/^www\./, "");
  const path = slash < 0 ? "" : withoutScheme.slice(slash);
  return `${host}${path}`.replace(/\/+$/, "");
}

/** Builds a corpus from pages (tests use this with their own pages). */
export function buildWebCorpus(pages: WebPage[]): WebCorpus {
  const index = new Bm25Index(
    pages.map((page) => [
      { text: page.title, weight: 3 },
      { text: page.category, weight: 1 },
      { text: page.text, weight: 1 },
    ]),
  );
  return { pages, index, byUrl: new Map(pages.map((page) => [normaliseUrl(page.url), page])) };
}

/** Loads (once per path) the shipped corpus or the one at `path`. */
export function loadWebCorpus(path = assistantDataPath("web", "pages.json")): WebCorpus {
  let corpus = loaded.get(path);
  if (corpus === undefined) {
    const document = JSON.parse(readFileSync(path, "utf8")) as { pages?: unknown };
    const parsed = z.array(pageSchema).safeParse(document.pages);
    if (!parsed.success) {
      throw new EdgecallError(
        "invalid-json",
        `web corpus ${path}: ${parsed.error.issues[0]?.message ?? "bad shape"}`,
        {
          subject: path,
        },
      );
    }
    corpus = buildWebCorpus(parsed.data);
    loaded.set(path, corpus);
  }
  return corpus;
}

/** The sentence of `text` sharing the most terms with the query, cut to about 220 characters. */
export function snippetFor(text: string, query: string): string {
  const terms = new Set(tokenize(query));
  const sentences = text.split(/(?<=[.!?])\s+|\n+/).filter((sentence) => sentence.trim().length > 0);
  let best = sentences[0] ?? "";
  let bestScore = -1;
  for (const sentence of sentences) {
    const score = tokenize(sentence).filter((token) => terms.has(token)).length;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  const clean = best.replace(/\s+/g, " ").trim();
  return clean.length > 220 ? `${clean.slice(0, 217)}...` : clean;
}
