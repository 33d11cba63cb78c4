#!/bin/bash
# Near miss: the same classifier, but the loop resumes the named session (the
# work done so far is kept), a bounded number of times, and ends on any
# failure the classifier does not call transient.
classify() {
  if grep -qiE 'rate.limit|429|overloaded' "$1"; then printf 'transient'; else printf 'permanent'; fi
}

attempt=1
while (( attempt <= 5 )); do
  rc=0
  claude --resume "$SESSION_ID" -p "continue the task" > out.log 2>&1 || rc=$?
  if [[ "$rc" -eq 0 ]]; then
    break
  fi
  class=$(classify out.log)
  if [[ "$class" != "transient" ]]; then
    echo "giving up: $class failure" >&2
    exit 1
  fi
  sleep $(( attempt * 60 ))
  attempt=$(( attempt + 1 ))
done
