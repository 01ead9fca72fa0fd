#!/usr/bin/env bash
# CI for the Python package: a virtual environment in .tools/python-venv (git-ignored), the
# package and pytest from the machine's Python index, the pytest suite (PettingZoo api_test and
# seed_test, Gymnasium check_env, the vector env, error paths) with a JUnit XML result, and one
# closing line: `python: N passed, N failed`.
# Needs python3 with venv and the built CLI (pnpm run build). Under CI=true a missing python3 or
# venv module fails the script; elsewhere it is skipped with a message.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VENV="${RULELOOM_PY_VENV:-$ROOT/.tools/python-venv}"
RESULTS="$ROOT/coverage/python" # git- and prettier-ignored, like vitest's results
SUMMARY="$RESULTS/summary.json" # {"passed": N, "failed": N}, for .ci/run's closing line
mkdir -p "$RESULTS"
rm -f "$SUMMARY" "$RESULTS/pytest.xml"

missing() {
  if [ "${CI:-}" = "true" ]; then
    echo "python: $1" >&2
    echo '{"passed": 0, "failed": 1}' >"$SUMMARY"
    echo "python: 0 passed, 1 failed"
    exit 1
  fi
  echo "python: skipped ($1; CI=true makes this a failure)"
  echo '{"passed": 0, "failed": 0}' >"$SUMMARY"
  exit 0
}

PYTHON="$(command -v python3 || true)"
[ -n "$PYTHON" ] || missing "python3 is not installed (Debian: apt-get install -y python3 python3-venv)"
"$PYTHON" -c 'import venv, ensurepip' 2>/dev/null ||
  missing "python3 has no venv/ensurepip module (Debian: apt-get install -y python3-venv)"
[ -f "$ROOT/packages/cli/dist/bin.js" ] ||
  missing "packages/cli/dist/bin.js is missing: build the repository first (pnpm run build)"

# The machine's own index: the first local extra-index-url of the pip configuration (the public
# index is not reachable here; asking it first only prints retry warnings).
if [ -z "${PIP_INDEX_URL:-}" ]; then
  LOCAL_INDEX="$("$PYTHON" -m pip config list 2>/dev/null |
    sed -n "s/^[a-z:.]*extra-index-url='\(.*\)'$/\1/p" | tr ' ' '\n' | grep -m1 '^file:' || true)"
  if [ -n "$LOCAL_INDEX" ]; then export PIP_INDEX_URL="$LOCAL_INDEX"; fi
fi
export PIP_DISABLE_PIP_VERSION_CHECK=1

if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet "$HERE" pytest 2>&1 | grep -v "^WARNING: Location" || true
"$VENV/bin/python" -c 'import ruleloom, pettingzoo, gymnasium, numpy, pytest' ||
  missing "the package or its dependencies did not install (see above)"

XML="$RESULTS/pytest.xml"
set +e
# Run from the tests folder so the installed package (not the source tree) is what is tested.
(cd "$HERE/tests" && "$VENV/bin/python" -m pytest -q -p no:cacheprovider -W ignore::UserWarning \
  --junitxml="$XML" .)
STATUS=$?
set -e
"$VENV/bin/python" - "$XML" "$SUMMARY" <<'PY'
import json
import sys
import xml.etree.ElementTree as ET

try:
    root = ET.parse(sys.argv[1]).getroot()
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    tests = sum(int(s.get("tests", 0)) for s in suites)
    failed = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
    skipped = sum(int(s.get("skipped", 0)) for s in suites)
    # A skipped test counts as failed: the suite must run everything.
    passed, failed = tests - failed - skipped, failed + skipped
    # Each failed (or skipped) test by file and name, for the names above .ci/run's closing line.
    failures = [
        {
            "file": "packages/python/tests/" + case.get("classname", "").split(".")[0] + ".py",
            "title": case.get("name", ""),
        }
        for case in root.iter("testcase")
        if any(child.tag in ("failure", "error", "skipped") for child in case)
    ]
except (OSError, ET.ParseError):
    passed, failed, failures = 0, 1, []
with open(sys.argv[2], "w") as f:
    json.dump({"passed": passed, "failed": failed, "failures": failures}, f)
print(f"python: {passed} passed, {failed} failed")
PY
if [ "$STATUS" -eq 0 ] && ! grep -q 'tests="[1-9]' "$XML"; then STATUS=1; fi
exit "$STATUS"
