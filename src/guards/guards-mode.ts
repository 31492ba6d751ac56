/**
 * `--guards`: whether an agent's calls go through the guards (`on`, the default) or every call the
 * model makes runs (`off`: the defence A/B switch of the security suites). One list, so the CLI's
 * choices, the run settings and the security figures spell it the same way.
 */

/** Every `--guards` value: `on` runs every call through the guards; `off` runs every call the model makes. */
export const guardsModes = ["on", "off"] as const;

/** One of {@link guardsModes}. */
export type GuardsMode = (typeof guardsModes)[number];
