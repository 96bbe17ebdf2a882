# Two commands do all the set-up on a fresh machine with only python3:
#   make play   - play a Hong Kong game in the terminal against three bots
#   make test   - run the test suite (what CI runs)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# play needs only the package and the full-screen table (the tui extra), not the test tools
PLAY_STAMP := $(VENV)/.installed-play

.PHONY: play test compiled test-compiled lint bench simulate clean i18n web-runtime

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(PLAY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[tui]'
	touch $(PLAY_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/mahjong-table play $(ARGS)

simulate: $(PLAY_STAMP)
	$(BIN)/mahjong-table simulate --rules hongkong --games 100 --rounds 1 --seed 1

# issue 47: the Pyodide runtime the score calculator's page runs offline (13.5 MB, not
# tracked): fetched once with npm from the npm registry, checked against its pinned integrity
web-runtime: $(STAMP)
	$(BIN)/python -m mahjong_table.web.runtime fetch

test: $(STAMP) web-runtime
	$(BIN)/ruff check src tests bench tools
	$(BIN)/mypy
	$(BIN)/python -m tools.i18n check
	$(BIN)/python -m pytest

# issue 23: the message catalogue: check every message is translated, compile the .mo files
i18n: $(STAMP)
	$(BIN)/python -m tools.i18n compile

# The compiled build (issue 13): a wheel compiled with mypyc, installed beside the editable
# one in .compiled (ahead of it on PYTHONPATH), the whole suite run on it, and records made
# by each build replayed by the other and compared byte for byte.
COMPILED := $(CURDIR)/.compiled
compiled: $(STAMP)
	rm -rf build dist-compiled $(COMPILED)
	$(BIN)/python -m pip wheel --quiet --no-deps -w dist-compiled .
	$(BIN)/python -m pip install --quiet --no-deps --target $(COMPILED) dist-compiled/*.whl

# rule set:bots lineups whose games must be the same in both builds (every bot appears)
CROSS_BUILD_LINEUPS := hongkong:strong,beginner,master,hard hongkong:easy,normal,efficiency,random \
	chinese:strong,beginner,master,hard mcr:strong,beginner,master,hard \
	american:american-beginner,american-master,hard,easy american:normal,american,efficiency,random

test-compiled: compiled
	PYTHONPATH=$(COMPILED) MAHJONG_TABLE_EXPECT_BUILD=compiled $(BIN)/python -m pytest
	PYTHONPATH=$(COMPILED) $(BIN)/python -c "from mahjong_table._build import build_name; print(build_name())" | grep -q compiled
	$(BIN)/python -c "from mahjong_table._build import build_name; print(build_name())" | grep -q pure
	for r in hongkong chinese american; do \
	  $(BIN)/mahjong-table simulate --rules $$r --games 2 --hands 2 --seed 13 --record $(COMPILED)/$$r-pure.jsonl >/dev/null && \
	  PYTHONPATH=$(COMPILED) $(BIN)/mahjong-table simulate --rules $$r --games 2 --hands 2 --seed 13 --record $(COMPILED)/$$r-compiled.jsonl >/dev/null && \
	  cmp $(COMPILED)/$$r-pure.jsonl $(COMPILED)/$$r-compiled.jsonl && \
	  PYTHONPATH=$(COMPILED) $(BIN)/mahjong-table replay $(COMPILED)/$$r-pure.jsonl && \
	  $(BIN)/mahjong-table replay $(COMPILED)/$$r-compiled.jsonl || exit 1; \
	done
	# every bot, in both builds, plays the same games from the same seed (a bot whose choice
	# hung on the identity of a tuple, which the compiled build holds unboxed, did not)
	for spec in $(CROSS_BUILD_LINEUPS); do \
	  r=$${spec%%:*}; bots=$${spec#*:}; \
	  case $$r in mcr) rules="--rules chinese --option scoring=mcr";; *) rules="--rules $$r";; esac; \
	  $(BIN)/mahjong-table simulate $$rules --games 3 --hands 2 --seed 13 --bots $$bots --record $(COMPILED)/lineup-pure.jsonl >/dev/null && \
	  PYTHONPATH=$(COMPILED) $(BIN)/mahjong-table simulate $$rules --games 3 --hands 2 --seed 13 --bots $$bots --record $(COMPILED)/lineup-compiled.jsonl >/dev/null && \
	  cmp $(COMPILED)/lineup-pure.jsonl $(COMPILED)/lineup-compiled.jsonl || { echo "builds differ: $$spec"; exit 1; }; \
	done

bench: $(STAMP) compiled
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python -m bench $(if $(SOAK_HANDS),--soak-hands $(SOAK_HANDS))

clean:
	rm -rf $(VENV) build dist-compiled .compiled *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
