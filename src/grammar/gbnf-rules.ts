/**
 * A small builder for GBNF grammars (llama.cpp's grammar syntax): named rules, deduplicated by
 * body, plus the escaping helpers every grammar generator needs.
 */

/** Quotes `text` as a GBNF string literal (`"..."`), escaping what the GBNF parser needs escaped. */
export function gbnfLiteral(text: string): string {
  let body = "";
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (character === '"') body += '\\"';
    else if (character === "\\") body += "\\\\";
    else if (character === "\n") body += "\\n";
    else if (character === "\r") body += "\\r";
    else if (character === "\t") body += "\\t";
    else if (code < 0x20 || code === 0x7f) body += `\\x${code.toString(16).padStart(2, "0")}`;
    else body += character;
  }
  return `"${body}"`;
}

/** Turns any text into a legal GBNF rule name (lowercase letters, digits and dashes). */
export function gbnfRuleName(hint: string): string {
  const name = hint
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return name === "" ? "rule" : name;
}

/**
 * An ordered set of GBNF rules. `root` is always written first. Rules with identical bodies share
 * one name, which keeps grammars for many similar tools small.
 */
export class GbnfRuleSet {
  private readonly bodies = new Map<string, string>();
  private readonly namesByBody = new Map<string, string>();

  /**
   * Adds a rule and returns the name to reference it by: an existing rule's name when the body is
   * already present, otherwise `hint` made legal and unique.
   */
  add(hint: string, body: string): string {
    const existing = this.namesByBody.get(body);
    if (existing !== undefined) return existing;
    const name = this.uniqueName(gbnfRuleName(hint));
    this.bodies.set(name, body);
    this.namesByBody.set(body, name);
    return name;
  }

  /** Reserves a name now and fills in its body later (for rules that are referenced before built). */
  reserve(hint: string): string {
    const name = this.uniqueName(gbnfRuleName(hint));
    this.bodies.set(name, "");
    return name;
  }

  /** Sets the body of a name obtained from {@link reserve}. */
  define(name: string, body: string): void {
    this.bodies.set(name, body);
  }

  /** True when a rule with this name exists. */
  has(name: string): boolean {
    return this.bodies.has(name);
  }

  /** The grammar text with `rootBody` as the `root` rule. */
  toGrammar(rootBody: string): string {
    const lines = [`root ::= ${rootBody}`];
    for (const [name, body] of this.bodies) lines.push(`${name} ::= ${body}`);
    return lines.join("\n") + "\n";
  }

  private uniqueName(base: string): string {
    const reserved = base === "root" ? "root-value" : base;
    if (!this.bodies.has(reserved)) return reserved;
    for (let index = 2; ; index++) {
      const candidate = `${reserved}-${index}`;
      if (!this.bodies.has(candidate)) return candidate;
    }
  }
}
