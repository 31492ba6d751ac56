/**
 * Word wrapping for the terminal: lines of at most `width` characters, broken at spaces; a word
 * longer than a line is broken inside itself. With `maxLines`, text past the last line is cut at
 * a word boundary and marked with an ellipsis, never mid-word.
 */

/** Options of {@link wrapWords}. */
export interface WrapOptions {
  /** Most lines; the last one ends in `…` when text was left out. */
  maxLines?: number;
}

/** `text` (its whitespace collapsed) in lines of at most `width` characters. */
export function wrapWords(text: string, width: number, options: WrapOptions = {}): string[] {
  const limit = Math.max(1, Math.floor(width));
  const words = text.split(/\s+/).filter((word) => word !== "");
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= limit) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (line.length > limit) {
      lines.push(line.slice(0, limit));
      line = line.slice(limit);
    }
  }
  if (line !== "") lines.push(line);
  const most = options.maxLines;
  if (most === undefined || lines.length <= most) return lines;
  const kept = lines.slice(0, Math.max(1, most));
  const lastIndex = kept.length - 1;
  const tail = (kept[lastIndex] ?? "").split(" ");
  // Room for the ellipsis: drop words from the end of the last line until it fits.
  while (tail.length > 1 && tail.join(" ").length + 1 > limit) tail.pop();
  let last = tail.join(" ");
  if (last.length + 1 > limit) last = last.slice(0, limit - 1);
  kept[lastIndex] = `${last.replace(/[\s,;:(-]+$/, "")}…`;
  return kept;
}
