# quiver - the two commands a newcomer needs: `make run` and `make test`.
# Everything missing is installed by scripts/install-deps.sh (apt-get; sudo when not root).

BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= 2
# Tests at once: twice JOBS, as a test's PROCESSORS counts half a core (tests/CMakeLists.txt).
TEST_JOBS  ?= $(shell echo $$((2 * $(JOBS))))
GAME       ?= three-arrows
PORT       ?= 8080
DB         ?= quiver.db
# make cluster CLUSTER_PORT=9000: where HAProxy listens in front of the processes.
CLUSTER_PORT ?= 8090

# make bench-load CLOCKS=1: every table of the load test with a clock.
CLOCKS       ?= 0
# make bench-serve PEER_TABLES=1000: the tables of the side-by-side benchmark.
PEER_TABLES  ?= 200

FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 60

# make mutation SEED=2 N=100: the mutants drawn, and the copy of the tree and build they are
# built in (docs/testing.md).
SEED           ?= 1
N              ?= 60
MUTATION_BUILD ?= build-mutation

.PHONY: all deps play-deps build build-asan quiet-build run serve web serve-web docs bench-app cluster python test test-release test-asan lab-studies faults screenshots bench bench-programs bench-serve bench-load fuzz fuzz-build fuzz-one test-fuzz mutation clean

# No "Entering directory" lines, even under make -C.
MAKEFLAGS += --no-print-directory

# cmake's generator for a new build folder: Ninja when the machine has it (`make test`'s
# packages bring it: python3-torch depends on ninja-build), else cmake's own default, Unix
# Makefiles; a folder keeps the generator it was made with. Ninja does without the Makefiles'
# recursive makes and dependency scans: the release build from scratch took 352 s of processor
# time against 488 (docs/history/testing.md, "The build"). Expanded when a recipe runs, after `deps`.
generator = $(if $(wildcard $(1)/CMakeCache.txt),,$(if $(shell command -v ninja),-G Ninja))

all: build

deps:
	@scripts/install-deps.sh

# What playing needs, without the test tools (no browser, no npm).
play-deps:
	@scripts/install-deps.sh --play

build: deps
	@cmake $(call generator,$(BUILD)) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

build-asan: deps
	@cmake $(call generator,$(ASAN_BUILD)) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DQV_SANITIZE=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)

# The build for `run` and `serve`: the quiver program alone (no tests), its output (cmake's and
# the compiler's) shown only when it fails, so that the game or the server's address is all a
# newcomer sees.
quiet-build: play-deps
	@log=$$(mktemp); \
	if cmake $(call generator,$(BUILD)) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >"$$log" 2>&1 && \
	   cmake --build $(BUILD) -j $(JOBS) --target quiver >>"$$log" 2>&1; then rm -f "$$log"; \
	else cat "$$log"; rm -f "$$log"; echo "make: the build failed (above)" >&2; exit 1; fi

# The Python package (docs/python.md) in $(BUILD)/python: import it with
# PYTHONPATH=$(BUILD)/python. Installs python3-cffi, python3-dev and python3-numpy first.
python:
	@scripts/install-deps.sh --play python3-cffi python3-dev python3-numpy
	@cmake $(call generator,$(BUILD)) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target python
	@echo "make: the package is in $(BUILD)/python (PYTHONPATH=$(BUILD)/python python3 -c 'import quiver')"

# Starts a game of THREE ARROWS against the computer at the gentlest level, beginner (a
# newcomer's first game; `quiver play` alone seats the strongest, hard).
run: quiet-build
	@$(BUILD)/quiver play $(GAME) --level beginner

# Starts the server for online play: http://127.0.0.1:$(PORT)/, tables kept in $(DB).
serve: quiet-build
	@$(BUILD)/quiver serve --port $(PORT) --db $(DB)

# The app (docs/web.md, "The app"): $(BUILD)/web, a static folder any static host serves at the
# root of an origin (python3 -m http.server -d $(BUILD)/web): the browser client with quiver's
# engine as WebAssembly in a Web Worker, installable and offline after the first visit. Debian's
# emscripten compiles the engine (in $(WASM_BUILD)), with jansson built from Debian's own source
# package first (scripts/wasm-jansson.sh, in $(BUILD)/wasm-deps); scripts/web-app.mjs assembles
# the folder. emcc's JavaScript optimiser finds acorn in Debian's node modules (NODE_PATH).
WASM_BUILD ?= $(BUILD)/wasm
web: deps
	@scripts/wasm-jansson.sh $(BUILD)/wasm-deps
	@NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B $(WASM_BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DQV_JANSSON_PREFIX=$(abspath $(BUILD))/wasm-deps/prefix >/dev/null
	@NODE_PATH=/usr/share/nodejs cmake --build $(WASM_BUILD) -j $(JOBS)
	@node scripts/web-app.mjs . $(WASM_BUILD) $(BUILD)/web

# The app served on this machine, as any static host would: http://127.0.0.1:$(PORT)/.
serve-web: web
	@echo "serving the app at http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	@python3 -m http.server $(PORT) --bind 127.0.0.1 -d $(BUILD)/web

# The documentation site (mkdocs.yml): docs/ built by Debian's mkdocs into $(BUILD)/docs, with
# its navigation, search and screenshots, and nothing loaded from the network. Open
# $(BUILD)/docs/index.html, or serve the folder (python3 -m http.server -d $(BUILD)/docs); the
# search works either way (docs/js/file-search.js from files). --strict: a broken link or a
# page left out of the navigation fails the build (the ctest docs/site checks the same).
docs: deps
	@PYTHONDONTWRITEBYTECODE=1 mkdocs build --strict -f mkdocs.yml -d $(abspath $(BUILD))/docs
	@echo "make: the site is in $(BUILD)/docs: open $(BUILD)/docs/index.html"

# A site of several processes on this machine (scripts/cluster.sh, docs/deploy.md): a throwaway
# PostgreSQL cluster, three `quiver serve` on it and HAProxy in front on
# http://127.0.0.1:$(CLUSTER_PORT)/ (a free port when it is busy); Ctrl-C stops everything and
# removes the database. Installs postgresql and haproxy first when they are missing.
cluster: quiet-build
	@scripts/install-deps.sh --play postgresql haproxy
	@scripts/cluster.sh --port $(CLUSTER_PORT) --quiver $(BUILD)/quiver

# All tests in the release build, then under ASan+UBSan the tests that need the sanitizers:
# all but the browser's, the format and link checks, the Python package's, the statistical
# studies and the games in a terminal (registered in the release build only; the CMakeLists.txt
# files say why), with fewer random games in the property tests (QV_PROPERTY_SCALE), of which
# one is checked at every step rather than three (QV_PROPERTY_FULL). The fault tests run a
# smoke: one allocation in 32 refused in each run, the first of each 32 in the release run and
# the 17th under the sanitizers (FAULT_STRIDE, FAULT_START); `make faults` refuses every one.
# The lab's two whole-set studies (label study: 235,600 games a seed, some 19 minutes of both
# cores for their first seeds) are long runs: `make lab-studies` runs them, and `make test`
# their short versions (lab/planted, lab/calibration, cli/lab-adaptive).
# The release run plays PROPERTY_SCALE of the property tests' 2000 games per configuration,
# a quarter by default; `make test PROPERTY_SCALE=1` plays them all. The server tests run again
# against PostgreSQL (cluster/server/*), `make cluster`'s script is started and stopped
# (cluster/script), the failover test runs (cluster/failover: three processes under 120 tables'
# clients, whose bound on a client's stall is the real server's), and a page plays through
# three processes and a kill (cluster/browser), in the release run only; the sanitizer run keeps
# the PostgreSQL store's own tests (cluster/pg-store, the fencing of tables between processes,
# cluster/fencing, and two processes on one database, cluster/processes). The time each test
# takes is in docs/testing.md ("The time of make test").
#
# The sanitizer build compiles at the lowest priority (nice 19) while the release tests run,
# most of which wait on pages, sockets, timers and other processes, and then, still at nice 19,
# runs its tests that only compute and never wait on a clock (ASAN_EARLY: the unit tests,
# scenarios, lessons, property and deep games, fuzz inputs, the engine's fault runs, and the
# command's lab studies, reviews and variants, whose waits are on the programs' own lines) in
# the time the release tests leave the processors idle; the rest of its
# tests (servers, hostile clients, the cluster's, the rest of the command's) start as soon as
# the release run ends, beside the early ones' last minutes (which at nice 19 take only what
# they leave idle). The early run's output is shown when it warns or fails.

PROPERTY_SCALE ?= 0.25
# Every test run's temporary files (databases, journals, PostgreSQL clusters, browser profiles)
# go to a folder of its own on /dev/shm when the machine has room there, where no test waits
# for the disk's flushes (scripts/with-test-tmpdir.sh says why; QV_TEST_TMPDIR=disk keeps
# them in TMPDIR).
IN_TEST_TMP := $(CURDIR)/scripts/with-test-tmpdir.sh
ASAN_EARLY := ^(unit|scenarios|tutorials|property|deep|fuzz|style)/|^faults/(match|protocol|table|files|views)$$|^cli/(lab|review|variants)$$
ASAN_ENV   := QV_PROPERTY_SCALE=0.02 QV_PROPERTY_FULL=1 FAULT_STRIDE=32 FAULT_START=17
ASAN_SKIP  := ^cluster/(server/|script$$|failover$$|browser$$)
test: build web
	@mkdir -p $(ASAN_BUILD)
	@( nice -n 19 sh -c 'cmake $(call generator,$(ASAN_BUILD)) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DQV_SANITIZE=ON && \
	     cmake --build $(ASAN_BUILD) -j $(JOBS)' >$(ASAN_BUILD)/make-build.log 2>&1 ) & built=$$!; \
	$(MAKE) test-release & released=$$!; \
	wait $$built; asan=$$?; \
	if [ $$asan = 0 ]; then \
	  ( cd $(ASAN_BUILD) && $(ASAN_ENV) nice -n 19 $(IN_TEST_TMP) ctest --output-on-failure -j $(TEST_JOBS) \
	      -R '$(ASAN_EARLY)' ) >$(ASAN_BUILD)/make-early.log 2>&1 & early=$$!; fi; \
	wait $$released; release=$$?; \
	late=0; if [ $$asan = 0 ] && [ $$release = 0 ]; then $(MAKE) test-asan ASAN_LATE=1; late=$$?; fi; \
	early_rc=0; if [ $$asan = 0 ]; then wait $$early; early_rc=$$?; fi; \
	grep -B2 -A4 'warning:' $(ASAN_BUILD)/make-build.log || true; \
	if [ $$asan != 0 ]; then \
	  cat $(ASAN_BUILD)/make-build.log; echo "make: the sanitizer build failed (above)" >&2; exit 1; fi; \
	if [ $$early_rc != 0 ]; then \
	  cat $(ASAN_BUILD)/make-early.log; echo "make: sanitizer tests failed (above)" >&2; exit 1; fi; \
	sed -n '/tests passed/,/Total Test time/p' $(ASAN_BUILD)/make-early.log; \
	[ $$release = 0 ] || exit $$release; \
	exit $$late

test-release: build
	@cd $(BUILD) && QV_PROPERTY_SCALE=$(PROPERTY_SCALE) FAULT_STRIDE=32 FAULT_START=1 \
	    $(IN_TEST_TMP) ctest --output-on-failure -j $(TEST_JOBS) -LE '^study$$'

# The lab's whole-set studies at the budget docs/lab.md gives (label study: lab/planted-set,
# lab/base-set, 235,600 games a seed), on both their seeds (QV_LAB_SEEDS="1" for one): long
# runs, which `make test` leaves out.
lab-studies: build
	@cd $(BUILD) && $(IN_TEST_TMP) ctest -L '^study$$' --output-on-failure

# The sanitizer run (ASAN_LATE=1: without ASAN_EARLY's tests, which `make test` ran beside the
# release run).
test-asan: build-asan
	@cd $(ASAN_BUILD) && $(ASAN_ENV) $(IN_TEST_TMP) ctest --output-on-failure -j $(TEST_JOBS) \
	    -E '$(ASAN_SKIP)$(if $(ASAN_LATE),|$(ASAN_EARLY))'

# The whole fault suite (tests/faults/, label faults): every allocation refused in turn
# (FAULT_STRIDE=1, where `make test` refuses one in four) and the store refusing the writes of
# every kind of act, on SQLite and on PostgreSQL, in the sanitizer build.
faults: build-asan
	@cd $(ASAN_BUILD) && FAULT_STRIDE=1 $(IN_TEST_TMP) ctest -L faults --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD)/quiver bench $(GAME)

# The programs of bench/ (a release build links three of them only when asked: bench/CMakeLists.txt).
bench-programs: build
	@cmake --build $(BUILD) -j $(JOBS) --target bench-programs

# The app's speed beside the native build's, side by side in one run, and its size
# (bench/app_speed.mjs, docs/benchmarks.md "The app"); fails when it is under its targets.
bench-app: bench-programs web
	@node bench/app_speed.mjs $(BUILD)/bench/app_bench $(WASM_BUILD) $(BUILD)/web --check

# Plays each game in the browser (the tests browser/play-*, and browser/phone on a phone) and
# the first lessons (browser/learn), and keeps their screenshots in docs/screenshots/, which
# the README shows. `make test` takes no screenshots (no check reads them, and chromium's PNGs
# are dear); `cd build && QV_SCREENSHOTS=1 ctest -R browser/` has every browser test take its
# own, in build/screenshots.
screenshots: build web
	@cd $(BUILD) && QV_SCREENSHOT_DIR=$(CURDIR)/docs/screenshots $(IN_TEST_TMP) ctest -R 'browser/(play-|learn|phone|friends|people|games|account|ratings|moderation|app|challenges|review|puzzles)' -j $(JOBS) --output-on-failure

# quiver beside boardgame.io 0.50.2 (docs/benchmarks.md): one load generator, 200 two-person
# tables, 500 ms think, 40 seconds each on localhost; CPU per move, p50/p99, RSS per table.
bench-serve: build
	@bench/peer_bench.sh $(BUILD)/quiver $(PEER_TABLES) 500 40

# The load test of quiver alone (docs/benchmarks.md): AI tables with spectators and scripted
# human clients for 30 seconds on localhost.
bench-load: build
	@$(BUILD)/bench/serve_load $(BUILD)/quiver --seconds 30 --clocks $(CLOCKS)

# The libFuzzer targets (tests/fuzz/), each with its corpus folder and its dictionary: the
# protocol, and so every parser (fuzz_protocol, corpus/); a table driven by frames, with its AI
# seats searching at small budgets (fuzz_server); then the server itself, running inside the
# fuzzer on 127.0.0.1: raw HTTP requests (fuzz_http: the API, files, lessons, store) and a
# table's WebSocket (fuzz_ws); a client's variant document read from text (fuzz_variant); and a
# record or state read from text as `quiver replay` and `load` read one (fuzz_record); the PROXY
# v2 header a trusted proxy sends (fuzz_proxy). Each
# dictionary is tests/fuzz/json.dict (JSON's tokens and nesting around the depth quiver
# refuses) then the target's own.
FUZZERS := protocol server http ws variant record proxy

# The fuzzers built with clang (the whole library instrumented, with ASan and UBSan), their
# corpora started from tests/fuzz/corpus*, the inputs each once crashed on
# (tests/fuzz/regress-*) and real sessions of every game (tests/fuzz/make_corpus.sh, which also
# dumps every game's built-in set and writes records), and their dictionaries; inputs may be as
# long as a late-game state.
fuzz-build:
	@scripts/install-deps.sh clang
	@CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Debug -DQV_SANITIZE=ON -DQV_FUZZ=ON \
		-DBUILD_TESTING=OFF >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(addprefix fuzz_,$(FUZZERS)) quiver
	@for f in $(FUZZERS); do c=corpus-$$f; [ $$f = protocol ] && c=corpus; \
		mkdir -p $(FUZZ_BUILD)/$$c && cp tests/fuzz/$$c/* $(FUZZ_BUILD)/$$c/ || exit 1; \
		if [ -d tests/fuzz/regress-$$f ]; then for r in tests/fuzz/regress-$$f/*; do \
			cp "$$r" "$(FUZZ_BUILD)/$$c/regress-$${r##*/}" || exit 1; done; fi; \
		cat tests/fuzz/json.dict tests/fuzz/$$f.dict >$(FUZZ_BUILD)/$$f.dict || exit 1; done
	@ASAN_OPTIONS=detect_leaks=0 tests/fuzz/make_corpus.sh $(FUZZ_BUILD)/quiver $(FUZZ_BUILD)/corpus \
		$(FUZZ_BUILD)/corpus-server $(FUZZ_BUILD)/corpus-variant $(FUZZ_BUILD)/corpus-record

# One fuzzer for FUZZ_SECONDS: make fuzz-one F=http FUZZ_SECONDS=3600. A crash, a sanitizer
# report or an input slower than 60 s stops it with its input kept as $(FUZZ_BUILD)/crash-F-*.
fuzz-one:
	@case " $(FUZZERS) " in *" $(F) "*) ;; *) echo "fuzz-one: F=NAME, one of: $(FUZZERS)"; exit 2;; esac
	@c=corpus-$(F); [ $(F) = protocol ] && c=corpus; \
	$(FUZZ_BUILD)/tests/fuzz/fuzz_$(F) -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=60 \
		-dict=$(FUZZ_BUILD)/$(F).dict -artifact_prefix=$(FUZZ_BUILD)/crash-$(F)- \
		-print_final_stats=1 $(FUZZ_BUILD)/$$c

# Fuzzes each target in turn for FUZZ_SECONDS, stopping at the first that finds a crash.
fuzz: fuzz-build
	@for f in $(FUZZERS); do $(MAKE) fuzz-one F=$$f || exit 1; done

# The smoke run: every fuzzer for FUZZ_SECONDS (60 s), all of them whatever one finds; fails
# naming those that found a crash.
test-fuzz: fuzz-build
	@failed=""; for f in $(FUZZERS); do $(MAKE) fuzz-one F=$$f || failed="$$failed $$f"; done; \
	if [ -n "$$failed" ]; then echo "test-fuzz: a crash found by:$$failed (inputs: $(FUZZ_BUILD)/crash-*)"; exit 1; fi; \
	echo "test-fuzz: $(words $(FUZZERS)) fuzzers, $(FUZZ_SECONDS) s each, no crash"

# Mutation testing of the four games' rules code (scripts/mutation.py, docs/testing.md): N
# single-line mutants of their legal.c and rules.c drawn with SEED, each built in a copy of the
# tree in $(MUTATION_BUILD) and run against the game's scenarios, unit test, lessons and
# property tests; the table per game (killed, survived, timed out, not compiled) and every
# survivor's patch, also in $(MUTATION_BUILD)/mutation-report.md. Its time for 60 mutants is in
# docs/testing.md; not part of `make test`, which runs only its quick check (mutation/quick).
mutation:
	@python3 scripts/mutation.py --seed $(SEED) --n $(N) --build $(MUTATION_BUILD) --jobs $(JOBS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(MUTATION_BUILD)
