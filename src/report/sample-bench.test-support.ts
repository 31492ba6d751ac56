/** A bench.json fixture for report tests, its figures scaled to tell quantisations apart. */

/** A bench.json as `edgecall bench --json` writes it (fields reports read). */
export function sampleBench(quantisation: string, scale: number): unknown {
  const spread = (median: number) => ({ min: median * 0.95, median, max: median * 1.04 });
  return {
    model: { name: "stub", description: `stub 0.6B ${quantisation}`, quantisation, randomWeights: false },
    backend: { device: "cpu" },
    loadMs: 420 * scale,
    peakRssBytes: Math.round(900 * 1024 * 1024 * scale),
    results: [
      {
        test: "pp128",
        threads: 2,
        promptTokens: 128,
        genTokens: 0,
        tokensPerSecond: spread(310 / scale),
        firstTokenMs: spread(410 * scale),
        runs: [],
      },
      {
        test: "pp512",
        threads: 2,
        promptTokens: 512,
        genTokens: 0,
        tokensPerSecond: spread(280 / scale),
        firstTokenMs: spread(1830 * scale),
        runs: [],
      },
      {
        test: "pp2048",
        threads: 2,
        promptTokens: 2048,
        genTokens: 0,
        tokensPerSecond: spread(220 / scale),
        firstTokenMs: spread(9300 * scale),
        runs: [],
      },
      {
        test: "tg128",
        threads: 2,
        promptTokens: 0,
        genTokens: 128,
        tokensPerSecond: spread(31 / scale),
        runs: [],
      },
    ],
    randomWeights: false,
  };
}
