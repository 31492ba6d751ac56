/**
 * Whether a `Content-Type` says JSON. A browser page may send `text/plain`, form encodings and
 * `multipart/form-data` to any site without asking first (no CORS preflight); `application/json`
 * needs a preflight, which only origins given with `--cors` pass. So a server that parses only
 * `application/json` bodies cannot be driven by another site's page.
 */

/**
 * True for `application/json`, optionally with a `charset` parameter of UTF-8 (JSON's only
 * encoding, RFC 8259), in any letter case. Any other type, parameter or charset is false.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [essence = "", ...parameters] = header.split(";");
  if (essence.trim().toLowerCase() !== "application/json") return false;
  return parameters.every(
    (parameter) => parameter.trim() === "" || /^\s*charset\s*=\s*("utf-8"|utf-8)\s*$/i.test(parameter),
  );
}

/** True when the request's headers say it carries a body (a non-zero `Content-Length`, or `Transfer-Encoding`). */
export function carriesBody(
  contentLength: string | undefined,
  transferEncoding: string | undefined,
): boolean {
  if (transferEncoding !== undefined && transferEncoding.trim() !== "") return true;
  return contentLength !== undefined && !/^\s*0*\s*$/.test(contentLength);
}
