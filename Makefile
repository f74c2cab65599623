# licensing-sdk — the two commands of the README are the contract:
#   make demo   builds the package and serves the demo portal on http://127.0.0.1:8787/
#   make test   installs what a fresh machine lacks, then runs every suite
# Other targets: make pkg (build pkg/), make test-native, make test-js, make test-wasm.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# Chromium leaves temp dirs behind: keep them in a scratch folder of ours.
SCRATCH := $(CURDIR)/target/tmp
WASM_TEST_ENV := TMPDIR=$(SCRATCH) CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	WASM_BINDGEN_TEST_TIMEOUT=120
# With both drivers on PATH the runner would pick Firefox: name one explicitly per run.
# Chromium and Node expose gc() to the tests (a forced GC mid-body, crates/licensing-client/tests/fetch).
CHROME := CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_WEBDRIVER_JSON=$(CURDIR)/tests/webdriver-chrome.json
FIREFOX = GECKODRIVER=$$(command -v geckodriver)
# WebKit (Safari's engine): WebKitGTK's driver; its MiniBrowser refuses --headless,
# so it runs on a virtual display (xvfb-run -a picks a free one).
WEBKIT = SAFARIDRIVER=$$(command -v WebKitWebDriver)
DEMO_ADDR ?= 127.0.0.1:8787
# The optional native features every native run builds with.
NATIVE_FEATURES := licensing-client/reqwest,licensing-client/simulator,licensing-client/hooks,licensing-client/outbox,licensing-core/validator,licensing-core/testing,licensing-core/axum
# The wasm-bindgen suites: the JS bindings (js/sdk/tests/bindings), the Rust client over
# fetch against the native simulator (crates/licensing-client/tests/fetch) and over
# the in-process one (tests/simulated, no network).
WASM_SUITES := sh -c 'cargo test --target wasm32-unknown-unknown -p licensing-sdk --test bindings && \
	cargo test --target wasm32-unknown-unknown -p licensing-client --features fetch,simulator --test fetch --test simulated'


.PHONY: help tools tools-rust tools-package tools-browsers lint pkg sim screenshot wasm-bytes bench bench-sim test-msrv test-release release-check test-browser test-examples test-ecosystem test-contract test-e2e test-timers test-playwright test test-native install-pkg test-js test-abuse test-wasm test-wasm-node \
	test-wasm-chrome test-wasm-firefox test-wasm-worker test-wasm-webkit test-load demo fuzz mutants clean

help:
	@echo "make demo   - build the package and serve the demo portal on http://$(DEMO_ADDR)/"
	@echo "make test   - install missing tools, run native, Node, browser and worker suites"
	@echo "make pkg    - build the npm package in pkg/"
	@echo "make sim    - run licensing-sim alone on http://$(DEMO_ADDR)/"
	@echo "make screenshot - regenerate docs/portal.png, docs/panel.png, docs/verify-report.png"
	@echo "make wasm-bytes - where the validation-only wasm's bytes go (WASM=full: the full wasm's), function by function, against BASE=main"
	@echo "make fuzz   - the long property-test run of the validator (minutes)"
	@echo "make mutants - mutation testing of the rule files (long; see CONTRIBUTING.md)"
	@echo "make bench  - benchmarks and sizes against ajv and zod (bench/results.md)"
	@echo "make bench-sim - the simulator under load beside WireMock (bench/sim/results.md)"
	@echo "make release-check - everything a release needs, without publishing (RELEASING.md)"

tools:
	scripts/install-tools.sh all
# The same in the parts make test's lanes install (scripts/test-lanes.sh).
tools-rust:
	scripts/install-tools.sh rust
tools-package:
	scripts/install-tools.sh package
tools-browsers:
	scripts/install-tools.sh browsers

pkg:
	scripts/install-tools.sh build
	scripts/build-pkg.sh

# Every suite below, from tools-rust to test-release, in two lanes side by side
# (the Rust lane's builds beside the package lane's suites), with the seconds
# of each phase at the end.
test:
	scripts/test-lanes.sh

# The published crates, every target of theirs (the tests, the examples) checked
# with exactly their rust-version (Cargo.toml's [workspace.package];
# scripts/install-tools.sh installs it), in a target dir of their own. Checked,
# not built and run: what the MSRV promises is that they compile; the same tests
# run on stable in test-native, and building them twice cost a fresh machine
# 204 CPU-s where the check costs 79 (docs/design.md). Without the dead-code lint: Rust 1.88 does not count a
# use inside `const _` (the rule and code tables' compile-time checks, rules/mod.rs
# and codes.rs), so it called 37 constants and fields dead that are not; stable's
# lint (make lint, as errors) is the one that holds. Added to the caller's RUSTFLAGS.
MSRV := $(shell sed -n 's/^rust-version *= *"\([0-9.]*\)".*/\1/p' Cargo.toml | head -n1)
PUBLISHED := -p licensing-core -p licensing-client -p licensing-sim-core -p licensing-sim
test-msrv:
	RUSTFLAGS="$${RUSTFLAGS:-} -A dead_code" cargo +$(MSRV) check -q --all-targets --target-dir target/msrv $(PUBLISHED) --features $(NATIVE_FEATURES)

# A release without publishing (RELEASING.md): the API reports, the changelog,
# cargo publish and npm publish dry runs, the artifacts and their sums. make test
# runs it on the tree as it is; make release-check wants a clean one.
test-release: pkg
	scripts/release-check.sh --allow-dirty
release-check: tools pkg
	scripts/release-check.sh

# Formatting, clippy and rustdoc as errors, natively and for the wasm-only code
# (the JS bindings, the fetch client, the two builds of the package). The wasm
# crates are checked in one run (their shared dependencies checked once: 89 ->
# 66 CPU-s cold, measured side by side), the validation-only build alone.
WASM_CRATES := -p licensing-sdk -p licensing-client -p portal-example -p interop-bench -p licensing-testing-wasm \
	-p licensing-verify-wasm -p licensing-outbox-wasm
WASM_FEATURES := licensing-client/fetch,licensing-client/simulator,interop-bench/text,interop-bench/serde
lint:
	cargo fmt --all --check
	cargo clippy -q --workspace --all-targets --features $(NATIVE_FEATURES) -- -D warnings
	cargo clippy -q --target wasm32-unknown-unknown $(WASM_CRATES) --features $(WASM_FEATURES) --all-targets -- -D warnings
	cargo clippy -q --target wasm32-unknown-unknown -p licensing-sdk --no-default-features -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc -q --no-deps --workspace --features $(NATIVE_FEATURES)
	RUSTDOCFLAGS="-D warnings" cargo doc -q --no-deps --target wasm32-unknown-unknown -p licensing-sdk -p licensing-client \
		--features licensing-client/fetch,licensing-client/simulator

# The simulator's store tests start a PostgreSQL server (scripts/install-tools.sh
# installs it): required here, so a machine without one fails rather than skips.
test-native:
	LICENSING_SIM_REQUIRE_POSTGRES=1 cargo test --workspace --features $(NATIVE_FEATURES)

# The package as a user gets it: packed and installed by name.
install-pkg:
	rm -rf target/npm && mkdir -p target/npm
	cd pkg && npm pack --silent --pack-destination ../target/npm >/dev/null
	npm install --no-save --no-audit --no-fund --loglevel=error ./target/npm/licensing-sdk-0.1.0.tgz

# Imported as ESM and CJS; the client tests run against simulators started for them;
# the conformance suite runs its cases against the native and the in-process simulator.
test-js: install-pkg
	node_modules/.bin/tsc -p tests/js/tsconfig.json
	scripts/with-sim.sh node --test tests/js/ tests/conformance/ js/outbox/tests/ js/verify/tests/ js/testing/tests/ js/sdk/tests/

# The adversarial probes (under 2 minutes): the simulator with its memory held
# under a ceiling, and the installed package (hangs, memory, redirects, options).
test-abuse: install-pkg
	cargo build --release -q -p licensing-sim
	scripts/with-sim.sh node --test tests/abuse/

test-wasm: test-wasm-node test-wasm-chrome test-wasm-firefox test-wasm-worker test-wasm-webkit

test-wasm-node:
	mkdir -p $(SCRATCH)
	$(WASM_TEST_ENV) NODE_ARGS=--expose-gc scripts/with-sim.sh $(WASM_SUITES)

test-wasm-chrome:
	mkdir -p $(SCRATCH)
	$(WASM_TEST_ENV) $(CHROME) WASM_BINDGEN_USE_BROWSER=1 scripts/with-sim.sh $(WASM_SUITES)

test-wasm-firefox:
	mkdir -p $(SCRATCH)
	$(WASM_TEST_ENV) $(FIREFOX) WASM_BINDGEN_USE_BROWSER=1 scripts/with-sim.sh $(WASM_SUITES)

test-wasm-worker:
	mkdir -p $(SCRATCH)
	$(WASM_TEST_ENV) $(CHROME) WASM_BINDGEN_USE_DEDICATED_WORKER=1 scripts/with-sim.sh $(WASM_SUITES)

# The same suites in WebKit, in a page and in a dedicated worker.
test-wasm-webkit:
	mkdir -p $(SCRATCH)
	$(WASM_TEST_ENV) $(WEBKIT) WASM_BINDGEN_USE_BROWSER=1 xvfb-run -a scripts/with-sim.sh $(WASM_SUITES)
	$(WASM_TEST_ENV) $(WEBKIT) WASM_BINDGEN_USE_DEDICATED_WORKER=1 xvfb-run -a scripts/with-sim.sh $(WASM_SUITES)

# createSimulator (licensing-sdk/testing) in headless Chromium and Firefox and in
# WebKit, in a page and a module worker, driven over WebDriver (chromedriver,
# geckodriver, WebKitWebDriver on a virtual display).
test-browser:
	cargo build --release -q -p licensing-sim
	mkdir -p $(SCRATCH)
	TMPDIR=$(SCRATCH) $(FIREFOX) CHROMEDRIVER=/usr/bin/chromedriver xvfb-run -a node --test tests/browser/

# The testing guide's examples (docs/guide/testing.md), run as a user runs them: a Rust
# crate's wasm-bindgen-tests in headless Chromium and Firefox, Playwright with
# page.route, Vitest with MSW; each against the in-process simulator.
test-examples: install-pkg
	mkdir -p $(SCRATCH)
	$(WASM_TEST_ENV) $(CHROME) cargo test --target wasm32-unknown-unknown -p portal-example --test web
	$(WASM_TEST_ENV) $(FIREFOX) cargo test --target wasm32-unknown-unknown -p portal-example --test web
	TMPDIR=$(SCRATCH) node --test examples/playwright/
	node_modules/.bin/vitest run --root examples/vitest-msw

# The packed package in the toolchains its users run, each a small real project
# built and loaded in headless Chromium (tests/ecosystem/, its own lockfile):
# Vite 6/7/8 build and dev, webpack 5, Next.js 16 (Turbopack, webpack, dev),
# esbuild and Rollup, form libraries, a TypeScript matrix, Bun, Deno and workerd;
# the newest Vite's build and the loading failures also in WebKit (on a virtual
# display: xvfb-run).
# One file at a time: each build already uses both cores.
test-ecosystem: install-pkg
	tests/ecosystem/install.sh
	mkdir -p $(SCRATCH)
	cd tests/ecosystem && TMPDIR=$(SCRATCH) NEXT_TELEMETRY_DISABLED=1 xvfb-run -a node --test --test-concurrency=1 *.test.mjs

# The client and createSimulator under the test runners' own fake timers, as a
# portal's tests turn them on (tests/timers/, its own lockfile): two 503s with
# Retry-After: 20 and a 10 s timeout under Jest 30's and Vitest 4's defaults and
# @sinonjs/fake-timers 15's (queueMicrotask and nextTick kept real: sinon.mjs says
# why), and the package's virtual clock beside them.
test-timers: install-pkg
	tests/timers/install.sh
	cd tests/timers && node_modules/.bin/jest --ci && node_modules/.bin/vitest run vitest/ && node sinon.mjs

# licensing-sdk/playwright as a portal's suite uses it (tests/playwright/, its own
# lockfile: @playwright/test 1.65.1, the root's playwright-core), in Debian's
# Chromium: a simulator per test under four workers, the options reaching it, the
# routing alone, the trace attached to a failing test's report (a nested run's JSON
# report), a session per test of one shared licensing-sim (`sharedSimulator`); its
# declarations compiled against @playwright/test's.
test-playwright: install-pkg
	cargo build --release -q -p licensing-sim
	tests/playwright/install.sh
	node_modules/.bin/tsc -p tests/playwright/tsconfig.json
	mkdir -p $(SCRATCH)
	cd tests/playwright && TMPDIR=$(SCRATCH) npx playwright test

# pkg/openapi.json and the JSON Schemas in the tools their users point at them
# (tests/contract/, its own lockfile; schemathesis from PyPI in a virtualenv under
# target/contract/): Spectral and Redocly lint, ajv strict compile, schemathesis
# against licensing-sim (bounded, seeded), a Prism mock answering LicensingClient.
test-contract: install-pkg
	tests/contract/install.sh
	cargo build --release -q -p licensing-sim
	cd tests/contract && node --test *.test.mjs

# The portal in Debian's Chromium driven by playwright-core, against a simulator
# the test starts itself.
test-e2e:
	cargo build --release -q -p licensing-sim
	mkdir -p $(SCRATCH)
	TMPDIR=$(SCRATCH) node --test tests/e2e/

# Where the validation-only wasm's bytes go, function by function, against BASE
# (default main): CONTRIBUTING, "Finding a wasm's bytes".
wasm-bytes:
	scripts/wasm-bytes.sh

# Regenerates the docs' screenshots (docs/portal.png, docs/panel.png, docs/verify-report.png).
screenshot: pkg
	cargo build --release -q -p licensing-sim
	mkdir -p $(SCRATCH)
	TMPDIR=$(SCRATCH) node scripts/screenshot.mjs

# Ours vs ajv and zod, Node and Chromium, sizes, the steps of the unmet targets;
# writes bench/results.md (~5 min).
bench: pkg
	cd bench && npm ci --no-audit --no-fund --loglevel=error
	mkdir -p $(SCRATCH)
	cd bench && TMPDIR=$(SCRATCH) node bench.mjs

# The simulator under load beside WireMock (bench/sim/results.md), not in make
# test: oha, a Java runtime and PostgreSQL (scripts/install-tools.sh bench-sim),
# WireMock's jar (npm, bench/sim's lockfile).
bench-sim:
	scripts/install-tools.sh bench-sim
	cargo build --release -q -p licensing-sim
	cd bench/sim && npm ci --no-audit --no-fund --loglevel=error
	mkdir -p $(SCRATCH)
	TMPDIR=$(SCRATCH) node bench/sim/run.mjs

# Bounded: 10^5 batch orders over 64 keep-alive connections, then the exactly-once
# check; again with one new customer per order (the customer lookups are indexed).
test-load:
	cargo run --release -q -p licensing-sim --example load -- --requests 100000 --connections 64 --seconds 300
	cargo run --release -q -p licensing-sim --example load -- --requests 100000 --connections 64 --seconds 300 --distinct-customers

fuzz:
	PROPTEST_CASES=200000 cargo test -p licensing-core --release --test validate hostile

# Every mutant cargo-mutants makes of the rule files must fail a test of
# licensing-core (their tables of examples and passes, the rules suite); the
# list is in target/mutants/mutants.out. Not part of `make test`: it takes long.
mutants:
	scripts/install-tools.sh mutants
	cargo mutants --package licensing-core --file 'crates/licensing-core/src/validate/rules/*.rs' --timeout 60 --output target

sim:
	cargo run --release -q -p licensing-sim -- --listen $(DEMO_ADDR)

# The simulator serves the API, the portal (www/ at /) and the package (pkg/ at /pkg/).
demo: pkg
	cargo build --release -q -p licensing-sim
	@echo "demo: open http://$(DEMO_ADDR)/  (tokens: dev-order-token, dev-activity-token, dev-all-token)"
	target/release/licensing-sim --listen $(DEMO_ADDR) --static /=www --static /pkg=pkg

clean:
	cargo clean
	git clean -fdXq pkg/
	rm -rf node_modules
