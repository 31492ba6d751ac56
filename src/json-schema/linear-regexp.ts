/**
 * The regular-expression engine Ajv uses for `pattern` and `patternProperties` of schemas from
 * outside: RE2 (the pure-JavaScript port `re2js`), which matches in time linear in the input, so
 * a pattern such as `^(a+)+$` cannot freeze the process the way JavaScript's backtracking engine
 * can (ReDoS). A pattern is translated from ECMAScript syntax (`\u00e9`, named groups) first; one
 * that RE2 cannot run (backreferences, lookahead and lookbehind, repeats over 1000) is refused with
 * {@link UnsafePatternError}, never handed to JavaScript's engine instead.
 */
import { RE2JS } from "re2js";

/** The name of the engine schema patterns run on, as reports and tests say it. */
export const schemaPatternEngine = "re2js";

/** A schema pattern RE2 cannot run in linear time, with RE2's reason. */
export class UnsafePatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(
      `pattern ${JSON.stringify(pattern)} is not supported: only patterns that run in linear time ` +
        `(RE2 syntax: no backreferences or lookaround) are accepted (${reason})`,
    );
    this.name = "UnsafePatternError";
  }
}

/** What Ajv calls to test a string against a compiled pattern. */
export interface LinearRegExp {
  test(text: string): boolean;
  /** Ajv keys its compiled patterns by this text, so it must differ between patterns. */
  toString(): string;
  readonly engine: typeof schemaPatternEngine;
}

/** Compiles `pattern` (ECMAScript syntax, unanchored like JSON Schema's `pattern`) with RE2. */
export function compileLinearRegExp(pattern: string): LinearRegExp {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : String(error);
    throw new UnsafePatternError(pattern, reason);
  }
  return {
    test: (text) => compiled.test(text),
    toString: () => `re2js:${pattern}`,
    engine: schemaPatternEngine,
  };
}

/**
 * The engine in the shape Ajv's `code.regExp` option takes: `(pattern, flags) => {test}`. Ajv
 * passes only the `u` flag, which RE2 always honours (it matches code points).
 */
export const linearRegExpEngine = Object.assign(
  (pattern: string, _flags: string): LinearRegExp => compileLinearRegExp(pattern),
  { code: 'require("re2js").RE2JS' },
);
