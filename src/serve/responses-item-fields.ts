/**
 * The fields of a Responses API item that `/v1/responses` keeps for `previous_response_id` and
 * `item_reference`: those the API defines for the item types edgecall reads (`message`,
 * `function_call`, `function_call_output`, `reasoning`), and of their content parts only `type`
 * and `text`. Whatever else a client sent (unknown fields, `encrypted_content`, annotations) is
 * dropped, so what the server holds is what the conversation says, not what a client padded it with.
 */

/** An input or output item in the Responses API's wire shape. */
export type StoredItem = { type?: string; role?: string; [field: string]: unknown };

/** `type` and `text` of each text part; a string stays a string. */
function textParts(value: unknown): unknown {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return "";
  return value.map((part) => {
    const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
    return {
      type: typeof type === "string" ? type : "input_text",
      text: typeof text === "string" ? text : "",
    };
  });
}

/** `id` and `status` when they are strings (both optional in the API). */
function common(item: StoredItem): { id?: string; status?: string } {
  return {
    ...(typeof item.id === "string" ? { id: item.id } : {}),
    ...(typeof item.status === "string" ? { status: item.status } : {}),
  };
}

function stringField(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * A copy of `item` with only the fields the Responses API defines for its type. Items are read
 * (and refused when malformed) before they are kept, so the shapes here are the valid ones; a
 * `function_call`'s `arguments` sent as an object is kept as the JSON string the API defines.
 */
export function definedItemFields(item: StoredItem): StoredItem {
  const type = item.type ?? "message";
  switch (type) {
    case "message":
      return { type, ...common(item), role: stringField(item.role), content: textParts(item.content) };
    case "function_call":
      return {
        type,
        ...common(item),
        call_id: stringField(item.call_id),
        name: stringField(item.name),
        arguments: typeof item.arguments === "string" ? item.arguments : JSON.stringify(item.arguments ?? {}),
      };
    case "function_call_output":
      return { type, ...common(item), call_id: stringField(item.call_id), output: textParts(item.output) };
    case "reasoning":
      return { type, ...common(item), summary: Array.isArray(item.summary) ? textParts(item.summary) : [] };
    default:
      return { type, ...common(item) };
  }
}
