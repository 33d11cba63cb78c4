#!/usr/bin/env bash
# RA302 (warning, narrowed): an attempt loop that runs the agent again only when what it
# printed says the service failed (`API Error: 503`); every other failure ends the
# function. The message names the test, not "whenever it fails".
set -u

ask() {
  local attempt=1
  while [ "$attempt" -le 3 ]; do  # expect: RA302(warning)
    local out
    out=$(claude -p "$1" 2>&1)
    if [ $? -eq 0 ]; then
      echo "$out"
      return 0
    fi
    if echo "$out" | grep -qE "API Error: 50[23]|Service unavailable"; then
      sleep 10
      attempt=$((attempt + 1))
      continue
    else
      echo "$out" >&2
      return 1
    fi
  done
  return 1
}

ask "summarise the open pull requests" || exit 1

is_network_error() {
  echo "$1" | grep -Eiq 'timed out|connection reset|bad gateway|service unavailable'
}

# the same test through a function, negated where the loop leaves: the message names it
# as it holds when the loop goes round
ask_again() {
  local attempt=1 status out
  while [ "$attempt" -le 3 ]; do  # expect: RA302(warning)
    status=0
    out=$(opencode run "$1" 2>&1) || status=$?
    if [ "$status" -eq 0 ]; then
      echo "$out"
      return 0
    fi
    if ! is_network_error "$out"; then
      return "$status"
    fi
    sleep 10
    attempt=$((attempt + 1))
  done
  return 1
}

# the test the loop goes round under is the first of an `if`/`elif` chain whose other
# branches leave: a run that failed otherwise ends the script, one that succeeded ends
# the loop; the message names that test
attempts=0
while true; do  # expect: RA302(warning)
  rc=0
  gemini -p "Fix the failing tests" > gemini.log 2>&1 || rc=$?
  resets=$(grep -o 'quota resets in [0-9]*s' gemini.log | tail -1 || true)
  if [ -n "$resets" ]; then
    sleep 600
  elif [ "$rc" -ne 0 ]; then
    echo "gemini failed with $rc" >&2
    exit 1
  else
    break
  fi
done


# the same with a second test that goes round on its own kind of failure (`elif`): the
# loop is still narrowed, to the failures that pass one of the two
while true; do  # expect: RA302(warning)
  rc=0
  gemini -p "Update the changelog" > gemini.log 2>&1 || rc=$?
  resets=$(grep -o 'quota resets in [0-9]*s' gemini.log | tail -1 || true)
  if [ -n "$resets" ]; then
    sleep 600
  elif grep -q 'API Error: 503' gemini.log; then
    sleep 30
  elif [ "$rc" -ne 0 ]; then
    exit 1
  else
    break
  fi
done

# An endless work loop that leaves when the log shows a server error: the pattern narrows
# the CLI's failure marker (`API Error: 5xx`), so every other failure (a bad key, a
# missing binary) goes round for ever.
while true; do  # expect: RA302(warning)
  cat PROMPT.md | claude -p --output-format stream-json --verbose | tee turn.log
  if grep -q 'LOOP_COMPLETE' turn.log; then
    exit 0
  fi
  if grep -q 'API Error: 5[0-9][0-9]' turn.log; then
    exit 1
  fi
  sleep 2
done

ask_again "triage the new issues"
