/**
 * Every kind of figure the shipped suites add (src/eval/suite-figures.ts), in the order a report
 * page shows their sections: by language, security, instructions and loops, tool faults,
 * knowledge, research (BFCL's scores and the harmful block have no section of their own). The
 * default catalog lists them (`SuiteCatalog.figures`, for `merge`), and a report page asks them
 * for their sections, so `report RUN_DIR` renders any block a stored summary holds.
 */
import type { SuiteFigures } from "../eval/suite-figures.js";
import { bfclFigures } from "./bfcl-figures.js";
import { knowledgeFigures } from "./knowledge/knowledge-figures.js";
import { languageFigures } from "./language-figures.js";
import { instructionFigures } from "./loops/instruction-figures.js";
import { researchFigures } from "./research/research-lines.js";
import { harmfulFigures, securityFiguresOfRun } from "./security/security-text.js";
import { toolFaultFigures } from "./stateful/tool-fault-figures.js";

/** The shipped figures, in page order. */
export const shippedFigures: readonly SuiteFigures[] = [
  bfclFigures,
  languageFigures,
  securityFiguresOfRun,
  instructionFigures,
  toolFaultFigures,
  knowledgeFigures,
  researchFigures,
  harmfulFigures,
];
