/**
 * Limits on rendering a chat template. A GGUF's template is code from the file, and
 * @huggingface/jinja 0.5.11 runs it without bounds: `{% for i in range(1000000000000) %}` builds
 * the whole list first and ends in a V8 fatal out-of-memory error that no `catch` sees, and two
 * nested loops of 100,000 run for hours while their output grows. Rendering here stops at a
 * number of loop iterations, list items, characters built and milliseconds, whichever comes first,
 * with a {@link TemplateLimitError} naming the limit.
 *
 * How it hooks in (the library's only public hook is `Interpreter.evaluate`, which every node
 * of the template goes through): `range` is replaced by one that refuses more items than the
 * iteration limit before building anything; the first statement of each loop body is noted when
 * the loop starts, and each evaluation of it is one iteration; every value evaluated is checked
 * for its length (strings) or item count (lists); the clock is read at each loop start and every
 * 256 evaluations. A loop iteration costs about 10 µs in 0.5.11, so the default limits refuse a
 * runaway template in about a second, far above what any real template needs (a few thousand
 * iterations for a long conversation with many tools).
 *
 * Filters that grow a string in one step (`replace`, `join`, `indent`, and the `.replace()`
 * method) are sized before they run (template-growth.ts): one `replace` built 335 M characters
 * before the check on values saw them. Their arguments are evaluated once, here, and handed to
 * the library's own filter (through `applyFilter` and `evaluateArguments`, which it calls on
 * `this`), so nothing is evaluated twice.
 */
import { type Environment, Interpreter } from "@huggingface/jinja";
import { indentedLength, joinedLength, replacedLength } from "./template-growth.js";

/** The limits of one render. */
export interface TemplateLimits {
  /** Loop iterations, all loops together; also the most items of one list (`range()` included). */
  maxIterations: number;
  /** Characters of any one string the template builds, its output included. */
  maxCharacters: number;
  /** Wall-clock milliseconds of the render. */
  maxMilliseconds: number;
}

/** The default limits: 100,000 iterations, 16 Mi characters, 5 seconds. */
export const defaultTemplateLimits: Readonly<TemplateLimits> = {
  maxIterations: 100_000,
  maxCharacters: 16 * 1024 * 1024,
  maxMilliseconds: 5_000,
};

/** A render stopped at a limit; `limit` names which. */
export class TemplateLimitError extends Error {
  constructor(
    readonly limit: keyof TemplateLimits,
    message: string,
  ) {
    super(message);
    this.name = "TemplateLimitError";
  }
}

/** The limits with `overrides` applied; each must be a positive number. */
export function templateLimits(overrides: Partial<TemplateLimits> = {}): TemplateLimits {
  const limits = { ...defaultTemplateLimits, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!(typeof value === "number" && value > 0)) {
      throw new RangeError(`template limit ${name} must be a positive number, got ${String(value)}`);
    }
  }
  return limits;
}

/** A template node, as far as the limits look at it. */
interface Statement {
  type: string;
  body?: unknown[];
}

/** A filter node: `name` or `name(args)`. */
interface FilterNode {
  type: string;
  value?: unknown;
  callee?: { type: string; value?: unknown };
  args?: Statement[];
}

/** A call node: `callee(args)`, the callee `object.property` for a method. */
interface CallNode extends Statement {
  callee: {
    type: string;
    computed?: boolean;
    object?: Statement;
    property?: { type: string; value?: unknown };
  };
  args: Statement[];
}

/** Evaluated arguments: positional, and by keyword. */
type EvaluatedArguments = [RuntimeValue[], Map<string, RuntimeValue>];

/** The filters whose result can be far longer than their operand. */
const growingFilters = new Set(["replace", "join", "indent"]);

/** A runtime value, as far as the limits look at it. */
interface RuntimeValue {
  type: string;
  value: unknown;
}

/**
 * The Interpreter's public surface. Its typings import "./runtime" without an extension, which
 * this project's module resolution cannot follow, so the class is typed here.
 */
interface JinjaInterpreter {
  run(program: unknown): RuntimeValue;
  evaluate(statement: Statement | undefined, environment: Environment): RuntimeValue;
  applyFilter(operand: RuntimeValue, filter: FilterNode, environment: Environment): RuntimeValue;
  evaluateArguments(args: Statement[], environment: Environment): EvaluatedArguments;
}

const InterpreterBase = Interpreter as unknown as new (environment: Environment) => JinjaInterpreter;

/** Python's `range()`, refusing before it builds a list longer than `maxItems`. */
export function boundedRange(maxItems: number): (start: number, stop?: number, step?: number) => number[] {
  return (start, stop, step = 1) => {
    const [from, to] = stop === undefined ? [0, start] : [start, stop];
    if (step === 0) throw new Error("range() step must not be zero");
    const count = Math.max(0, Math.ceil((to - from) / step));
    if (!Number.isFinite(count) || count > maxItems) {
      throw new TemplateLimitError(
        "maxIterations",
        `range() of ${count} items is over the limit of ${maxItems} loop iterations`,
      );
    }
    const values: number[] = [];
    for (let value = from; step > 0 ? value < to : value > to; value += step) values.push(value);
    return values;
  };
}

/** An Interpreter that stops at the {@link TemplateLimits}. */
export class BoundedInterpreter extends InterpreterBase {
  private readonly limits: TemplateLimits;
  private readonly deadline: number;
  private readonly loopBodies = new WeakSet<object>();
  private iterations = 0;
  private steps = 0;
  /** Arguments and operands evaluated ahead of the library, by node, each handed back once. */
  private readonly aheadArguments = new Map<object, EvaluatedArguments>();
  private readonly aheadValues = new Map<object, RuntimeValue>();
  /** The longest string any evaluation produced (what the character limit bounds). */
  longestString = 0;

  constructor(environment: Environment, limits: TemplateLimits) {
    super(environment);
    this.limits = limits;
    this.deadline = performance.now() + limits.maxMilliseconds;
  }

  override evaluate(statement: Statement | undefined, environment: Environment): RuntimeValue {
    if (statement !== undefined) {
      const ahead = this.aheadValues.get(statement);
      if (ahead !== undefined) {
        this.aheadValues.delete(statement);
        return ahead;
      }
      if (statement.type === "For") {
        const first = (statement as { body?: unknown[] }).body?.[0];
        if (typeof first === "object" && first !== null) this.loopBodies.add(first);
        this.checkClock();
      } else if (this.loopBodies.has(statement) && ++this.iterations > this.limits.maxIterations) {
        throw new TemplateLimitError(
          "maxIterations",
          `it ran more than ${this.limits.maxIterations} loop iterations (the limit on loop iterations)`,
        );
      }
      if ((++this.steps & 255) === 0) this.checkClock();
      if (statement.type === "CallExpression")
        return this.evaluateMethodCall(statement as CallNode, environment);
    }
    return this.evaluateChecked(statement, environment);
  }

  override evaluateArguments(args: Statement[], environment: Environment): EvaluatedArguments {
    const ahead = this.aheadArguments.get(args);
    if (ahead !== undefined) {
      this.aheadArguments.delete(args);
      return ahead;
    }
    return super.evaluateArguments(args, environment);
  }

  /** A growing filter is sized first, with its arguments evaluated here and handed on. */
  override applyFilter(operand: RuntimeValue, filter: FilterNode, environment: Environment): RuntimeValue {
    const name = filter.type === "Identifier" ? filter.value : filter.callee?.value;
    if (typeof name !== "string" || !growingFilters.has(name))
      return super.applyFilter(operand, filter, environment);
    const args = filter.type === "CallExpression" ? (filter.args ?? []) : undefined;
    const [positional, keywords] =
      args === undefined
        ? ([[], new Map()] as EvaluatedArguments)
        : super.evaluateArguments(args, environment);
    const text = typeof operand.value === "string" ? operand.value : undefined;
    const length =
      name === "join"
        ? joinedLength(operand, positional, keywords)
        : text === undefined
          ? undefined
          : name === "replace"
            ? replacedLength(text, positional, keywords)
            : indentedLength(text, positional, keywords);
    if (length !== undefined) this.checkGrowth(name, length);
    if (args !== undefined) this.aheadArguments.set(args, [positional, keywords]);
    try {
      return super.applyFilter(operand, filter, environment);
    } finally {
      if (args !== undefined) this.aheadArguments.delete(args);
    }
  }

  /** `text.replace(old, new)`: sized like the filter, its string and arguments evaluated once. */
  private evaluateMethodCall(call: CallNode, environment: Environment): RuntimeValue {
    const { callee } = call;
    const isReplace =
      callee.type === "MemberExpression" &&
      callee.computed !== true &&
      callee.property?.type === "Identifier" &&
      callee.property.value === "replace" &&
      callee.object !== undefined;
    if (!isReplace) return this.evaluateChecked(call, environment);
    const object = callee.object as Statement;
    const target = this.evaluate(object, environment);
    const evaluated = this.evaluateArguments(call.args, environment);
    if (typeof target.value === "string" && target.type === "StringValue") {
      const length = replacedLength(target.value, evaluated[0], evaluated[1]);
      if (length !== undefined) this.checkGrowth("replace", length);
    }
    this.aheadValues.set(object, target);
    this.aheadArguments.set(call.args, evaluated);
    try {
      return this.evaluateChecked(call, environment);
    } finally {
      this.aheadValues.delete(object);
      this.aheadArguments.delete(call.args);
    }
  }

  /** The library's evaluation of a node, its result checked for size. */
  private evaluateChecked(statement: Statement | undefined, environment: Environment): RuntimeValue {
    const value = super.evaluate(statement, environment);
    this.checkSize(value);
    return value;
  }

  private checkGrowth(filter: string, length: number): void {
    if (length > this.limits.maxCharacters) {
      throw new TemplateLimitError(
        "maxCharacters",
        `${filter}() would build a string of ${length} characters, over the limit of ${this.limits.maxCharacters} characters`,
      );
    }
  }

  private checkClock(): void {
    if (performance.now() > this.deadline) {
      throw new TemplateLimitError(
        "maxMilliseconds",
        `rendering took more than ${this.limits.maxMilliseconds} ms (the time limit)`,
      );
    }
  }

  private checkSize(value: RuntimeValue): void {
    const inner: unknown = value.value;
    if (typeof inner === "string" && inner.length > this.longestString) this.longestString = inner.length;
    if (typeof inner === "string" && inner.length > this.limits.maxCharacters) {
      throw new TemplateLimitError(
        "maxCharacters",
        `it built a string of ${inner.length} characters, over the limit of ${this.limits.maxCharacters} characters`,
      );
    }
    if (Array.isArray(inner) && inner.length > this.limits.maxIterations) {
      throw new TemplateLimitError(
        "maxIterations",
        `it built a list of ${inner.length} items, over the limit of ${this.limits.maxIterations} (the limit on loop iterations)`,
      );
    }
  }
}
