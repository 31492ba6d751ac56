/**
 * The facts of a GGUF model file that edgecall reads itself, once per open: the checked header
 * (hyperparameters llama.cpp would abort the process on are refused first), the chat template
 * (checked against the template limits), architecture, quantisation, whether the weights are
 * random, and the tool-call format they imply. node-llama-cpp reads the file again when it loads
 * the weights; that read is inside the library.
 */
import { assertTemplateWithinLimits } from "../../formats/chat-template.js";
import { detectFormat } from "../../formats/detect-format.js";
import { getFormat } from "../../formats/registry.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import { fileTypeNames } from "../../gguf/ggml-types.js";
import { readCheckedModel } from "../../gguf/model-hyperparameters.js";
import { type GgufFile, ggufNumber, ggufString } from "../../gguf/reader.js";

/** What edgecall knows of a GGUF model file before node-llama-cpp loads it. */
export interface GgufFacts {
  /** Header, metadata and tensor infos, checked (gguf/model-hyperparameters.ts). */
  file: GgufFile;
  /** The file's own Jinja chat template (within the template limits); undefined when it has none. */
  chatTemplate: string | undefined;
  /** `general.architecture` (never empty: the check requires it). */
  architecture: string;
  /** `general.file_type` by name (`Q4_K_M`), undefined when the file does not say. */
  quantisation: string | undefined;
  /** True for files edgecall synthesised with random weights (`edgecall.random_weights`). */
  randomWeights: boolean;
}

/**
 * Reads and checks the file at `path` with edgecall's reader (one header read). Throws
 * EdgecallError `file-not-found` or `invalid-gguf` naming the file, and `invalid-argument` for a
 * chat template over the limits.
 */
export async function readGgufFacts(path: string): Promise<GgufFacts> {
  const file = await readCheckedModel(path);
  const template = ggufString(file.metadata.get("tokenizer.chat_template"));
  const chatTemplate = template === undefined || template === "" ? undefined : template;
  // The template runs at every call: refuse one that could loop or grow without bound now.
  if (chatTemplate !== undefined) assertTemplateWithinLimits(chatTemplate, path);
  const fileType = ggufNumber(file.metadata.get("general.file_type"));
  return {
    file,
    chatTemplate,
    architecture: ggufString(file.metadata.get("general.architecture")) ?? "unknown",
    quantisation: fileType === undefined ? undefined : (fileTypeNames[fileType] ?? `file_type ${fileType}`),
    randomWeights: file.metadata.get("edgecall.random_weights") === true,
  };
}

/** The tool-call format a model runs with: the one requested, else detected from its chat template, else `json`. */
export function formatOfFacts(
  facts: Pick<GgufFacts, "chatTemplate">,
  requested?: ToolCallFormat,
): ToolCallFormat {
  return requested ?? getFormat(detectFormat(facts.chatTemplate) ?? "json");
}
