/**
 * The steps of the tool-count probe. At a step of N tools, each base request is offered its right
 * tool plus N − 1 distractors: first the other assistant tools, then BFCL function docs, each in an
 * order shuffled per request (seeded), so a larger step offers a superset of a smaller one's tools.
 * The right tool sits at a seeded random position in the list. A step needing more distractors than
 * the pool holds is skipped with the reason.
 */
import type { ToolDefinition } from "../messages.js";
import type { BaseRequest } from "./base-requests.js";
import type { DistractorPool } from "./distractor-pool.js";
import { toolStepCategory } from "./probe-steps.js";
import type { ProbeStep } from "./probe-suite.js";
import { seededRandom, seededShuffle } from "./seeded-shuffle.js";

function toolsAt(
  request: BaseRequest,
  count: number,
  distractors: readonly ToolDefinition[],
  seed: number,
): { tools: ToolDefinition[]; position: number } {
  const right = request.sample.tools.filter((tool) => request.rightTools.includes(tool.name));
  const others = distractors.slice(0, count - right.length);
  const position = Math.floor(
    seededRandom(`${seed}:${request.sample.id}:position:${count}`)() * (others.length + 1),
  );
  return { tools: [...others.slice(0, position), ...right, ...others.slice(position)], position };
}

/** Builds the steps (tool counts ascending). */
export function toolCountSteps(
  requests: readonly BaseRequest[],
  pool: DistractorPool,
  counts: readonly number[],
  seed: number,
): ProbeStep[] {
  const assistantNames = new Set(pool.assistant.map((tool) => tool.name));
  const orders = requests.map((request) => [
    ...seededShuffle(
      pool.assistant.filter((tool) => !request.rightTools.includes(tool.name)),
      `${seed}:${request.sample.id}:assistant`,
    ),
    ...seededShuffle(pool.bfcl, `${seed}:${request.sample.id}:bfcl`),
  ]);
  return counts.map((count) => {
    const category = toolStepCategory(count);
    const available = Math.min(...orders.map((order) => order.length));
    if (count - 1 > available)
      return {
        value: count,
        category,
        samples: [],
        skipped:
          `needs ${count - 1} distractor tools but only ${available} are available` +
          (pool.bfcl.length === 0 ? " (the assistant tools; give --bfcl-dir to add BFCL function docs)" : ""),
        facts: { tools: count },
      };
    const samples = requests.map((request, index) => {
      const { tools, position } = toolsAt(request, count, orders[index]!, seed);
      const bfclTools = tools.filter((tool) => !assistantNames.has(tool.name)).length;
      return {
        ...request.sample,
        id: `${request.sample.id}@${category}`,
        suite: "probe:tools",
        category,
        tools,
        metadata: {
          baseId: request.sample.id,
          baseCategory: request.sample.category,
          step: count,
          rightTool: request.rightTools[0],
          rightToolPosition: position,
          distractors: { assistant: tools.length - 1 - bfclTools, bfcl: bfclTools },
        },
      };
    });
    return { value: count, category, samples, skipped: null, facts: { tools: count } };
  });
}
