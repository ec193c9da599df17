#!/usr/bin/env bash
# Installs the build and test toolchain; each step is skipped when already in place.
# Safe to run repeatedly, without a TTY, and under CI=true.
#
# On a machine that has none of the tools, the slow parts (compiling Trunk and wasm-bindgen-cli,
# downloading Chromium, npm ci) run side by side, each into a log under target/setup/, while
# this script prints every few seconds what is still running and for how long.
set -euo pipefail

WASM_TARGET=wasm32-unknown-unknown
# How often a still-running install reports that it is alive (seconds).
HEARTBEAT_SECONDS=15

cd "$(dirname "$0")/.."
# The versions come from the files that set them (see scripts/versions.sh).
source scripts/versions.sh
TRUNK_VERSION=$(trunk_version)
WASM_BINDGEN_VERSION=$(wasm_bindgen_version)
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export DEBIAN_FRONTEND=noninteractive
LOG_DIR=target/setup

log() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

# Prints the version number in a tool's `--version` output, or nothing.
version_of() {
  "$@" --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n1 || true
}

[[ -n "$TRUNK_VERSION" ]] || die "no trunk-version = \"=X.Y.Z\" in Trunk.toml"
[[ -n "$WASM_BINDGEN_VERSION" ]] || die "no wasm-bindgen in Cargo.lock"
command -v cargo >/dev/null || die "cargo not found: install Rust with rustup first"
command -v rustup >/dev/null || die "rustup not found: the $WASM_TARGET target is installed with it"
command -v npm >/dev/null || die "npm not found: install Node.js 20 or newer"

# --- what is missing ----------------------------------------------------------------------------
need_trunk=0 need_bindgen=0 need_apt=0 need_npm=0
[[ "$(version_of trunk)" == "$TRUNK_VERSION" ]] || need_trunk=1
[[ "$(version_of wasm-bindgen)" == "$WASM_BINDGEN_VERSION" &&
   "$(version_of wasm-bindgen-test-runner)" == "$WASM_BINDGEN_VERSION" ]] || need_bindgen=1
# Chromium and its WebDriver run the wasm tests and the end-to-end tests; the Chinese font
# makes the zh-CN screenshots readable.
APT_PACKAGES=(chromium chromium-driver fonts-wqy-microhei)
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || need_apt=1
done
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
npm_in_sync || need_npm=1

if ((need_apt)) && [[ $(id -u) -ne 0 ]]; then
  if [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]]; then
    log "no Chinese font (fonts-wqy-microhei) and not root: zh-CN screenshots will show boxes"
    need_apt=0
  else
    die "Chromium is missing; run this script as root (it runs apt-get install ${APT_PACKAGES[*]})"
  fi
fi

if ((need_trunk || need_bindgen)); then
  log "first run on this machine: compiling the build tools from crates.io, once;"
  log "usually about 6 minutes on a quiet 2-core machine, longer beside other work."
  log "Later runs skip this. Progress is printed every ${HEARTBEAT_SECONDS} s; logs in $LOG_DIR/."
fi

# --- the Rust target (seconds) -------------------------------------------------------------------
if rustup target list --installed | grep -qx "$WASM_TARGET"; then
  log "rust target $WASM_TARGET present"
else
  log "rustup target add $WASM_TARGET (a few seconds)"
  rustup target add "$WASM_TARGET"
fi

# --- the slow installs, side by side --------------------------------------------------------------
# The tools run for seconds at a time, so they are compiled for a quick build rather than for
# their own speed: with their own release profiles (LTO, one codegen unit, opt-level 3) the
# installs take more than twice as long. The exception is the code that rewrites wasm modules
# (wasm-bindgen's crates, walrus, the wasm parser): unoptimised, the wasm tests' runner takes
# 6 s longer on every run, so it gets opt-level 2, for about 50 s more of set-up.
# Measured in docs/setup.md.
export CARGO_PROFILE_RELEASE_OPT_LEVEL=0
export CARGO_PROFILE_RELEASE_LTO=false
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
export CARGO_PROFILE_RELEASE_DEBUG=false
export CARGO_PROFILE_RELEASE_INCREMENTAL=false

# Trunk: newer releases need a newer rustc than this machine has, hence the pin (Trunk.toml's
# trunk-version) and --locked. Without default features: no TLS stack and no update check,
# which only matter for downloads that this project never lets Trunk make (--offline builds,
# tools found on PATH).
install_trunk() {
  cargo install --locked trunk --version "$TRUNK_VERSION" --no-default-features
}
# wasm-bindgen CLI: the version of the wasm-bindgen crate in Cargo.lock.
# No --locked: one of its locked dependency versions is not on the registry. Without default
# features: no TLS stack, as the test runner only talks to ChromeDriver on this machine.
BINDGEN_OPTIMISED=(walrus wasmparser wasm-encoder rustc-demangle wasm-bindgen-cli-support
  wasm-bindgen-wasm-interpreter wasm-bindgen-wasm-conventions wasm-bindgen-externref-xform
  wasm-bindgen-multi-value-xform wasm-bindgen-threads-xform)
install_bindgen() {
  local config=() crate
  for crate in "${BINDGEN_OPTIMISED[@]}"; do
    config+=(--config "profile.release.package.$crate.opt-level=2")
  done
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --no-default-features "${config[@]}"
}
install_apt() {
  apt-get update -q
  apt-get install -y -q "${APT_PACKAGES[@]}"
}
install_npm() {
  npm ci --no-audit --no-fund
}

mkdir -p "$LOG_DIR"
names=() pids=() starts=() usual=()
start_job() { # NAME USUAL FUNCTION
  local name=$1
  "$3" >"$LOG_DIR/$name.log" 2>&1 &
  names+=("$name") pids+=($!) starts+=("$SECONDS") usual+=("$2")
  log "started: $name (usually $2) > $LOG_DIR/$name.log"
}
((need_trunk)) && start_job "trunk-$TRUNK_VERSION" "5 to 6 min" install_trunk
((need_bindgen)) && start_job "wasm-bindgen-cli-$WASM_BINDGEN_VERSION" "about 3 min" install_bindgen
((need_apt)) && start_job "apt-chromium" "under a minute" install_apt
((need_npm)) && start_job "npm-ci" "10 to 30 s" install_npm

# What a running job is doing: the last crate cargo started compiling, or the log's last line.
doing() {
  local last
  last=$(grep -E '^\s+(Compiling|Downloaded|Installing|Finished)|^(Unpacking|Setting up|Get:)' "$1" |
    tail -n1 | sed -E 's/^\s+//' || true)
  [[ -n "$last" ]] || last=$(tail -n1 "$1" 2>/dev/null | cut -c1-80 || true)
  printf '%s' "$last"
}

failed=()
if ((${#pids[@]} > 0)); then
  started=$SECONDS
  remaining=${#pids[@]}
  declare -A done_=()
  while ((remaining > 0)); do
    for i in "${!pids[@]}"; do
      [[ -n "${done_[$i]:-}" ]] && continue
      if ! kill -0 "${pids[$i]}" 2>/dev/null; then
        done_[$i]=1
        remaining=$((remaining - 1))
        if wait "${pids[$i]}"; then
          log "done: ${names[$i]} in $((SECONDS - starts[i])) s"
        else
          failed+=("${names[$i]}")
          log "FAILED: ${names[$i]} after $((SECONDS - starts[i])) s; the end of its log:"
          tail -n 30 "$LOG_DIR/${names[$i]}.log" | sed 's/^/    /'
        fi
      fi
    done
    ((remaining > 0)) || break
    # Sleep in short steps, so that a finished job is reported at once.
    ended=0
    for _ in $(seq "$HEARTBEAT_SECONDS"); do
      sleep 1
      for i in "${!pids[@]}"; do
        if [[ -z "${done_[$i]:-}" ]] && ! kill -0 "${pids[$i]}" 2>/dev/null; then ended=1; fi
      done
      ((ended == 0)) || break
    done
    ((ended == 0)) || continue
    for i in "${!pids[@]}"; do
      [[ -n "${done_[$i]:-}" ]] && continue
      if kill -0 "${pids[$i]}" 2>/dev/null; then
        log "  ... ${names[$i]}: $((SECONDS - starts[i])) s (usually ${usual[$i]}): $(doing "$LOG_DIR/${names[$i]}.log")"
      fi
    done
  done
  log "installs finished in $((SECONDS - started)) s"
fi
((${#failed[@]} == 0)) || die "failed: ${failed[*]} (full logs in $LOG_DIR/)"

log "toolchain ready: $(trunk --version), $(wasm-bindgen --version), $(wasm-opt --version | head -n1), $(chromium --version 2>/dev/null | head -n1)"
