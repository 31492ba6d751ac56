/**
 * Gathers the chunks of a streamed chat completion: content and reasoning deltas, tool-call deltas,
 * the finish reason and the usage chunk. Tolerates the known server quirks in tool-call deltas:
 * a missing `index` (Ollama's older OpenAI layer), an index repeated with a new id for a second call
 * (some vLLM and LM Studio builds), arguments split across deltas, and arguments sent as an object.
 */
import type { TokenUsage } from "../model-backend.js";
import { completionExtras, contentText, readUsage, reasoningText, type WireToolCall } from "./response.js";

/** What one chunk added. */
export interface ChunkDelta {
  /** Content text added (the part of `rawText` this chunk carried). */
  text: string;
  /** True when the chunk carried any generated token: content, reasoning or a tool-call piece. */
  generated: boolean;
}

interface PendingCall {
  id?: string;
  name?: string;
  argumentText: string;
  argumentObject?: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function argumentsLookComplete(call: PendingCall): boolean {
  if (call.argumentObject !== undefined) return true;
  try {
    return isPlainObject(JSON.parse(call.argumentText));
  } catch {
    return false;
  }
}

/** The state of one streamed completion (choice 0). */
export class StreamState {
  content = "";
  reasoning = "";
  finishReason: string | null = null;
  usage: TokenUsage | undefined;
  extras: Record<string, unknown> = {};
  /** Chunks applied, for telling an empty stream from a short one. */
  chunkCount = 0;
  private readonly calls: PendingCall[] = [];
  /** Wire `index` → position in `calls`, for the call that index currently means. */
  private readonly positionByIndex = new Map<number, number>();

  /** Applies one parsed chunk (`chat.completion.chunk`). Unknown shapes are ignored, never thrown on. */
  apply(chunk: unknown): ChunkDelta {
    const delta: ChunkDelta = { text: "", generated: false };
    if (!isPlainObject(chunk)) return delta;
    this.chunkCount++;
    Object.assign(this.extras, completionExtras(chunk));
    const usage = readUsage(chunk.usage);
    if (usage !== undefined) this.usage = usage;
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    if (!isPlainObject(choice)) return delta;
    if (typeof choice.finish_reason === "string") this.finishReason = choice.finish_reason;
    const wireDelta = isPlainObject(choice.delta)
      ? choice.delta
      : isPlainObject(choice.message)
        ? choice.message
        : {};
    const text = contentText(wireDelta.content);
    if (text !== "") {
      this.content += text;
      delta.text = text;
      delta.generated = true;
    }
    const reasoning = reasoningText(wireDelta);
    if (reasoning !== "") {
      this.reasoning += reasoning;
      delta.generated = true;
    }
    if (Array.isArray(wireDelta.tool_calls)) {
      for (const piece of wireDelta.tool_calls) {
        if (isPlainObject(piece)) {
          this.applyToolCallDelta(piece);
          delta.generated = true;
        }
      }
    }
    return delta;
  }

  /** The calls gathered so far, arguments as sent (text joined, or the object a server sent). */
  toolCalls(): WireToolCall[] {
    return this.calls.map((call) => ({
      id: call.id,
      name: call.name,
      arguments:
        call.argumentObject !== undefined && call.argumentText === ""
          ? call.argumentObject
          : call.argumentText,
    }));
  }

  private applyToolCallDelta(piece: Record<string, unknown>): void {
    const index = typeof piece.index === "number" ? piece.index : undefined;
    const id = typeof piece.id === "string" && piece.id !== "" ? piece.id : undefined;
    const fn = isPlainObject(piece.function) ? piece.function : {};
    const name = typeof fn.name === "string" && fn.name !== "" ? fn.name : undefined;
    let position = this.findCall(index, id, name);
    if (position === undefined) {
      this.calls.push({ argumentText: "" });
      position = this.calls.length - 1;
    }
    if (index !== undefined) this.positionByIndex.set(index, position);
    const call = this.calls[position]!;
    if (id !== undefined && call.id === undefined) call.id = id;
    if (name !== undefined && call.name === undefined) call.name = name;
    const argumentsPiece = fn.arguments;
    if (typeof argumentsPiece === "string") call.argumentText += argumentsPiece;
    else if (argumentsPiece !== undefined && argumentsPiece !== null) call.argumentObject = argumentsPiece;
  }

  /** Which gathered call a delta continues; undefined when it starts a new one. */
  private findCall(
    index: number | undefined,
    id: string | undefined,
    name: string | undefined,
  ): number | undefined {
    const byId = id === undefined ? -1 : this.calls.findIndex((call) => call.id === id);
    if (index !== undefined) {
      const position = this.positionByIndex.get(index);
      if (position === undefined) return byId === -1 ? undefined : byId;
      const existing = this.calls[position]!;
      // The same index with a different id: the server reused the index for the next call.
      if (id !== undefined && existing.id !== undefined && existing.id !== id)
        return byId === -1 ? undefined : byId;
      return position;
    }
    if (id !== undefined) return byId === -1 ? undefined : byId;
    // Neither index nor id: continue the last call, unless this delta plainly starts another one.
    const last = this.calls.length - 1;
    if (last < 0) return undefined;
    const lastCall = this.calls[last]!;
    if (
      name !== undefined &&
      lastCall.name !== undefined &&
      (name !== lastCall.name || argumentsLookComplete(lastCall))
    ) {
      return undefined;
    }
    return last;
  }
}
