# Tool versions, each read from the one file that sets it. Sourced by setup.sh and
# check-versions.sh; each function takes the repository's root (default: the current folder).
#
#   wasm-bindgen (crate, CLI, test runner)  Cargo.lock (pinned with "=" in Cargo.toml); Trunk
#                                           reads it there too
#   Trunk                                   Trunk.toml's trunk-version ("=X.Y.Z": Trunk refuses
#                                           to run at any other version)
#   binaryen (wasm-opt)                     package-lock.json; Trunk.toml's [tools] wasm_opt must
#                                           name the same release (checked by check-versions.sh)

# Prints the version of a package in a Cargo.lock: lock_version FILE NAME.
lock_version() {
  awk -v want="name = \"$2\"" '
    $0 == want { getline; if (match($0, /"[^"]+"/)) print substr($0, RSTART + 1, RLENGTH - 2); exit }
  ' "$1"
}

wasm_bindgen_version() {
  lock_version "${1:-.}/Cargo.lock" wasm-bindgen
}

trunk_version() {
  sed -nE 's/^trunk-version[[:space:]]*=[[:space:]]*"=?([0-9]+\.[0-9]+\.[0-9]+)".*/\1/p' \
    "${1:-.}/Trunk.toml" | head -n1
}

# package-lock.json (lockfileVersion 3): the "version" that follows "node_modules/binaryen".
binaryen_version() {
  awk '
    /"node_modules\/binaryen": \{/ { inside = 1; next }
    inside && /"version":/ { if (match($0, /"[0-9][^"]*"/)) print substr($0, RSTART + 1, RLENGTH - 2); exit }
  ' "${1:-.}/package-lock.json"
}
