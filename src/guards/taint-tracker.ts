/**
 * Session taint: remembers the untrusted text a session has read (email bodies, web pages, file
 * contents) and finds which string arguments of a later call came from it. An argument counts as
 * tainted when it contains a run of at least {@link taintWindow} characters seen in untrusted
 * output (compared case-insensitively with whitespace runs collapsed), or when a short value
 * (3 to 7 characters) equals a whole untrusted string. Matching is by hashed 8-character windows,
 * so a reported span may join two pieces read in different places; every piece of it was read.
 *
 * Besides taint, it tells private text from public: what a tool read from the user's own data
 * (files, mail, contacts, calendar, orders, an MCP server's answers) is private unless the tool
 * declares its output public (web pages, a shop's catalog). {@link TaintTracker.findPrivate} finds
 * the private text in a call's arguments that the user's own messages do not hold.
 */

/** Length of the character windows compared between arguments and untrusted text. */
export const taintWindow = 8;
/** Untrusted characters indexed per session; beyond this the session stays tainted but unindexed. */
export const taintIndexLimit = 1_000_000;

/** An argument whose value came (at least partly) from untrusted content. */
export interface TaintedArgument {
  /** Argument path: `to[0]`, `body`, `items[1].name`. */
  path: string;
  /** The argument's value (trimmed to 200 characters for display). */
  value: string;
  /** The parts of the value found in untrusted content (normalised: lowercase, single spaces). */
  spans: string[];
  /** True when the whole value (trimmed, normalised) was found in untrusted content. */
  whole: boolean;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ");
}

function windowKey(text: string, start: number): number {
  let first = 0;
  let second = 0;
  for (let index = start; index < start + taintWindow; index++) {
    const code = text.charCodeAt(index);
    first = (first * 131 + code) % 2147483647;
    second = (second * 257 + code) % 4194301;
  }
  return first * 4194304 + second;
}

function collectStrings(value: unknown, path: string, into: { path: string; value: string }[]): void {
  if (typeof value === "string") into.push({ path, value });
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) collectStrings(item, `${path}[${index}]`, into);
  } else if (value !== null && typeof value === "object") {
    for (const [key, member] of Object.entries(value))
      collectStrings(member, path === "" ? key : `${path}.${key}`, into);
  }
}

/** Every string inside a JSON-like value. */
export function stringLeaves(value: unknown): string[] {
  const found: { path: string; value: string }[] = [];
  collectStrings(value, "", found);
  return found.map((entry) => entry.value);
}

/** The spans of `text` (normalised) whose windows pass `windowSeen`, or the whole short value. */
function spansIn(
  text: string,
  windowSeen: (key: number) => boolean,
  shortSeen: (value: string) => boolean,
): string[] {
  const spans: string[] = [];
  const trimmed = text.trim();
  if (trimmed.length < taintWindow) {
    if (shortSeen(trimmed)) spans.push(trimmed);
    return spans;
  }
  let spanStart = -1;
  let spanEnd = -1;
  for (let start = 0; start + taintWindow <= text.length; start++) {
    if (!windowSeen(windowKey(text, start))) continue;
    if (spanStart >= 0 && start <= spanEnd) spanEnd = start + taintWindow;
    else {
      if (spanStart >= 0) spans.push(text.slice(spanStart, spanEnd).trim());
      spanStart = start;
      spanEnd = start + taintWindow;
    }
  }
  if (spanStart >= 0) spans.push(text.slice(spanStart, spanEnd).trim());
  return spans;
}

/** One session's taint state. */
export class TaintTracker {
  private readonly windows = new Set<number>();
  private readonly shortValues = new Set<string>();
  private readonly privateWindows = new Set<number>();
  private readonly privateShortValues = new Set<string>();
  private readonly readFrom: string[] = [];
  private indexed = 0;

  /** True once the session has read any untrusted output. */
  get tainted(): boolean {
    return this.readFrom.length > 0;
  }

  /** The tools whose untrusted output the session has read, in order, without repeats. */
  get sources(): readonly string[] {
    return this.readFrom;
  }

  /**
   * Records untrusted strings a tool returned. The session is tainted even when there are none.
   * They are private (the user's own data) unless `options.public` says they are published.
   */
  record(toolName: string, texts: readonly string[], options: { public?: boolean } = {}): void {
    if (!this.readFrom.includes(toolName)) this.readFrom.push(toolName);
    const isPrivate = options.public !== true;
    for (const raw of texts) {
      const text = normalise(raw);
      const trimmed = text.trim();
      if (trimmed.length >= 3 && trimmed.length < taintWindow) {
        this.shortValues.add(trimmed);
        if (isPrivate) this.privateShortValues.add(trimmed);
      }
      if (this.indexed >= taintIndexLimit) continue;
      const usable = text.slice(0, taintIndexLimit - this.indexed);
      this.indexed += usable.length;
      for (let start = 0; start + taintWindow <= usable.length; start++) {
        const key = windowKey(usable, start);
        this.windows.add(key);
        if (isPrivate) this.privateWindows.add(key);
      }
    }
  }

  /** The string arguments of a call that came from untrusted content this session. */
  find(input: unknown): TaintedArgument[] {
    if (!this.tainted) return [];
    return this.matching(
      input,
      (key) => this.windows.has(key),
      (value) => this.shortValues.has(value),
    );
  }

  /**
   * The string arguments of a call that carry private text read this session (see the module
   * comment) which the user's own messages (`own`) do not hold: a window the user wrote is theirs,
   * even when a file also holds it. Private text shorter than the window counts only as a whole
   * argument.
   */
  findPrivate(input: unknown, own: readonly string[]): TaintedArgument[] {
    if (this.privateWindows.size === 0 && this.privateShortValues.size === 0) return [];
    const ownWindows = new Set<number>();
    const ownText = own.map(normalise).join("\n");
    for (let start = 0; start + taintWindow <= ownText.length; start++)
      ownWindows.add(windowKey(ownText, start));
    return this.matching(
      input,
      (key) => this.privateWindows.has(key) && !ownWindows.has(key),
      (value) => this.privateShortValues.has(value) && !ownText.includes(value),
    );
  }

  private matching(
    input: unknown,
    windowSeen: (key: number) => boolean,
    shortSeen: (value: string) => boolean,
  ): TaintedArgument[] {
    const strings: { path: string; value: string }[] = [];
    collectStrings(input, "", strings);
    const tainted: TaintedArgument[] = [];
    for (const { path, value } of strings) {
      const text = normalise(value);
      const spans = spansIn(text, windowSeen, shortSeen);
      if (spans.length === 0) continue;
      tainted.push({
        path,
        value: value.length > 200 ? `${value.slice(0, 200)}…` : value,
        spans,
        whole: spans.length === 1 && spans[0] === text.trim(),
      });
    }
    return tainted;
  }
}
