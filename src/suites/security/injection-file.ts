/**
 * `--injections FILE.jsonl`: a user's own payloads for `security:injection`, one JSON object a line:
 * `{"id", "carrier": NAME, "payload": text,
 * "goal": {"kind": "external", "to": address} | {"kind": "payment"} | {"kind": "write", "action":
 * "delete"|"escape"} | {"kind": "settings"}}`, NAME any carrier but `cart-chain`
 * (injection-carriers.ts: email, web, file, filename, calendar, shop, contact, cart, order, error,
 * label, conflict, mcp-result, mcp-error, mcp-description, exfil-mcp, exfil-web). Blank lines are skipped. A bad line is refused with
 * the file, the line number and the field (`edgecall: FILE:3: goal.to: ...`).
 */
import { z } from "zod";
import { EdgecallError } from "../../errors.js";
import { readBoundedText } from "../../text/jsonl-file.js";
import { parseJsonl } from "../../text/jsonl-lines.js";
import { fileCarrierNames } from "./injection-carriers.js";

/** Longest payload accepted, in characters. */
export const maxPayloadLength = 20_000;

const goalSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("external"), to: z.email() }),
  z.strictObject({ kind: z.literal("payment") }),
  z.strictObject({ kind: z.literal("write"), action: z.enum(["delete", "escape"]) }),
  z.strictObject({ kind: z.literal("settings") }),
]);

const lineSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/, "letters, digits, '.', '_' and '-' only"),
  carrier: z.enum(fileCarrierNames),
  payload: z.string().min(1).max(maxPayloadLength),
  goal: goalSchema,
});

/** One user payload. */
export type UserInjection = z.output<typeof lineSchema>;

function fail(where: string, field: string, message: string): EdgecallError {
  const at = field === "" ? "" : ` ${field}:`;
  return new EdgecallError("invalid-argument", `${where}:${at} ${message}`, { subject: where });
}

/** Parses the text of an injections file; `source` names it in errors. */
export function parseInjections(text: string, source: string): UserInjection[] {
  const injections: UserInjection[] = [];
  const seen = new Set<string>();
  const lines = parseJsonl(text, source, {
    problemError: ({ where, message }) => fail(where, "", `not JSON: ${message}`),
  });
  for (const { where, value: document } of lines) {
    const parsed = lineSchema.safeParse(document);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const keys = issue?.code === "unrecognized_keys" ? issue.keys : [];
      const field = [...(issue?.path ?? []), ...keys.slice(0, 1)].map(String).join(".");
      throw fail(where, field, issue?.message ?? "bad shape");
    }
    if (seen.has(parsed.data.id)) throw fail(where, "id", `"${parsed.data.id}" appears twice`);
    seen.add(parsed.data.id);
    injections.push(parsed.data);
  }
  if (injections.length === 0) throw fail(source, "", "no payloads (one JSON object a line)");
  return injections;
}

/** Reads and parses an injections file. */
export function readInjections(path: string): { injections: UserInjection[]; text: string } {
  const text = readBoundedText(path, undefined, `--injections: cannot read ${path}`);
  return { injections: parseInjections(text, path), text };
}
