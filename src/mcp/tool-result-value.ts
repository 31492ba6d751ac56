/**
 * An MCP tool result as the value the model sees: structured content when the server gives it;
 * a single text block as JSON when it parses, else as text; otherwise the blocks, each keeping its
 * data in a form the model and the transcript can use: an image's or audio clip's mime type and
 * size in bytes (not the base64 itself, which would flood a small model's context), a resource
 * link's URI, name and mime type, an embedded resource's URI with its text (or its size when it
 * is binary).
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

type Block = NonNullable<CallToolResult["content"]>[number];

/** Bytes a base64 string decodes to. */
export function base64Bytes(data: string): number {
  const clean = data.replace(/[\s]/g, "");
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** One content block as a plain value. */
export function blockValue(block: Block): unknown {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return { type: block.type, mimeType: block.mimeType, bytes: base64Bytes(block.data) };
    case "resource_link":
      return {
        type: "resource_link",
        uri: block.uri,
        name: block.name,
        ...(block.mimeType === undefined ? {} : { mimeType: block.mimeType }),
        ...(block.description === undefined ? {} : { description: block.description }),
      };
    case "resource": {
      const resource = block.resource;
      return {
        type: "resource",
        uri: resource.uri,
        ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
        ...("text" in resource && typeof resource.text === "string"
          ? { text: resource.text }
          : "blob" in resource && typeof resource.blob === "string"
            ? { bytes: base64Bytes(resource.blob) }
            : {}),
      };
    }
    default:
      return { type: (block as { type: string }).type };
  }
}

/** The whole result as one value. */
export function toolResultValue(result: CallToolResult): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const blocks = result.content ?? [];
  if (blocks.length === 1 && blocks[0]?.type === "text") {
    const text = blocks[0].text;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return blocks.map(blockValue);
}
