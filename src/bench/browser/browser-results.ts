/**
 * What the `bench --browser` page posts back: its device (user agent, cores, what WebAssembly
 * features it has), the runs of every test, memory and battery where the browser reports them, or
 * the reason it could not run. The body comes from a web page and is untrusted: it is bounded in
 * size by the server and validated here (zod), numbers finite and strings bounded.
 */
import { z } from "zod";

/** The most bytes a results body may have (hundreds of runs fit in a few KiB). */
export const maxResultsBodyBytes = 256 * 1024;
/** The most bytes a status line body may have. */
export const maxStatusBodyBytes = 4 * 1024;

const finite = z.number().finite();
const positive = finite.positive();
const count = z.number().int().nonnegative().max(1_000_000_000);

/** One timed run, as the page measured it. */
const runSchema = z.object({
  /** Wall time in the page, from the request to its answer. */
  ms: positive,
  /** The time llama.cpp's own timings counted (prompt plus generation), when it reported them. */
  llamaMs: positive.optional(),
});

/** The runs of one test at one thread count. */
const testSchema = z.object({
  kind: z.enum(["pp", "tg"]),
  tokens: count.min(1),
  /** Threads wllama was asked for and used (`getNumThreads()`). */
  threads: count.min(1),
  runs: z.array(runSchema).min(1).max(1000),
});

const batterySchema = z.object({ level: finite.min(0).max(1), charging: z.boolean() });

/** A successful run's body. */
export const browserResultsSchema = z.object({
  ok: z.literal(true),
  device: z.object({
    userAgent: z.string().max(2000),
    /** navigator.hardwareConcurrency (null when the browser hides it). */
    cores: count.nullable(),
    crossOriginIsolated: z.boolean(),
    /** SharedArrayBuffer usable: WebAssembly threads possible. */
    threadsAvailable: z.boolean(),
    simd: z.boolean(),
  }),
  /** wllama's llama.cpp build, e.g. "b12211-7d7f028". */
  llamaCppVersion: z.string().max(200),
  downloadMs: finite.nonnegative(),
  loadMs: positive,
  tests: z.array(testSchema).min(1).max(200),
  memory: z
    .object({ source: z.enum(["measureUserAgentSpecificMemory", "performance.memory"]), bytes: count })
    .nullable(),
  battery: z.object({ start: batterySchema, end: batterySchema }).nullable(),
});

/** The body of a page that could not run the tests. */
export const browserFailureSchema = z.object({
  ok: z.literal(false),
  error: z.string().max(4000),
  userAgent: z.string().max(2000).optional(),
});

/** Either body. */
export const browserPostSchema = z.discriminatedUnion("ok", [browserResultsSchema, browserFailureSchema]);

/** A status line the page posts as it goes. */
export const browserStatusSchema = z.object({ message: z.string().max(1000) });

/** A validated results body. */
export type BrowserResults = z.infer<typeof browserResultsSchema>;
/** A validated body of either kind. */
export type BrowserPost = z.infer<typeof browserPostSchema>;
