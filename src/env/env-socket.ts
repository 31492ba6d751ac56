/**
 * `env serve`'s `/ws`: OpenEnv's persistent-session protocol, the one its Python client
 * (`EnvClient`, `GenericEnvClient`) speaks. One connection holds at most one episode at a time:
 * `{"type": "reset", "data": {...}}` closes the connection's episode, if any, and opens a new one;
 * `{"type": "step", "data": <action>}` steps it; `{"type": "state"}` reads it; `{"type": "close"}`
 * ends the connection, and with it the episode. Replies: `{"type": "observation", "data":
 * {"observation", "reward", "done"}}`, `{"type": "state", "data": {...}}`, or `{"type": "error",
 * "data": {"message", "code"}}` (the connection stays open). Messages are handled one at a time, in
 * order. A connection that sends nothing for the idle timeout is closed.
 */
import { errorMessage } from "../error-message.js";
import type { EnvEpisodes } from "./env-episodes.js";
import { EnvRefusal } from "./env-refusal.js";
import type { WebSocketConnection } from "./websocket-connection.js";

/** Serves OpenEnv's protocol on `connection`, closing it after `idleTimeoutMs` without a message. */
export function serveEnvSocket(
  connection: WebSocketConnection,
  episodes: EnvEpisodes,
  idleTimeoutMs: number,
): void {
  let current: string | undefined;
  let queue: Promise<void> = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => connection.close(1000, "idle"), idleTimeoutMs);
    idle.unref();
  };
  const send = (value: unknown) => connection.send(JSON.stringify(value));
  const sendError = (message: string, code: string) => send({ type: "error", data: { message, code } });

  const handle = async (text: string): Promise<void> => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      sendError(`Invalid JSON: ${errorMessage(error)}`, "INVALID_JSON");
      return;
    }
    if (message === null || typeof message !== "object" || Array.isArray(message)) {
      sendError('a message is a JSON object {"type", "data"}', "VALIDATION_ERROR");
      return;
    }
    const { type, data } = message as { type?: unknown; data?: unknown };
    try {
      switch (type) {
        case "reset": {
          if (current !== undefined) episodes.close(current);
          current = undefined;
          const { episodeId, ...reply } = await episodes.reset(data ?? {});
          current = episodeId;
          send({ type: "observation", data: reply });
          return;
        }
        case "step": {
          if (current === undefined)
            throw new EnvRefusal(409, "NO_EPISODE", "no episode on this connection: send a reset first");
          send({ type: "observation", data: await episodes.act(current, data) });
          return;
        }
        case "state":
          send({ type: "state", data: episodes.state(current) });
          return;
        case "close":
          if (current !== undefined) episodes.close(current);
          current = undefined;
          connection.close(1000);
          return;
        default:
          sendError(`Unknown message type: ${String(type).slice(0, 100)}`, "UNKNOWN_TYPE");
      }
    } catch (error) {
      if (error instanceof EnvRefusal) sendError(error.message, error.code);
      else sendError(errorMessage(error), "EXECUTION_ERROR");
    }
  };

  arm();
  connection.onMessage((text) => {
    arm();
    queue = queue.then(() => handle(text));
  });
  connection.onClose(() => {
    clearTimeout(idle);
    if (current !== undefined) episodes.close(current);
  });
}
