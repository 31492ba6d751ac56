/**
 * The words every view (terminal lines, report pages) shows in place of a figure of a random-weight
 * run that would read as a score: what passed on random weights is chance, not a measurement of a
 * model. One definition, so the terminal and the pages say the same.
 */

/** What a random-weight run shows instead of an accuracy: its figures are noise. */
export const randomWeightsNotAScore = "random weights: not a score";

/** The text shown in place of a score. */
export const notAScoreText = "—";
