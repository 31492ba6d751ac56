/**
 * Time to score all 800 BFCL v4 multi-turn ground-truth trajectories (each entry's ground truth
 * given as the model's result, one step per turn), edgecall against BFCL's official checker.
 *
 *   node --import tsx bench/score-bfcl-multi-turn.ts [--bfcl-dir DIR] [--gorilla DIR] [--repeats N]
 *
 * - edgecall: `scoreBfclResults` end to end, a fresh dataset each repeat (question and answer
 *   files read and parsed, every entry judged); median and best of the repeats.
 * - official (with `--gorilla`, the berkeley-function-call-leaderboard folder of a gorilla checkout
 *   at 6ea57973): the same 800 judged by its eval runner's `_evaluate_single_multi_turn_entry` and
 *   `multi_turn_checker` in python3, question and answer files read with `json.loads` each repeat,
 *   the instances BFCL keeps in globals cleared between repeats; median and best.
 * The ratio printed is official median / edgecall median, from this one run.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { multiTurnCategories } from "../src/bfcl/multi-turn/multi-turn-categories.js";
import { MultiTurnDataset } from "../src/bfcl/multi-turn/multi-turn-data.js";
import { parseBfclResults } from "../src/bfcl/results-file.js";
import { scoreBfclResults } from "../src/bfcl/score.js";

const { values } = parseArgs({
  options: {
    "bfcl-dir": {
      type: "string",
      default: join(dirname(fileURLToPath(import.meta.url)), "..", "..", "shared", "data", "bfcl-v4"),
    },
    gorilla: { type: "string" },
    repeats: { type: "string", default: "5" },
  },
});
const bfclDir = values["bfcl-dir"] as string;
const repeats = Math.max(1, Number(values.repeats));
if (!existsSync(join(bfclDir, "BFCL_v4_multi_turn_base.json"))) {
  console.error(`score-bfcl-multi-turn: no BFCL v4 multi-turn data in ${bfclDir} (give --bfcl-dir)`);
  process.exit(1);
}

const source = new MultiTurnDataset(bfclDir);
const resultsText = multiTurnCategories
  .flatMap((category) =>
    source.entries(category).map((entry) =>
      JSON.stringify({
        id: entry.id,
        result: entry.groundTruth.map((turn) => (turn.length === 0 ? [] : [turn])),
      }),
    ),
  )
  .join("\n");

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function edgecallOnce(): { seconds: number; passed: number } {
  const start = performance.now();
  const results = parseBfclResults(resultsText, "results.jsonl").map((item) => ({
    id: item.id,
    result: item.result,
  }));
  const report = scoreBfclResults({ bfclDir, results });
  const seconds = (performance.now() - start) / 1000;
  return { seconds, passed: report.verdicts.filter((verdict) => verdict.valid).length };
}

const official = `
import ast, json, sys, time
root, bfcl_dir, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, root)
from bfcl_eval.eval_checker.multi_turn_eval import multi_turn_utils as mtu
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import is_empty_execute_response
tree = ast.parse(open(root + "/bfcl_eval/eval_checker/eval_runner.py").read())
node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "_evaluate_single_multi_turn_entry")
namespace = {"multi_turn_checker": multi_turn_checker, "is_empty_execute_response": is_empty_execute_response, "BaseHandler": object}
exec(compile(ast.Module(body=[node], type_ignores=[]), "eval_runner.py", "exec"), namespace)
evaluate = namespace["_evaluate_single_multi_turn_entry"]
class Handler:
    def decode_execute(self, result, has_tool_call_tag=False):
        return result
times = []
for _ in range(repeats):
    for k in [k for k in vars(mtu) if k.endswith("_instance")]:
        del vars(mtu)[k]
    start = time.perf_counter()
    passed = 0
    for category in ["base", "miss_func", "miss_param", "long_context"]:
        questions = [json.loads(line) for line in open(f"{bfcl_dir}/BFCL_v4_multi_turn_{category}.json")]
        answers = [json.loads(line) for line in open(f"{bfcl_dir}/possible_answer/BFCL_v4_multi_turn_{category}.json")]
        for question, answer in zip(questions, answers):
            result = [[turn] if turn else [] for turn in answer["ground_truth"]]
            verdict = evaluate(Handler(), question["id"], result, answer["ground_truth"], question, "bench", "multi_turn_" + category)
            passed += verdict["valid"]
    times.append(time.perf_counter() - start)
print(json.dumps({"times": times, "passed": passed}))
`;

function officialRuns(gorilla: string): { times: number[]; passed: number } {
  const folder = mkdtempSync(join(tmpdir(), "edgecall-bench-multi-turn-"));
  const script = join(folder, "official.py");
  writeFileSync(script, official);
  const output = execFileSync("python3", [script, gorilla, bfclDir, String(repeats)], { encoding: "utf8" });
  return JSON.parse(output.trim().split("\n").at(-1) as string);
}

edgecallOnce(); // warm-up: module loading and JIT
const edgecallTimes: number[] = [];
let edgecallPassed = 0;
for (let index = 0; index < repeats; index += 1) {
  const run = edgecallOnce();
  edgecallTimes.push(run.seconds);
  edgecallPassed = run.passed;
}
const edgecallMedian = median(edgecallTimes);
console.log(
  `edgecall: 800 trajectories, ${edgecallPassed} valid, median ${edgecallMedian.toFixed(3)} s, best ${Math.min(...edgecallTimes).toFixed(3)} s (${repeats} repeats)`,
);
if (values.gorilla) {
  const runs = officialRuns(values.gorilla);
  const officialMedian = median(runs.times);
  console.log(
    `official: 800 trajectories, ${runs.passed} valid, median ${officialMedian.toFixed(3)} s, best ${Math.min(...runs.times).toFixed(3)} s (${repeats} repeats)`,
  );
  console.log(`ratio (official / edgecall, medians): ${(officialMedian / edgecallMedian).toFixed(2)}x`);
} else {
  console.log("official: not run (give --gorilla DIR to time BFCL's own checker)");
}
