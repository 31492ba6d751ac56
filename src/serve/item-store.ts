/**
 * The items `/v1/responses` answered recently, so that clients which keep them server-side (the
 * AI SDK's default `store: true` sends `item_reference`s; `previous_response_id` continues a
 * conversation) are understood.
 *
 * Bounded in bytes, because what it holds comes from clients: each item keeps only the fields the
 * API defines (responses-item-fields.ts), each distinct item is counted once at the size of its
 * JSON (a continued conversation shares its earlier items with the response before it), and
 * the oldest responses are forgotten first to stay within {@link ItemStore.maxBytes}. A response
 * larger than the whole bound is not kept at all. A count bound ({@link ItemStore.capacity}) also applies.
 */
import { definedItemFields, type StoredItem } from "./responses-item-fields.js";

export type { StoredItem } from "./responses-item-fields.js";

/** The default of {@link ItemStoreOptions.maxBytes}: 16 MiB, sized for a phone-class device. */
export const defaultItemStoreBytes = 16 * 1024 * 1024;

/** The default of {@link ItemStoreOptions.capacity}. */
export const defaultItemStoreCapacity = 256;

/** Bytes counted for each response besides its items (its id, its list, the maps' entries). */
const responseOverheadBytes = 256;
/** Bytes counted for each item a response's conversation lists. */
const referenceBytes = 8;

/** Bounds of an {@link ItemStore}. */
export interface ItemStoreOptions {
  /** Most bytes held (items' JSON and per-response overhead); 0 keeps nothing. Default 16 MiB. */
  maxBytes?: number;
  /** Most responses held. Default 256. */
  capacity?: number;
}

interface HeldResponse {
  conversation: StoredItem[];
  outputIds: string[];
  /** Bytes counted for this response besides its items. */
  overhead: number;
}

/** Responses and their items, within a byte bound and a count bound. */
export class ItemStore {
  readonly maxBytes: number;
  readonly capacity: number;
  private readonly responses = new Map<string, HeldResponse>();
  private readonly items = new Map<string, StoredItem>();
  /** Each distinct item held: its size, and how many held responses list it. */
  private readonly held = new Map<StoredItem, { bytes: number; references: number }>();
  private total = 0;

  constructor(options: ItemStoreOptions = {}) {
    this.maxBytes = options.maxBytes ?? defaultItemStoreBytes;
    this.capacity = options.capacity ?? defaultItemStoreCapacity;
  }

  /** The bytes accounted for what is held now (never above {@link maxBytes}). */
  get bytes(): number {
    return this.total;
  }

  /**
   * Keeps a response: its whole conversation (input then output) and its output items by id, each
   * item reduced to the fields the API defines. Returns false when the response alone is larger
   * than the bound (or the store keeps nothing): it is not kept, and the others stay.
   */
  remember(responseId: string, input: readonly StoredItem[], output: readonly StoredItem[]): boolean {
    if (this.capacity <= 0 || this.maxBytes <= 0) return false;
    // Items already held (a previous response's, a referenced output) are shared, not copied.
    const conversation = [...input, ...output].map((item) =>
      this.held.has(item) ? item : definedItemFields(item),
    );
    const sizes = new Map<StoredItem, number>();
    for (const item of conversation) {
      if (!sizes.has(item)) sizes.set(item, this.held.get(item)?.bytes ?? jsonBytes(item));
    }
    const overhead = responseOverheadBytes + responseId.length + referenceBytes * conversation.length;
    let alone = overhead;
    for (const bytes of sizes.values()) alone += bytes;
    if (alone > this.maxBytes) return false;

    this.forget(responseId);
    const outputIds: string[] = [];
    for (const item of conversation.slice(input.length)) {
      if (typeof item.id === "string") {
        this.items.set(item.id, item);
        outputIds.push(item.id);
      }
    }
    for (const [item, bytes] of sizes) {
      const entry = this.held.get(item);
      if (entry === undefined) {
        this.held.set(item, { bytes, references: 1 });
        this.total += bytes;
      } else entry.references++;
    }
    this.total += overhead;
    this.responses.set(responseId, { conversation, outputIds, overhead });
    // The new response fits alone, so forgetting the older ones always ends within the bounds.
    while (this.total > this.maxBytes || this.responses.size > this.capacity) {
      const oldest = this.responses.keys().next().value;
      if (oldest === undefined || oldest === responseId) break;
      this.forget(oldest);
    }
    return true;
  }

  /** The conversation up to and including a response, or undefined when not held. */
  conversation(responseId: string): StoredItem[] | undefined {
    return this.responses.get(responseId)?.conversation;
  }

  /** One output item by id, or undefined. */
  item(id: string): StoredItem | undefined {
    return this.items.get(id);
  }

  /** Says what the store holds, for messages about ids it no longer has. */
  describeBounds(): string {
    return `it keeps the most recent responses, at most ${this.capacity} and ${mebibytes(this.maxBytes)}; one larger than that is not kept`;
  }

  private forget(responseId: string): void {
    const entry = this.responses.get(responseId);
    if (entry === undefined) return;
    this.responses.delete(responseId);
    this.total -= entry.overhead;
    for (const item of new Set(entry.conversation)) {
      const counted = this.held.get(item);
      if (counted === undefined) continue;
      if (--counted.references === 0) {
        this.held.delete(item);
        this.total -= counted.bytes;
      }
    }
    // An output item a later conversation still lists stays referable.
    for (const id of entry.outputIds) {
      const item = this.items.get(id);
      if (item !== undefined && !this.held.has(item)) this.items.delete(id);
    }
  }
}

function jsonBytes(item: StoredItem): number {
  return Buffer.byteLength(JSON.stringify(item));
}

function mebibytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}
