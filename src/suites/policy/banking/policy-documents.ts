/**
 * The bank's policy documents and the search over them: the document file is split at its `## `
 * headings into sections; a query scores each section by how many of its words (three letters or
 * more, lower case) the section holds, and the best three come back, ties in document order.
 */

/** One section of the documents. */
export interface PolicyDocument {
  title: string;
  text: string;
}

/** The sections of a markdown file, split at `## ` headings. */
export function parseDocuments(markdown: string): PolicyDocument[] {
  const documents: PolicyDocument[] = [];
  for (const block of markdown.split(/^## /m).slice(1)) {
    const [title = "", ...body] = block.split("\n");
    documents.push({ title: title.trim(), text: body.join(" ").replace(/\s+/g, " ").trim() });
  }
  return documents;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9%$.]{3,}/g) ?? [];
}

/** The best `limit` sections for `query`; none when no word matches. */
export function searchDocuments(
  documents: readonly PolicyDocument[],
  query: string,
  limit = 3,
): PolicyDocument[] {
  const wanted = [...new Set(words(query).map((word) => word.replace(/s$/, "")))];
  return documents
    .map((document, index) => {
      const have = new Set(words(`${document.title} ${document.text}`).map((word) => word.replace(/s$/, "")));
      return { document, index, score: wanted.filter((word) => have.has(word)).length };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.document);
}
