#!/bin/sh
# Prints cargo's target folder for this repository, wherever it is (CARGO_TARGET_DIR, a
# workspace's, or target/): the scripts find the binaries they run under it.
set -eu
cd "$(dirname "$0")/.."
cargo metadata --format-version 1 --no-deps |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])'
