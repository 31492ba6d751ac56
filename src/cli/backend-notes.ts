/**
 * What the CLI tells the user about a backend's report (src/backend/model-backend.ts
 * `BackendReport`) at the end of a command: schema bounds a server's grammar could not take, and a
 * fleet's servers that left the rotation.
 */
import type { BackendReport } from "../backend/model-backend.js";

/** One line per thing worth saying (none for a report with nothing unusual). */
export function backendNotes(report: BackendReport | undefined): string[] {
  if (report === undefined) return [];
  const notes: string[] = [];
  const relaxed = report.relaxedBounds ?? [];
  if (relaxed.length > 0)
    notes.push(
      `note: the server could not build a grammar from the tool schemas; ${relaxed.length} bounds were sent without ` +
        `their limit (the argument validator still enforces them; run.json lists them): ${relaxed.slice(0, 3).join("; ")}${relaxed.length > 3 ? "; ..." : ""}`,
    );
  for (const server of report.servers ?? []) {
    if (server.removed > 0)
      notes.push(
        `note: ${server.url} stopped answering and left the rotation ${server.removed} time(s); ` +
          `its calls went to the other servers (${server.succeeded} of ${server.requests} calls answered there)`,
      );
  }
  return notes;
}
