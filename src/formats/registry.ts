/** The built-in tool-call formats by `--format` name. */
import { EdgecallError } from "../errors.js";
import { functionGemmaFormat } from "./functiongemma/functiongemma-format.js";
import { jsonFormat } from "./json-format.js";
import { lfm2Format } from "./lfm2.js";
import { llama3Format } from "./llama3.js";
import { minicpmFormat } from "./minicpm.js";
import { mistralFormat } from "./mistral.js";
import { pythonicFormat } from "./pythonic.js";
import { qwen3Format } from "./qwen3.js";
import { qwen35Format } from "./qwen3-5.js";
import type { FormatName, ToolCallFormat } from "./tool-call-format.js";

const formats: Record<FormatName, ToolCallFormat> = {
  qwen3: qwen3Format,
  "qwen3.5": qwen35Format,
  lfm2: lfm2Format,
  minicpm: minicpmFormat,
  llama3: llama3Format,
  mistral: mistralFormat,
  pythonic: pythonicFormat,
  json: jsonFormat,
  functiongemma: functionGemmaFormat,
};

/** Every built-in format, in the order shown in help. */
export const builtInFormats: readonly ToolCallFormat[] = Object.values(formats);

/** Every format name, in the order shown in help. */
export const formatNames: readonly FormatName[] = Object.keys(formats) as FormatName[];

/** True when `name` is a built-in format name. */
export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(formats, name);
}

/** The format called `name`; an EdgecallError("usage") listing the valid names otherwise. */
export function getFormat(name: string): ToolCallFormat {
  if (isFormatName(name)) return formats[name];
  throw new EdgecallError("usage", `unknown format "${name}"; valid formats: ${formatNames.join(", ")}`, {
    subject: "--format",
  });
}
