/**
 * What `serve` says about its model file: nothing. Error messages from a backend often name the
 * model by its path ("the context of /home/alice/models/x.gguf holds 4096"), which is right on a
 * terminal and wrong in an HTTP reply (it tells any client the user's name and folders). The
 * wrapped backend rethrows such errors with the path replaced by the model id clients see.
 */
import type {
  GenerateOptions,
  GenerateRequest,
  ModelBackend,
  StreamEvent,
} from "../backend/model-backend.js";
import { EdgecallError, isEdgecallError } from "../errors.js";

/** `error` with every occurrence of `path` in its message (and subject) replaced by `name`. */
function withPathHidden(error: unknown, path: string, name: string): unknown {
  if (!(error instanceof Error) || !error.message.includes(path)) return error;
  const message = error.message.split(path).join(name);
  if (isEdgecallError(error)) {
    return new EdgecallError(error.code, message, {
      ...(error.subject === undefined ? {} : { subject: error.subject.split(path).join(name) }),
      cause: error,
    });
  }
  const hidden = new Error(message, { cause: error });
  hidden.name = error.name;
  return hidden;
}

/**
 * `backend`, whose errors name `modelName` where they named the model file (`info.model` when it
 * is a path). A backend whose `info.model` is a plain name (a remote server's model) is returned as is.
 */
export function withModelPathHidden(backend: ModelBackend, modelName: string): ModelBackend {
  const path = backend.info.model;
  if (!/[/\\]/.test(path) || path === modelName) return backend;
  const inner = backend.stream?.bind(backend);
  const wrapped: ModelBackend = {
    get info() {
      return backend.info;
    },
    get capabilities() {
      return backend.capabilities;
    },
    async generate(request: GenerateRequest, options?: GenerateOptions) {
      try {
        return await backend.generate(request, options);
      } catch (error) {
        throw withPathHidden(error, path, modelName);
      }
    },
    close: () => backend.close(),
  };
  const report = backend.report?.bind(backend);
  if (report !== undefined) wrapped.report = report;
  if (inner !== undefined)
    wrapped.stream = async function* (request: GenerateRequest, options?: GenerateOptions) {
      try {
        yield* inner(request, options) as AsyncIterable<StreamEvent>;
      } catch (error) {
        throw withPathHidden(error, path, modelName);
      }
    };
  return wrapped;
}
