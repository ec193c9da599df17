#!/usr/bin/env bash
# Checks that every file naming a tool version agrees with the file that sets it
# (scripts/versions.sh says which). Reads files only, so it is quick; `make test` runs it first.
#   scripts/check-versions.sh [ROOT]    (ROOT: the repository, default this script's)
set -euo pipefail

ROOT=${1:-"$(dirname "$0")/.."}
source "$(dirname "$0")/versions.sh"

problems=0
problem() {
  printf 'check-versions: %s\n' "$*" >&2
  problems=$((problems + 1))
}
# expect WHAT FOUND WANTED HINT
expect() {
  [[ "$2" == "$3" ]] || problem "$1 is '${2:-<missing>}', expected '$3': $4"
}

# Prints the version after a fixed label on a line of a file: field FILE SED_REGEX.
field() {
  sed -nE "s/$2/\\1/p" "$1" | head -n1
}

# --- wasm-bindgen: Cargo.lock -------------------------------------------------------------------
wb=$(wasm_bindgen_version "$ROOT")
[[ -n "$wb" ]] || problem "no wasm-bindgen in Cargo.lock (run cargo generate-lockfile)"
pin=$(field "$ROOT/Cargo.toml" '^wasm-bindgen[[:space:]]*=[[:space:]]*"=([^"]*)".*')
[[ "$pin" == "$wb" ]] || problem "Cargo.toml pins wasm-bindgen '${pin:-<no exact pin>}' and Cargo.lock has '$wb':" \
  "pin it exactly (wasm-bindgen = \"=X.Y.Z\") and run cargo update -p wasm-bindgen so that Cargo.lock follows"
if [[ -f "$ROOT/fuzz/Cargo.lock" ]]; then
  expect "wasm-bindgen in fuzz/Cargo.lock" "$(lock_version "$ROOT/fuzz/Cargo.lock" wasm-bindgen)" "$wb" \
    "run cargo update -p wasm-bindgen in fuzz/"
fi
tb=$(field "$ROOT/Trunk.toml" '^wasm_bindgen[[:space:]]*=[[:space:]]*"([^"]*)".*')
[[ -z "$tb" ]] || problem "Trunk.toml sets wasm_bindgen = \"$tb\": remove it, Trunk reads the version from Cargo.lock ($wb)"

# --- Trunk: Trunk.toml's trunk-version ------------------------------------------------------------
tv=$(trunk_version "$ROOT")
[[ -n "$tv" ]] || problem "Trunk.toml has no exact trunk-version = \"=X.Y.Z\" (scripts/setup.sh installs that version)"

# --- binaryen (wasm-opt): package-lock.json -----------------------------------------------------
bv=$(binaryen_version "$ROOT")
[[ -n "$bv" ]] || problem "no binaryen in package-lock.json (run npm install)"
expect "binaryen in package.json" \
  "$(field "$ROOT/package.json" '^[[:space:]]*"binaryen":[[:space:]]*"([^"]*)".*')" "$bv" \
  "pin the same exact version in package.json and package-lock.json (npm install binaryen@$bv --save-exact)"
expect "wasm_opt in Trunk.toml" \
  "$(field "$ROOT/Trunk.toml" '^wasm_opt[[:space:]]*=[[:space:]]*"([^"]*)".*')" "version_${bv%%.*}" \
  "Trunk runs the wasm-opt on PATH only when its version is this one (npm binaryen $bv)"

# --- what README.md says -------------------------------------------------------------------------
# Every "Trunk X.Y.Z" and "wasm-bindgen-cli X.Y.Z" in it.
readme_versions() {
  grep -oE "$1 [0-9]+\.[0-9]+\.[0-9]+" "$ROOT/README.md" | awk '{ print $2 }' | sort -u || true
}
if [[ -n "$tv" ]]; then
  for v in $(readme_versions Trunk); do
    expect "Trunk in README.md" "$v" "$tv" "update README.md"
  done
fi
if [[ -n "$wb" ]]; then
  for v in $(readme_versions wasm-bindgen-cli); do
    expect "wasm-bindgen-cli in README.md" "$v" "$wb" "update README.md"
  done
fi

if ((problems > 0)); then
  printf 'check-versions: %d disagreement(s); the versions are set in Cargo.lock (wasm-bindgen), Trunk.toml trunk-version (Trunk) and package-lock.json (binaryen)\n' "$problems" >&2
  exit 1
fi
echo "check-versions: wasm-bindgen $wb, trunk $tv, binaryen $bv (wasm-opt version_${bv%%.*}): every file agrees"
