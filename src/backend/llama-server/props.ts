/**
 * What llama-server says about itself at `GET /props`: the chat template it would use (the GGUF's,
 * or one given with `--chat-template`), its BOS and EOS token text, the model path and its build.
 * The raw backend renders prompts from this template, exactly as the in-process backend renders
 * them from the file's.
 */
import { z } from "zod";
import { EdgecallError } from "../../errors.js";
import { rootMessage, serverErrorMessage } from "../openai/errors.js";

/** The fields of `/props` the raw backend uses. */
export interface LlamaServerProps {
  chatTemplate: string | undefined;
  bosToken: string;
  eosToken: string;
  modelPath: string | undefined;
  buildInfo: string | undefined;
}

const propsSchema = z.looseObject({
  chat_template: z.string().optional(),
  bos_token: z.string().optional(),
  eos_token: z.string().optional(),
  model_path: z.string().optional(),
  build_info: z.string().optional(),
});

/** Reads `/props`; `backend-unreachable`, `backend-http` or `backend-protocol` naming the URL otherwise. */
export async function fetchLlamaServerProps(
  baseUrl: string,
  timeoutMs: number,
  fetchImplementation: typeof fetch = globalThis.fetch,
): Promise<LlamaServerProps> {
  const url = `${baseUrl}/props`;
  let response: Response;
  try {
    response = await fetchImplementation(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new EdgecallError("backend-unreachable", `cannot reach ${url}: ${rootMessage(error)}`, {
      subject: url,
      cause: error,
    });
  }
  const text = await response.text();
  if (!response.ok)
    throw new EdgecallError(
      "backend-http",
      `${url} answered HTTP ${response.status}: ${serverErrorMessage(text)} (is this a llama-server?)`,
      { subject: url },
    );
  let parsed: z.infer<typeof propsSchema>;
  try {
    parsed = propsSchema.parse(JSON.parse(text));
  } catch {
    throw new EdgecallError(
      "backend-protocol",
      `${url}: not llama-server's /props (expected a JSON object)`,
      {
        subject: url,
      },
    );
  }
  return {
    chatTemplate: parsed.chat_template === "" ? undefined : parsed.chat_template,
    bosToken: parsed.bos_token ?? "",
    eosToken: parsed.eos_token ?? "",
    modelPath: parsed.model_path,
    buildInfo: parsed.build_info,
  };
}
