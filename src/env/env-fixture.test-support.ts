/**
 * What the tests of `env serve` share: the first samples of `assistant:stateful` (the first is
 * `stateful_single_dnd`: "Turn on do not disturb please."), a server over them on a free loopback
 * port, JSON requests to it, and the assistant messages of its reference trajectory, a counterfeit
 * and a do-nothing reply.
 */
import type { WorkItem } from "../eval/run-plan.js";
import { planRun } from "../eval/run-plan.js";
import { createSuites, resolveSuiteNames } from "../eval/suite-catalog.js";
import type { RunningServer } from "../serve/openai-server.js";
import { defaultSuiteCatalog } from "../suites/default-catalog.js";
import { EnvEpisodes, type EnvEpisodesOptions } from "./env-episodes.js";
import { type EnvServerOptions, startEnvServer } from "./env-server.js";

/** A JSON reply as the tests read it (their asserts check its shape). */
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field and asserted.
export type Json = any;

/** The sample the tests run. */
export const dndSample = "stateful_single_dnd";

let loaded: Promise<WorkItem[]> | undefined;

/** The first three samples of `assistant:stateful`. */
export function statefulItems(): Promise<WorkItem[]> {
  loaded ??= (async () => {
    const catalog = defaultSuiteCatalog();
    const suites = await createSuites(catalog, resolveSuiteNames(catalog, "assistant:stateful"), {
      options: {},
    });
    return planRun(suites, { limit: 3 });
  })();
  return loaded;
}

/** A running server and its episodes. */
export interface TestServer {
  url: string;
  episodes: EnvEpisodes;
  server: RunningServer;
  post(path: string, body: unknown): Promise<{ status: number; json: Json }>;
  get(path: string): Promise<{ status: number; json: Json }>;
}

/** Starts a server on 127.0.0.1, port 0 (close it with `server.close()`). */
export async function startTestServer(
  options: Partial<Omit<EnvEpisodesOptions, "items">> = {},
  serverOptions: Partial<EnvServerOptions> = {},
): Promise<TestServer> {
  const episodes = new EnvEpisodes({
    items: await statefulItems(),
    maxEpisodes: 8,
    idleTimeoutMs: 60_000,
    sweepEveryMs: 0,
    ...options,
  });
  const server = await startEnvServer({ episodes, idleTimeoutMs: 60_000, ...serverOptions }, 0);
  const answer = async (response: Response) => ({
    status: response.status,
    json: (await response.json()) as Json,
  });
  return {
    url: server.url,
    episodes,
    server,
    post: async (path, body) =>
      answer(
        await fetch(`${server.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      ),
    get: async (path) => answer(await fetch(`${server.url}${path}`)),
  };
}

/** An assistant message calling `name` with `args` (arguments as a JSON string, as OpenAI sends them). */
export function callMessage(name: string, args: Record<string, unknown> | string, id = "call_1") {
  const text = typeof args === "string" ? args : JSON.stringify(args);
  return {
    role: "assistant",
    content: null,
    tool_calls: [{ id, type: "function", function: { name, arguments: text } }],
  };
}

/** An assistant message with text only. */
export function textMessage(content: string) {
  return { role: "assistant", content };
}

/** The reference trajectory of the DND sample: the call, then the reply. */
export const referenceTrajectory = [
  callMessage("settings_set", { setting: "do_not_disturb", value: true }),
  textMessage("Do not disturb is on."),
];
