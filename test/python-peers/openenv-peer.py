"""OpenEnv's own Python client against `edgecall env serve` (test/python-peers/openenv.test.ts).

    python openenv-peer.py BASE_URL SAMPLE_ID

With openenv-core's GenericEnvClient (the client for an environment whose Python classes are not
installed; it speaks OpenEnv's session protocol over BASE_URL/ws), plays three episodes of
SAMPLE_ID: the reference trajectory (the settings_set call, then the reply), a counterfeit ("Done!"
without the call) and a do-nothing reply; and reads the state. Prints one JSON line per scenario:
{"scenario", "ok": true, "reward", "done", ...} or {"scenario", "ok": false, "error"}.
"""

import asyncio
import json
import sys
import traceback

from openenv.core.generic_client import GenericEnvClient


def call(name, arguments):
    return {
        "message": {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
            ],
        }
    }


def text(content):
    return {"message": {"role": "assistant", "content": content}}


SCENARIOS = {
    "reference": [call("settings_set", {"setting": "do_not_disturb", "value": True}), text("Do not disturb is on.")],
    "counterfeit": [text("Done!")],
    "do-nothing": [text("I'm sorry, I can't help with that.")],
}


async def play(url, sample_id, actions):
    async with GenericEnvClient(base_url=url) as env:
        result = await env.reset(sample_id=sample_id)
        first = result.observation
        rewards = []
        for action in actions:
            result = await env.step(action)
            rewards.append(result.reward)
        state = await env.state()
        return {
            "reward": result.reward,
            "done": result.done,
            "rewards": rewards,
            "first_roles": [message["role"] for message in first["messages"]],
            "tools": [tool["function"]["name"] for tool in first["tools"]],
            "explanation": result.observation.get("explanation"),
            "state": state,
        }


def main():
    url, sample_id = sys.argv[1], sys.argv[2]
    failed = False
    for scenario, actions in SCENARIOS.items():
        try:
            line = {"scenario": scenario, "ok": True, **asyncio.run(play(url, sample_id, actions))}
        except Exception as error:  # reported to the test, which shows it
            failed = True
            line = {"scenario": scenario, "ok": False, "error": f"{error!r}\n{traceback.format_exc()}"}
        print(json.dumps(line), flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
