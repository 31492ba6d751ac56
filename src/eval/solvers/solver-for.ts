/** The solver of a suite by its name. */
import type { Solver, SolverName } from "../solver.js";
import { agentSolver, conversationSolver } from "./agent-solver.js";
import { bfclAgenticSolver } from "./bfcl-agentic-solver.js";
import { bfclMultiTurnSolver } from "./bfcl-multi-turn-solver.js";
import { singleCallSolver } from "./single-call-solver.js";

const solvers: Record<SolverName, Solver> = {
  "single-call": singleCallSolver,
  agent: agentSolver,
  conversation: conversationSolver,
  "bfcl-multi-turn": bfclMultiTurnSolver,
  "bfcl-agentic": bfclAgenticSolver,
};

/** The solver named `name` (default `single-call`). */
export function solverFor(name: SolverName | undefined): Solver {
  return solvers[name ?? "single-call"];
}
