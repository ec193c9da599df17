#!/usr/bin/env bash
# Installs the build and test toolchain; each step is skipped when already in place.
# Safe to run repeatedly, without a TTY, and under CI=true.
set -euo pipefail

WASM_TARGET=wasm32-unknown-unknown

cd "$(dirname "$0")/.."
# The versions come from the files that set them (see scripts/versions.sh).
source scripts/versions.sh
TRUNK_VERSION=$(trunk_version)
WASM_BINDGEN_VERSION=$(wasm_bindgen_version)
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export DEBIAN_FRONTEND=noninteractive

log() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

# Runs a step and reports how long it took.
timed() {
  local label=$1 start=$SECONDS
  shift
  log "$label ..."
  "$@"
  log "$label done in $((SECONDS - start)) s"
}

# Prints the version number in a tool's `--version` output, or nothing.
version_of() {
  "$@" --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n1 || true
}

[[ -n "$TRUNK_VERSION" ]] || die "no trunk-version = \"=X.Y.Z\" in Trunk.toml"
[[ -n "$WASM_BINDGEN_VERSION" ]] || die "no wasm-bindgen in Cargo.lock"
command -v cargo >/dev/null || die "cargo not found: install Rust with rustup first"
command -v rustup >/dev/null || die "rustup not found: the $WASM_TARGET target is installed with it"

# Rust target for the browser build.
if rustup target list --installed | grep -qx "$WASM_TARGET"; then
  log "rust target $WASM_TARGET present"
else
  timed "rustup target add $WASM_TARGET" rustup target add "$WASM_TARGET"
fi

# Trunk: newer releases need a newer rustc than this machine has, hence the pin (Trunk.toml's
# trunk-version) and --locked.
if [[ "$(version_of trunk)" == "$TRUNK_VERSION" ]]; then
  log "trunk $TRUNK_VERSION present"
else
  log "first-time install: compiling Trunk $TRUNK_VERSION from crates.io, once per machine"
  log "(usually 7 to 12 minutes on a 2-core machine; cargo prints each crate as it goes)"
  timed "cargo install trunk $TRUNK_VERSION" \
    cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# wasm-bindgen CLI: the version of the wasm-bindgen crate in Cargo.lock.
# No --locked: one of its locked dependency versions is not on the registry.
if [[ "$(version_of wasm-bindgen)" == "$WASM_BINDGEN_VERSION" &&
      "$(version_of wasm-bindgen-test-runner)" == "$WASM_BINDGEN_VERSION" ]]; then
  log "wasm-bindgen-cli $WASM_BINDGEN_VERSION present"
else
  log "first-time install: compiling wasm-bindgen-cli $WASM_BINDGEN_VERSION, once per machine"
  log "(usually 2 to 5 minutes on a 2-core machine)"
  timed "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION" \
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# Chromium and its WebDriver from Debian: used by wasm-bindgen-test-runner and Playwright.
if [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]]; then
  log "chromium and chromedriver present"
else
  [[ $(id -u) -eq 0 ]] || die "chromium is missing; run this script as root to apt-get install it"
  install_chromium() {
    apt-get update -q
    apt-get install -y -q chromium chromium-driver
  }
  timed "apt-get install chromium chromium-driver" install_chromium
fi

# A Chinese font, so the zh-CN screenshots of the end-to-end tests are readable (optional).
if command -v fc-list >/dev/null && [[ -z "$(fc-list :lang=zh 2>/dev/null)" ]] && [[ $(id -u) -eq 0 ]]; then
  install_cjk_font() {
    apt-get install -y -q fonts-wqy-microhei ||
      { apt-get update -q && apt-get install -y -q fonts-wqy-microhei; } ||
      log "no Chinese font installed: zh-CN screenshots will show boxes"
  }
  timed "apt-get install fonts-wqy-microhei" install_cjk_font
fi

# npm packages: wasm-opt (binaryen) and playwright-core, exactly as in package-lock.json.
command -v npm >/dev/null || die "npm not found: install Node.js 20 or newer"
npm_in_sync() {
  node --input-type=module -e '
    import { readFileSync } from "node:fs";
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
    for (const [path, meta] of Object.entries(lock.packages)) {
      if (!path) continue;
      const pkg = JSON.parse(readFileSync(`${path}/package.json`, "utf8"));
      if (pkg.version !== meta.version) process.exit(1);
    }' 2>/dev/null
}
if npm_in_sync; then
  log "npm packages present"
else
  timed "npm ci" npm ci --no-audit --no-fund
fi

log "toolchain ready: $(trunk --version), $(wasm-bindgen --version), $(wasm-opt --version | head -n1), $(chromium --version 2>/dev/null | head -n1)"
