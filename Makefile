# Tableside: `make run` serves the site, `make test` runs every test. Both set up .venv themselves.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-requirements

.PHONY: run test test-fast bench lint format messages clean-venv

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $(STAMP)

run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py runsite

# Every test on SQLite; then, when TEST_POSTGRES_URL names a PostgreSQL server (.ci/run starts one), every
# database test again on PostgreSQL (the pure-Python engine and pairing tests do not touch a database).
test: $(STAMP)
	$(PY) -m pytest
	@if [ -n "$$TEST_POSTGRES_URL" ]; then \
		echo "== database tests again on PostgreSQL =="; \
		DATABASE_URL="$$TEST_POSTGRES_URL" $(PY) -m pytest -m "not browser" \
			--ignore=tests/rulings/engine --ignore=tests/rulings/test_golden.py --ignore=tests/tournaments/pairing \
			--ignore=tests/decks/formats --ignore=tests/decks/cardfiles; \
	else \
		echo "TEST_POSTGRES_URL is not set: the PostgreSQL pass is left out (.ci/run sets it)."; \
	fi

# Everything but the browser and worker tests, for a quick loop while coding.
test-fast: $(STAMP)
	$(PY) -m pytest -m "not browser and not integration"

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

messages: $(STAMP)
	$(PY) manage.py makemessages -l fr --no-obsolete --ignore=.venv --ignore=var --ignore=tests
	$(PY) manage.py compilemessages -l fr --ignore=.venv

clean-venv:
	rm -rf $(VENV)
