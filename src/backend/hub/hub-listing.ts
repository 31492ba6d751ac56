/**
 * A repository's files as the hub lists them: `GET {endpoint}/api/models/{owner}/{repo}?blobs=true`
 * answers the commit (`sha`) and `siblings`, each with `rfilename`, `size` and, for LFS files (every
 * GGUF on the hub), `lfs.sha256` and `lfs.size`. The answer is bounded (size and entries) and checked
 * with zod; names are kept as sent and judged when a file is picked (pick-hub-file.ts).
 */
import { z } from "zod";
import { downloadError, hubGet, readBounded, statusError } from "./hub-http.js";
import type { HubSettings } from "./hub-settings.js";

/** The largest API answer read (a repository with thousands of files is a few MiB). */
export const maxListingBytes = 16 * 1024 * 1024;
/** The longest a listing may take, in ms, however steadily it trickles in. */
export const listingDeadlineMs = 120_000;
/** The most files a listing may have. */
const maxSiblings = 50_000;

/** One file of a repository. */
export interface HubFile {
  /** The path inside the repository, as the hub sent it (not yet checked). */
  name: string;
  /** Size in bytes (the LFS object's), when the hub said. */
  size: number | undefined;
  /** Hex sha256 of the content (the LFS oid), when the hub said. */
  sha256: string | undefined;
}

/** A repository's listing at one commit. */
export interface HubListing {
  /** The commit the listing is of (40 hex digits), or undefined when the hub did not say. */
  commit: string | undefined;
  files: HubFile[];
}

const sizeSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const listingSchema = z.object({
  sha: z.string().max(100).optional(),
  siblings: z
    .array(
      z.object({
        rfilename: z.string().max(2000),
        size: sizeSchema.optional(),
        lfs: z
          .object({
            sha256: z.string().max(200).optional(),
            oid: z.string().max(200).optional(),
            size: sizeSchema.optional(),
          })
          .nullish(),
      }),
    )
    .max(maxSiblings),
});

const sha256Pattern = /^[0-9a-f]{64}$/;

/** Parses an API answer's bytes; throws `model-download` naming `what` for anything malformed. */
export function parseListing(body: Buffer, what: string): HubListing {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    throw downloadError(`the hub's listing of ${what} is not JSON`, what);
  }
  const parsed = listingSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw downloadError(
      `the hub's listing of ${what} is malformed (${issue?.path.join(".") || "top level"}: ${issue?.message ?? "invalid"})`,
      what,
    );
  }
  const commit =
    parsed.data.sha !== undefined && /^[0-9a-f]{40}$/.test(parsed.data.sha) ? parsed.data.sha : undefined;
  return {
    commit,
    files: parsed.data.siblings.map((sibling) => {
      const oid = (sibling.lfs?.sha256 ?? sibling.lfs?.oid)?.replace(/^sha256:/, "").toLowerCase();
      return {
        name: sibling.rfilename,
        size: sibling.lfs?.size ?? sibling.size,
        sha256: oid !== undefined && sha256Pattern.test(oid) ? oid : undefined,
      };
    }),
  };
}

/** Fetches and parses the listing of `owner/repo`. */
export async function fetchListing(
  owner: string,
  repo: string,
  settings: HubSettings,
  signal?: AbortSignal,
): Promise<HubListing> {
  const what = `hf:${owner}/${repo}`;
  const url = new URL(
    `${settings.endpoint}/api/models/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}?blobs=true`,
  );
  const deadline = AbortSignal.timeout(listingDeadlineMs);
  try {
    const { response } = await hubGet(url, {
      settings,
      headers: { accept: "application/json" },
      signal: signal === undefined ? deadline : AbortSignal.any([signal, deadline]),
    });
    const status = response.statusCode ?? 0;
    if (status !== 200) {
      response.resume();
      throw statusError(status, what, settings);
    }
    return parseListing(await readBounded(response, maxListingBytes, `the hub's listing of ${what}`), what);
  } catch (error) {
    if (deadline.aborted && signal?.aborted !== true)
      throw downloadError(
        `the hub's listing of ${what} took more than ${listingDeadlineMs / 1000} s`,
        what,
        error,
      );
    throw error;
  }
}
