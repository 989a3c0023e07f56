# Tableside: `make run` serves the site, `make test` runs every test. Both set up .venv themselves.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-requirements

.PHONY: run test test-fast bench lint format messages lock clean-venv

# requirements.txt is the lock file (exact versions, every file's hash): installs are reproducible and refuse
# a package whose hash differs. requirements.in holds the ranges we accept; `make lock` re-solves them.
$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes -r requirements.txt
	touch $(STAMP)

# Re-solve requirements.in into requirements.txt, keeping the versions already locked where they still fit
# (add --upgrade-package NAME to LOCK_FLAGS to move one). uv is itself locked in requirements.txt.
LOCK_FLAGS ?=
lock: $(STAMP)
	$(VENV)/bin/uv pip compile requirements.in --generate-hashes --python-version 3.11 \
		--python-platform x86_64-manylinux_2_28 --quiet -o requirements.txt $(LOCK_FLAGS)

run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py runsite

# Every test on SQLite, then the database tests again on PostgreSQL when TEST_POSTGRES_URL names a server
# (.ci/run starts one); the second pass runs even when the first failed. Both use every core (pytest-xdist).
test: $(STAMP)
	PY=$(PY) bash .ci/test-passes.sh

# Everything but the browser and worker tests, for a quick loop while coding.
test-fast: $(STAMP)
	$(PY) -m pytest -n auto -m "not browser and not integration"

# Benchmarks run in their own venv: the project's requirements plus the alternatives they are compared with
# (benchmarks/requirements.txt: cardarena, python-chess), which never enter requirements.txt.
BENCH_VENV := .venv-bench
BENCH_PY := $(BENCH_VENV)/bin/python
BENCH_STAMP := $(BENCH_VENV)/.installed-requirements

$(BENCH_STAMP): requirements.txt benchmarks/requirements.txt
	test -x $(BENCH_PY) || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_PY) -m pip install --quiet --upgrade pip
	$(BENCH_PY) -m pip install --quiet --require-hashes -r requirements.txt
	$(BENCH_PY) -m pip install --quiet -r benchmarks/requirements.txt
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BENCH_PY) benchmarks/run_all.py

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

messages: $(STAMP)
	$(PY) -m rulings.engine.makemessages
	$(PY) manage.py makemessages -l fr --no-obsolete --ignore=.venv --ignore=var --ignore=tests
	$(PY) manage.py compilemessages -l fr --ignore=.venv

clean-venv:
	rm -rf $(VENV)
