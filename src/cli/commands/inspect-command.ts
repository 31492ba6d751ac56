/** `edgecall inspect FILE`: validates a GGUF file with our own reader and describes it. */
import { inspectGguf } from "../../gguf/inspect.js";
import { formatInspectText } from "../../gguf/inspect-text.js";

/** Runs the command; returns the exit code. */
export async function inspectCommand(file: string, options: { json?: boolean }): Promise<number> {
  const result = await inspectGguf(file);
  process.stdout.write(
    options.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatInspectText(result)}\n`,
  );
  return 0;
}
