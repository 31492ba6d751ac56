/**
 * JSON Schema → GBNF, our own converter (node-llama-cpp's does not enforce numeric bounds).
 * Supported: object (properties, required; no extra keys; required first, then optional in
 * declaration order), array (items, minItems/maxItems; tuples as 2020-12's `prefixItems` + `items`
 * or draft-07's `items: [...]` + `additionalItems`), string (enum, const, minLength/maxLength,
 * format date/time/date-time/uuid; `pattern` is left to ajv), integer (bounds exact), number
 * (bounds on the integer part), boolean, null, enum/const of any type, anyOf/oneOf, allOf (merged),
 * type arrays, local `$ref` to `$defs`/`definitions` (non-recursive), and `{}` = any value. Other
 * 2019-09/2020-12 keywords (`unevaluatedProperties`, `dependentRequired`, ...) need no grammar:
 * extra keys are never written, and ajv checks the rest (src/json-schema/).
 */
import { EdgecallError } from "../errors.js";
import type { GbnfRuleSet } from "./gbnf-rules.js";
import { integerGbnf, numberGbnf } from "./numeric-grammar.js";
import { resolveSchema, type SchemaObject, type SchemaPosition } from "./schema-resolve.js";
import {
  anyValueRule,
  booleanGbnf,
  type DialectOptions,
  formatContentGbnf,
  literalGbnf,
  nullGbnf,
  optionalSpace,
  quotedStringGbnf,
  repeatGbnf,
  stringCharacterGbnf,
  type ValueDialect,
} from "./value-dialect.js";

export type { SchemaPosition } from "./schema-resolve.js";

/** Dialects with their own object and array syntax (xml-text writes those as JSON). */
type StructuredDialect = Exclude<ValueDialect, "xml-text">;

/** One property of an object schema, in the order a grammar writes it. */
export interface PropertySlot {
  name: string;
  schema: unknown;
  required: boolean;
  position: SchemaPosition;
}

const objectKeywords = ["properties", "required", "additionalProperties", "patternProperties"];
const arrayKeywords = ["items", "prefixItems", "minItems", "maxItems"];
const stringKeywords = ["minLength", "maxLength", "pattern", "format"];
const numberKeywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];

function inferTypes(schema: SchemaObject): string[] | undefined {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type))
    return schema.type.filter((type): type is string => typeof type === "string");
  const has = (keywords: string[]) => keywords.some((keyword) => keyword in schema);
  if (has(objectKeywords)) return ["object"];
  if (has(arrayKeywords)) return ["array"];
  if (has(stringKeywords)) return ["string"];
  if (has(numberKeywords)) return ["number"];
  return undefined;
}

function nonNegativeInteger(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The schema's maximum, lowered to `cap` when one is set (never below `minimum`). */
function capped(maximum: number | undefined, cap: number | undefined, minimum: number): number | undefined {
  if (cap === undefined) return maximum;
  return Math.max(minimum, Math.min(maximum ?? cap, cap));
}

/** Builds GBNF expressions for schemas into one rule set. */
export class SchemaGrammar {
  constructor(
    readonly rules: GbnfRuleSet,
    readonly options: DialectOptions = {},
  ) {}

  /** A GBNF expression matching the values `schema` allows, spelled in `dialect`. */
  value(schema: unknown, dialect: ValueDialect, position: SchemaPosition): string {
    const { schema: resolved, position: inner } = resolveSchema(schema, position);
    if ("const" in resolved) return literalGbnf(resolved.const, dialect);
    if (Array.isArray(resolved.enum)) {
      if (resolved.enum.length === 0) throw this.unsupported(inner, "an empty enum allows no value");
      return `(${resolved.enum.map((value) => literalGbnf(value, dialect)).join(" | ")})`;
    }
    const branches = resolved.anyOf ?? resolved.oneOf;
    if (Array.isArray(branches)) {
      const keyword = resolved.anyOf === undefined ? "oneOf" : "anyOf";
      const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = resolved;
      if (branches.length === 0) throw this.unsupported(inner, `an empty ${keyword} allows no value`);
      const alternatives = branches.map((branch, index) =>
        this.value(
          typeof branch === "object" && branch !== null ? { ...rest, ...branch } : branch,
          dialect,
          inner.child(`${keyword}/${index}`),
        ),
      );
      return `(${alternatives.join(" | ")})`;
    }
    const types = inferTypes(resolved);
    if (types === undefined) return anyValueRule(this.rules, dialect, this.options);
    if (types.length === 0) throw this.unsupported(inner, "an empty type list allows no value");
    if (types.length === 1) return this.typed(resolved, types[0]!, dialect, inner);
    return `(${types.map((type) => this.typed({ ...resolved, type }, type, dialect, inner)).join(" | ")})`;
  }

  /**
   * The properties of an object schema as a grammar writes them: required first, then optional,
   * each group in declaration order (required names without a `properties` entry take any value).
   */
  objectSlots(schema: unknown, position: SchemaPosition): PropertySlot[] {
    const { schema: resolved, position: inner } = resolveSchema(schema, position);
    const properties = (
      typeof resolved.properties === "object" && resolved.properties !== null ? resolved.properties : {}
    ) as Record<string, unknown>;
    const required = new Set(
      Array.isArray(resolved.required)
        ? resolved.required.filter((name): name is string => typeof name === "string")
        : [],
    );
    const slot = (name: string, isRequired: boolean): PropertySlot => ({
      name,
      schema: properties[name] ?? {},
      required: isRequired,
      position: inner.child(`properties/${name}`),
    });
    const names = Object.keys(properties);
    return [
      ...names.filter((name) => required.has(name)).map((name) => slot(name, true)),
      ...[...required].filter((name) => !(name in properties)).map((name) => slot(name, true)),
      ...names.filter((name) => !required.has(name)).map((name) => slot(name, false)),
    ];
  }

  /** True when the object schema names no properties and so allows any keys. */
  isOpenObject(schema: unknown, position: SchemaPosition): boolean {
    const { schema: resolved } = resolveSchema(schema, position);
    return (
      this.objectSlots(resolved, position).length === 0 &&
      resolved.additionalProperties !== false &&
      resolved.unevaluatedProperties !== false
    );
  }

  /**
   * A sequence of slots: required ones always, optional ones each optional, joined by `separator`.
   * `item(slot)` is the GBNF for one slot. Returns `""` for no slots.
   */
  slotSequence(
    slots: readonly PropertySlot[],
    separator: string,
    item: (slot: PropertySlot) => string,
  ): string {
    const required = slots.filter((slot) => slot.required).map(item);
    const optional = slots.filter((slot) => !slot.required).map(item);
    const tail = (from: number) =>
      optional
        .slice(from)
        .map((entry) => `(${separator} ${entry})?`)
        .join(" ");
    if (required.length > 0) {
      return [required.join(` ${separator} `), tail(0)].filter((part) => part !== "").join(" ");
    }
    if (optional.length === 0) return "";
    const starts = optional.map((entry, index) =>
      [entry, tail(index + 1)].filter((part) => part !== "").join(" "),
    );
    return `(${starts.join(" | ")})?`;
  }

  private typed(schema: SchemaObject, type: string, dialect: ValueDialect, position: SchemaPosition): string {
    switch (type) {
      case "string":
        return this.string(schema, dialect);
      case "integer":
        return integerGbnf(schema, position.path);
      case "number":
        return numberGbnf(schema, position.path);
      case "boolean":
        return booleanGbnf(dialect);
      case "null":
        return nullGbnf(dialect);
      case "object":
        return this.object(schema, dialect === "xml-text" ? "json" : dialect, position);
      case "array":
        return this.array(schema, dialect === "xml-text" ? "json" : dialect, position);
      default:
        throw this.unsupported(position, `unknown type "${type}"`);
    }
  }

  private string(schema: SchemaObject, dialect: ValueDialect): string {
    const formatted = formatContentGbnf(schema.format);
    let content: string;
    if (formatted !== undefined) content = formatted;
    else {
      const character = stringCharacterGbnf(this.rules, dialect, this.options);
      const minimum = nonNegativeInteger(schema.minLength) ?? 0;
      const maximum = capped(nonNegativeInteger(schema.maxLength), this.options.maxStringLength, minimum);
      content = repeatGbnf(character, minimum, maximum);
    }
    return quotedStringGbnf(content, dialect);
  }

  private object(schema: SchemaObject, dialect: StructuredDialect, position: SchemaPosition): string {
    if (this.isOpenObject(schema, position)) return anyValueRule(this.rules, dialect, this.options);
    const slots = this.objectSlots(schema, position);
    const members = this.slotSequence(slots, `"," ${optionalSpace}`, (slot) => {
      const value = this.value(slot.schema, dialect, slot.position);
      const key =
        dialect === "functiongemma" ? literalGbnf(slot.name, "xml-text") : literalGbnf(slot.name, "json");
      return this.rules.add(`${position.hint}-${slot.name}-kv`, `${key} ":" ${optionalSpace} ${value}`);
    });
    const body =
      members === "" ? `"{" ${optionalSpace} "}"` : `"{" ${optionalSpace} ${members} ${optionalSpace} "}"`;
    return this.rules.add(position.hint, body);
  }

  private array(schema: SchemaObject, dialect: StructuredDialect, position: SchemaPosition): string {
    // A tuple: 2020-12's `prefixItems` then `items`, or draft-07's `items: [...]` then `additionalItems`.
    const tuple = Array.isArray(schema.prefixItems);
    const prefix = (
      tuple ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : []
    ) as unknown[];
    const rest =
      tuple || Array.isArray(schema.items) ? schema[tuple ? "items" : "additionalItems"] : schema.items;
    const minimum = nonNegativeInteger(schema.minItems) ?? 0;
    const declaredMaximum = nonNegativeInteger(schema.maxItems);
    if (declaredMaximum !== undefined && declaredMaximum < minimum) {
      throw this.unsupported(position, "maxItems is below minItems");
    }
    const maximum = capped(declaredMaximum, this.options.maxArrayItems, minimum);
    if (rest === false && minimum > prefix.length) {
      throw this.unsupported(position, `minItems ${minimum} is more than the ${prefix.length} items allowed`);
    }
    const restKey = tuple ? "items" : prefix.length > 0 ? "additionalItems" : "items";
    const restItem =
      rest === false || maximum === prefix.length || (maximum !== undefined && maximum < prefix.length)
        ? undefined
        : this.value(rest ?? {}, dialect, position.child(restKey));
    const inner =
      prefix.length === 0
        ? this.repeated(restItem, minimum, maximum)
        : this.prefixed(prefix, restItem, minimum, maximum, dialect, position, tuple);
    const body =
      inner === "" ? `"[" ${optionalSpace} "]"` : `"[" ${optionalSpace} ${inner} ${optionalSpace} "]"`;
    return this.rules.add(`${position.hint}-array`, body);
  }

  /** `minimum` to `maximum` of `item`, comma-separated (`""` when none may appear). */
  private repeated(item: string | undefined, minimum: number, maximum: number | undefined): string {
    if (item === undefined || maximum === 0) return "";
    const more = repeatGbnf(
      `("," ${optionalSpace} ${item})`,
      Math.max(minimum - 1, 0),
      maximum === undefined ? undefined : maximum - 1,
    );
    const inner = [item, more].filter((part) => part !== "").join(" ");
    return minimum === 0 ? `(${inner})?` : inner;
  }

  /** Prefix items in order (the first `minimum` required), then the rest after all of them. */
  private prefixed(
    prefix: readonly unknown[],
    restItem: string | undefined,
    minimum: number,
    maximum: number | undefined,
    dialect: StructuredDialect,
    position: SchemaPosition,
    tuple: boolean,
  ): string {
    const usable = maximum === undefined ? prefix.length : Math.min(prefix.length, maximum);
    let tail =
      restItem === undefined
        ? ""
        : repeatGbnf(
            `("," ${optionalSpace} ${restItem})`,
            Math.max(minimum - prefix.length, 0),
            maximum === undefined ? undefined : maximum - prefix.length,
          );
    for (let index = usable - 1; index >= 0; index -= 1) {
      const item = this.value(
        prefix[index],
        dialect,
        position.child(`${tuple ? "prefixItems" : "items"}/${index}`),
      );
      const head = index === 0 ? item : `"," ${optionalSpace} ${item}`;
      const body = [head, tail].filter((part) => part !== "").join(" ");
      tail = index < minimum ? body : `(${body})?`;
    }
    return tail;
  }

  private unsupported(position: SchemaPosition, why: string): EdgecallError {
    return new EdgecallError("unsupported", `schema at ${position.path}: ${why}`, { subject: position.path });
  }
}
