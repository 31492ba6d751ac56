/**
 * The multi-turn API classes by their Python names, and instances built as BFCL's executor builds
 * them: a fresh instance per class, loaded with a deep copy of the entry's `initial_config` for
 * that class (MathAPI, stateless, is not loaded).
 */
import { ApiContext, type MultiTurnApi } from "./api-class.js";
import { GorillaFileSystem } from "./gorilla-file-system.js";
import { MathApi } from "./math-api.js";
import { MessageApi } from "./message-api.js";
import { TwitterApi } from "./posting-api.js";
import { PyDict, type PyObj, pyDeepCopy } from "./py-object.js";
import { TicketApi } from "./ticket-api.js";
import { TradingBot } from "./trading-bot.js";
import { TravelApi } from "./travel-booking.js";
import { VehicleControlApi } from "./vehicle-control.js";

const factories: Record<string, (context: ApiContext) => MultiTurnApi> = {
  GorillaFileSystem: (context) => new GorillaFileSystem(context),
  MathAPI: () => new MathApi(),
  MessageAPI: () => new MessageApi(),
  TwitterAPI: (context) => new TwitterApi(context),
  TicketAPI: () => new TicketApi(),
  TradingBot: (context) => new TradingBot(context),
  TravelAPI: (context) => new TravelApi(context),
  VehicleControlAPI: (context) => new VehicleControlApi(context),
};

/** The class names edgecall implements. */
export const multiTurnClassNames: readonly string[] = Object.keys(factories);

/** True when `name` is an implemented class. */
export function isMultiTurnClass(name: string): boolean {
  return Object.hasOwn(factories, name);
}

/** A loaded instance of `className` (undefined for an unknown class). */
export function createInstance(
  className: string,
  initialConfig: PyDict,
  longContext: boolean,
  context: ApiContext,
): MultiTurnApi | undefined {
  const factory = Object.hasOwn(factories, className) ? factories[className] : undefined;
  if (factory === undefined) return undefined;
  const instance = factory(context);
  if (className !== "MathAPI") {
    const config = initialConfig.get(className);
    instance.loadScenario(
      config instanceof PyDict ? (pyDeepCopy(config) as PyDict) : new PyDict(),
      longContext,
    );
  }
  return instance;
}

export type { PyObj };

const prototypes = new Map<string, MultiTurnApi>();

/** Parameter names of `method` in the last of `classes` that defines it (BFCL's mapping), or undefined. */
export function methodParams(classes: readonly string[], method: string): string[] | undefined {
  let found: string[] | undefined;
  for (const className of classes) {
    let instance = prototypes.get(className);
    if (instance === undefined) {
      const factory = Object.hasOwn(factories, className) ? factories[className] : undefined;
      if (factory === undefined) continue;
      instance = factory(new ApiContext());
      prototypes.set(className, instance);
    }
    const entry = instance.methods.get(method);
    if (entry) found = entry.params.map((parameter) => parameter.name);
  }
  return found;
}
