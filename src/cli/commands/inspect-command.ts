/**
 * `edgecall inspect FILE`: validates a GGUF file (or an `hf:` model, downloaded into the cache
 * first) with our own reader and describes it. A model
 * whose hyperparameters llama.cpp would abort on (or refuse) is described, its problems listed,
 * and the command exits 1 with `edgecall: FILE: <problems>` on stderr.
 */
import { localModelFile } from "../../backend/open-model.js";
import { inspectGguf } from "../../gguf/inspect.js";
import { formatInspectText } from "../../gguf/inspect-text.js";

/** Runs the command; returns the exit code. */
export async function inspectCommand(file: string, options: { json?: boolean }): Promise<number> {
  const path = file.trim().startsWith("hf:") ? ((await localModelFile(file.trim())) ?? file) : file;
  const result = await inspectGguf(path);
  process.stdout.write(
    options.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatInspectText(result)}\n`,
  );
  if (result.problems.length === 0) return 0;
  process.stderr.write(`edgecall: ${file}: ${result.problems.join("; ")}\n`);
  return 1;
}
