#!/bin/sh
# The library's public surface (docs/API.md, "The library"): builds the documentation of
# the library alone and fails if more than MAX modules are public (each public module is
# a folder of target/doc/polyx/ with an index.html; the crate root does not count) or if
# rustdoc warns about a public item without documentation or a public page that links to
# a private item. Prints the public modules, one a line, and their number.
#
# Usage: scripts/public-modules.sh        (from anywhere in the repository)
set -eu

MAX=15

cd "$(dirname "$0")/.."
target=$("$(dirname "$0")"/target-dir.sh)
docs="$target/doc/polyx"

# rustdoc leaves the pages of modules that are no longer public: start afresh.
rm -rf "$docs"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The crate's own `#![warn(missing_docs)]` outranks `-D missing_docs` given on the
# command line, so every warning of rustdoc's (an undocumented public item, a link to a
# private item, a broken link) is read from its output and fails the check.
if ! cargo doc --no-deps --lib >"$log" 2>&1 || grep -q '^warning' "$log"; then
    cat "$log" >&2
    echo "public-modules: FAILED: rustdoc warned (above): an undocumented public item or a bad link" >&2
    exit 1
fi

modules=$(cd "$docs" && find . -mindepth 2 -name index.html | sed 's|^\./||; s|/index\.html$||; s|/|::|g' | sort)
count=$(printf '%s\n' "$modules" | grep -c .)
printf '%s\n' "$modules"
if [ "$count" -gt "$MAX" ]; then
    echo "public-modules: FAILED: $count public modules, at most $MAX" >&2
    exit 1
fi
echo "public-modules: $count public modules (at most $MAX), every public item documented"
