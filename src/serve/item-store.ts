/**
 * The items `/v1/responses` answered recently, so that clients which keep them server-side (the
 * AI SDK's default `store: true` sends `item_reference`s; `previous_response_id` continues a
 * conversation) are understood. Bounded: the oldest responses are forgotten first.
 */

/** An input or output item in the Responses API's wire shape. */
export type StoredItem = { type?: string; role?: string; [field: string]: unknown };

/** Responses and their items, at most `capacity` responses. */
export class ItemStore {
  private readonly responses = new Map<string, { conversation: StoredItem[]; outputIds: string[] }>();
  private readonly items = new Map<string, StoredItem>();

  constructor(readonly capacity = 256) {}

  /** Keeps a response: its whole conversation (input then output) and its output items by id. */
  remember(responseId: string, input: readonly StoredItem[], output: readonly StoredItem[]): void {
    if (this.capacity <= 0) return;
    while (this.responses.size >= this.capacity) {
      const [oldest, entry] = this.responses.entries().next().value!;
      for (const id of entry.outputIds) this.items.delete(id);
      this.responses.delete(oldest);
    }
    const outputIds: string[] = [];
    for (const item of output) {
      if (typeof item.id === "string") {
        this.items.set(item.id, item);
        outputIds.push(item.id);
      }
    }
    this.responses.set(responseId, { conversation: [...input, ...output], outputIds });
  }

  /** The conversation up to and including a response, or undefined when not held. */
  conversation(responseId: string): StoredItem[] | undefined {
    return this.responses.get(responseId)?.conversation;
  }

  /** One output item by id, or undefined. */
  item(id: string): StoredItem | undefined {
    return this.items.get(id);
  }
}
