/**
 * The normalised answer match of `assistant:knowledge` and of scenario replies that must commit to
 * a fact: a reply (or a tool result) holds an answer when the answer's normalised words appear in
 * the text's normalised words as a whole run
 * ("Paris" is in "It is Paris." but not in "Parisian"). Normalising: Unicode NFKC, case folding
 * (`toLocaleLowerCase` with no locale, plus ß → ss), digit groups joined ("1,200", "1 200" and
 * "1200" are one number), accents kept (Brasília is not Brasilia: list both spellings as
 * aliases), and every run of punctuation or white space made one space ("8 p.m." reads as
 * "8 p m", "H₂O" as "h2o").
 */

/** The text in comparable form: words separated by single spaces, no punctuation. */
export function normaliseAnswerText(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/ß/g, "ss")
      // Digit groups: "1,200", "1 200" (any space kind), "1'200" and "1.200.000" stay one number
      // only for commas, spaces and apostrophes; a dot is a decimal point ("9.50").
      .replace(/(?<=\d)[,'’\s](?=\d{3}(?!\d))/gu, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
  );
}

/** True when one of `answers` (normalised) appears in `text` (normalised) as whole words. */
export function containsAnswer(text: string, answers: readonly string[]): boolean {
  const haystack = ` ${normaliseAnswerText(text)} `;
  return answers.some((answer) => {
    const needle = normaliseAnswerText(answer);
    return needle !== "" && haystack.includes(` ${needle} `);
  });
}
