/**
 * A Server-Sent Events parser (the WHATWG `text/event-stream` format) for streamed chat completions.
 * It takes the body as byte chunks split anywhere (inside a line, a CRLF pair or a UTF-8 sequence)
 * and yields whole events: consecutive `data:` lines joined with "\n", comment lines (`:`) skipped,
 * lines ending in LF, CRLF or CR, an event dispatched at each blank line and at the end of the body.
 * Lines and events longer than a limit are refused, so a server cannot make it hold (or rescan)
 * an endless line.
 */

/** One dispatched event. `event` is `message` unless the server named it. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** The default of {@link SseParserOptions.maxLength}: 8 Mi characters. */
export const defaultSseMaxLength = 8 * 1024 * 1024;

/** Options of {@link SseParser}. */
export interface SseParserOptions {
  /**
   * The most characters of one line, and of one event's data (its `data:` lines together);
   * a longer one throws {@link SseLimitError}. Default {@link defaultSseMaxLength}.
   */
  maxLength?: number;
  /**
   * Told of each line that is neither a comment nor blank (`data:`, `event:`, ...): what a reader
   * counts as the server's progress, keep-alive comments (`: ping`) not being any.
   */
  onFieldLine?: () => void;
}

/** A line or an event longer than {@link SseParserOptions.maxLength}. */
export class SseLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SseLimitError";
  }
}

/**
 * Incremental parser: push decoded text, take the events completed so far. Each push scans only
 * the new text (the unfinished line is kept as pieces and joined once it ends), so the work is
 * linear in the body however it is cut, and a line is refused as soon as it passes the limit.
 */
export class SseParser {
  /** Pieces of the line not yet ended, and their total length. */
  private pending: string[] = [];
  private pendingLength = 0;
  private dataLines: string[] = [];
  private dataLength = 0;
  private eventName = "";
  private lastId: string | undefined;
  /** A CR ended the previous chunk: an LF starting the next one belongs to it. */
  private pendingCarriageReturn = false;
  private readonly maxLength: number;
  private readonly onFieldLine: (() => void) | undefined;

  constructor(options: SseParserOptions = {}) {
    this.maxLength = options.maxLength ?? defaultSseMaxLength;
    this.onFieldLine = options.onFieldLine;
  }

  /** Feeds decoded text and returns the events it completed. Throws SseLimitError past the limit. */
  push(text: string): SseEvent[] {
    let start = 0;
    if (this.pendingCarriageReturn && text.startsWith("\n")) start = 1;
    this.pendingCarriageReturn = false;
    const events: SseEvent[] = [];
    for (let index = start; index < text.length; index++) {
      const character = text.charCodeAt(index);
      if (character !== 10 && character !== 13) continue;
      const line = this.takeLine(text.slice(start, index));
      if (character === 13) {
        if (index + 1 === text.length) this.pendingCarriageReturn = true;
        else if (text.charCodeAt(index + 1) === 10) index++;
      }
      start = index + 1;
      const event = this.processLine(line);
      if (event !== undefined) events.push(event);
    }
    if (start < text.length) {
      const rest = text.slice(start);
      this.pendingLength += rest.length;
      if (this.pendingLength > this.maxLength) {
        throw new SseLimitError(
          `a line of the event stream runs past ${this.maxLength} characters without ending`,
        );
      }
      this.pending.push(rest);
    }
    return events;
  }

  /** The unfinished line's pieces joined with `end`, and the pieces cleared. */
  private takeLine(end: string): string {
    if (this.pending.length === 0) return end;
    this.pending.push(end);
    const line = this.pending.join("");
    this.pending = [];
    this.pendingLength = 0;
    return line;
  }

  /** Ends the stream: an unterminated last line and event are dispatched as if a blank line followed. */
  finish(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.pending.length > 0) {
      const event = this.processLine(this.takeLine(""));
      if (event !== undefined) events.push(event);
    }
    const last = this.dispatch();
    if (last !== undefined) events.push(last);
    return events;
  }

  private processLine(line: string): SseEvent | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    this.onFieldLine?.();
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") {
      this.dataLength += value.length + 1;
      if (this.dataLength > this.maxLength) {
        throw new SseLimitError(
          `an event of the event stream has more than ${this.maxLength} characters of data`,
        );
      }
      this.dataLines.push(value);
    } else if (field === "event") this.eventName = value;
    else if (field === "id" && !value.includes("\0")) this.lastId = value;
    // `retry` and unknown fields are ignored.
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    if (this.dataLines.length === 0) {
      this.eventName = "";
      return undefined;
    }
    const event: SseEvent = { event: this.eventName || "message", data: this.dataLines.join("\n") };
    if (this.lastId !== undefined) event.id = this.lastId;
    this.dataLines = [];
    this.dataLength = 0;
    this.eventName = "";
    return event;
  }
}

/** Parses a byte stream into SSE events, decoding UTF-8 across chunk boundaries. */
export async function* parseSseStream(
  chunks: AsyncIterable<Uint8Array>,
  options: SseParserOptions = {},
): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder("utf-8");
  const parser = new SseParser(options);
  for await (const chunk of chunks) {
    yield* parser.push(decoder.decode(chunk, { stream: true }));
  }
  const tail = decoder.decode();
  if (tail !== "") yield* parser.push(tail);
  yield* parser.finish();
}
