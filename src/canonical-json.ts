/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, `undefined` members dropped.
 * Two values that mean the same JSON give the same text, so confirmations can be bound to
 * arguments, calls compared (loop detection, completed calls), and world snapshots, suites and
 * cached requests hashed (with src/sha256.ts).
 */

/** The canonical JSON text of a JSON-like value. Non-finite numbers become `null`, like JSON.stringify. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    return text === undefined ? "null" : text;
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? "null" : canonicalJson(item))).join(",")}]`;
  }
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined || typeof member === "function") continue;
    members.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
  }
  return `{${members.join(",")}}`;
}

/** The identity of a call: its tool name plus the canonical JSON of its arguments. */
export function callIdentity(name: string, input: unknown): string {
  return `${name} ${canonicalJson(input)}`;
}

/** A deep copy through canonical JSON, frozen so that nobody can change it afterwards. */
export function frozenCopy<T>(value: T): T {
  return deepFreeze(JSON.parse(canonicalJson(value)) as T);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const member of Object.values(value as Record<string, unknown>)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}
