/**
 * Which GGUF of a repository an `hf:` spec means: `/FILE.gguf` that file; `:QUANT` the one whose
 * name holds the tag (any case; a tag standing on its own, `-Q4_K_M.`, wins over one inside a longer
 * tag, `Q4_K` in `Q4_K_M`); no tag Q4_K_M when there is one, else the only GGUF. None or several:
 * a clear error listing the files to choose from. The chosen name came from the hub, so it must
 * pass {@link filePathProblem} before it becomes a path; the hub must say its sha256 and size.
 */
import { EdgecallError } from "../../errors.js";
import { formatBytes } from "../../text/byte-units.js";
import { terminalLine } from "../../text/terminal-safe.js";
import { downloadError } from "./hub-http.js";
import type { HubFile } from "./hub-listing.js";
import { filePathProblem, isGgufName } from "./hub-names.js";

/** The quant tag picked when an `hf:` spec names none (as llama.cpp's `-hf` does). */
export const defaultQuant = "Q4_K_M";
/** The most files an error lists. */
const listedFiles = 40;

/** What an `hf:` spec asks for. */
export interface HubFileRequest {
  owner: string;
  repo: string;
  quant?: string;
  file?: string;
}

/** A picked file, its name checked, with the size and sha256 the download is verified against. */
export interface PickedHubFile {
  name: string;
  size: number;
  sha256: string;
}

const splitPattern = /-\d{5}-of-\d{5}\.gguf$/i;

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Files a multimodal repository ships beside the model: projectors, not language models. */
function isProjector(path: string): boolean {
  return baseName(path).toLowerCase().startsWith("mmproj");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The GGUF files among `files` whose name holds `tag`, those holding it on its own first. */
export function filesWithQuant(files: readonly HubFile[], tag: string): HubFile[] {
  const lower = tag.toLowerCase();
  const holding = files.filter((file) => baseName(file.name).toLowerCase().includes(lower));
  if (holding.length <= 1) return holding;
  const alone = new RegExp(`(^|[^a-z0-9])${escapeRegExp(lower)}($|[^a-z0-9_])`);
  const standing = holding.filter((file) => alone.test(baseName(file.name).toLowerCase()));
  return standing.length >= 1 ? standing : holding;
}

function listing(files: readonly HubFile[], request: HubFileRequest): string {
  if (files.length === 0) return "it has no .gguf file";
  const shown = files
    .slice(0, listedFiles)
    .map(
      (file) =>
        `  hf:${request.owner}/${request.repo}/${terminalLine(file.name, 300)}${file.size === undefined ? "" : ` (${formatBytes(file.size)})`}`,
    );
  const more = files.length > listedFiles ? [`  ... and ${files.length - listedFiles} more`] : [];
  return `its GGUF files:\n${[...shown, ...more].join("\n")}`;
}

function choiceError(message: string, files: readonly HubFile[], request: HubFileRequest): EdgecallError {
  const spec = `hf:${request.owner}/${request.repo}`;
  return new EdgecallError("invalid-model-spec", `${spec}: ${message}; ${listing(files, request)}`, {
    subject: spec,
  });
}

function single(matches: HubFile[], ggufs: HubFile[], request: HubFileRequest, what: string): HubFile {
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) throw choiceError(`no GGUF file ${what}`, ggufs, request);
  if (matches.every((file) => splitPattern.test(file.name)))
    throw choiceError(
      `the file ${what} is split into ${matches.length} parts (-00001-of-...); edgecall loads single-file GGUFs only: merge them with llama-gguf-split --merge and pass the file`,
      ggufs,
      request,
    );
  throw choiceError(`${matches.length} GGUF files ${what}; name one with /FILE.gguf`, matches, request);
}

/** Picks the file `request` means among a repository's `files`; throws a clear error otherwise. */
export function pickHubFile(files: readonly HubFile[], request: HubFileRequest): PickedHubFile {
  const ggufs = files.filter((file) => isGgufName(file.name));
  const models = ggufs.filter((file) => !isProjector(file.name));
  let chosen: HubFile;
  if (request.file !== undefined) {
    const wanted = request.file;
    const exact = ggufs.filter((file) => file.name === wanted);
    chosen =
      exact.length === 1
        ? exact[0]!
        : single(
            ggufs.filter((file) => file.name.toLowerCase() === wanted.toLowerCase()),
            ggufs,
            request,
            `named ${wanted}`,
          );
  } else if (request.quant !== undefined) {
    chosen = single(
      filesWithQuant(models, request.quant),
      ggufs,
      request,
      `with the quant tag ${request.quant}`,
    );
  } else {
    const preferred = filesWithQuant(models, defaultQuant);
    if (preferred.length === 1) chosen = preferred[0]!;
    else if (preferred.length === 0 && models.length === 1) chosen = models[0]!;
    else
      chosen = single(
        preferred,
        ggufs,
        request,
        `with the default quant tag ${defaultQuant} (pick one with :QUANT, e.g. :Q8_0, or /FILE.gguf)`,
      );
  }
  return checked(chosen, `hf:${request.owner}/${request.repo}`);
}

function checked(file: HubFile, spec: string): PickedHubFile {
  const problem = filePathProblem(file.name);
  if (problem !== undefined)
    throw downloadError(
      `${spec}: refusing the hub's file name '${terminalLine(file.name, 300)}': it ${problem}`,
      spec,
    );
  if (file.sha256 === undefined || file.size === undefined)
    throw downloadError(
      `${spec}: the hub gives no sha256 and size for ${file.name}, so the download could not be verified; download it yourself and pass the path`,
      spec,
    );
  return { name: file.name, size: file.size, sha256: file.sha256 };
}
