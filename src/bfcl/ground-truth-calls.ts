/**
 * Turns BFCL possible answers into model results that should pass: each expected call with the
 * first usable option of every parameter, written either as decoded calls (Java and JavaScript
 * values as language literals) or as raw prompt-mode text. The reference solutions of `suite
 * check`, the sanity tests and the bench use it.
 */
import { type BfclCategory, bfclScoring } from "./categories.js";
import type { BfclDataset, BfclEntry } from "./dataset.js";
import type { BfclParamDoc } from "./function-checker.js";
import { pyFloatRepr, pyRepr } from "./py-repr.js";
import { dictSet, emptyDict, isEmptyString, type PyDict, type PyValue, pyStr } from "./py-value.js";
import type { BfclResultInput } from "./score.js";

/** The first option that is not "", or undefined to leave an optional parameter out. */
function usableOption(options: PyValue, required: boolean): PyValue | undefined {
  if (options.kind !== "list") return options;
  if (!required && options.items.some(isEmptyString)) return undefined;
  return options.items.find((item) => !isEmptyString(item)) ?? options.items[0];
}

/** `{key: [options]}` → `{key: first option}`, leaving out keys whose first option is "". */
function unwrapDict(value: PyValue): PyValue {
  if (value.kind !== "dict") return value;
  const dict = emptyDict();
  value.keys.forEach((key, index) => {
    const option = usableOption(value.values[index] as PyValue, false);
    if (option !== undefined) dictSet(dict, key, option);
  });
  return dict;
}

function isDictType(type: unknown): boolean {
  return type === "dict" || type === "HashMap";
}

function chooseValue(
  options: PyValue,
  doc: BfclParamDoc | undefined,
  required: boolean,
): PyValue | undefined {
  const option = usableOption(options, required);
  if (option === undefined || !doc) return option;
  if (isDictType(doc.type)) return unwrapDict(option);
  if (doc.itemsType === "dict" && option.kind === "list")
    return { kind: "list", items: option.items.map(unwrapDict) };
  return option;
}

function jsNumber(value: PyValue): string {
  if (value.kind === "int") return value.value.toString();
  if (value.kind === "float") return Number.isInteger(value.value) ? `${value.value}` : `${value.value}`;
  return pyRepr(value);
}

function javaScalar(value: PyValue, type: unknown, quoteStrings: boolean): string {
  if (value.kind === "str")
    return quoteStrings && (type === "String" || type === "char")
      ? type === "char"
        ? `'${value.value}'`
        : `"${value.value}"`
      : value.value;
  if (value.kind === "bool") return value.value ? "true" : "false";
  if (value.kind === "int")
    return type === "long"
      ? `${value.value}L`
      : type === "float"
        ? `${value.value}f`
        : value.value.toString();
  if (value.kind === "float") return `${pyFloatRepr(value.value)}${type === "float" ? "f" : ""}`;
  return pyRepr(value);
}

const javaElementTypes: Record<string, string> = {
  String: "String",
  integer: "int",
  long: "long",
  char: "char",
  any: "Object",
};

function javaLiteral(value: PyValue, doc: BfclParamDoc): string {
  if (value.kind === "str") return value.value;
  if (doc.type === "Array" && value.kind === "list") {
    const type = javaElementTypes[String(doc.itemsType)] ?? "Object";
    return `new ${type}[]{${value.items.map((item) => javaScalar(item, doc.itemsType, false)).join(", ")}}`;
  }
  if (doc.type === "ArrayList" && value.kind === "list") {
    if (value.items.length === 0) return "new ArrayList<>()";
    return `new ArrayList<>(Arrays.asList(${value.items.map((item) => javaScalar(item, doc.itemsType, true)).join(", ")}))`;
  }
  if (doc.type === "HashMap" && value.kind === "dict") {
    if (value.keys.length === 0) return "new HashMap<>()";
    const puts = value.keys.map((key, index) => {
      const item = value.values[index] as PyValue;
      const text = item.kind === "str" ? `"${item.value}"` : javaScalar(item, undefined, false);
      return `put("${(key as { value: string }).value}", ${text});`;
    });
    return `new HashMap<String, Object>() {{ ${puts.join(" ")} }}`;
  }
  return javaScalar(value, doc.type, false);
}

function jsLiteral(value: PyValue, doc: BfclParamDoc): string {
  if (value.kind === "str") return value.value;
  if (value.kind === "bool") return value.value ? "true" : "false";
  if (value.kind === "int" || value.kind === "float")
    return doc.type === "Bigint" ? `${jsNumber(value)}n` : jsNumber(value);
  if (value.kind === "list") {
    const items = value.items.map((item) =>
      item.kind === "str"
        ? `'${item.value}'`
        : jsLiteral(item, { type: undefined, itemsType: undefined, hasItems: false }),
    );
    return `[${items.join(", ")}]`;
  }
  if (value.kind === "dict") {
    const entries = value.keys.map((key, index) => {
      const item = value.values[index] as PyValue;
      const text =
        item.kind === "str"
          ? `'${item.value}'`
          : jsLiteral(item, { type: undefined, itemsType: undefined, hasItems: false });
      return `${(key as { value: string }).value}: ${text}`;
    });
    return `{${entries.join(", ")}}`;
  }
  return pyRepr(value);
}

/** The expected calls of an entry as `[{name: {param: value}}]`, values in the entry's language. */
export function groundTruthCalls(entry: BfclEntry): PyValue {
  const items: PyValue[] = (entry.groundTruth ?? []).map((answer: PyDict) => {
    const name = answer.keys[0] as PyValue;
    const params = answer.values[0] as PyDict;
    const doc = entry.functions.find((candidate) => name.kind === "str" && candidate.name === name.value);
    const args = emptyDict();
    params.keys.forEach((key, index) => {
      const paramName = (key as { value: string }).value;
      const paramDoc = doc?.properties.get(paramName);
      const value = chooseValue(
        params.values[index] as PyValue,
        paramDoc,
        doc?.required.includes(paramName) ?? false,
      );
      if (value === undefined) return;
      if (entry.language === "python" || !paramDoc) dictSet(args, key, value);
      else
        dictSet(
          args,
          key,
          pyStr(entry.language === "java" ? javaLiteral(value, paramDoc) : jsLiteral(value, paramDoc)),
        );
    });
    const call = emptyDict();
    dictSet(call, name, args);
    return call;
  });
  return { kind: "list", items };
}

/** Python prompt-mode text for decoded calls: `[f(a=1), g(b='x')]`. */
export function pythonCallText(calls: PyValue): string {
  if (calls.kind !== "list") return pyRepr(calls);
  const texts = calls.items.map((call) => {
    const dict = call as PyDict;
    const args = dict.values[0] as PyDict;
    const parts = args.keys.map(
      (key, index) => `${(key as { value: string }).value}=${pyRepr(args.values[index] as PyValue)}`,
    );
    return `${(dict.keys[0] as { value: string }).value}(${parts.join(", ")})`;
  });
  return `[${texts.join(", ")}]`;
}

/** Results that should all pass for a category: decoded calls, or raw text for Python entries. */
export function groundTruthResults(
  dataset: BfclDataset,
  category: BfclCategory,
  form: "calls" | "text",
): BfclResultInput[] {
  return dataset.ids(category).map((id) => {
    const entry = dataset.entry(category, id) as BfclEntry;
    const scoring = bfclScoring(category);
    if (scoring === "irrelevance") return { id, result: "I cannot answer this with the functions I have." };
    if (scoring === "relevance") return { id, result: `[${entry.functions[0]?.name ?? "f"}()]` };
    const calls = groundTruthCalls(entry);
    return { id, result: form === "text" && entry.language === "python" ? pythonCallText(calls) : calls };
  });
}
