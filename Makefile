# The README's first two commands: `make demo` and `make test`. Both build .venv when missing.
# `make check` is the inner loop: lint, typecheck and the tests that start no process and open
# no socket (tests/conftest.py marks the others `surface`); `make test` runs everything.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# The tests run over every core (pytest-xdist, one module per worker at a time, so a module's
# fixtures are made once); JOBS=0 runs them in one process, JOBS=4 on four workers. A worker
# ended by a hung test (tests/watchdog.py) ends the run, with the test named: pytest-xdist 3.8's
# module scheduling can deadlock a run whose crashed worker was replaced (its issue #1378).
JOBS ?= auto
XDIST := -n $(JOBS) --dist loadscope --max-worker-restart 0
# AUDIT=1 fails any test not marked surface that starts a process or opens a socket.
AUDIT ?= 0
ifneq ($(AUDIT),0)
XDIST += --surface-audit
endif
# Under `make -j`, each target's output is printed whole when it ends, not interleaved.
MAKEFLAGS += --output-sync=target

.PHONY: demo test check lint typecheck unit fast bench soak clean browser node redis

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/sgs demo

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) browser node redis
	$(BIN)/pytest $(XDIST)

# The browser tests (tests/web) drive Debian's Chromium through Playwright (Playwright cannot
# fetch its own builds here), with a font for the Chinese pages. Installed once, from Debian's
# packages, when missing.
browser:
	@{ command -v chromium && fc-list :lang=zh | grep -q .; } >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium and a Chinese font for the browser tests (tests/web)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-wqy-zenhei \
	    >/dev/null; }

# The Node.js example bot's test (tests/examples/test_node_bot.py) runs `node` and `npm`, installed
# once from Debian's packages when missing; the test itself runs `npm ci` in examples/node-bot
# when its node_modules is missing or older than its package-lock.json.
node:
	@{ command -v node && command -v npm; } >/dev/null 2>&1 || { \
	  echo "installing Debian's nodejs and npm for the Node example bot's test (tests/examples)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nodejs npm >/dev/null; }

# The multi-host lobby's tests (tests/wire/test_cluster.py) start a real redis-server, Debian's,
# installed once when missing (the lobby itself needs Redis only with `sgs serve --redis`).
redis: browser node
	@command -v redis-server >/dev/null 2>&1 || { \
	  echo "installing Debian's redis-server for the multi-host lobby's tests (tests/wire)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq redis-server >/dev/null; }

fast: $(STAMP)
	$(BIN)/pytest $(XDIST) -m "not surface"

test: lint typecheck unit

check: lint typecheck fast

bench: $(STAMP)
	$(BIN)/python benchmarks/games_bench.py
	$(BIN)/python benchmarks/log_bench.py
	$(BIN)/python benchmarks/wire_bench.py
	$(BIN)/python benchmarks/bots_bench.py
	$(BIN)/python benchmarks/arena_bench.py
	$(BIN)/python benchmarks/envs_bench.py

soak: $(STAMP)
	$(BIN)/python benchmarks/games_soak.py --games 10000
	$(BIN)/python benchmarks/wire_soak.py --games 300

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
