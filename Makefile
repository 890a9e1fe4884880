# The README's first two commands: `make demo` and `make test`. Both build .venv when missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck unit bench soak clean

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

unit: $(STAMP)
	$(BIN)/pytest

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python benchmarks/harmony_bench.py
	$(BIN)/python benchmarks/sanguosha_bench.py
	$(BIN)/python benchmarks/log_bench.py
	$(BIN)/python benchmarks/wire_bench.py
	$(BIN)/python benchmarks/bots_bench.py
	$(BIN)/python benchmarks/arena_bench.py
	$(BIN)/python benchmarks/carcassonne_bench.py
	$(BIN)/python benchmarks/muhq_bench.py
	$(BIN)/python benchmarks/envs_bench.py

soak: $(STAMP)
	$(BIN)/python benchmarks/sanguosha_soak.py --games 10000
	$(BIN)/python benchmarks/wire_soak.py --games 300
	$(BIN)/python benchmarks/carcassonne_soak.py --games 10000
	$(BIN)/python benchmarks/muhq_soak.py --games 10000

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
