# Sourced by build-llama-bench.sh and build-llama-server.sh (not run on its own): finds the
# llama.cpp source node-llama-cpp ships (a git bundle) and its prebuilt shared libraries for this
# platform, checks what a build needs, and names the four libraries a llama.cpp tool links to.
# The sourcing script sets script_name (for messages) and repo_root first. Sets: bundle, platform,
# libraries, common_library, llama_library, ggml_library, ggml_base_library; defines fail.

bundle="$repo_root/node_modules/node-llama-cpp/llama/gitRelease.bundle"
platform="$(node -p 'process.platform + "-" + process.arch')"
libraries="$repo_root/node_modules/@node-llama-cpp/$platform/bins/$platform"

fail() {
  echo "$script_name: $*" >&2
  exit 1
}

[[ "$platform" == linux-* ]] || fail "only Linux is supported (this is $platform); see docs/benchmarks.md for a cmake build"
[[ -f "$bundle" ]] || fail "$bundle not found: run npm ci first"
[[ -d "$libraries" ]] || fail "$libraries not found: node-llama-cpp's prebuilt binaries for $platform are missing"
command -v g++ >/dev/null || fail "g++ not found (Debian: apt-get install build-essential)"

find_library() {
  # The one file in $libraries matching the pattern, e.g. libllama.v0.4.0.so for 'libllama.*so'.
  local matches
  mapfile -t matches < <(find "$libraries" -maxdepth 1 -name "$1" -printf '%f\n')
  [[ ${#matches[@]} -eq 1 ]] || fail "expected one $1 in $libraries, found ${#matches[@]}"
  echo "${matches[0]}"
}
common_library="$(find_library 'libllama-common*.so')"
llama_library="$(find_library 'libllama.*so')"
ggml_library="$(find_library 'libggml.*so')"
ggml_base_library="$(find_library 'libggml-base*.so')"
