/**
 * The environment of the security suites: a fresh assistant world per sample, made from the
 * seeded world plus the sample's changes (a carrier's item), with the offline web plus the
 * sample's extra pages, and, for the MCP carriers, the tools of an in-process MCP server
 * (carrier-mcp-server.ts) added to the registry through `registerMcpTools`. Parsed worlds are
 * kept per sample (across the passes of `suite check` and repeats) and web corpora per page set,
 * so only the world copy is paid per run.
 */
import { buildWebCorpus, loadWebCorpus, type WebCorpus } from "../../assistant/web-corpus.js";
import type { WorldFixture } from "../../assistant/world-fixture.js";
import { canonicalJson } from "../../canonical-json.js";
import { EdgecallError } from "../../errors.js";
import type { Environment, EnvironmentFactory } from "../../eval/environment.js";
import type { Sample } from "../../eval/suite.js";
import { registerMcpTools } from "../../mcp/mcp-client-tools.js";
import { assistantEnvironment, worldWithChanges } from "../stateful/assistant-environment.js";
import { connectCarrierMcp } from "./carrier-mcp-server.js";
import type { CarrierWorld } from "./carrier-types.js";

/** A sample's initial state in the security suites. */
export interface CarrierWorldState extends CarrierWorld {
  /** Names the world in errors; also its cache key. */
  source: string;
}

/** Most web corpora kept (one per distinct set of extra pages). */
const corpusLimit = 16;

/** Adds the world's MCP tools to `environment`'s registry; its close stops the server too. */
async function withMcp(
  environment: Environment,
  world: CarrierWorldState,
  sample: Sample,
): Promise<Environment> {
  if (world.mcp === undefined || world.mcp.length === 0) return environment;
  let source: Awaited<ReturnType<typeof connectCarrierMcp>>;
  try {
    source = await connectCarrierMcp(world.mcp);
  } catch (error) {
    environment.close();
    throw new EdgecallError("invalid-argument", `sample ${sample.id}: its MCP tools cannot be served`, {
      subject: sample.id,
      cause: error,
    });
  }
  const { skipped } = registerMcpTools(environment.registry, source);
  if (skipped.length > 0) {
    void source.close();
    environment.close();
    throw new EdgecallError(
      "invalid-argument",
      `sample ${sample.id}: MCP tool ${skipped[0]?.name} not added: ${skipped[0]?.reason}`,
      { subject: sample.id },
    );
  }
  return {
    registry: environment.registry,
    snapshot: () => environment.snapshot(),
    hash: (snapshot) => environment.hash(snapshot),
    close() {
      void source.close();
      environment.close();
    },
  };
}

/** A factory of carrier worlds (one per suite: its caches live as long as the suite). */
export function carrierEnvironment(): EnvironmentFactory {
  const corpora = new Map<string, WebCorpus>();
  const fixtures = new Map<string, WorldFixture>();
  return (sample) => {
    const world = sample.initialState as CarrierWorldState;
    let fixture = fixtures.get(world.source);
    if (fixture === undefined) {
      fixture = worldWithChanges(world.changes, world.source);
      fixtures.set(world.source, fixture);
    }
    const pages = world.webPages ?? [];
    if (pages.length === 0)
      return withMcp(assistantEnvironment({ ...sample, initialState: fixture }), world, sample);
    const key = canonicalJson(pages);
    let corpus = corpora.get(key);
    if (corpus === undefined) {
      corpus = buildWebCorpus([...loadWebCorpus().pages, ...pages]);
      if (corpora.size >= corpusLimit) corpora.clear();
      corpora.set(key, corpus);
    }
    return withMcp(
      assistantEnvironment({ ...sample, initialState: fixture }, { webCorpus: corpus }),
      world,
      sample,
    );
  };
}
