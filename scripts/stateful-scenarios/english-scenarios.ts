/** Every English `assistant:stateful` scenario, in category order (the order of the data file). */
import type { Scenario } from "./builders.js";
import { canonicalisation } from "./canonicalisation.js";
import { coreference } from "./coreference.js";
import { disambiguation } from "./disambiguation.js";
import { insufficientInformation } from "./insufficient-information.js";
import { multipleToolCalls } from "./multiple-tool-calls.js";
import { multipleUserTurns } from "./multiple-user-turns.js";
import { singleToolCall } from "./single-tool-call.js";
import { stateDependency } from "./state-dependency.js";

/** The English scenarios. */
export const englishScenarios: Scenario[] = [
  ...singleToolCall,
  ...multipleToolCalls,
  ...multipleUserTurns,
  ...stateDependency,
  ...canonicalisation,
  ...disambiguation,
  ...coreference,
  ...insufficientInformation,
];
