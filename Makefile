# quiver - the two commands a newcomer needs: `make run` and `make test`.
# Everything missing is installed by scripts/install-deps.sh (apt-get; sudo when not root).

BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= 2
GAME       ?= three-arrows

.PHONY: all deps build build-asan run test test-release test-asan bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

build-asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DQV_SANITIZE=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)

# Starts a game of THREE ARROWS against the computer.
run: build
	@$(BUILD)/quiver play $(GAME)

# All tests in the release build, then all tests again under ASan+UBSan (with fewer random
# games in the property tests, set by QV_PROPERTY_SCALE).
test: test-release test-asan

test-release: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan: build-asan
	@cd $(ASAN_BUILD) && QV_PROPERTY_SCALE=0.05 ctest --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD)/quiver bench $(GAME)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
