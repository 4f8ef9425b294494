# Spanwise: one Makefile for the whole build. `make start` sets everything up and runs the service;
# `make test` runs every test (cargo and vitest). See README.md.

SHELL := /bin/bash
.DEFAULT_GOAL := all

WASM_TARGET   := wasm32-unknown-unknown
WASM_CRATE    := spanwise-engine-wasm
WASM_OUT      := target/wasm/$(WASM_TARGET)/release/spanwise_engine_wasm.wasm
PKG           := pkg
TOOLS         := .tools
# wasm-bindgen-cli must be exactly the wasm-bindgen crate version in Cargo.lock.
BINDGEN_VER   := $(shell awk '/^name = "wasm-bindgen"$$/{getline; gsub(/"/,"",$$3); print $$3}' Cargo.lock)
BINDGEN       := $(TOOLS)/bin/wasm-bindgen
REVISION      := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo 000000000000)
RUST_SOURCES  := $(shell find crates -name '*.rs' -o -name Cargo.toml) Cargo.toml Cargo.lock .cargo/config.toml
TS_SOURCES    := $(shell find ts -name '*.ts')
WEB_SOURCES   := $(shell find ts/web -type f) vite.config.ts $(wildcard data/sections/*.json)
DEBIAN_RUST   := rustc-web cargo-web rust-web-src lld-22
# redis-server for the shared-counter tests; chromium (Debian's own build, driven by playwright-core, which
# downloads no browser) for the calculator's browser tests, its screenshots and its edit-to-redraw bench;
# poppler-utils reads the printed reports back; wrk is the engine-pool bench's load generator (bench/http.ts).
SYSTEM_PKGS   := redis-server chromium poppler-utils wrk
# The WebAssembly features rustc's wasm32 target emits by default plus SIMD (.cargo/config.toml), which wasm-opt must accept.
WASM_FEATURES := --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
                 --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd
# binaryen 108 (Debian bookworm's) rewrites the externref table wasm-bindgen emits into one that Node
# refuses at start-up; 132 was checked to work. Older versions than this are skipped.
WASM_OPT_MIN  := 119
# -O3 inlines every function that has one caller, however large, so a solve's phases (each called once) end up
# in one huge function, which V8 runs slower: the patterned frame of bench/pattern.ts took 18.5 ms that way and
# 16.7 ms with functions over 2,000 expressions left alone (16.4 ms with no wasm-opt at all), the plain solve
# the same 5.3 ms either way.
WASM_OPT_FLAGS := -O3 --one-caller-inline-max-function-size 2000
# wasm-opt from the npm package binaryen (a devDependency: binaryen itself compiled to JavaScript and
# WebAssembly by its maintainers, no native binary), else one on PATH. Looked up when the recipe runs (`=`),
# after npm has installed it on a fresh clone.
WASM_OPT       = $(firstword $(wildcard node_modules/.bin/wasm-opt) wasm-opt)

.PHONY: all deps system-deps wasm build web data start test test-rust test-ts typecheck lint fmt bench ci clean

all: deps wasm build web

## npm packages as locked. `npm install` rather than `npm ci`: with this machine's npm settings the lock
## omits other platforms' optional packages, which `npm ci` refuses; install still follows the lock.
deps: node_modules/.package-lock.json
node_modules/.package-lock.json: package.json package-lock.json
	npm install --no-audit --no-fund
	@touch $@

## Debian packages the tests and benches need (SYSTEM_PKGS)
system-deps:
	@missing=""; for p in $(SYSTEM_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; fi

## `$(call cargo_wasm,<target dir>,<revision>)`: the binding built for wasm32 from the current directory's
## workspace: rustup's wasm32 target when installed, otherwise Debian's rustc-web with build-std
## (installed when missing).
define cargo_wasm
if rustup target list --installed 2>/dev/null | grep -qx $(WASM_TARGET); then \
  echo "wasm: rustup target $(WASM_TARGET)"; \
  SPANWISE_REVISION=$(2) CARGO_TARGET_DIR=$(1) cargo build --release --target $(WASM_TARGET) -p $(WASM_CRATE); \
else \
  echo "wasm: Debian rustc-web with build-std"; \
  missing=""; for p in $(DEBIAN_RUST); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
  if [ -n "$$missing" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; fi; \
  SPANWISE_REVISION=$(2) RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=$(1) \
    /usr/bin/cargo build --release --target $(WASM_TARGET) -Z build-std=std,panic_abort -p $(WASM_CRATE); \
fi
endef

## The engine as one WebAssembly package (pkg/) that Node and browsers both load. The glue gets
## `__wbg_reset_state`, which replaces a trapped instance by a fresh one of the same compiled module
## (ts/engine/engine.ts: `Engine.reset`).
## Route: rustup's wasm32 target when installed, otherwise Debian's rustc-web with build-std
## (docs/architecture.md, "Building the engine").
wasm: $(PKG)/revision
$(PKG)/revision: $(RUST_SOURCES) $(BINDGEN) | node_modules/.package-lock.json
	@$(call cargo_wasm,target/wasm,$(REVISION))
	$(BINDGEN) --target web --experimental-reset-state-function --out-dir $(PKG) --out-name spanwise_engine $(WASM_OUT)
	@version=$$($(WASM_OPT) --version 2>/dev/null | awk '{print $$3}'); \
	if [ -z "$$version" ]; then \
	  echo "wasm-opt not installed (Debian: apt-get install binaryen): the WASM is left as rustc wrote it"; \
	elif [ "$$version" -lt $(WASM_OPT_MIN) ]; then \
	  echo "wasm-opt $$version is older than $(WASM_OPT_MIN) and breaks wasm-bindgen's externref table: not run"; \
	else \
	  echo "wasm-opt $$version $(WASM_OPT_FLAGS) ($(WASM_OPT))"; \
	  $(WASM_OPT) $(WASM_OPT_FLAGS) $(WASM_FEATURES) $(PKG)/spanwise_engine_bg.wasm -o $(PKG)/spanwise_engine_bg.wasm; \
	fi
	@echo $(REVISION) > $@

# Rebuild the WASM whenever HEAD moves, so the version it reports is the revision it was built from.
ifneq ($(shell cat $(PKG)/revision 2>/dev/null),$(REVISION))
$(PKG)/revision: FORCE
endif
.PHONY: FORCE
FORCE:

$(BINDGEN): Cargo.lock
	@if [ ! -x $(BINDGEN) ] || [ "$$($(BINDGEN) --version | awk '{print $$2}')" != "$(BINDGEN_VER)" ]; then \
	  cargo install wasm-bindgen-cli --version $(BINDGEN_VER) --root $(TOOLS) --force; \
	fi
	@touch $@

## TypeScript to dist/
build: dist/.built
## (ts/engine is type-checked against the declarations wasm-bindgen writes into pkg/)
dist/.built: $(TS_SOURCES) tsconfig.json tsconfig.build.json node_modules/.package-lock.json $(PKG)/revision
	npx tsc -p tsconfig.build.json
	@touch $@

## The calculator (ts/web) built by Vite into dist/calculator/: its page, JS, CSS and pkg/'s .wasm as an
## asset (docs/calculator.md). After `wasm`; `start`, `test` and `bench` reach it through `all`.
web: dist/calculator/index.html
dist/calculator/index.html: $(WEB_SOURCES) $(TS_SOURCES) $(PKG)/revision node_modules/.package-lock.json
	npx vite build --logLevel warn

## Regenerate data/sections/*.json from the published tables in data/sources
data: deps
	npx tsx scripts/sections/convert.ts

## Install everything, then run the service on $$PORT (default 3000)
start: all
	npm start

test: all system-deps lint test-rust typecheck test-ts

test-rust:
	cargo test --workspace --quiet

typecheck: deps wasm
	npx tsc --noEmit -p tsconfig.json

test-ts: deps wasm
	npx vitest run

fmt: deps
	cargo fmt --all
	npx prettier --write --log-level warn .

## rustfmt, clippy, prettier, ESLint, and the import rules of docs/architecture.md (dependency-cruiser)
lint: deps
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --quiet -- -D warnings
	npx prettier --check --log-level warn .
	npx eslint .
	npm run --silent lint:layers

bench: all system-deps
	@mkdir -p target/bench
	@# the native examples write the models the benches solve (bench/fixtures), and print their own figures
	cargo run --release --quiet -p spanwise-engine --example bench_beam -- --fixture bench/fixtures/beam-20-span.json
	cargo run --release --quiet -p spanwise-engine --example bench_truss -- --fixture bench/fixtures/truss-300.json
	cargo run --release --quiet -p spanwise-engine --example bench_frame -- --fixture bench/fixtures/frame-300.json
	npx tsx bench/frame-second-order.ts
	npx tsx bench/run.ts
	npx tsx bench/pattern.ts
	npx tsx bench/section-properties.ts
	npx tsx bench/limits.ts
	npx tsx bench/pool.ts
	npx tsx bench/calculator.ts

ci: test

clean:
	rm -rf target pkg dist
