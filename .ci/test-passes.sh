#!/usr/bin/env bash
# `make test`: every test on SQLite, then the database tests again on PostgreSQL when TEST_POSTGRES_URL names a
# server (.ci/run starts one). The PostgreSQL pass runs even when the SQLite pass failed; the script fails if
# either failed and ends with both summaries and one total line.
#
# Both passes use every core (pytest-xdist, TEST_WORKERS, default: as many as the machine has).
set -uo pipefail
cd "$(dirname "$0")/.."

PY=${PY:-.venv/bin/python}
WORKERS=${TEST_WORKERS:-auto}
LOGS=test-artifacts
mkdir -p "$LOGS"

# The pure-Python engine, pairing and file-format tests touch no database: the PostgreSQL pass leaves them out.
NOT_DATABASE=(
  --ignore=tests/rulings/engine --ignore=tests/rulings/test_golden.py --ignore=tests/tournaments/pairing
  --ignore=tests/decks/formats --ignore=tests/decks/cardfiles --ignore=tests/test_no_timed_assertions.py
)

names=()
codes=()
summaries=()

run_pass() {
  local name=$1
  shift
  local log="$LOGS/pytest-$name.log"
  echo "== $name: $* =="
  "$PY" -m pytest -n "$WORKERS" "$@" 2>&1 | tee "$log"
  local code=${PIPESTATUS[0]}
  # pytest's closing line, e.g. "==== 3 failed, 2036 passed, 1 skipped in 209.33s ===="
  local summary
  summary=$(grep -E '^=+ .* in [0-9.]+s' "$log" | tail -n 1 | sed -E 's/^=+ //; s/ =+$//')
  names+=("$name")
  codes+=("$code")
  summaries+=("${summary:-no summary (pytest exit $code)}")
}

run_pass sqlite

if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  DATABASE_URL="$TEST_POSTGRES_URL" run_pass postgresql -m "not browser" "${NOT_DATABASE[@]}"
else
  echo "TEST_POSTGRES_URL is not set: the PostgreSQL pass is left out (.ci/run sets it)."
fi

status=0
passed=0
failed=0
skipped=0
echo
echo "== summary =="
for i in "${!names[@]}"; do
  echo "${names[$i]}: ${summaries[$i]} (exit ${codes[$i]})"
  [ "${codes[$i]}" -eq 0 ] || status=1
  for word in passed failed skipped errors error; do
    count=$(grep -oE "[0-9]+ $word\b" <<<"${summaries[$i]}" | grep -oE '^[0-9]+' || true)
    count=${count:-0}
    case $word in
      passed) passed=$((passed + count)) ;;
      failed | errors | error) failed=$((failed + count)) ;;
      skipped) skipped=$((skipped + count)) ;;
    esac
  done
done
# A pass that failed without counting a failed test (collection error, crash, no test) still fails the run.
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1
fi
echo "total: $passed passed, $failed failed, $skipped skipped"
exit "$status"
