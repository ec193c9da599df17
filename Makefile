# Gomoku: Rust engine compiled to WebAssembly, played on a canvas page.
#
#   make serve       install what is missing, then serve the page (release engine, live reload)
#                    at http://127.0.0.1:8080/; builds into target/serve, never into dist/
#   make test        install what is missing, then run every check and test
#   make build       release build of the page into dist/
#   make test-node   the page's JavaScript tests that need no browser and no build (plain node)
#   make e2e         the page's end-to-end tests on the build in dist/
#   make budgets     build, then measure page weight, first paint, long tasks, reply time, wasm speed
#   make bench-wasm  the engine benchmark natively and in headless Chromium, taking turns for five rounds
#   make soak-wasm   build, then [GAMES=N] AI-vs-AI games in headless Chromium, every move checked
#   make soak        [GAMES=N] AI-vs-AI games natively, every move checked, memory sampled
#   make soak-page   the page for 500 games in headless Chromium: memory, errors, every game kept
#   make element-memory  six <gomoku-board> elements on a phone-sized article: memory, at most 150 MB
#   make review-time     the review of a 60-move game in headless Chromium, timed
#   make net         the learned evaluation end to end: self-play, fit, weights, timed match (hours; scripts/net-pipeline.sh)
#   make puzzles     [GAMES=400] regenerate the puzzle set www/puzzles.txt from self-play games, then prove it
#   make crosscheck  the rules against figrid-board on 100,000 positions and 60,000 games
#   make fuzz        TARGET=game_api|notation|protocol DURATION=600 (s) [RUNS=N TRACE_COMPARES=no]: coverage-guided fuzzing
#   make docs        redraw the charts in docs/charts/ from the measurements in docs/data/ (plain node)

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

# npm's wasm-opt must win over any system one (Debian's older binaryen breaks the page).
export PATH := $(CURDIR)/node_modules/.bin:$(or $(CARGO_HOME),$(HOME)/.cargo)/bin:$(PATH)

HOST ?= 127.0.0.1
PORT ?= 8080
# The served page is what players get: the release engine. It is built apart from dist/, so
# a host copying dist/ never ships the server's build (with its live-reload CSP exception).
SERVE_DIR := target/serve
SERVE_FLAGS ?= --release
WASM_TARGET := wasm32-unknown-unknown

.NOTPARALLEL:

.PHONY: help check-versions setup serve build test \
        fmt-check clippy test-native test-node test-wasm dist e2e serve-dist budgets bench-wasm soak-wasm soak soak-page element-memory review-time net puzzles crosscheck fuzz icons docs clean

help:
	@sed -n 's/^#   /  /p' $(firstword $(MAKEFILE_LIST))

# Every file that names a tool version agrees with the one that sets it (scripts/versions.sh):
# runs before setup installs anything, so a half-done version bump stops here.
check-versions:
	@scripts/check-versions.sh

setup: check-versions
	@scripts/setup.sh

# The page is built once before the server starts, so that a long first build reports its
# progress; the server then finds the engine built and starts within seconds.
serve: setup
	@printf '\n  Gomoku will be served at  http://%s:%s/  (PORT=... HOST=... to change)\n\n' '$(HOST)' '$(PORT)'
	@GOMOKU_LIVE_RELOAD=1 scripts/quietly.sh build-page "1 to 3 minutes the first time, seconds after" \
	  target/serve-build.log 'success|ERROR|error:' -- \
	  trunk build --dist $(SERVE_DIR) $(SERVE_FLAGS)
	@printf '\n  Serving at  http://%s:%s/  (Ctrl+C stops the server)\n\n' '$(HOST)' '$(PORT)'
	GOMOKU_LIVE_RELOAD=1 trunk serve --address $(HOST) --port $(PORT) --dist $(SERVE_DIR) $(SERVE_FLAGS)

build: setup dist

# The steps of `make test`, each with its usual time on a 2-core machine (first run; later runs
# are quicker where a step compiles). Each step says what it runs and shows it is alive.
TEST_STEPS := fmt-check clippy test-native test-node test-wasm dist e2e
usual_fmt-check := a few seconds
usual_clippy := 30 s to a minute
usual_test-native := 3 minutes the first time
usual_test-node := 10 s
usual_dist := 1 to 2 minutes the first time
usual_e2e := 13 to 16 minutes
# test-wasm reports its own progress (scripts/quietly.sh).
run_step = $(if $(usual_$(1)),scripts/alive.sh $(1) "$(usual_$(1))" -- )$(MAKE) --no-print-directory $(1)
test: setup
	@$(foreach step,$(TEST_STEPS),$(call run_step,$(step)) && ) true
	@echo "make test: all checks passed"

fmt-check:
	cargo fmt --check

clippy:
	cargo clippy --all-targets -- -D warnings

test-native:
	cargo test

# Tests of the page's JavaScript modules under plain node (no browser, no build), so they run
# before the page is built.
test-node:
	node --test tests/node/

# wasm-bindgen tests run in headless Chromium driven by chromedriver: the test files named
# tests/wasm_*.rs (the others are native). Only the counts are printed; the whole output
# on a failure.
WASM_TESTS := $(patsubst tests/%.rs,--test %,$(wildcard tests/wasm_*.rs))
test-wasm:
	@CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	CHROMEDRIVER=/usr/bin/chromedriver \
	scripts/quietly.sh test-wasm "1 to 3 minutes: compiling, then headless Chromium" \
	  target/test-wasm.log '^test result:' -- \
	  cargo test --target $(WASM_TARGET) --no-default-features $(WASM_TESTS)

# Offline build: a tool version mismatch fails at once instead of hanging on a download.
dist:
	cargo fetch
	trunk build --release --offline=true

e2e:
	node --test --test-concurrency=1 tests/e2e/

# Serves the release build in dist/ without rebuilding.
serve-dist:
	node scripts/serve-dist.mjs --port $(PORT)

# Measurements, not tests: they print numbers against the page's budgets.
budgets: setup dist
	node scripts/page-budgets.mjs

BENCH_DEPTH ?= 7
bench-wasm: setup dist
	node scripts/page-budgets.mjs --only bench --native --bench-depth $(BENCH_DEPTH)

# GAMES=N games; unset, each runner's own default: 2000 (DEFAULT_GAMES in src/bin/soak.rs,
# --games in scripts/soak-wasm.mjs).
GAMES ?=

# Every move and result checked in JS; fails on a violation or on wasm memory growth.
soak-wasm: setup dist
	node scripts/soak-wasm.mjs $(if $(GAMES),--games $(GAMES))

soak:
	cargo run --release --bin soak -- $(GAMES)

# The page itself for 300 watched and 200 played games in headless Chromium: every game
# recorded, heap and DOM after a forced collection within 10% of game 20's, no console error.
soak-page: setup dist
	node scripts/soak-page.mjs

# Six <gomoku-board> elements on an article at phone size, two watching search levels play:
# the page's and the workers' JS heaps and every WebAssembly memory, summed, within 150 MB.
element-memory: setup dist
	node scripts/element-memory.mjs

review-time: setup dist
	node scripts/review-time.mjs

net:
	scripts/net-pipeline.sh

puzzles:
	cargo run --release --features tools --bin puzzles -- generate $(or $(GAMES),400) > www/puzzles.txt.new
	mv www/puzzles.txt.new www/puzzles.txt
	cargo run --release --features tools --bin puzzles -- check www/puzzles.txt

# The long form of tests/crosscheck.rs (the test command runs a sample).
POSITIONS ?= 100000
crosscheck:
	CROSSCHECK_POSITIONS=$(POSITIONS) CROSSCHECK_GAMES=20000 \
	cargo test --release --test crosscheck -- --nocapture --test-threads=1

# New finds land in fuzz/corpus/$(TARGET); `cargo test` replays that folder. Before
# committing it, keep only the committed inputs and the new ones that add coverage edges:
# with OLD a copy of the committed folder and NEW one of the fuzzed folder,
#   fuzz/target/x86_64-unknown-linux-gnu/release/$(TARGET) OLD NEW -merge=1 -use_counters=0
# adds to OLD the inputs of NEW that reach new edges; OLD then replaces the folder.
# Safe Rust needs no AddressSanitizer, and without it the targets run several times faster.
# TRACE_COMPARES=no leaves out the comparison tracing that guides mutations towards the
# values the code compares with: game_api then runs 3.7 times as many inputs a CPU second
# (its bytes are read as small numbers, where that guidance adds little; docs/robustness.md).
# RUNS stops after that many inputs (-1: only DURATION stops it).
TARGET ?= game_api
DURATION ?= 600
RUNS ?= -1
TRACE_COMPARES ?= yes
fuzz:
	scripts/fuzz-setup.sh
	cargo +nightly fuzz run -O -s none $(if $(filter no,$(TRACE_COMPARES)),--no-trace-compares) $(TARGET) -- \
	  -max_total_time=$(DURATION) -runs=$(RUNS) -len_control=0 -max_len=4096 -print_final_stats=1

# Redraws the PNG app icons from www/icons/icon.svg (kept in the repository).
icons:
	node scripts/make-icons.mjs

# The charts in docs/charts/ are drawn from docs/data/; `node scripts/docs-charts.mjs --check`
# (run by the node tests) fails when one is out of date with its data.
docs:
	node scripts/docs-charts.mjs

clean:
	cargo clean
	rm -rf dist test-output
