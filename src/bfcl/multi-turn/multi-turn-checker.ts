/**
 * BFCL's `multi_turn_checker`: per ground-truth turn, the model's steps and the ground truth's
 * calls run on separate persistent instances of the entry's classes. A turn where the ground truth
 * acts and the model made no step fails with `multi_turn:empty_turn_model_response`; then every
 * public attribute of every instance must be equal (`multi_turn:instance_state_mismatch`), and
 * every ground-truth result of the turn must be found among the model's results of all turns so
 * far, as a multiset (`multi_turn:execution_response_mismatch`). Turns where the ground truth is
 * empty are executed but not checked.
 */
import { ApiContext, type MultiTurnApi } from "./api-class.js";
import { createInstance } from "./api-classes.js";
import { executeCalls, type InstanceSet, instanceName, instanceSet } from "./execute-calls.js";
import type { PyDict, PyObj } from "./py-object.js";
import { pyEquals } from "./py-object.js";

/** What one entry's check needs. */
export interface MultiTurnCheckInput {
  id: string;
  initialConfig: PyDict;
  involvedClasses: readonly string[];
  /** True for long_context (and composite) entries: the classes load their long-context padding. */
  longContext: boolean;
  /** The model's decoded calls: turns, then steps, then call strings. */
  modelTurns: ReadonlyArray<ReadonlyArray<readonly string[]>>;
  groundTruth: ReadonlyArray<readonly string[]>;
  /** BFCL's model name, part of the instance names that the call rewriting inserts. */
  modelName?: string;
}

/** What ran in one turn: the model's results per step and the ground truth's results. */
export interface MultiTurnTurnTrace {
  model: string[][];
  groundTruth: string[];
}

/** A check's outcome with BFCL's error type and message, the failing turn and the execution trace. */
export interface MultiTurnCheckResult {
  valid: boolean;
  errorType: string | null;
  errorMessage?: string;
  turn?: number;
  /** For a state mismatch: the attributes that differ. */
  differences?: string[];
  /** For a response mismatch: the ground-truth results not found. */
  missing?: string[];
  trace: MultiTurnTurnTrace[];
}

/** The model name edgecall's checker uses when none is given. */
export const defaultModelName = "edgecall";

/** Builds one side's instances under BFCL's global names. */
function buildSide(input: MultiTurnCheckInput, modelName: string, context: ApiContext): InstanceSet {
  const instances: Array<[string, MultiTurnApi]> = [];
  for (const className of input.involvedClasses) {
    const instance = createInstance(className, input.initialConfig, input.longContext, context);
    if (instance !== undefined) instances.push([instanceName(modelName, input.id, className), instance]);
  }
  return instanceSet(instances);
}

function stateDifferences(model: MultiTurnApi, truth: MultiTurnApi): string[] {
  const modelState = new Map(model.state());
  const differences: string[] = [];
  for (const [name, value] of truth.state()) {
    const other = modelState.get(name) as PyObj;
    if (other !== value && !pyEquals(other, value)) differences.push(name);
  }
  return differences;
}

/** Ground-truth results not found in the pool of model results (a multiset: each match used once). */
function missingResults(pool: ReadonlyMap<string, number>, expected: readonly string[]): string[] {
  const used = new Map<string, number>();
  const missing: string[] = [];
  for (const item of expected) {
    const taken = used.get(item) ?? 0;
    if ((pool.get(item) ?? 0) > taken) used.set(item, taken + 1);
    else missing.push(item);
  }
  return missing;
}

/** Runs BFCL's multi-turn check. `modelTurns` must have as many turns as `groundTruth`. */
export function checkMultiTurn(input: MultiTurnCheckInput): MultiTurnCheckResult {
  const modelName = input.modelName ?? defaultModelName;
  const context = new ApiContext();
  let modelSide: InstanceSet | undefined;
  let truthSide: InstanceSet | undefined;
  const trace: MultiTurnTurnTrace[] = [];
  const modelPool = new Map<string, number>();
  for (let turn = 0; turn < input.groundTruth.length; turn += 1) {
    const steps = input.modelTurns[turn] ?? [];
    const modelResults: string[][] = [];
    for (const step of steps) {
      modelSide ??= buildSide(input, `${modelName}_eval`, context);
      const results = executeCalls(step, modelSide);
      modelResults.push(results);
      for (const item of results) modelPool.set(item, (modelPool.get(item) ?? 0) + 1);
    }
    truthSide ??= buildSide(input, `${modelName}_ground_truth_eval`, context);
    const truthCalls = input.groundTruth[turn] as readonly string[];
    const truthResults = executeCalls(truthCalls, truthSide);
    trace.push({ model: modelResults, groundTruth: truthResults });
    if (truthCalls.length === 0) continue;
    if (steps.length === 0 || (steps.length === 1 && (steps[0] as readonly string[]).length === 0)) {
      return {
        valid: false,
        errorType: "multi_turn:empty_turn_model_response",
        errorMessage: `Model response list is empty for turn ${turn}`,
        turn,
        trace,
      };
    }
    for (const [className, truth] of truthSide.byClass) {
      const model = modelSide?.byClass.get(className);
      if (model === undefined) continue;
      const differences = stateDifferences(model, truth);
      if (differences.length > 0) {
        return {
          valid: false,
          errorType: "multi_turn:instance_state_mismatch",
          errorMessage: `Model instance for ${className} does not match the state with ground truth instance.`,
          turn,
          differences,
          trace,
        };
      }
    }
    const missing = missingResults(modelPool, truthResults);
    if (missing.length > 0) {
      return {
        valid: false,
        errorType: "multi_turn:execution_response_mismatch",
        errorMessage: `Model response execution results so far does not contain all the ground truth response execution results for turn ${turn}.`,
        turn,
        missing,
        trace,
      };
    }
  }
  return { valid: true, errorType: null, trace };
}
