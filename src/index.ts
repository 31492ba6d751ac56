/**
 * edgecall as a library: the seams and the pieces that plug into them. Nothing here loads
 * node-llama-cpp on import: GGUF models are opened through `openModel`, which imports the
 * llama-cpp backend lazily, and `runBench` measures in a child process.
 */

export { detectRepetition } from "./agent/loop-detector.js";
export { runAgent } from "./agent/run-agent.js";
export { createAssistantRegistry } from "./assistant/assistant-registry.js";
export { createWorld, openWorld } from "./assistant/world.js";
export { diffWorlds, hashWorld, snapshotWorld } from "./assistant/world-snapshot.js";
export * from "./backend/model-backend.js";
export { type ModelSpec, parseModelSpec } from "./backend/model-spec.js";
export { type OpenModelOptions, openModel } from "./backend/open-model.js";
export { createOpenAICompatibleBackend } from "./backend/openai/backend.js";
export { createReplayBackend } from "./backend/replay-backend.js";
export { runBench } from "./bench/run-bench.js";
export { scoreBfclResults } from "./bfcl/score.js";
export { runQuantComparison } from "./compare/compare-quants.js";
export { runSizing } from "./compare/run-sizing.js";
export { EdgecallError, type EdgecallErrorCode, isEdgecallError } from "./errors.js";
export { runEvalSession } from "./eval/eval-session.js";
export type { Sample, Score, Scorer, Suite, Transcript } from "./eval/suite.js";
export type { SuiteInputs } from "./eval/suite-inputs.js";
export {
  createRewardFunction,
  type RewardFunction,
  type RewardInput,
  type RewardOutput,
} from "./export/reward-function.js";
export { loadRewardFunction, type RewardModuleSettings } from "./export/reward-loader.js";
export { renderChatTemplate } from "./formats/chat-template.js";
export { detectFormat } from "./formats/detect-format.js";
export { parseModelOutput } from "./formats/parse-output.js";
export { formatNames, getFormat } from "./formats/registry.js";
export type { FormatName, RenderOptions, ToolCallFormat } from "./formats/tool-call-format.js";
export { inspectGguf } from "./gguf/inspect.js";
export { readGguf } from "./gguf/reader.js";
export { listPresets } from "./gguf/synth/presets.js";
export { synthesizeGguf } from "./gguf/synth/synthesize.js";
export { createGuardedExecutor } from "./guards/guarded-executor.js";
export { connectMcpTools } from "./mcp/mcp-client-tools.js";
export { createToolMcpServer } from "./mcp/mcp-server.js";
export * from "./messages.js";
export { runProbe } from "./probes/run-probe.js";
export { type RunData, readRunData } from "./report/run-data.js";
export {
  type RunReportOptions,
  renderRunReport,
  type WriteRunReportOptions,
  writeRunReport,
} from "./report/run-report.js";
export {
  createOpenAIServerApp,
  type OpenAIServerOptions,
  type RunningServer,
  startOpenAIServer,
} from "./serve/openai-server.js";
export { mcnemarExact } from "./stats/mcnemar.js";
export { passHatK } from "./stats/pass-hat-k.js";
export { wilsonInterval } from "./stats/wilson.js";
export type { CallTarget, SideEffect, Tool } from "./tools/tool.js";
export { readToolDefinitionsFile, toolDefinitionsFromJson } from "./tools/tool-definitions-file.js";
export type { GuardDecision, ToolExecutor, ToolOutcome } from "./tools/tool-executor.js";
export { ToolRegistry } from "./tools/tool-registry.js";
