/** Markdown code fences (```python … ```) that models put around calls. */

/** Text split around the first code fence; `body` runs to the end when the fence is not closed. */
export interface FencedText {
  before: string;
  body: string;
  after: string;
}

const fenceOpen = /```[\w+-]*[ \t]*\r?\n?/;

/** Splits `text` around its first code fence, or returns undefined when there is none. */
export function splitCodeFence(text: string): FencedText | undefined {
  const match = fenceOpen.exec(text);
  if (!match) return undefined;
  const bodyStart = match.index + match[0].length;
  const closeIndex = text.indexOf("```", bodyStart);
  const bodyEnd = closeIndex < 0 ? text.length : closeIndex;
  return {
    before: text.slice(0, match.index),
    body: text.slice(bodyStart, bodyEnd),
    after: closeIndex < 0 ? "" : text.slice(closeIndex + 3),
  };
}
