/**
 * The languages of `assistant:stateful`: English, and the seven the multilingual twins are written
 * in (docs/multilingual.md). A twin is an English scenario with the user's turns, the world's
 * relevant text and the reference replies in another language, scored by the same milestones and
 * minefields; tool names and schemas stay English, as in real apps.
 */

/** The languages, English first, in report order (ISO 639-1 codes). */
export const scenarioLanguages = ["en", "zh", "fr", "es", "it", "pt", "ru", "hi"] as const;
/** A scenario language. */
export type ScenarioLanguage = (typeof scenarioLanguages)[number];

/** Each language's English name. */
export const languageNames: Record<ScenarioLanguage, string> = {
  en: "English",
  zh: "Chinese",
  fr: "French",
  es: "Spanish",
  it: "Italian",
  pt: "Portuguese",
  ru: "Russian",
  hi: "Hindi",
};

/** True when `code` is a scenario language. */
export function isScenarioLanguage(code: string): code is ScenarioLanguage {
  return (scenarioLanguages as readonly string[]).includes(code);
}

/** The sample category of a twin in `language` (English scenarios keep their own categories). */
export function languageCategory(language: Exclude<ScenarioLanguage, "en">): string {
  return `multilingual:${language}`;
}
