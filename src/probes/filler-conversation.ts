/**
 * Prior conversation for the context probe: realistic earlier turns of a phone-assistant chat, in
 * which the user asks for web pages of the assistant world's offline web (data/assistant/web) and
 * the assistant fetches each with `web_fetch` and sums it up. Each turn is four messages: the
 * user's request, the assistant's call, the tool's result (the page as JSON) and a one-line summary.
 *
 * The size of a filler is the tokens of its messages' text (contents and call arguments) as the
 * token counter counts them; whole turns are added while they fit, then one last turn whose page
 * text is cut so the total comes within a few tokens of the target. The chat markup around each
 * message adds a few tokens more, which the measured prompt tokens of each step include.
 */
import { readFileSync } from "node:fs";
import { assistantDataPath } from "../assistant/data-path.js";
import type { ChatMessage } from "../messages.js";
import type { TokenCounter } from "./token-counter.js";

/** A page of the offline web, as the filler uses it. */
export interface FillerPage {
  url: string;
  title: string;
  published?: string;
  text: string;
}

/** A filler and its measured size. */
export interface FillerConversation {
  messages: ChatMessage[];
  /** Tokens of the messages' text, as counted. */
  tokens: number;
  turns: number;
}

/** The last turn is cut only when at least this many tokens are left to fill. */
const smallestPartialTurn = 48;

const requests = [
  (url: string) => `Can you open ${url} and tell me what it says?`,
  (url: string) => `Pull up this page for me: ${url}`,
  (url: string) => `What's on ${url}? Just the gist.`,
  (url: string) => `Read ${url} please.`,
];

/** The offline web's pages (data/assistant/web/pages.json), in file order. */
export function loadFillerPages(path = assistantDataPath("web", "pages.json")): FillerPage[] {
  const document = JSON.parse(readFileSync(path, "utf8")) as { pages: FillerPage[] };
  return document.pages;
}

function firstSentences(text: string, count: number): string {
  const sentences = text.replace(/\s+/g, " ").match(/[^.!?]+[.!?]+/g) ?? [text];
  return sentences.slice(0, count).join("").trim();
}

/** The four messages of turn `index` over `page`, with the page text as given. */
function turnMessages(index: number, page: FillerPage, text: string): ChatMessage[] {
  const id = `call_filler_${index}`;
  const result = {
    url: page.url,
    title: page.title,
    ...(page.published ? { published: page.published } : {}),
    text,
  };
  return [
    { role: "user", content: requests[index % requests.length]!(page.url) },
    { role: "assistant", content: "", toolCalls: [{ id, name: "web_fetch", arguments: { url: page.url } }] },
    { role: "tool", content: JSON.stringify(result), toolCallId: id, name: "web_fetch" },
    { role: "assistant", content: `Here is the gist of "${page.title}": ${firstSentences(text, 2)}` },
  ];
}

/** Tokens of messages' text: contents plus call arguments as JSON. */
export function messageTokens(messages: readonly ChatMessage[], counter: TokenCounter): number {
  let total = 0;
  for (const message of messages) {
    total += counter.count(message.content);
    if (message.role === "assistant")
      for (const call of message.toolCalls ?? []) total += counter.count(JSON.stringify(call.arguments));
  }
  return total;
}

/** Builds fillers of several sizes from one sequence of turns (a larger filler extends a smaller one). */
export class FillerBuilder {
  private readonly turns: { messages: ChatMessage[]; tokens: number }[] = [];

  constructor(
    private readonly pages: readonly FillerPage[],
    private readonly counter: TokenCounter,
  ) {
    if (pages.length === 0) throw new RangeError("the filler needs at least one page");
  }

  private turn(index: number): { messages: ChatMessage[]; tokens: number } {
    while (this.turns.length <= index) {
      const at = this.turns.length;
      const page = this.pages[at % this.pages.length]!;
      const messages = turnMessages(at, page, page.text);
      this.turns.push({ messages, tokens: messageTokens(messages, this.counter) });
    }
    return this.turns[index]!;
  }

  /** The last, cut turn filling at most `room` tokens, or undefined when even a stub does not fit. */
  private partialTurn(index: number, room: number): { messages: ChatMessage[]; tokens: number } | undefined {
    const page = this.pages[index % this.pages.length]!;
    const measure = (length: number) => {
      const messages = turnMessages(index, page, page.text.slice(0, length));
      return { messages, tokens: messageTokens(messages, this.counter) };
    };
    let best = measure(0);
    if (best.tokens > room) return undefined;
    let low = 0;
    let high = page.text.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      const candidate = measure(middle);
      if (candidate.tokens <= room) {
        best = candidate;
        low = middle;
      } else high = middle - 1;
    }
    return best;
  }

  /** A filler of about `target` tokens (never more). */
  build(target: number): FillerConversation {
    const messages: ChatMessage[] = [];
    let tokens = 0;
    let turns = 0;
    for (;;) {
      const next = this.turn(turns);
      if (tokens + next.tokens > target) break;
      messages.push(...next.messages);
      tokens += next.tokens;
      turns += 1;
    }
    if (target - tokens >= smallestPartialTurn) {
      const partial = this.partialTurn(turns, target - tokens);
      if (partial !== undefined) {
        messages.push(...partial.messages);
        tokens += partial.tokens;
        turns += 1;
      }
    }
    return { messages, tokens, turns };
  }
}
