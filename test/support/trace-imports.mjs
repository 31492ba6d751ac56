// A module hook for tests: reports every resolved import specifier on stderr, so a test can
// prove that a command never loads a module (e.g. `edgecall --help` never loads node-llama-cpp).
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        const result = await next(specifier, context);
        process.stderr.write("[import] " + result.url + "\\n");
        return result;
      }
    `),
);
