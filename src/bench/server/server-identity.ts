/**
 * Who a benchmarked server is, for the bench's provenance: `GET /props` (llama-server: the model
 * path, its context size, build and slots) and `GET /v1/models` (any OpenAI-compatible server: the
 * model ids; llama-server adds `meta` with the vocabulary size). Each request is bounded (10 s,
 * 1 MiB), validated with zod, and every string is cut to 300 characters: a server's text is data,
 * shown escaped by the table. A server without `/props` (404, not JSON) simply has none. The same
 * `GET /v1/models`, timed, is the network round trip: the server answers it without the model.
 */
import { z } from "zod";
import { EdgecallError } from "../../errors.js";

/** The largest identity response read, and the longest wait for one. */
const maxIdentityBytes = 1024 * 1024;
const identityTimeoutMs = 10_000;
const maxText = 300;

const text = z.string().transform((value) => value.slice(0, maxText));
const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const propsSchema = z.looseObject({
  model_path: text.optional(),
  build_info: text.optional(),
  total_slots: count.optional(),
  default_generation_settings: z.looseObject({ n_ctx: count.optional() }).optional(),
});

const modelsSchema = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: text,
        owned_by: text.optional(),
        meta: z.looseObject({ n_vocab: count.optional(), n_ctx_train: count.optional() }).nullish(),
      }),
    )
    .max(1000),
});

/** The identity of a benchmarked server, as it describes itself. */
export interface ServerIdentity {
  /** llama-server's `/props`, where the server has it. */
  props?: { modelPath?: string; buildInfo?: string; contextSize?: number; slots?: number };
  /** `/v1/models`: the ids it serves, and llama-server's vocabulary size and training context. */
  models: { id: string; ownedBy?: string; vocabularySize?: number; trainContextSize?: number }[];
}

/** A bounded GET: the body text and the round trip in ms, or a harness error naming the URL. */
export async function boundedGet(
  url: string,
  fetchImplementation: typeof fetch,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetchImplementation(url, { headers, signal: AbortSignal.timeout(identityTimeoutMs) });
  } catch (error) {
    throw new EdgecallError("backend-unreachable", `cannot reach ${url}: ${(error as Error).message}`, {
      subject: url,
      cause: error,
    });
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxIdentityBytes) {
      await reader.cancel();
      throw new EdgecallError("backend-protocol", `${url}: the answer is over ${maxIdentityBytes} bytes`, {
        subject: url,
      });
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks).toString("utf8");
  return { status: response.status, text: body, ms: performance.now() - started };
}

function parsed<T>(schema: z.ZodType<T>, body: string): T | undefined {
  try {
    const result = schema.safeParse(JSON.parse(body));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads `/props` at `root` (absent unless it answers 200 with llama-server's shape) and `/models`
 * at `apiRoot` (`root/v1`); `/models` must answer: a server that does not is refused
 * (`backend-http`, or `backend-protocol` when it is not the OpenAI list).
 */
export async function readServerIdentity(
  root: string,
  apiRoot: string,
  fetchImplementation: typeof fetch = globalThis.fetch,
  headers: Record<string, string> = {},
): Promise<ServerIdentity> {
  const modelsUrl = `${apiRoot}/models`;
  const models = await boundedGet(modelsUrl, fetchImplementation, headers);
  if (models.status !== 200)
    throw new EdgecallError("backend-http", `${modelsUrl} answered HTTP ${models.status}`, {
      subject: modelsUrl,
    });
  const list = parsed(modelsSchema, models.text);
  if (list === undefined)
    throw new EdgecallError(
      "backend-protocol",
      `${modelsUrl}: not an OpenAI model list ({"data": [{"id"}]})`,
      {
        subject: modelsUrl,
      },
    );
  const identity: ServerIdentity = {
    models: list.data.map((model) => ({
      id: model.id,
      ...(model.owned_by === undefined ? {} : { ownedBy: model.owned_by }),
      ...(model.meta?.n_vocab === undefined ? {} : { vocabularySize: model.meta.n_vocab }),
      ...(model.meta?.n_ctx_train === undefined ? {} : { trainContextSize: model.meta.n_ctx_train }),
    })),
  };
  let props: Awaited<ReturnType<typeof boundedGet>> | undefined;
  try {
    props = await boundedGet(`${root}/props`, fetchImplementation, headers);
  } catch {
    props = undefined;
  }
  const read = props?.status === 200 ? parsed(propsSchema, props.text) : undefined;
  if (read !== undefined) {
    const contextSize = read.default_generation_settings?.n_ctx;
    identity.props = {
      ...(read.model_path === undefined ? {} : { modelPath: read.model_path }),
      ...(read.build_info === undefined ? {} : { buildInfo: read.build_info }),
      ...(contextSize === undefined ? {} : { contextSize }),
      ...(read.total_slots === undefined ? {} : { slots: read.total_slots }),
    };
  }
  return identity;
}
