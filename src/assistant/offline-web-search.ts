/**
 * edgecall's offline web corpus as the search source of BFCL's web search API: BM25 search over
 * the pages (title, href and the best-matching sentence as snippet) and fetches of corpus URLs
 * only, as HTML, markdown or plain text. BFCL's questions ask about the live web, so answers are
 * mostly not in this corpus: figures are labelled "not comparable with BFCL".
 */
import type { FetchedPage, WebSearchHit, WebSearchSource } from "../bfcl/agentic/web-search-api.js";
import { loadWebCorpus, normaliseUrl, snippetFor, type WebCorpus } from "./web-corpus.js";

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** A web search source over `corpus` (default: the shipped corpus). */
export function offlineWebSearchSource(corpus: WebCorpus = loadWebCorpus()): WebSearchSource {
  return {
    label: `edgecall's offline web corpus (${corpus.pages.length} pages)`,
    search(keywords: string, maxResults: number): WebSearchHit[] {
      return corpus.index.search(keywords, Math.max(0, maxResults)).flatMap((hit) => {
        const page = corpus.pages[hit.index];
        return page === undefined
          ? []
          : [{ title: page.title, href: page.url, body: snippetFor(page.text, keywords) }];
      });
    },
    fetch(url: string): FetchedPage | undefined {
      const page = corpus.byUrl.get(normaliseUrl(url));
      if (page === undefined) return undefined;
      const paragraphs = page.text.split(/\n+/).filter((line) => line.trim() !== "");
      return {
        html: `<!DOCTYPE html>\n<html><head><title>${escapeHtml(page.title)}</title></head><body>\n<h1>${escapeHtml(page.title)}</h1>\n${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}\n</body></html>`,
        markdown: `# ${page.title}\n\n${paragraphs.join("\n\n")}\n`,
        text: [page.title, ...paragraphs].join("\n"),
      };
    },
  };
}
