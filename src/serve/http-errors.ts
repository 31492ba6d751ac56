/**
 * OpenAI's error shape (`{"error": {"message", "type", "param", "code"}}`) and the HTTP status of a
 * harness error, shared by every route of `serve`.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorMessage } from "../error-message.js";
import { type EdgecallError, isEdgecallError } from "../errors.js";

/** OpenAI's error types that serve uses. */
export type ErrorType = "invalid_request_error" | "authentication_error" | "not_found_error" | "server_error";

/** An error body. */
export function errorBody(
  message: string,
  type: ErrorType,
  param: string | null = null,
  code: string | null = null,
) {
  return { error: { message, type, param, code } };
}

/** HTTP status of a harness error from the backend. */
function statusOf(error: EdgecallError): ContentfulStatusCode {
  switch (error.code) {
    case "invalid-argument":
    case "invalid-tools":
    case "unsupported":
      return 400;
    case "backend-http":
    case "backend-unreachable":
    case "backend-timeout":
    case "backend-protocol":
      return 502;
    default:
      return 500;
  }
}

/**
 * The HTTP status and OpenAI error body of a failed model call, for a whole response and for the
 * error event of a stream alike.
 */
export function harnessError(error: unknown): {
  status: ContentfulStatusCode;
  body: ReturnType<typeof errorBody>;
} {
  if (!isEdgecallError(error)) {
    const message = errorMessage(error);
    return { status: 500, body: errorBody(`internal error: ${message}`, "server_error", null, "internal") };
  }
  // Tools the backend cannot use (a schema the grammar compiler refuses: "schema at tools[f]...")
  // are the request's fault, and so is a response format's schema.
  if (error.code === "invalid-tools" || error.subject?.startsWith("tools[") === true) {
    return { status: 400, body: errorBody(error.message, "invalid_request_error", "tools", error.code) };
  }
  if (error.subject?.startsWith("response_format") === true) {
    return {
      status: 400,
      body: errorBody(error.message, "invalid_request_error", "response_format", error.code),
    };
  }
  const status = statusOf(error);
  const type = status === 400 ? "invalid_request_error" : "server_error";
  return { status, body: errorBody(error.message, type, null, error.code) };
}
