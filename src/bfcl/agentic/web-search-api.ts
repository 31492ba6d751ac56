/**
 * BFCL's `WebSearchAPI` over a search source the caller provides. BFCL queries DuckDuckGo through
 * SerpAPI and fetches live pages; neither is reachable on a device under test, so edgecall plugs
 * in its offline web corpus (see the suite) and labels the figures "not comparable with BFCL".
 * The result shapes, the snippet switch (`web_search_no_snippet` drops `body`), the modes of
 * `fetch_url_content` and the error texts are BFCL's.
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "../multi-turn/api-class.js";
import { PyDict, type PyObj, pyError, pyTypeName } from "../multi-turn/py-object.js";
import { pyStrOf } from "../multi-turn/py-render.js";

/** One search hit. */
export interface WebSearchHit {
  title: string;
  href: string;
  body: string;
}

/** A fetched page in BFCL's three modes. */
export interface FetchedPage {
  /** `raw`: the page's HTML. */
  html: string;
  /** `markdown`: the page as markdown. */
  markdown: string;
  /** `truncate`: the page's text, one block a line. */
  text: string;
}

/** What the web search API searches and fetches. */
export interface WebSearchSource {
  /** Says what this source is, for reports ("edgecall's offline web corpus, 1,200 pages"). */
  readonly label: string;
  search(keywords: string, maxResults: number): WebSearchHit[];
  /** The page at `url`, or undefined when it does not exist (reported as a 404). */
  fetch(url: string): FetchedPage | undefined;
}

/** The web search API of one entry. */
export class WebSearchApi implements MultiTurnApi {
  readonly className = "WebSearchAPI";

  constructor(
    private readonly source: WebSearchSource,
    private readonly showSnippet: boolean,
  ) {}

  private static readonly table = methodTable<WebSearchApi>([
    [
      "search_engine_query",
      params("keywords", ["max_results", 10n], ["region", "wt-wt"]),
      (self, [keywords, maxResults]) => self.search(keywords!, maxResults!),
    ],
    ["fetch_url_content", params("url", ["mode", "raw"]), (self, [url, mode]) => self.fetchUrl(url!, mode!)],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<WebSearchApi>> {
    return WebSearchApi.table;
  }

  loadScenario(): void {}

  private search(keywords: PyObj, maxResults: PyObj): PyObj {
    const count =
      typeof maxResults === "bigint"
        ? Number(maxResults)
        : maxResults === null
          ? Number.POSITIVE_INFINITY
          : undefined;
    if (count === undefined)
      throw pyError("TypeError", "slice indices must be integers or None or have an __index__ method");
    const hits = this.source.search(pyStrOf(keywords), count < 0 ? 100 : Math.min(count, 100));
    const kept = count < 0 ? hits.slice(0, Math.max(0, hits.length + count)) : hits.slice(0, count);
    return kept.map(
      (hit) =>
        new PyDict(
          this.showSnippet
            ? [
                ["title", hit.title],
                ["href", hit.href],
                ["body", hit.body],
              ]
            : [
                ["title", hit.title],
                ["href", hit.href],
              ],
        ),
    );
  }

  private fetchUrl(urlValue: PyObj, mode: PyObj): PyObj {
    if (typeof urlValue !== "string")
      throw pyError("AttributeError", `'${pyTypeName(urlValue)}' object has no attribute 'startswith'`);
    const url = urlValue;
    if (!url.startsWith("http://") && !url.startsWith("https://"))
      throw pyError("ValueError", `Invalid URL: ${url}`);
    const page = this.source.fetch(url);
    if (page === undefined)
      return new PyDict([
        ["error", `An error occurred while fetching ${url}: 404 Client Error: Not Found for url: ${url}`],
      ]);
    if (mode === "raw") return new PyDict([["content", page.html]]);
    if (mode === "markdown") return new PyDict([["content", page.markdown]]);
    if (mode === "truncate") return new PyDict([["content", page.text]]);
    return new PyDict([
      ["error", `An error occurred while fetching ${url}: Unsupported mode: ${pyStrOf(mode)}`],
    ]);
  }

  state(): Array<[string, PyObj]> {
    return [["show_snippet", this.showSnippet]];
  }
}
