"""The MCP Python SDK against `edgecall mcp serve` (test/python-peers/mcp-sdk.test.ts).

    python mcp-sdk-peer.py '{"stdio": {"command", "args", "cwd"}, "http": {"url", "token"}}'

Per transport (stdio: the SDK starts the server; Streamable HTTP: the test started it, with a
bearer token): initialize, list the tools, call a read tool and one with a bad argument. Prints
one JSON line per transport: {"scenario", "ok": true, "server", "tools": [{"name",
"annotations"}], "settings": the call's value, "bad": the error text} or {"scenario", "ok": false,
"error"}. The test compares the tools and annotations with edgecall's own.
"""

import asyncio
import json
import sys
import traceback

import httpx2
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


async def exercise(read, write):
    async with ClientSession(read, write) as session:
        initialized = await session.initialize()
        listed = await session.list_tools()
        tools = [
            {
                "name": tool.name,
                "annotations": tool.annotations.model_dump(by_alias=True, exclude_none=True) if tool.annotations else None,
            }
            for tool in listed.tools
        ]
        expect(all(tool.input_schema.get("type") == "object" for tool in listed.tools), "object input schemas")
        called = await session.call_tool("settings_get", {})
        expect(not called.is_error, f"settings_get failed: {called!r}")
        expect(len(called.content) == 1 and called.content[0].type == "text", f"content {called.content!r}")
        settings = json.loads(called.content[0].text)
        bad = await session.call_tool("files_read", {"path": 42})
        expect(bad.is_error, f"a wrong argument type is an error result: {bad!r}")
        return {
            "server": initialized.server_info.name,
            "tools": tools,
            "settings": settings,
            "bad": bad.content[0].text,
        }


async def over_stdio(spec):
    server = StdioServerParameters(command=spec["command"], args=spec["args"], cwd=spec["cwd"])
    async with stdio_client(server) as (read, write):
        return await exercise(read, write)


async def over_http(spec):
    headers = {"Authorization": f"Bearer {spec['token']}"}
    async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
        async with streamable_http_client(spec["url"], http_client=http) as (read, write):
            return await exercise(read, write)


async def main():
    specs = json.loads(sys.argv[1])
    for name, run in (("stdio", over_stdio), ("http", over_http)):
        if name not in specs:
            continue
        try:
            facts = await asyncio.wait_for(run(specs[name]), 60)
            print(json.dumps({"scenario": name, "ok": True, **facts}), flush=True)
        except Exception:
            print(json.dumps({"scenario": name, "ok": False, "error": traceback.format_exc()}), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
