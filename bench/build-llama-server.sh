#!/usr/bin/env bash
# Builds llama.cpp's llama-server against node-llama-cpp's OWN prebuilt shared libraries, the
# sibling of build-llama-bench.sh: an HTTP server that runs the same kernels as edgecall in-process
# (the same CPU variant, picked the same way at run time), so a comparison through the OpenAI API
# isolates the serving layer. No download and no cmake: the source comes from the git bundle
# node-llama-cpp ships. libllama-common already exports everything the server needs from common/
# (arg parsing, chat templates and parsers, sampling, even cpp-httplib); what it lacks is
# compiled here from the same checkout:
#   - tools/server/*.cpp       the server itself (server-context, -http, -models, ...)
#   - tools/mtmd + vendor/hash  libmtmd (multimodal), which the server links unconditionally;
#                               it only uses ggml's and libllama's public API, so it runs on the
#                               prebuilt ggml too (used only with --mmproj)
#   - tools/ui/embed.cpp       the web UI asset embedder; the UI itself is a Svelte app that
#                               cmake would build with npm or download from Hugging Face, so it
#                               is embedded empty, as upstream does offline: the API works, `/`
#                               has no web page
# About 5.5 CPU-minutes (11 min wall on a busy 2-core VM); objects are kept in OUTPUT_DIR/obj,
# so a rerun only relinks (a few seconds).
# Linux x64/arm64 with g++ (Debian: build-essential).
#
#   bash bench/build-llama-server.sh [OUTPUT_DIR]     (default: /tmp/edgecall-llama-server)
#   OUTPUT_DIR/llama-server -m model.gguf --port 8199 --jinja
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
output_dir="${1:-/tmp/edgecall-llama-server}"
# The machine is shared: at most two compilers at a time, at the lowest priority.
jobs="${BUILD_JOBS:-2}"

script_name=build-llama-server
# shellcheck source=bench/prebuilt-llama.sh
source "$repo_root/bench/prebuilt-llama.sh"
command -v gcc >/dev/null || fail "gcc not found (Debian: apt-get install build-essential)"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || fail "BUILD_JOBS must be a positive integer, not '$jobs'"

source_dir="$output_dir/llama.cpp"
if [[ ! -f "$source_dir/tools/server/server.cpp" ]]; then
  rm -rf "$source_dir"
  mkdir -p "$output_dir"
  git clone --quiet "$bundle" "$source_dir" 2>/dev/null || fail "could not clone $bundle"
fi
[[ -f "$source_dir/tools/mtmd/CMakeLists.txt" && -f "$source_dir/tools/ui/embed.cpp" ]] ||
  fail "$source_dir has no tools/mtmd or tools/ui/embed.cpp: this script expects the llama.cpp layout of node-llama-cpp 3.x's bundle"

object_dir="$output_dir/obj"
ui_dir="$output_dir/ui"
mkdir -p "$object_dir" "$ui_dir"

# The web UI: embed.cpp without a dist/ folder writes a ui.cpp/ui.h with no assets.
if [[ ! -f "$ui_dir/ui.cpp" ]]; then
  g++ -std=c++17 -O2 -o "$ui_dir/llama-ui-embed" "$source_dir/tools/ui/embed.cpp"
  "$ui_dir/llama-ui-embed" "$ui_dir/ui.cpp" "$ui_dir/ui.h" >/dev/null
fi

# libmtmd's sources: the .cpp files of add_library(mtmd ...) in its CMakeLists.txt, read from the
# file rather than copied here so that a newer bundle brings its new model files along.
mapfile -t mtmd_sources < <(
  sed -n '/^add_library(mtmd$/,/)/p' "$source_dir/tools/mtmd/CMakeLists.txt" |
    grep -oE '[A-Za-z0-9_./-]+\.cpp' | sed "s|^|tools/mtmd/|"
)
[[ ${#mtmd_sources[@]} -gt 5 ]] || fail "could not read libmtmd's source list from tools/mtmd/CMakeLists.txt"
mapfile -t server_sources < <(cd "$source_dir" && ls tools/server/*.cpp)
# vendor/hash (mtmd's image hashes); CMake compiles sha1.c as C++.
sources=("${server_sources[@]}" "${mtmd_sources[@]}" vendor/hash/hash.cpp vendor/hash/sha1/sha1.c
  vendor/hash/xxhash/xxhash.c vendor/hash/sha256/sha256.c)

compile() {
  # One translation unit, skipped when its object is newer than the source (the checkout is a
  # fixed release, so headers do not change under it).
  local source="$1" object
  object="$object_dir/$(echo "${source%.*}" | tr / _).o"
  [[ "$object" -nt "$source_dir/$source" ]] && return 0
  local flags=(-O2 -DNDEBUG -pthread -fPIC -w
    -I"$source_dir/include" -I"$source_dir/ggml/include" -I"$source_dir/common"
    -I"$source_dir/vendor" -I"$source_dir/vendor/hash" -I"$source_dir/tools/mtmd"
    -I"$source_dir/tools/server" -I"$source_dir" -I"$ui_dir")
  local compiler=(g++ -std=c++17)
  case "$source" in
    vendor/hash/sha1/sha1.c) compiler=(g++ -std=c++17 -x c++) ;;
    *.c) compiler=(gcc -std=c11) ;;
  esac
  # Exit status 255 makes xargs stop at the first failure instead of compiling the rest.
  nice -n 19 "${compiler[@]}" "${flags[@]}" -c "$source_dir/$source" -o "$object.tmp" || {
    echo "build-llama-server: failed to compile $source" >&2
    return 255
  }
  mv "$object.tmp" "$object"
  echo "  $source" >&2
}
export -f compile
export source_dir object_dir ui_dir

echo "compiling llama-server (${#sources[@]} files, $jobs at a time) against $libraries" >&2
started=$SECONDS
printf '%s\n' "${sources[@]}" | xargs -P "$jobs" -I{} bash -c 'compile "$1"' _ {} ||
  fail "compilation failed (see the errors above)"

objects=()
for source in "${sources[@]}"; do
  objects+=("$object_dir/$(echo "${source%.*}" | tr / _).o")
done
nice -n 19 g++ -std=c++17 -O2 -DNDEBUG -pthread -I"$ui_dir" \
  "${objects[@]}" "$ui_dir/ui.cpp" \
  -o "$output_dir/llama-server" \
  -L"$libraries" -l:"$common_library" -l:"$llama_library" -l:"$ggml_library" -l:"$ggml_base_library" \
  -Wl,-rpath,"$libraries"
echo "compiled and linked in $((SECONDS - started)) s" >&2

# ggml looks for its CPU backends (libggml-cpu-<variant>.so) beside the executable and picks the
# best one for this CPU, exactly as node-llama-cpp does from its own folder.
find "$libraries" -maxdepth 1 -name 'libggml-cpu-*.so' -exec ln -sf {} "$output_dir/" \;

echo "built $output_dir/llama-server"
echo "LLAMA_SERVER=$output_dir/llama-server"
