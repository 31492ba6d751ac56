/**
 * edgecall as a library: the seams and the pieces that plug into them.
 * Modules that load node-llama-cpp are reached through `openModel`, which imports them lazily.
 */

export * from "./backend/model-backend.js";
export { type ModelSpec, parseModelSpec } from "./backend/model-spec.js";
export { type OpenModelOptions, openModel } from "./backend/open-model.js";
export { EdgecallError, type EdgecallErrorCode, isEdgecallError } from "./errors.js";
export type { Sample, SampleOptions, Score, Scorer, Suite, Transcript } from "./eval/suite.js";
export type { FormatName, RenderOptions, ToolCallFormat } from "./formats/tool-call-format.js";
export * from "./messages.js";
export { readToolDefinitionsFile, toolDefinitionsFromJson } from "./tools/tool-definitions-file.js";
