/**
 * One HTTP request over loopback with every header as given (fetch will not send a foreign `Host`),
 * for the tests of the servers' web guard.
 */
import { request } from "node:http";
import { connect } from "node:net";

/** What came back. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends `method path` to the server at `url` (its origin is used) with exactly `headers`. */
export function rawHttpRequest(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise<RawResponse>((resolve, reject) => {
    const req = request(
      {
        host: target.hostname.replace(/^\[|\]$/g, ""),
        port: target.port,
        path,
        method,
        headers:
          body === undefined ? headers : { "content-length": String(Buffer.byteLength(body)), ...headers },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Writes `text` (a whole request, as bytes on the wire) to the server at `url` and returns the status of the reply. */
export function rawHttpStatus(url: string, text: string): Promise<number> {
  const target = new URL(url);
  return new Promise<number>((resolve, reject) => {
    const socket = connect({ host: target.hostname.replace(/^\[|\]$/g, ""), port: Number(target.port) });
    let received = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer in 10 s")));
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (status !== null) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`connection closed without a status: ${received}`)));
    socket.end(text);
  });
}
