/**
 * Names on a model hub (Hugging Face or a mirror) that edgecall accepts: owners, repositories,
 * quant tags and file paths. Every name becomes part of a URL and of a path in edgecall's cache,
 * and file names come from the hub (untrusted), so each is held to a strict alphabet: segments of
 * `[A-Za-z0-9._-]`, never `.` or `..`, bounded in length and depth.
 */

/** Characters a path segment may hold. */
const segmentPattern = /^[A-Za-z0-9._-]+$/;
/** An owner or repository name, as the hub allows them (letters, digits, `.`, `_`, `-`). */
const repoNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** A quant tag such as `Q4_K_M`, `iq4_xs`, `BF16` or `UD-Q4_K_XL`. */
const quantPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The longest owner or repository name accepted (the hub allows 96). */
export const maxRepoNameLength = 96;
/** The longest quant tag accepted. */
export const maxQuantLength = 40;
/** The longest file path (all segments) accepted. */
export const maxFilePathLength = 512;
/** The most segments (folders plus the file) a file path may have. */
export const maxFileSegments = 8;
/** The longest single segment (file systems allow 255 bytes). */
const maxSegmentLength = 200;

/** Why `name` is not an acceptable owner or repository name, or undefined when it is. */
export function repoNameProblem(name: string): string | undefined {
  if (name === "") return "is empty";
  if (name.length > maxRepoNameLength) return `is longer than ${maxRepoNameLength} characters`;
  if (!repoNamePattern.test(name) || name.includes(".."))
    return "may hold only letters, digits, '.', '_' and '-' (starting with a letter or digit)";
  return undefined;
}

/** Why `tag` is not an acceptable quant tag, or undefined when it is. */
export function quantTagProblem(tag: string): string | undefined {
  if (tag === "") return "is empty";
  if (tag.length > maxQuantLength) return `is longer than ${maxQuantLength} characters`;
  if (!quantPattern.test(tag)) return "may hold only letters, digits, '.', '_' and '-'";
  return undefined;
}

/**
 * Why `path` is not a safe relative file path (`dir/file.gguf`), or undefined when it is: each
 * segment `[A-Za-z0-9._-]`, none `.` or `..`, no leading or doubled `/`, bounded length and depth.
 */
export function filePathProblem(path: string): string | undefined {
  if (path === "") return "is empty";
  if (path.length > maxFilePathLength) return `is longer than ${maxFilePathLength} characters`;
  const segments = path.split("/");
  if (segments.length > maxFileSegments) return `has more than ${maxFileSegments} path segments`;
  for (const segment of segments) {
    if (segment === "") return "has an empty path segment (a leading, trailing or doubled '/')";
    if (segment === "." || segment === "..") return "may not hold '.' or '..' segments";
    if (segment.length > maxSegmentLength) return `has a segment longer than ${maxSegmentLength} characters`;
    if (!segmentPattern.test(segment)) return "may hold only letters, digits, '.', '_', '-' and '/'";
  }
  return undefined;
}

/** True for a file name that ends in `.gguf` (any case). */
export function isGgufName(path: string): boolean {
  return path.toLowerCase().endsWith(".gguf");
}
