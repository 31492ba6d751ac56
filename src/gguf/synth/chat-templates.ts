/**
 * The chat templates edgecall writes into random-weight GGUFs, one per model family, written for
 * edgecall (not copies of the official ones) so that they render messages, tools, tool calls and
 * tool results in each family's format and carry the markers llama.cpp and edgecall detect the
 * format by. Kept as TypeScript strings so they are found under tsx and after `tsc` alike.
 */
import { EdgecallError } from "../../errors.js";
import { chatmlPlainTemplate } from "./templates/chatml-plain.js";
import { functionGemmaTemplate } from "./templates/functiongemma.js";
import { lfm2Template } from "./templates/lfm2.js";
import { llama3Template } from "./templates/llama3.js";
import { minicpm5Template } from "./templates/minicpm5.js";
import { mistralTemplate } from "./templates/mistral.js";
import { qwen3Template } from "./templates/qwen3.js";
import { qwen35Template } from "./templates/qwen35.js";

const templates = {
  qwen3: qwen3Template,
  "qwen3.5": qwen35Template,
  lfm2: lfm2Template,
  minicpm5: minicpm5Template,
  llama3: llama3Template,
  mistral: mistralTemplate,
  functiongemma: functionGemmaTemplate,
  "chatml-plain": chatmlPlainTemplate,
} as const;

/** The template name that writes no `tokenizer.chat_template` at all (a base model's file, Gemma 3). */
export const noChatTemplate = "none";

/** Names of the built-in chat templates. */
export type ChatTemplateName = keyof typeof templates;

/** Every built-in chat template name. */
export const chatTemplateNames = Object.keys(templates) as ChatTemplateName[];

/** True when `name` is a built-in chat template. */
export function isChatTemplateName(name: string): name is ChatTemplateName {
  return Object.hasOwn(templates, name);
}

/**
 * The Jinja source of a built-in template, "" for {@link noChatTemplate}; EdgecallError("usage")
 * listing the names otherwise.
 */
export function chatTemplate(name: string): string {
  if (name === noChatTemplate) return "";
  if (!isChatTemplateName(name)) {
    throw new EdgecallError(
      "usage",
      `unknown chat template "${name}"; valid templates: ${[...chatTemplateNames, noChatTemplate].join(", ")}`,
      { subject: "--chat-template" },
    );
  }
  return templates[name];
}
