/**
 * The seeded generator of the world and web-corpus scripts: src/stats/seeded-random.ts.
 */

export { SeededRandom } from "../../src/stats/seeded-random.js";
