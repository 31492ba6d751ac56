/**
 * Untrusted text made safe to print on a terminal: every character that can move the cursor,
 * start an escape sequence, reorder or hide what follows is written as a visible escape, and the
 * result is cut to a bounded length. Escaped: C0 controls (ESC, CR, backspace, ...) and DEL, C1
 * controls (U+0080-U+009F, including the one-character CSI U+009B and NEL U+0085), the line and
 * paragraph separators U+2028/U+2029, and invisible format characters (Unicode category Cf: bidi
 * overrides and isolates, zero-width space, word joiner, BOM, tag characters; the zero-width
 * joiner and non-joiner stay, scripts and emoji need them), lone surrogates as well. A tab, and
 * a line feed where `multiline` allows it, are kept; otherwise they show as `\t` and `\n`.
 * Used wherever a model's text, a tool's output or error, a confirmation or an MCP server's text
 * reaches a person (chat, run, tools call, mcp listings).
 */

/** Default bound of {@link terminalSafe}, in characters of the result. */
export const defaultTerminalLength = 1000;

/** Options of {@link terminalSafe}. */
export interface TerminalSafeOptions {
  /** Longest result in characters (UTF-16 units), the cut marker included. Default 1000; `Infinity` for none. */
  maxLength?: number;
  /** Keep line feeds as line breaks (default false: shown as `\n`, so one value stays one line). */
  multiline?: boolean;
}

const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u001b": "\\e" };

/** True for a character that must not reach a terminal as itself. */
function unsafe(character: string, code: number): boolean {
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  if (code === 0x2028 || code === 0x2029) return true;
  if (code >= 0xd800 && code <= 0xdfff) return true; // a lone surrogate (pairs arrive whole)
  if (code === 0x200c || code === 0x200d) return false;
  return /\p{Cf}/u.test(character);
}

function escaped(character: string, code: number): string {
  const known = named[character];
  if (known !== undefined) return known;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\u{${code.toString(16)}}`;
}

/**
 * `text` with terminal control and invisible format characters escaped (see the module comment)
 * and cut to `maxLength` characters, ending `… [+N chars]` when cut. Never throws; a non-string
 * is shown through `String()`.
 */
export function terminalSafe(text: string, options: TerminalSafeOptions = {}): string {
  const source = typeof text === "string" ? text : String(text);
  const maxLength = Math.max(16, options.maxLength ?? defaultTerminalLength);
  const pieces: { shown: string; from: number }[] = [];
  let length = 0;
  let consumed = 0;
  for (const character of source) {
    const code = character.codePointAt(0) ?? 0;
    const keep =
      character === "\t" || (character === "\n" && options.multiline === true) || !unsafe(character, code);
    const shown = keep ? character : escaped(character, code);
    pieces.push({ shown, from: consumed });
    length += shown.length;
    consumed += character.length;
    if (length > maxLength) break;
  }
  if (length <= maxLength) return pieces.map((piece) => piece.shown).join("");
  // Too long: drop pieces from the end until the kept ones and the marker fit.
  const marker = (from: number) => `… [+${source.length - from} chars]`;
  while (pieces.length > 0) {
    const last = pieces[pieces.length - 1] as { shown: string; from: number };
    if (length - last.shown.length + marker(last.from).length <= maxLength) {
      pieces.pop();
      length -= last.shown.length;
      return `${pieces.map((piece) => piece.shown).join("")}${marker(last.from)}`;
    }
    pieces.pop();
    length -= last.shown.length;
  }
  return marker(0).slice(0, maxLength);
}

/** {@link terminalSafe} on one line: white space runs (line breaks included) become one space first. */
export function terminalLine(text: string, maxLength = defaultTerminalLength): string {
  const source = typeof text === "string" ? text : String(text);
  return terminalSafe(
    source.replace(/[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g, " "),
    {
      maxLength,
    },
  );
}
