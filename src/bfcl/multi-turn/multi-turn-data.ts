/**
 * The multi-turn part of a BFCL data folder, read per category on first use and cached.
 */
import { type MultiTurnCategory, multiTurnCategoryOfId } from "./multi-turn-categories.js";
import { type MultiTurnEntry, readMultiTurnEntries } from "./multi-turn-dataset.js";

/** Multi-turn entries of one data folder; create once and reuse. */
export class MultiTurnDataset {
  private readonly byCategory = new Map<MultiTurnCategory, Map<string, MultiTurnEntry>>();

  constructor(readonly directory: string) {}

  private category(category: MultiTurnCategory): Map<string, MultiTurnEntry> {
    let entries = this.byCategory.get(category);
    if (!entries) {
      entries = new Map(readMultiTurnEntries(this.directory, category).map((entry) => [entry.id, entry]));
      this.byCategory.set(category, entries);
    }
    return entries;
  }

  /** Ids of a category, in file order. */
  ids(category: MultiTurnCategory): string[] {
    return [...this.category(category).keys()];
  }

  /** Entries of a category, in file order. */
  entries(category: MultiTurnCategory): MultiTurnEntry[] {
    return [...this.category(category).values()];
  }

  /** The entry with this id, or undefined. */
  entry(id: string): MultiTurnEntry | undefined {
    const category = multiTurnCategoryOfId(id);
    return category === undefined ? undefined : this.category(category).get(id);
  }
}
