/**
 * The check of a recorded text turn without a judge: what a reply must do to count as answering
 * as the trace did. A text pass means the model made no call and attempted none, and wrote a
 * reply that
 * - is not empty or whitespace (unless the recorded reply was empty too);
 * - is not only an acknowledgement ("OK", "Sure!", "Done.") where the recorded reply said more;
 * - does not hedge or decline ("I'm not sure", "I can't help with that") where the recorded reply
 *   did not;
 * - claims no action ("I've sent it", "Done") when no tool was called since the user's last
 *   message, unless the recorded reply claims one too;
 * - repeats the figures the recorded reply reported from the tool results since the user's last
 *   message (numbers, codes: `18`, `ABX123`), leaving out those the user had said.
 * It does not mean the wording or the rest of the content matches the recorded reply: a date
 * rewritten in words or a converted unit counts as a missing figure, and an answer that is wrong
 * in words only passes. `--judge-model` compares meaning (trace-judge.ts).
 */
import type { Score } from "../../eval/suite.js";
import type { ChatMessage } from "../../messages.js";

/** What a text turn is scored against: the recorded reply and the context it answered. */
export interface TextTurnSample {
  messages: readonly ChatMessage[];
  target: { text?: string };
}

const acknowledgement =
  /\b(?:ok(?:ay)?|k|sure(?: thing)?|alright|all right|got it|noted|understood|will do|done|certainly|of course|great|thanks|thank you|no problem|fine|cool|perfect|sounds good|happy to help|you(?:'re|’re| are) welcome)\b/giu;

/** True when `text` holds nothing but acknowledgement words and punctuation. */
export function onlyAcknowledges(text: string): boolean {
  if (text.trim() === "") return false;
  return text.replace(acknowledgement, "").replace(/[\p{P}\p{S}\p{Z}\s]/gu, "") === "";
}

const hedge =
  /\b(?:i(?:'m|’m| am) not (?:sure|certain)|i (?:don(?:'|’)?t|do not) know|not sure|i(?:'m|’m| am) (?:unable|not able) to|i (?:can(?:'|’)?t|cannot|can not) (?:help|answer|tell|say|provide|find|access|check|do|assist|give|share|look|see)|i (?:don(?:'|’)?t|do not) have (?:access|any information|information|the ability|a way)|i(?:'m|’m| am) sorry,? but|unfortunately,? i)\b/iu;

/** True when `text` hedges or declines ("I'm not sure", "I can't help with that"). */
export function hedges(text: string): boolean {
  return hedge.test(text);
}

const actionVerbs =
  "sent|booked|scheduled|created|deleted|removed|cancel+ed|updated|added|saved|set up|moved|changed|transferred|paid|ordered|placed|forwarded|emailed|texted|messaged|submitted|reserved|completed|taken care of|turned (?:on|off)|enabled|disabled|uploaded|shared|posted|replied|archived|renamed|installed|refunded|confirmed|done";
const adverbs = "just|now|already|also|both|successfully|\\w+ly";
const claim = new RegExp(
  `\\b(?:i(?:'ve|’ve| have)?|(?:has|have|is|are|was|were)(?:\\s+(?:${adverbs}))? been|successfully)(?:\\s+(?:${adverbs}))?\\s+(?:${actionVerbs})\\b|\\ball (?:set|done)\\b|^\\W*done\\b`,
  "iu",
);

/** True when `text` says an action was carried out ("I've sent it", "Done", "has been booked"). */
export function claimsAction(text: string): boolean {
  return claim.test(text);
}

/** The messages after the last user message. */
function sinceLastUser(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  const last = messages.map((message) => message.role).lastIndexOf("user");
  return messages.slice(last + 1);
}

const atomPattern = /[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*(?:[.,:/][\p{N}]+)*/gu;

const plainNumber = /^\d+(?:,\d{3})*(?:\.\d+)?$/;

/**
 * The figures of a text: each plain number by value (`1,234.50` and `1234.5` are the same), each
 * other token holding a digit in lower case (`par7`, `10:45`); with `parts`, also the numbers
 * inside those tokens (so `18°C` and `18C` both hold `n:18`).
 */
export function figuresOf(text: string, parts = true): Set<string> {
  const found = new Set<string>();
  for (const token of text.match(atomPattern) ?? []) {
    const plain = plainNumber.test(token);
    if (!plain) found.add(`s:${token.toLowerCase()}`);
    if (!plain && !parts) continue;
    for (const run of token.match(/\d+(?:,\d{3})*(?:\.\d+)?/g) ?? []) {
      const value = Number(run.replaceAll(",", ""));
      if (Number.isFinite(value)) found.add(`n:${value}`);
    }
  }
  return found;
}

function shown(figure: string): string {
  return figure.slice(2);
}

/**
 * The figures the recorded reply reported from the tool results since the user's last message,
 * less those the user said (each once: a number by value, else the token).
 */
export function reportedFigures(sample: TextTurnSample): string[] {
  const recorded = figuresOf(sample.target.text ?? "", false);
  const tools = figuresOf(
    sinceLastUser(sample.messages)
      .filter((message) => message.role === "tool")
      .map((message) => message.content)
      .join("\n"),
  );
  const said = figuresOf(
    sample.messages
      .filter((message) => message.role === "user")
      .map((message) => message.content)
      .join("\n"),
  );
  return [...recorded].filter((figure) => tools.has(figure) && !said.has(figure));
}

/** True when a tool was called after the user's last message (so a claim of action may be true). */
export function calledSinceUser(messages: readonly ChatMessage[]): boolean {
  return sinceLastUser(messages).some(
    (message) =>
      message.role === "tool" || (message.role === "assistant" && (message.toolCalls ?? []).length > 0),
  );
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

/** Scores a reply with no call to a recorded text turn (see the module comment). */
export function scoreTextTurn(sample: TextTurnSample, content: string): Score {
  const recorded = sample.target.text ?? "";
  const quoted = `"${excerpt(recorded)}"`;
  if (recorded.trim() === "")
    return { passed: true, explanation: "answered in text with no call; the trace's reply was empty" };
  if (content.trim() === "")
    return {
      passed: false,
      explanation: `replied with nothing where the trace answered ${quoted}`,
      errorType: "text:empty",
    };
  if (onlyAcknowledges(content) && !onlyAcknowledges(recorded))
    return {
      passed: false,
      explanation: `only acknowledged ("${excerpt(content)}") where the trace answered ${quoted}`,
      errorType: "text:acknowledgement",
    };
  if (hedges(content) && !hedges(recorded))
    return {
      passed: false,
      explanation: `hedged or declined ("${excerpt(content)}") where the trace answered ${quoted}`,
      errorType: "text:hedge",
    };
  if (claimsAction(content) && !claimsAction(recorded) && !calledSinceUser(sample.messages))
    return {
      passed: false,
      explanation: `claims an action ("${excerpt(content)}") but no tool was called since the user's message, and the trace claims none`,
      errorType: "text:unbacked-claim",
    };
  const figures = reportedFigures(sample);
  const given = figuresOf(content);
  const missing = figures.filter((figure) => !given.has(figure));
  if (missing.length > 0)
    return {
      passed: false,
      explanation: `leaves out what the trace's reply reported from the tool results (${missing.map(shown).join(", ")}): the trace answered ${quoted}`,
      errorType: "text:missing-figure",
    };
  return {
    passed: true,
    explanation: `text turn passed by the check without a judge: no call, a reply that is not empty, not a bare acknowledgement, hedge or unbacked claim${figures.length > 0 ? `, with the figures the trace reported (${figures.map(shown).join(", ")})` : ""}; the wording is not compared`,
  };
}
