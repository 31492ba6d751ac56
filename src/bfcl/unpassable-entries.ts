/** BFCL v4 entries whose ground truth cannot pass the official checker (a fact about the data). */
/**
 * Entries whose possible answers no natural output can match; BFCL's official checker fails
 * the same results with the same error types (checked by running it). `suite check` counts them
 * as samples without a usable reference solution. Values: the checker's error type.
 */
export const unpassableEntries: Readonly<Record<string, string>> = {
  // ArrayList of "any": items stay strings, the answers hold ints / booleans.
  simple_java_36: "value_error:list/tuple",
  simple_java_65: "value_error:list/tuple",
  // A dict answer whose value is a bare string, not a list of options.
  simple_java_64: "value_error:dict_value",
  // A required parameter with an empty option list.
  "live_simple_106-63-0": "simple_function_checker:missing_required",
  "live_simple_112-68-0": "simple_function_checker:missing_required",
  // Answers naming parameters the function doc does not have.
  "live_multiple_862-181-3": "simple_function_checker:unexpected_param",
  "live_multiple_964-207-0": "simple_function_checker:missing_required",
};
