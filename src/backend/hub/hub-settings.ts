/**
 * Where the model hub is and how to sign in: `HF_ENDPOINT` (the variable the hub's own clients
 * honour; default https://huggingface.co) and `HF_TOKEN` (sent as `Authorization: Bearer`, to the
 * endpoint's own origin only, and never printed). `HF_HUB_OFFLINE=1` forbids any request: only
 * models already in the cache resolve.
 */
import { EdgecallError } from "../../errors.js";

/** The default hub. */
export const defaultHubEndpoint = "https://huggingface.co";

/** The hub's address and credentials, read from the environment. */
export interface HubSettings {
  /** The endpoint without a trailing `/` (it may have a path, as some mirrors do). */
  endpoint: string;
  /** `HF_TOKEN`; undefined when unset or empty. Never printed. */
  token: string | undefined;
  /** `HF_HUB_OFFLINE` is set to 1 or true: no request at all. */
  offline: boolean;
}

/** The longest token accepted (a header line must stay bounded). */
const maxTokenLength = 4096;

/** Reads the hub settings from `env`; throws `invalid-argument` for a malformed `HF_ENDPOINT` or `HF_TOKEN`. */
export function hubSettings(env: NodeJS.ProcessEnv = process.env): HubSettings {
  const raw = env.HF_ENDPOINT?.trim() || defaultHubEndpoint;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EdgecallError("invalid-argument", `HF_ENDPOINT is not a URL: '${raw.slice(0, 200)}'`, {
      subject: "HF_ENDPOINT",
    });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new EdgecallError("invalid-argument", `HF_ENDPOINT must be http or https, got ${url.protocol}`, {
      subject: "HF_ENDPOINT",
    });
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "")
    throw new EdgecallError(
      "invalid-argument",
      "HF_ENDPOINT must be a plain URL (no user, password, query or fragment); put a token in HF_TOKEN",
      { subject: "HF_ENDPOINT" },
    );
  const token = env.HF_TOKEN?.trim() || undefined;
  if (token !== undefined && (token.length > maxTokenLength || !/^[\x21-\x7e]+$/.test(token)))
    throw new EdgecallError(
      "invalid-argument",
      `HF_TOKEN must be printable ASCII without spaces, at most ${maxTokenLength} characters (its value is not shown)`,
      { subject: "HF_TOKEN" },
    );
  const offline = /^(1|true|yes|on)$/i.test(env.HF_HUB_OFFLINE?.trim() ?? "");
  return { endpoint: url.href.replace(/\/+$/, ""), token, offline };
}
