# The two set-up commands of the README: `make run` and `make test`.
# Each prepares what it needs: system libraries for Qt, .venv, the project.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.owsqt-run
TEST_STAMP := $(VENV)/.owsqt-test
DIST_STAMP := $(VENV)/.owsqt-dist
# The tests run on every processor, a test file to each worker at a time (its module
# fixtures built once); `make test PARALLEL=` runs them in one process.
PARALLEL ?= -n auto --dist loadfile

.PHONY: run test test-fast bench fuzz lint clean system dist dist-test

run: system $(RUN_STAMP)
	$(BIN)/owsqt

test: system $(TEST_STAMP)
	$(BIN)/ruff check owsqt tests bench tools packaging
	$(BIN)/ruff format --check owsqt tests bench tools packaging
	$(BIN)/lint-imports
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -q $(PARALLEL)

# The inner loop: the tests without those marked slow (whole games, fuzzing, map rebuilds)
# or homeserver (they start Synapse).
test-fast: $(TEST_STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -q -m "not slow and not homeserver" $(PARALLEL)

bench: $(TEST_STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m bench.run

# Strict games by random legal actions, the four scenarios in turn; game i uses seed i.
# FUZZ_FLAGS=--email plays them as two e-mail players trading files.
N ?= 20
FUZZ_FLAGS ?=
fuzz: $(TEST_STAMP)
	$(BIN)/python -m tools.fuzz --games $(N) $(FUZZ_FLAGS)

# The one-folder bundle of this platform (PyInstaller, packaging/SYSTEM/owsqt.spec) in
# dist/owsqt, and on Linux the archive people download, dist/owsqt-VERSION-linux-MACHINE.tar.gz.
# Windows builds with the commands of packaging/README.md.
SYSTEM := $(if $(filter Darwin,$(shell uname -s)),macos,linux)
dist: system $(DIST_STAMP)
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist \
		--workpath build/pyinstaller packaging/$(SYSTEM)/owsqt.spec

# Builds the bundle, then runs it as a player's machine would (no Python, an empty home,
# offscreen): packaging/check_bundle.py. Left out of make test: the build takes a minute.
dist-test: dist
	$(BIN)/python packaging/check_bundle.py dist/owsqt

system:
	@PYTHON=$(PYTHON) bash packaging/ensure-system.sh

$(BIN)/python: | system
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DIST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dist]'
	touch $@ $(RUN_STAMP)

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(RUN_STAMP)

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis
