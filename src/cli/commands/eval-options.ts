/** The parsed options of `edgecall eval`, shared by the command and its one-command demo. */
import type { ConfirmMode, GuardsMode } from "../../eval/solver.js";
import type { RunCommandOptions } from "../run-options.js";

/** Parsed options of `edgecall eval`. */
export interface EvalCommandOptions extends RunCommandOptions {
  model?: string;
  suite?: string;
  bfclDir?: string;
  bfclMode?: "prompt" | "fc";
  limit?: number;
  shard?: { index: number; count: number };
  retryErrors?: boolean;
  failUnder?: number;
  failUnderEach?: number;
  json?: boolean;
  /** `--mcp` values: servers whose tools are added to every sample's offered tools. */
  mcp?: string[];
  /** `--mcp-env` and `--mcp-header` values (src/cli/tool-sources.ts). */
  mcpEnv?: string[];
  mcpHeader?: string[];
  confirm?: ConfirmMode;
  guards?: GuardsMode;
  /** `--injections FILE.jsonl`: a user's own payloads for security:injection. */
  injections?: string;
  /** `--judge-model SPEC`: the model judging replies in security:harmful. */
  judgeModel?: string;
  userModel?: string;
  augment?: string[];
  maxSteps?: number;
  tokenBudget?: number;
}
