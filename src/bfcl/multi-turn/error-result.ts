/**
 * The `{"error": text}` dict that BFCL's API methods return when a check fails, shared by the
 * parts of the classes that are split over several files.
 */
import { PyDict } from "./py-object.js";

/** `{"error": text}`. */
export const errorResult = (text: string): PyDict => new PyDict([["error", text]]);
