"""BFCL's official single-turn checker (PyPI bfcl-eval) on a results file, one verdict per line.

    python bfcl-checker-peer.py BFCL_DIR RESULTS.jsonl VERDICTS.jsonl [RESULTS VERDICTS ...]

Each RESULTS file holds {"id", "result"} lines whose result is a prompt-mode reply (text), the form
`edgecall score bfcl` reads. Each is judged as bfcl-eval's eval runner judges it: its own
`_evaluate_single_ast_entry` and `_evaluate_single_relevance_entry`, lifted unchanged out of
eval_runner.py (whose module imports need every model provider's SDK), with a handler whose
`decode_ast` is bfcl-eval's `default_decode_ast_prompting` (what its prompting handlers use).
bfcl-eval is installed without its dependencies (scripts/python-peers.sh), so the one module that
imports them all, `constants.model_config`, is replaced by a table naming this one model, whose
`underscore_to_dot` is False (names compared as published: `score bfcl` without --fc-names).
A verdict line: {"id", "valid", "error_type"}; where the checker raises, "raises": the exception.
"""

import ast
import json
import sys
import types
from dataclasses import dataclass

import bfcl_eval

MODEL = "edgecall-peer"


@dataclass
class _Config:
    underscore_to_dot: bool = False


config_module = types.ModuleType("bfcl_eval.constants.model_config")
config_module.MODEL_CONFIG_MAPPING = {MODEL: _Config()}
sys.modules["bfcl_eval.constants.model_config"] = config_module

from bfcl_eval.constants.enums import Language, ReturnFormat  # noqa: E402
from bfcl_eval.eval_checker.ast_eval.ast_checker import ast_checker  # noqa: E402
from bfcl_eval.model_handler.utils import default_decode_ast_prompting  # noqa: E402
from bfcl_eval.utils import (  # noqa: E402
    is_empty_output,
    is_function_calling_format_output,
    is_java,
    is_js,
    is_relevance_or_irrelevance,
)

runner_path = bfcl_eval.__path__[0] + "/eval_checker/eval_runner.py"
with open(runner_path, encoding="utf-8") as source:
    tree = ast.parse(source.read())
wanted = {"_evaluate_single_ast_entry", "_evaluate_single_relevance_entry"}
nodes = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in wanted]
if len(nodes) != len(wanted):
    sys.exit(f"bfcl-checker-peer: {runner_path} lacks {sorted(wanted)}")
namespace = {
    "BaseHandler": object,
    "Language": Language,
    "ReturnFormat": ReturnFormat,
    "ast_checker": ast_checker,
    "is_empty_output": is_empty_output,
    "is_function_calling_format_output": is_function_calling_format_output,
}
exec(compile(ast.Module(body=nodes, type_ignores=[]), runner_path, "exec"), namespace)


class PromptingHandler:
    """What bfcl-eval's prompting handlers do with a reply: `default_decode_ast_prompting`."""

    def decode_ast(self, result, language=ReturnFormat.PYTHON, has_tool_call_tag=False):
        return default_decode_ast_prompting(result, language, has_tool_call_tag)


def read_jsonl(path):
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def category_of(entry_id):
    return entry_id.rsplit("_", 1)[0]


def main():
    bfcl_dir, paths = sys.argv[1], sys.argv[2:]
    if not paths or len(paths) % 2:
        sys.exit("usage: bfcl-checker-peer.py BFCL_DIR RESULTS VERDICTS [RESULTS VERDICTS ...]")
    runs = [(read_jsonl(paths[i]), paths[i + 1]) for i in range(0, len(paths), 2)]
    categories = sorted({category_of(item["id"]) for results, _ in runs for item in results})
    prompts, answers = {}, {}
    for category in categories:
        for entry in read_jsonl(f"{bfcl_dir}/BFCL_v4_{category}.json"):
            prompts[entry["id"]] = entry
        if not is_relevance_or_irrelevance(category):
            for entry in read_jsonl(f"{bfcl_dir}/possible_answer/BFCL_v4_{category}.json"):
                answers[entry["id"]] = entry["ground_truth"]
    for results, verdicts_path in runs:
        judge_all(results, verdicts_path, prompts, answers)


def judge_all(results, verdicts_path, prompts, answers):
    handler = PromptingHandler()
    with open(verdicts_path, "w", encoding="utf-8") as out:
        for item in results:
            entry_id, category = item["id"], category_of(item["id"])
            try:
                if is_relevance_or_irrelevance(category):
                    verdict = namespace["_evaluate_single_relevance_entry"](
                        handler, entry_id, item["result"], prompts[entry_id], MODEL, category
                    )
                else:
                    if is_java(category):
                        language, return_format = Language.JAVA, ReturnFormat.JAVA
                    elif is_js(category):
                        language, return_format = Language.JAVASCRIPT, ReturnFormat.JAVASCRIPT
                    else:
                        language, return_format = Language.PYTHON, ReturnFormat.PYTHON
                    verdict = namespace["_evaluate_single_ast_entry"](
                        handler,
                        entry_id,
                        item["result"],
                        answers[entry_id],
                        prompts[entry_id],
                        MODEL,
                        category,
                        language=language,
                        return_format=return_format,
                        has_tool_call_tag=False,
                    )
                line = {"id": entry_id, "valid": verdict["valid"], "error_type": verdict.get("error_type")}
            except Exception as error:  # the official checker raising is a verdict of its own here
                line = {"id": entry_id, "raises": type(error).__name__}
            out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
