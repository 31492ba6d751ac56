/**
 * BFCL v4 single-turn scoring: the official AST checker's verdicts reproduced in TypeScript, the
 * suites and groups, the data folder reader, and BFCL's function-calling tool schemas.
 */
export { type BfclAggregate, type BfclCategoryScore, bfclAggregates } from "./aggregates.js";
export {
  type BfclCategory,
  type BfclScoring,
  bfclCategories,
  bfclCategoryOfId,
  bfclGroups,
  bfclLanguage,
  bfclScoring,
  bfclSuiteName,
  isBfclCategory,
  resolveBfclSuites,
} from "./categories.js";
export { checkerCrashErrorType } from "./checker-crash.js";
export { BfclDataset, type BfclEntry, bfclEntryFromJson } from "./dataset.js";
export { decodeJavaPrompt } from "./decode-java-prompt.js";
export { decodeJavaScriptPrompt } from "./decode-javascript-prompt.js";
export { type BfclDecodeResult, decodePythonPrompt } from "./decode-python-prompt.js";
export { type BfclVerdict, type BfclVerdictOptions, judgeBfclEntry } from "./entry-verdict.js";
export type { BfclFunctionDoc, BfclLanguage, BfclModelCall } from "./function-checker.js";
export { LosslessJsonError, parseLosslessJson, stringifyLosslessJson } from "./lossless-json.js";
export { pyRepr } from "./py-repr.js";
export type { PyDict, PyValue } from "./py-value.js";
export { type BfclResult, parseBfclResults, pyValueFromPlain } from "./results-file.js";
export {
  type BfclResultInput,
  type BfclScoreOptions,
  type BfclScoreReport,
  scoreBfclResults,
} from "./score.js";
export {
  type BfclToolOptions,
  bfclToolDefinitions,
  fromFcName,
  gorillaToJsonSchemaType,
  toFcName,
} from "./tool-schema.js";
