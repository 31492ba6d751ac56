/**
 * A Server-Sent Events parser (the WHATWG `text/event-stream` format) for streamed chat completions.
 * It takes the body as byte chunks split anywhere (inside a line, a CRLF pair or a UTF-8 sequence)
 * and yields whole events: consecutive `data:` lines joined with "\n", comment lines (`:`) skipped,
 * lines ending in LF, CRLF or CR, an event dispatched at each blank line and at the end of the body.
 */

/** One dispatched event. `event` is `message` unless the server named it. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** Incremental parser: push decoded text, take the events completed so far. */
export class SseParser {
  private buffer = "";
  private dataLines: string[] = [];
  private eventName = "";
  private lastId: string | undefined;
  /** A CR ended the previous chunk: an LF starting the next one belongs to it. */
  private pendingCarriageReturn = false;

  /** Feeds decoded text and returns the events it completed. */
  push(text: string): SseEvent[] {
    let input = text;
    if (this.pendingCarriageReturn && input.startsWith("\n")) input = input.slice(1);
    this.pendingCarriageReturn = false;
    this.buffer += input;
    const events: SseEvent[] = [];
    let start = 0;
    for (let index = 0; index < this.buffer.length; index++) {
      const character = this.buffer[index];
      if (character !== "\n" && character !== "\r") continue;
      const line = this.buffer.slice(start, index);
      if (character === "\r") {
        if (index + 1 === this.buffer.length) this.pendingCarriageReturn = true;
        else if (this.buffer[index + 1] === "\n") index++;
      }
      start = index + 1;
      const event = this.processLine(line);
      if (event !== undefined) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** Ends the stream: an unterminated last line and event are dispatched as if a blank line followed. */
  finish(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.buffer !== "") {
      const event = this.processLine(this.buffer);
      if (event !== undefined) events.push(event);
      this.buffer = "";
    }
    const last = this.dispatch();
    if (last !== undefined) events.push(last);
    return events;
  }

  private processLine(line: string): SseEvent | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.dataLines.push(value);
    else if (field === "event") this.eventName = value;
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
    this.eventName = "";
    return event;
  }
}

/** Parses a byte stream into SSE events, decoding UTF-8 across chunk boundaries. */
export async function* parseSseStream(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder("utf-8");
  const parser = new SseParser();
  for await (const chunk of chunks) {
    yield* parser.push(decoder.decode(chunk, { stream: true }));
  }
  const tail = decoder.decode();
  if (tail !== "") yield* parser.push(tail);
  yield* parser.finish();
}
