/**
 * Where the assistant world lives by default: $EDGECALL_STATE_DIR, else
 * $XDG_DATA_HOME/edgecall/state, else ~/.local/share/edgecall/state.
 */
import { homedir } from "node:os";
import { join } from "node:path";

/** The default state folder for the given environment. */
export function defaultStateDir(environment: NodeJS.ProcessEnv = process.env): string {
  const explicit = environment.EDGECALL_STATE_DIR;
  if (explicit !== undefined && explicit !== "") return explicit;
  const xdg = environment.XDG_DATA_HOME;
  if (xdg !== undefined && xdg !== "") return join(xdg, "edgecall", "state");
  return join(homedir(), ".local", "share", "edgecall", "state");
}
