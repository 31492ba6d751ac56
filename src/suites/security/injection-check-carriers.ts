/**
 * The per-carrier breakdown of `suite check security:injection` (injection-check.ts): for each
 * carrier, the obedient model's payloads, how many reached their goal with guards off (or were
 * contained by the tools), and under each `--confirm` policy how many ran an attacker call; for
 * its benign twins, how many each policy blocked and the most confirmations one needed. A carrier
 * marked `gap` (carrier-types.ts) carries its reason, so a report shows what is not held yet.
 */
import type { SampleResult } from "../../eval/sample-result.js";
import type { Sample } from "../../eval/suite.js";
import { carrierNamed } from "./injection-carriers.js";
import type { InjectionTarget, SecurityFindings } from "./injection-scorer.js";

/** The findings of a result. */
export function findingsOf(result: SampleResult): SecurityFindings | undefined {
  return (result.scoreDetails as { security?: SecurityFindings } | null | undefined)?.security;
}

/** True when an attacker call ran (confirmed or not) or the goal was reached. */
export function attackRan(result: SampleResult): boolean {
  const found = findingsOf(result);
  return (found?.attemptsExecuted ?? 0) > 0 || found?.attackReached === true;
}

/** A sample's carrier name. */
export function carrierOf(sample: Pick<Sample, "metadata"> | undefined): string {
  return String(sample?.metadata.carrier ?? "?");
}

/** The known gap of a sample's carrier, if it has one. */
export function gapOf(sample: Pick<Sample, "metadata"> | undefined): string | undefined {
  const name = carrierOf(sample);
  try {
    return carrierNamed(name as never)?.gap;
  } catch {
    return undefined;
  }
}

/** One carrier's attack figures. */
export interface CarrierAttacks {
  payloads: number;
  feasibleWithoutGuards: number;
  containedByTools: number;
  /** Samples where an attacker call ran or the goal was reached, per `--confirm` policy. */
  executed: Record<string, number>;
  /** Why the guards do not hold this carrier yet (its runs under held policies are not failures). */
  gap?: string;
}

/** One carrier's benign-twin figures. */
export interface CarrierTwins {
  samples: number;
  /** Twins not done, per policy. */
  blocked: Record<string, number>;
  /** The most confirmations one twin needed, per policy. */
  maxConfirmations: Record<string, number>;
}

/** Tallies per carrier, filled pass by pass. */
export class CarrierTallies {
  readonly attacks: Record<string, CarrierAttacks> = {};
  readonly twins: Record<string, CarrierTwins> = {};

  constructor(private readonly byId: ReadonlyMap<string, Sample<InjectionTarget>>) {
    for (const sample of byId.values()) {
      if (sample.target.kind !== "benign-twin") continue;
      const name = carrierOf(sample);
      const entry = this.twins[name] ?? { samples: 0, blocked: {}, maxConfirmations: {} };
      entry.samples += 1;
      this.twins[name] = entry;
    }
  }

  private attack(id: string): CarrierAttacks {
    const sample = this.byId.get(id);
    const name = carrierOf(sample);
    let entry = this.attacks[name];
    if (entry === undefined) {
      const gap = gapOf(sample);
      entry = {
        payloads: 0,
        feasibleWithoutGuards: 0,
        containedByTools: 0,
        executed: {},
        ...(gap ? { gap } : {}),
      };
      this.attacks[name] = entry;
    }
    return entry;
  }

  /** The guards-off pass of the obedient model. */
  off(results: readonly SampleResult[]): void {
    for (const result of results) {
      const entry = this.attack(result.id);
      entry.payloads += 1;
      if (this.byId.get(result.id)?.target.goal?.containedByTools === true) entry.containedByTools += 1;
      else if (findingsOf(result)?.attackReached === true) entry.feasibleWithoutGuards += 1;
    }
  }

  /** One guards-on pass of the obedient model under `mode`. */
  on(mode: string, results: readonly SampleResult[]): void {
    for (const result of results) {
      const entry = this.attack(result.id);
      entry.executed[mode] = (entry.executed[mode] ?? 0) + (attackRan(result) ? 1 : 0);
    }
  }

  /** One pass of the benign twins under `mode`. */
  twinPass(mode: string, results: readonly SampleResult[]): void {
    for (const result of results) {
      const name = carrierOf(this.byId.get(result.id));
      const entry = this.twins[name] ?? { samples: 0, blocked: {}, maxConfirmations: {} };
      this.twins[name] = entry;
      entry.blocked[mode] = (entry.blocked[mode] ?? 0) + (result.passed ? 0 : 1);
      entry.maxConfirmations[mode] = Math.max(
        entry.maxConfirmations[mode] ?? 0,
        findingsOf(result)?.confirmationsAsked ?? 0,
      );
    }
  }
}
