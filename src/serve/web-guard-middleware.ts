/**
 * `serve`'s side of the shared web guard (src/http/web-guard.ts), as Hono middleware in front of
 * every route: a foreign `Host` or `Origin` is a 403 and a body that is not JSON a 415 in OpenAI's
 * error shape, an allowed origin's preflight a 204, and CORS headers go on an allowed origin's replies.
 */
import type { MiddlewareHandler } from "hono";
import { carriesBody } from "../http/json-content-type.js";
import { checkWebRequest, type WebGuardOptions } from "../http/web-guard.js";
import { errorBody } from "./http-errors.js";

/** What `serve` lets an allowed origin use. */
const serveCors: WebGuardOptions["cors"] = {
  methods: ["GET", "POST", "OPTIONS"],
  requestHeaders: ["authorization", "content-type"],
};

/** The guard for a server listening on `boundAddress`. */
export function webGuardMiddleware(
  boundAddress: string,
  allowedHosts: readonly string[],
  corsOrigins: readonly string[],
): MiddlewareHandler {
  const options: WebGuardOptions = { boundAddress, allowedHosts, corsOrigins, cors: serveCors };
  return async (c, next) => {
    const header = (name: string) => c.req.header(name);
    const verdict = checkWebRequest(
      {
        method: c.req.method,
        // Requests made in process (tests) have no Host header: their URL names the host.
        header: (name) => header(name) ?? (name === "host" ? new URL(c.req.url).host : undefined),
        hasBody:
          carriesBody(header("content-length"), header("transfer-encoding")) || c.req.raw.body !== null,
      },
      options,
    );
    if (verdict.kind === "refuse") {
      return c.json(errorBody(verdict.message, "invalid_request_error", null, verdict.code), verdict.status);
    }
    if (verdict.kind === "preflight") return c.body(null, 204, verdict.headers);
    await next();
    for (const [name, value] of Object.entries(verdict.headers)) c.res.headers.set(name, value);
  };
}
