/**
 * A WebSocket client just big enough for the tests of `/ws` (Node 20 has no global WebSocket):
 * the opening handshake with any headers, masked text frames out (optionally split in fragments),
 * unmasked text and close frames in.
 */
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import type { Duplex } from "node:stream";

/** An open test connection. */
export interface TestSocket {
  /** Sends `text` as one message, in `pieces` fragments. */
  send(text: string, pieces?: number): void;
  /** Sends raw bytes (a frame the test built). */
  sendRaw(bytes: Buffer): void;
  /** The next message received (text), or `{close: code}` once the server closed. */
  next(): Promise<string | { close: number }>;
  end(): void;
}

/** A masked client frame. */
export function clientFrame(opcode: number, payload: Buffer, fin = true): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const header = length < 126 ? Buffer.alloc(2) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  header[0] = (fin ? 0x80 : 0) | opcode;
  if (length < 126) header[1] = 0x80 | length;
  else if (length < 65536) {
    header[1] = 0x80 | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const masked = Buffer.from(payload);
  for (let index = 0; index < masked.length; index += 1)
    masked[index] = (masked[index] as number) ^ (mask[index % 4] as number);
  return Buffer.concat([header, mask, masked]);
}

/**
 * Opens `/ws` of the server at `url`; resolves with the connection, or with the refusal's status
 * and body when the server answers with plain HTTP.
 */
export function openTestSocket(
  url: string,
  headers: Record<string, string> = {},
): Promise<TestSocket | { status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({
      host: target.hostname,
      port: target.port,
      path: "/ws",
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": randomBytes(16).toString("base64"),
        ...headers,
      },
    });
    req.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on("upgrade", (_response, socket: Duplex, head: Buffer) => resolve(testSocket(socket, head)));
    req.on("error", reject);
    req.end();
  });
}

function testSocket(socket: Duplex, head: Buffer): TestSocket {
  let buffer = head;
  const received: (string | { close: number })[] = [];
  const waiting: ((value: string | { close: number }) => void)[] = [];
  const deliver = (value: string | { close: number }) => {
    const waiter = waiting.shift();
    if (waiter === undefined) received.push(value);
    else waiter(value);
  };
  const parse = () => {
    while (buffer.length >= 2) {
      const opcode = (buffer[0] as number) & 0x0f;
      let length = (buffer[1] as number) & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffer.length < offset + length) return;
      const payload = buffer.subarray(offset, offset + length);
      buffer = buffer.subarray(offset + length);
      if (opcode === 0x1) deliver(payload.toString("utf8"));
      else if (opcode === 0x8) deliver({ close: payload.length >= 2 ? payload.readUInt16BE(0) : 1005 });
    }
  };
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    parse();
  });
  socket.on("close", () => deliver({ close: 1006 }));
  parse();
  return {
    send(text, pieces = 1) {
      const bytes = Buffer.from(text, "utf8");
      const size = Math.ceil(bytes.length / pieces);
      for (let index = 0; index < pieces; index += 1) {
        const part = bytes.subarray(index * size, (index + 1) * size);
        socket.write(clientFrame(index === 0 ? 0x1 : 0x0, part, index === pieces - 1));
      }
    },
    sendRaw: (bytes) => socket.write(bytes),
    next: () =>
      new Promise((resolve) => {
        const value = received.shift();
        if (value === undefined) waiting.push(resolve);
        else resolve(value);
      }),
    end: () => socket.destroy(),
  };
}
