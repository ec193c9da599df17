#!/usr/bin/env bash
# Installs what long fuzzing runs need (not the tests): the nightly toolchain and cargo-fuzz.
# Each step is skipped when already in place.
set -euo pipefail
export PATH="$HOME/.cargo/bin:$PATH"

if rustup toolchain list | grep -q '^nightly'; then
  echo "fuzz-setup: nightly toolchain present"
else
  rustup toolchain install nightly --profile minimal
fi
if cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz-setup: cargo-fuzz present"
else
  cargo install --locked cargo-fuzz
fi
