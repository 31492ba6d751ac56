/**
 * The server side of a WebSocket (RFC 6455), as small as `env serve`'s `/ws` needs: the opening
 * handshake, text messages in (masked frames, fragments joined, at most `maxMessageBytes`) and out,
 * ping answered with pong, and the closing handshake. No extension is accepted (a client offering
 * permessage-deflate gets plain frames), binary messages are refused (1003), a protocol error
 * closes with 1002, a message too big with 1009, text that is not UTF-8 with 1007. Written here
 * because OpenEnv's Python client speaks its multi-step protocol over a WebSocket and edgecall
 * ships no WebSocket package.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

const handshakeGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/** Why an upgrade request is not a WebSocket opening handshake; undefined when it is one. */
export function handshakeProblem(request: IncomingMessage): string | undefined {
  if (request.method !== "GET") return "a WebSocket opens with GET";
  if (!/\bwebsocket\b/i.test(request.headers.upgrade ?? "")) return "Upgrade: websocket is missing";
  if (request.headers["sec-websocket-version"] !== "13") return "Sec-WebSocket-Version must be 13";
  const key = request.headers["sec-websocket-key"] ?? "";
  if (Buffer.from(key, "base64").length !== 16) return "Sec-WebSocket-Key must be 16 bytes in base64";
  return undefined;
}

/** Answers an HTTP request on `socket` with `status` and a JSON body, then closes it. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string, body: unknown): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? Buffer.alloc(2) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  header[0] = 0x80 | opcode;
  if (length < 126) header[1] = length;
  else if (length < 65536) {
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

/** An open WebSocket. */
export class WebSocketConnection {
  readonly #socket: Duplex;
  readonly #maxMessageBytes: number;
  #buffer: Buffer = Buffer.alloc(0);
  #fragments: Buffer[] = [];
  #fragmentBytes = 0;
  #closing = false;
  #failed = false;
  #onMessage: (text: string) => void = () => undefined;
  readonly #onClose: (() => void)[] = [];
  readonly #decoder = new TextDecoder("utf-8", { fatal: true });

  /** Completes the handshake of `request` (checked with {@link handshakeProblem}) on `socket`. */
  constructor(request: IncomingMessage, socket: Duplex, head: Buffer, maxMessageBytes: number) {
    this.#socket = socket;
    this.#maxMessageBytes = maxMessageBytes;
    const key = request.headers["sec-websocket-key"] ?? "";
    const accept = createHash("sha1").update(`${key}${handshakeGuid}`).digest("base64");
    socket.write(
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    socket.on("data", (chunk: Buffer) => this.#receive(chunk));
    socket.on("close", () => {
      this.#closing = true;
      for (const handler of this.#onClose.splice(0)) handler();
    });
    socket.on("error", () => socket.destroy());
    if (head.length > 0) this.#receive(head);
  }

  /** Called with each whole text message. */
  onMessage(handler: (text: string) => void): void {
    this.#onMessage = handler;
  }

  /** Adds a handler called once when the connection is gone. */
  onClose(handler: () => void): void {
    this.#onClose.push(handler);
  }

  /** Sends a text message (dropped once closing). */
  send(text: string): void {
    if (!this.#closing) this.#socket.write(frame(0x1, Buffer.from(text, "utf8")));
  }

  /** Starts the closing handshake with `code`; the socket ends once the client answers, or after 5 s. */
  close(code = 1000, reason = ""): void {
    if (this.#closing) return;
    this.#closing = true;
    const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
    payload.writeUInt16BE(code, 0);
    payload.write(reason, 2);
    this.#socket.write(frame(0x8, payload));
    setTimeout(() => this.#socket.destroy(), 5000).unref();
  }

  /** Drops the connection at once. */
  destroy(): void {
    this.#closing = true;
    this.#socket.destroy();
  }

  #receive(chunk: Buffer): void {
    if (this.#failed) return;
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    while (!this.#failed && !this.#socket.destroyed) {
      const consumed = this.#frame();
      if (consumed === 0) return;
      this.#buffer = this.#buffer.subarray(consumed);
    }
  }

  /** Handles the first whole frame in the buffer; returns its length, or 0 when it is not whole yet. */
  #frame(): number {
    const data = this.#buffer;
    if (data.length < 2) return 0;
    const first = data[0] as number;
    const second = data[1] as number;
    const opcode = first & 0x0f;
    const fin = (first & 0x80) !== 0;
    if ((first & 0x70) !== 0 || (second & 0x80) === 0) return this.#fail(1002, "protocol error");
    let length = second & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (data.length < 4) return 0;
      length = data.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (data.length < 10) return 0;
      const long = data.readBigUInt64BE(2);
      if (long > BigInt(this.#maxMessageBytes)) return this.#fail(1009, "message too big");
      length = Number(long);
      offset = 10;
    }
    if (opcode >= 0x8 && (!fin || length > 125)) return this.#fail(1002, "bad control frame");
    if (this.#fragmentBytes + length > this.#maxMessageBytes) return this.#fail(1009, "message too big");
    if (data.length < offset + 4 + length) return 0;
    const mask = data.subarray(offset, offset + 4);
    const payload = Buffer.from(data.subarray(offset + 4, offset + 4 + length));
    for (let index = 0; index < payload.length; index += 1)
      payload[index] = (payload[index] as number) ^ (mask[index % 4] as number);
    this.#handle(opcode, fin, payload);
    return offset + 4 + length;
  }

  #handle(opcode: number, fin: boolean, payload: Buffer): void {
    switch (opcode) {
      case 0x8: {
        if (!this.#closing) {
          this.#closing = true;
          this.#socket.write(frame(0x8, payload.subarray(0, 2)));
        }
        this.#socket.end();
        return;
      }
      case 0x9:
        if (!this.#closing) this.#socket.write(frame(0xa, payload));
        return;
      case 0xa:
        return;
      case 0x2:
        this.#fail(1003, "only text messages are accepted");
        return;
      case 0x0:
      case 0x1: {
        if ((opcode === 0x0) === (this.#fragments.length === 0)) {
          this.#fail(1002, "unexpected continuation");
          return;
        }
        this.#fragments.push(payload);
        this.#fragmentBytes += payload.length;
        if (!fin) return;
        const whole = Buffer.concat(this.#fragments);
        this.#fragments = [];
        this.#fragmentBytes = 0;
        let text: string;
        try {
          text = this.#decoder.decode(whole);
        } catch {
          this.#fail(1007, "text is not UTF-8");
          return;
        }
        this.#onMessage(text);
        return;
      }
      default:
        this.#fail(1002, "unknown opcode");
    }
  }

  #fail(code: number, reason: string): number {
    this.close(code, reason);
    this.#failed = true;
    this.#buffer = Buffer.alloc(0);
    this.#socket.end();
    return 0;
  }
}
