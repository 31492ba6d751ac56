"""The OpenAI Python SDK against `edgecall serve` (test/python-peers/openai-sdk.test.ts).

    python openai-sdk-peer.py '{"SCENARIO": "http://127.0.0.1:PORT/v1", ...}'

Each scenario talks to its own server, whose replay model answers a script the test wrote (see
SCRIPTS in the test), asserts what the SDK parsed from the wire, and prints one JSON line:
{"scenario", "ok": true, ...facts for the test} or {"scenario", "ok": false, "error"}.
"""

import json
import re
import sys
import traceback

import openai
from pydantic import BaseModel

FORECAST = {"city": "Oslo", "days": 2}
PARAMETERS = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
    "required": ["city", "days"],
    "additionalProperties": False,
}
CHAT_TOOL = {
    "type": "function",
    "function": {"name": "get_forecast", "description": "Weather forecast.", "parameters": PARAMETERS},
}
RESPONSES_TOOL = {
    "type": "function",
    "name": "get_forecast",
    "description": "Weather forecast.",
    "parameters": PARAMETERS,
    "strict": True,
}
CALL_ID = re.compile(r"^call_\w+$")


def client(url):
    return openai.OpenAI(base_url=url, api_key="dummy", max_retries=0, timeout=60)


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


def chat_tools(url):
    """A call with tools, then its result sent back under the call's id."""
    messages = [{"role": "user", "content": "Forecast for Oslo?"}]
    first = client(url).chat.completions.create(model="tiny", messages=messages, tools=[CHAT_TOOL])
    choice = first.choices[0]
    expect(choice.finish_reason == "tool_calls", f"finish_reason {choice.finish_reason!r}")
    expect(choice.message.content == "Checking.", f"content {choice.message.content!r}")
    calls = choice.message.tool_calls
    expect(len(calls) == 1, f"{len(calls)} calls")
    call = calls[0]
    expect(call.type == "function" and CALL_ID.match(call.id), f"call {call!r}")
    expect(call.function.name == "get_forecast", call.function.name)
    expect(json.loads(call.function.arguments) == FORECAST, call.function.arguments)
    usage = first.usage
    expect(usage.total_tokens == usage.prompt_tokens + usage.completion_tokens > 0, f"usage {usage!r}")
    messages.append(choice.message.model_dump(exclude_none=True))
    messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps({"sky": "sunny"})})
    second = client(url).chat.completions.create(model="tiny", messages=messages, tools=[CHAT_TOOL])
    expect(second.choices[0].finish_reason == "stop", second.choices[0].finish_reason)
    expect(second.choices[0].message.content == "Sunny in Oslo for two days.", second.choices[0].message.content)
    expect(second.choices[0].message.tool_calls in (None, []), "no calls in the answer")
    return {"call_id": call.id}


def chat_stream(url):
    """Streamed: text, then two calls as deltas by index (id and name first), then usage."""
    stream = client(url).chat.completions.create(
        model="tiny",
        messages=[{"role": "user", "content": "Oslo and Bergen?"}],
        tools=[CHAT_TOOL],
        stream=True,
        stream_options={"include_usage": True},
    )
    text, calls, finish, usage, chunks = "", {}, None, None, 0
    for chunk in stream:
        chunks += 1
        if chunk.usage is not None:
            expect(chunk.choices == [], "the usage chunk has no choices")
            usage = chunk.usage
        for choice in chunk.choices:
            delta = choice.delta
            text += delta.content or ""
            for piece in delta.tool_calls or []:
                if piece.index not in calls:
                    expect(piece.id and CALL_ID.match(piece.id), f"first delta of call {piece.index} has its id")
                    expect(piece.function.name == "get_forecast", "and its name")
                    calls[piece.index] = {"id": piece.id, "arguments": ""}
                else:
                    expect(piece.id in (None, calls[piece.index]["id"]), "a later delta keeps the id")
                calls[piece.index]["arguments"] += piece.function.arguments or ""
            if choice.finish_reason is not None:
                finish = choice.finish_reason
    expect(finish == "tool_calls", f"finish_reason {finish!r}")
    expect(text == "Two cities.", f"text {text!r}")
    expect(sorted(calls) == [0, 1], f"indexes {sorted(calls)}")
    expect(json.loads(calls[0]["arguments"]) == FORECAST, calls[0]["arguments"])
    expect(json.loads(calls[1]["arguments"]) == {"city": "Bergen", "days": 1}, calls[1]["arguments"])
    expect(calls[0]["id"] != calls[1]["id"], "two ids")
    expect(usage is not None and usage.completion_tokens > 0, f"usage {usage!r}")
    return {"chunks": chunks}


class Forecast(BaseModel):
    city: str
    days: int


def chat_stream_helper(url):
    """The SDK's `chat.completions.stream` helper with a pydantic tool: parsed arguments."""
    tool = openai.pydantic_function_tool(Forecast, name="get_forecast")
    with client(url).chat.completions.stream(
        model="tiny", messages=[{"role": "user", "content": "Oslo?"}], tools=[tool]
    ) as stream:
        done = [event for event in stream if event.type == "tool_calls.function.arguments.done"]
        final = stream.get_final_completion()
    expect(len(done) == 1 and done[0].parsed_arguments == Forecast(**FORECAST), f"events {done!r}")
    call = final.choices[0].message.tool_calls[0]
    expect(call.function.parsed_arguments == Forecast(**FORECAST), f"parsed {call!r}")
    return {}


def responses(url):
    """Responses API: a function_call item, then its output sent with previous_response_id."""
    first = client(url).responses.create(model="tiny", input="Forecast for Oslo?", tools=[RESPONSES_TOOL])
    expect(first.status == "completed", first.status)
    calls = [item for item in first.output if item.type == "function_call"]
    expect(len(calls) == 1, f"output {first.output!r}")
    call = calls[0]
    expect(call.name == "get_forecast" and json.loads(call.arguments) == FORECAST, f"call {call!r}")
    expect(call.call_id, "a call_id")
    second = client(url).responses.create(
        model="tiny",
        previous_response_id=first.id,
        input=[{"type": "function_call_output", "call_id": call.call_id, "output": '{"sky": "sunny"}'}],
        tools=[RESPONSES_TOOL],
    )
    expect(second.output_text == "Sunny in Oslo.", f"output_text {second.output_text!r}")
    expect(second.previous_response_id == first.id, "previous_response_id echoed")
    expect(second.usage.total_tokens > 0, "usage")
    return {"call_id": call.call_id}


def responses_stream(url):
    """Responses API streamed: created first, completed last, sequence numbers, the call's events."""
    stream = client(url).responses.create(
        model="tiny", input="Forecast for Oslo?", tools=[RESPONSES_TOOL], stream=True
    )
    events = list(stream)
    kinds = [event.type for event in events]
    expect(kinds[0] == "response.created" and kinds[-1] == "response.completed", f"events {kinds}")
    numbers = [event.sequence_number for event in events]
    expect(numbers == sorted(numbers) and len(set(numbers)) == len(numbers), f"sequence {numbers}")
    expect("response.output_text.delta" in kinds, "text deltas")
    done = [event for event in events if event.type == "response.function_call_arguments.done"]
    expect(len(done) == 1 and json.loads(done[0].arguments) == FORECAST, f"arguments done {done!r}")
    added = [e.item for e in events if e.type == "response.output_item.added" and e.item.type == "function_call"]
    expect(len(added) == 1 and added[0].name == "get_forecast", "the call's item added")
    final = events[-1].response
    texts = [item for item in final.output if item.type == "message"]
    expect(texts and final.output_text == "Checking.", f"output_text {final.output_text!r}")
    expect(any(item.type == "function_call" for item in final.output), "the call in the final output")
    return {"events": len(events)}


SCENARIOS = {
    "chat_tools": chat_tools,
    "chat_stream": chat_stream,
    "chat_stream_helper": chat_stream_helper,
    "responses": responses,
    "responses_stream": responses_stream,
}


def main():
    urls = json.loads(sys.argv[1])
    for name, url in urls.items():
        try:
            facts = SCENARIOS[name](url)
            print(json.dumps({"scenario": name, "ok": True, **facts}), flush=True)
        except Exception:
            print(json.dumps({"scenario": name, "ok": False, "error": traceback.format_exc()}), flush=True)


if __name__ == "__main__":
    main()
