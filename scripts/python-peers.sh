#!/usr/bin/env bash
# Usage: bash scripts/python-peers.sh DIR
#
# Makes DIR a Python virtual environment holding the Python peers the tests in test/python-peers/
# run against edgecall: the OpenAI Python SDK, the MCP Python SDK, BFCL's official checker
# (bfcl-eval) and OpenEnv's client (openenv-core), at the exact versions of
# test/python-peers/requirements.txt (installed with --no-deps, every transitive package pinned
# there, then `pip check`) and requirements-no-deps.txt (bfcl-eval and openenv-core, --no-deps:
# their own lists pull in every model provider's SDK and torch, or gradio, none of which the parts
# the tests use import). Prints DIR/bin/python; the tests find it through
# EDGECALL_PYTHON_PEERS=DIR/bin/python, which .ci/run exports.
#
# Idempotent: a DIR whose stamp matches both files and whose packages import is left as it is (a
# second run downloads nothing). Bounded: each pip step gives up after EDGECALL_PIP_TIMEOUT
# seconds (default 180; pip itself waits at most 15 s for a connection, with one retry).
# Needs python3 (3.10 or newer) with the venv module (Debian: apt-get install python3-venv) and
# PyPI (or the index pip is configured with). Exit 0 on success, 1 with
# "python-peers: error: WHY" on stderr otherwise. Nothing in edgecall itself depends on Python.
set -euo pipefail

fail() {
  echo "python-peers: error: $*" >&2
  exit 1
}

[ $# -eq 1 ] && [ -n "$1" ] || fail "usage: bash scripts/python-peers.sh DIR"
here="$(cd "$(dirname "$0")/.." && pwd)"
requirements="$here/test/python-peers/requirements.txt"
no_deps="$here/test/python-peers/requirements-no-deps.txt"
pip_timeout="${EDGECALL_PIP_TIMEOUT:-180}"
mkdir -p "$1" || fail "cannot create $1"
dir="$(cd "$1" && pwd)"
python="$dir/bin/python"
stamp="$dir/.edgecall-python-peers"

command -v python3 >/dev/null || fail "python3 is not installed (Debian: apt-get install python3-venv)"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
  fail "python3 is $(python3 -V 2>&1 | cut -d' ' -f2); bfcl-eval needs 3.10 or newer"

want="$(cat "$requirements" "$no_deps" | sha256sum | cut -c1-64) $(python3 -V 2>&1)"
imports='import openai, mcp, mcp.client.stdio, mcp.client.streamable_http, bfcl_eval, filelock, tenacity, tree_sitter_java, tree_sitter_javascript, openenv.core.generic_client'
if [ -x "$python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && "$python" -c "$imports" 2>/dev/null; then
  echo "$python"
  exit 0
fi

rm -f "$stamp"
python3 -m venv --clear "$dir" >&2 || fail "python3 -m venv failed (Debian: apt-get install python3-venv)"
pip() {
  timeout "$pip_timeout" "$python" -m pip --disable-pip-version-check --no-input --timeout 15 --retries 1 "$@" >&2 ||
    fail "pip $1 ${*: -1} failed or took over ${pip_timeout}s (is PyPI reachable?)"
}
pip install --no-deps --only-binary=:all: --require-virtualenv -r "$requirements"
timeout 60 "$python" -m pip check >&2 || fail "pip check: requirements.txt lacks a dependency (see above)"
pip install --no-deps --only-binary=:all: --require-virtualenv -r "$no_deps"
"$python" -c "$imports" >&2 || fail "the installed peers do not import (see above)"
echo "$want" >"$stamp"
echo "$python"
