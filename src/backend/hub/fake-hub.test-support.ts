/**
 * Test support: a fake model hub on loopback. It answers the models API
 * (`/api/models/OWNER/REPO`) and `resolve` downloads (with Range), optionally redirecting downloads
 * to a second loopback server (another origin, as the hub's CDN is), cutting the first download
 * halfway, or answering the API with a given status. Every request is recorded, headers included.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sha256Hex } from "../../sha256.js";

/** One file the fake repository holds. */
export interface FakeHubFile {
  name: string;
  content: Buffer;
  /** The sha256 the listing claims (default: the content's). */
  listedSha256?: string;
}

/** How the fake hub behaves. */
export interface FakeHubOptions {
  owner: string;
  repo: string;
  files: FakeHubFile[];
  /** The commit the listing names (default 40 × `a`). */
  commit?: string;
  /** Downloads are redirected to a second server (another origin). */
  cdn?: boolean;
  /** The first download sends this many bytes, then the connection is cut. */
  cutFirstDownloadAt?: number;
  /** The first download sends this many bytes, then nothing more until the hub is closed. */
  stallFirstDownloadAt?: number;
  /** The models API answers this status (default 200). */
  apiStatus?: number;
}

/** A request the fake hub (or its CDN) saw. */
export interface SeenRequest {
  server: "hub" | "cdn";
  path: string;
  headers: IncomingMessage["headers"];
}

/** A running fake hub. */
export interface FakeHub {
  endpoint: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts a fake hub serving `options.files` under `options.owner/options.repo`. */
export async function startFakeHub(options: FakeHubOptions): Promise<FakeHub> {
  const commit = options.commit ?? "a".repeat(40);
  const requests: SeenRequest[] = [];
  let downloads = 0;

  function serveFile(file: FakeHubFile, request: IncomingMessage, response: ServerResponse): void {
    downloads += 1;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? "");
    const start = range === null ? 0 : Number(range[1]);
    const body = file.content.subarray(start);
    response.writeHead(range === null ? 200 : 206, {
      "content-length": String(body.length),
      "content-type": "application/octet-stream",
      ...(range === null
        ? {}
        : { "content-range": `bytes ${start}-${file.content.length - 1}/${file.content.length}` }),
    });
    if (downloads === 1 && options.cutFirstDownloadAt !== undefined) {
      response.write(body.subarray(0, options.cutFirstDownloadAt), () => {
        setImmediate(() => response.socket?.destroy());
      });
      return;
    }
    if (downloads === 1 && options.stallFirstDownloadAt !== undefined) {
      response.write(body.subarray(0, options.stallFirstDownloadAt));
      return;
    }
    response.end(body);
  }

  function fileNamed(path: string): FakeHubFile | undefined {
    return options.files.find((file) => file.name === path);
  }

  const cdn = options.cdn === true ? createServer() : undefined;
  const cdnOrigin = cdn === undefined ? undefined : await listen(cdn);
  cdn?.on("request", (request, response) => {
    const url = new URL(request.url ?? "/", "http://cdn");
    requests.push({ server: "cdn", path: url.pathname + url.search, headers: request.headers });
    const file = fileNamed(decodeURIComponent(url.pathname.replace(/^\/blobs\//, "")));
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    serveFile(file, request, response);
  });

  const hub = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://hub");
    requests.push({ server: "hub", path: url.pathname + url.search, headers: request.headers });
    const repoPath = `/${options.owner}/${options.repo}`;
    if (url.pathname === `/api/models${repoPath}`) {
      const status = options.apiStatus ?? 200;
      if (status !== 200) {
        response.writeHead(status, { "content-type": "application/json" }).end('{"error":"no"}');
        return;
      }
      const listing = {
        id: `${options.owner}/${options.repo}`,
        sha: commit,
        siblings: options.files.map((file) => ({
          rfilename: file.name,
          size: file.content.length,
          lfs: {
            sha256: file.listedSha256 ?? sha256Hex(file.content),
            size: file.content.length,
            pointerSize: 134,
          },
        })),
      };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(listing));
      return;
    }
    const prefix = `${repoPath}/resolve/${commit}/`;
    if (url.pathname.startsWith(prefix)) {
      const name = url.pathname.slice(prefix.length).split("/").map(decodeURIComponent).join("/");
      const file = fileNamed(name);
      if (file === undefined) {
        response.writeHead(404).end();
        return;
      }
      if (cdnOrigin !== undefined) {
        response.writeHead(302, { location: `${cdnOrigin}/blobs/${encodeURIComponent(name)}?sig=x` }).end();
        return;
      }
      serveFile(file, request, response);
      return;
    }
    response.writeHead(404).end();
  });
  const endpoint = await listen(hub);
  return {
    endpoint,
    requests,
    async close() {
      hub.closeAllConnections();
      cdn?.closeAllConnections();
      await Promise.all([
        new Promise((resolvePromise) => hub.close(resolvePromise)),
        cdn === undefined ? undefined : new Promise((resolvePromise) => cdn.close(resolvePromise)),
      ]);
    },
  };
}
