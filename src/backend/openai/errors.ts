/**
 * How failures of an HTTP call to an OpenAI-compatible server become harness errors: network errors
 * are told apart by the codes Node's fetch (undici) puts on the error's `cause` chain, HTTP errors
 * keep their status and the server's own message.
 */
import { EdgecallError } from "../../errors.js";

/** An HTTP error status from the server, with the status kept for callers that branch on it. */
export class BackendHttpError extends EdgecallError {
  readonly status: number;
  /** The server's own message, as {@link serverErrorMessage} read it. */
  readonly serverMessage: string;

  constructor(url: string, status: number, serverMessage: string) {
    super("backend-http", `${url} answered HTTP ${status}: ${serverMessage}`, { subject: url });
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/**
 * True for a server's report that the model's own output did not parse as its tool-call format:
 * llama-server answers HTTP 500 "The model produced output that does not match the expected <format>
 * format" (common/chat.cpp), inside a stream as an error event. That is the model's failure (data,
 * scored), not a transient error: it is not retried.
 */
export function isUnparsedOutputMessage(message: string): boolean {
  return /model produced output that does not match the expected|failed to parse (the )?(model output|tool call)/i.test(
    message,
  );
}

/** Errors that mean nothing is listening or the host cannot be found: not retried. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_NONAME",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Errors that mean an open connection was dropped: retried. */
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);

/** Every `code` on an error, its `cause` chain and the members of AggregateErrors. */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (typeof value !== "object" || value === null || seen.has(value)) return;
    seen.add(value);
    const code = (value as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    visit((value as { cause?: unknown }).cause);
    const members = (value as { errors?: unknown }).errors;
    if (Array.isArray(members)) members.forEach(visit);
  };
  visit(error);
  return codes;
}

/** What kind of network failure an error from fetch (or from reading its body) is. */
export function classifyNetworkError(error: unknown): "unreachable" | "reset" | "other" {
  const codes = errorCodes(error);
  if (codes.some((code) => UNREACHABLE_CODES.has(code))) return "unreachable";
  if (codes.some((code) => RESET_CODES.has(code))) return "reset";
  return "other";
}

/** The innermost message on an error's cause chain, for "why" in our own messages. */
export function rootMessage(error: unknown): string {
  let current: unknown = error;
  let message = String(error);
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const text = (current as { message?: unknown }).message;
    if (typeof text === "string" && text !== "") message = text;
    const codes = (current as { code?: unknown }).code;
    if (typeof codes === "string" && !message.includes(codes)) message = `${message} (${codes})`;
    current = (current as { cause?: unknown }).cause;
  }
  return message;
}

/** Pulls the server's message out of an error body: OpenAI `{error:{message}}`, Ollama `{error:"..."}`, text. */
export function serverErrorMessage(body: string): string {
  const trimmed = body.trim();
  if (trimmed === "") return "(empty body)";
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (typeof parsed === "object" && parsed !== null) {
      const error = (parsed as { error?: unknown }).error;
      if (typeof error === "string" && error !== "") return error;
      if (typeof error === "object" && error !== null) {
        const message = (error as { message?: unknown }).message;
        if (typeof message === "string" && message !== "") return message;
      }
      const message = (parsed as { message?: unknown }).message ?? (parsed as { detail?: unknown }).detail;
      if (typeof message === "string" && message !== "") return message;
    }
  } catch {
    // Not JSON: fall through to the text itself.
  }
  return abbreviate(trimmed, 300);
}

/** Shortens text for an error message. */
export function abbreviate(text: string, limit: number): string {
  const single = text.replace(/\s+/g, " ");
  return single.length <= limit ? single : `${single.slice(0, limit)}…`;
}
