/**
 * BFCL's prompts for its agentic categories, as its harness sends them (the benchmark's input
 * format, kept exact so that scores are comparable): the answer format every memory and web-search
 * question gets, the five memory scenarios' assistant settings, and the memory instructions with
 * the backend's core memory (key-value and vector) or whole memory (recursive summary) filled in.
 */

/** `ADDITIONAL_SYSTEM_PROMPT_FOR_AGENTIC_RESPONSE_FORMAT`. */
export const agenticAnswerFormatPrompt =
  "For your final answer to the user, you must respond in this format: {'answer': A short and precise answer to the question, 'context': A brief explanation of how you arrived at this answer or why it is correct}. If you do not know the answer, respond with {'answer': 'I do not know', 'context': 'I do not know'}. If you think the question cannot be properly answered, response with {'answer': 'I cannot answer this question', 'context': A short reason explaining why this question cannot be answered}.\n";

/** The memory scenarios in BFCL's order. */
export const memoryScenarios = ["student", "customer", "finance", "healthcare", "notetaker"] as const;
/** A memory scenario. */
export type MemoryScenario = (typeof memoryScenarios)[number];

/** `MEMORY_AGENT_SETTINGS`. */
export const memoryAgentSettings: Record<MemoryScenario, string> = {
  student:
    "You are an academic-support assistant for college student. Remember key personal and academic details discussed across sessions, and draw on them to answer questions or give guidance.",
  customer:
    "You are a general customer support assistant for an e-commerce platform. Your task is to understand and remember information that can be used to provide information about user inquiries, preferences, and offer consistent, helpful assistance over multiple interactions.",
  finance:
    "You are a high-level executive assistant supporting a senior finance professional. Retain and synthesize both personal and professional information including facts, goals, prior decisions, and family life across sessions to provide strategic, context-rich guidance and continuity.",
  healthcare:
    "You are a healthcare assistant supporting a patient across appointments. Retain essential medical history, treatment plans, and personal preferences to offer coherent, context-aware guidance and reminders.",
  notetaker:
    "You are a personal organization assistant. Capture key information from conversations, like tasks, deadlines, and preferences, and use it to give reliable reminders and answers in future sessions.",
};

const coreArchivalInstruction =
  "{scenario_setting}\n\nYou have access to an advanced memory system, consisting of two memory types 'Core Memory' and 'Archival Memory'. Both type of memory is persistent across multiple conversations with the user, and can be accessed in a later interactions. You should actively manage your memory data to keep track of important information, ensure that it is up-to-date and easy to retrieve to provide personalized responses to the user later.\n\nThe Core memory is limited in size, but always visible to you in context. The Archival Memory has a much larger capacity, but will be held outside of your immediate context due to its size.\n\nHere is the content of your Core Memory from previous interactions:\n{memory_content}\n";

const unifiedInstruction =
  "{scenario_setting}\n\nYou have access to an advanced memory system, which is persistent across multiple conversations with the user, and can be accessed in a later interactions. You should actively manage your memory data to keep track of important information, ensure that it is up-to-date and easy to retrieve to provide personalized responses to the user later.\n\nHere is the content of your memory system from previous interactions:\n{memory_content}\n";

/** `add_memory_instruction_system_prompt`'s system prompt for a backend and scenario. */
export function memoryInstruction(
  backend: "kv" | "vector" | "rec_sum",
  scenario: MemoryScenario,
  memoryContent: string,
): string {
  const template = backend === "rec_sum" ? unifiedInstruction : coreArchivalInstruction;
  return template
    .replace("{scenario_setting}", () => memoryAgentSettings[scenario])
    .replace("{memory_content}", () => memoryContent);
}
