#!/usr/bin/env bash
# Builds llama.cpp's llama-bench against node-llama-cpp's OWN prebuilt shared libraries, so that
# bench/vs-llama-bench.ts compares the same kernels (the same CPU variant, picked the same way at
# run time) and the ratio isolates edgecall's overhead. No download and no cmake: the llama.cpp
# source comes from the git bundle node-llama-cpp ships, and only llama-bench's two source files
# are compiled (about 20 s on 2 cores). Linux x64/arm64 with g++ (Debian: build-essential).
#
#   bash bench/build-llama-bench.sh [OUTPUT_DIR]      (default: /tmp/edgecall-llama-bench)
#   LLAMA_BENCH=OUTPUT_DIR/llama-bench node --import tsx bench/vs-llama-bench.ts ...
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
output_dir="${1:-/tmp/edgecall-llama-bench}"
script_name=build-llama-bench
# shellcheck source=bench/prebuilt-llama.sh
source "$repo_root/bench/prebuilt-llama.sh"

source_dir="$output_dir/llama.cpp"
if [[ ! -f "$source_dir/tools/llama-bench/llama-bench.cpp" ]]; then
  rm -rf "$source_dir"
  mkdir -p "$output_dir"
  git clone --quiet "$bundle" "$source_dir"
fi

echo "compiling llama-bench against $libraries" >&2
g++ -std=c++17 -O2 -DNDEBUG -pthread \
  -I"$source_dir/include" -I"$source_dir/ggml/include" -I"$source_dir/common" \
  -I"$source_dir/tools/llama-bench" \
  "$source_dir/tools/llama-bench/llama-bench.cpp" "$source_dir/tools/llama-bench/main.cpp" \
  -o "$output_dir/llama-bench" \
  -L"$libraries" -l:"$common_library" -l:"$llama_library" -l:"$ggml_library" -l:"$ggml_base_library" \
  -Wl,-rpath,"$libraries"

# ggml looks for its CPU backends (libggml-cpu-<variant>.so) beside the executable and picks the
# best one for this CPU, exactly as node-llama-cpp does from its own folder.
find "$libraries" -maxdepth 1 -name 'libggml-cpu-*.so' -exec ln -sf {} "$output_dir/" \;

echo "built $output_dir/llama-bench"
echo "LLAMA_BENCH=$output_dir/llama-bench"
