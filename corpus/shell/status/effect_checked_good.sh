#!/bin/bash
# The agent is asked for something the script can check, and the next statement checks
# it and ends the script when it is missing: the run is judged by what it did.
if ! command -v jq > /dev/null; then
    claude -p "Install jq with the system's package manager" > /dev/null 2>&1
    if ! command -v jq > /dev/null; then
        echo "jq is still missing" >&2
        exit 1
    fi
fi

codex exec "Write the release notes to NOTES.md"
if [ ! -s NOTES.md ]; then
    echo "no release notes" >&2
    exit 1
fi
echo "ready"

# The check is the body of a function from a sourced file, called after the run and a
# message: the run is judged by the report it was to write.
source "$(dirname "$0")/lib/harness.sh"
REPORT=out/report.md
goose run -t "Write the weekly report to $REPORT" < /dev/null || true
echo "::endgroup::"
finish_run "goose"

# The agent resolves merge conflicts; the function then removes its prompt file and asks
# git whether any path is still unmerged, failing when one is: judged by what it did.
resolve_conflicts() {
  local prompt_file
  prompt_file=$(mktemp)
  echo "Resolve the merge conflicts in this work tree, then git add and commit" > "$prompt_file"
  claude -p "$(cat "$prompt_file")" > /dev/null
  rm -f "$prompt_file"
  if git diff --name-only --diff-filter=U | grep -q .; then
    git merge --abort
    return 1
  fi
}
resolve_conflicts || exit 1

# git's own options come before the subcommand (`git -C DIR diff`).
claude -p "Resolve the merge conflicts in the checkout" > /dev/null || true
if git -C "${CHECKOUT:-.}" diff --name-only --diff-filter=U | grep -q .; then
  exit 1
fi

# Each merge the agent could not finish is recorded, and the list is tested at the end:
# each run is judged by what it left in the work tree.
unresolved=()
for branch in feature-a feature-b; do
  git merge "$branch" > /dev/null 2>&1 && continue
  claude -p "Resolve the conflicts of merging $branch, then commit" > /dev/null
  if ! git diff --name-only --diff-filter=U | grep -q .; then
    echo "$branch merged"
  else
    unresolved+=("$branch")
    git merge --abort
  fi
done
if [[ ${#unresolved[@]} -gt 0 ]]; then
  echo "unresolved: ${unresolved[*]}" >&2
  exit 1
fi

# The program's absence fails the script from the `else` branch.
claude -p "Install the JSON processor the next steps need" > /dev/null
if command -v jq > /dev/null; then
  echo "jq installed"
else
  exit 1
fi

# A counter of the runs that changed nothing, tested once the loop ends.
untouched=0
for file in src/*.py; do
  claude -p "Fix the lint errors in $file" > /dev/null
  if git diff --quiet -- "$file"; then
    ((untouched++))
  fi
done
if (( untouched > 0 )); then
  exit 1
fi

# A counter kept with `$(( ))`, and a quoted flag, each tested to fail the script.
lint_errors=0
for file in lib/*.py; do
  claude -p "Fix the lint errors in $file" > /dev/null || true
  if git diff --quiet -- "$file"; then
    lint_errors=$((lint_errors + 1))
  fi
done
(( lint_errors > 0 )) && exit 1

REPORT_FAILED="false"
claude -p "Install the report generator the pipeline needs" > /dev/null || true
if ! command -v report-gen > /dev/null; then
  REPORT_FAILED="true"
fi
if [[ "$REPORT_FAILED" == "true" ]]; then
  exit 1
fi

# The project's tests check what the run changed, and a failure gives up.
claude -p "Fix the failing tests in src/" > fix.log 2>&1
if ! npm run test; then
  echo "the tests still fail after the fix" >&2
  exit 1
fi
codex exec "Port the parser to the new API" > port.log 2>&1
if ! cargo test --quiet; then exit 1; fi
gemini -p "Update the Python client for the new API" > client.log 2>&1
if ! uv run pytest -q tests/client; then exit 1; fi

# The run was to make a failing check pass, and the same check runs again after it, its
# failure recorded in a flag that ends the script: the run is judged by that re-check.
CHECKS_PASSED=true
npm run typecheck >> checks.log 2>&1 || CHECKS_PASSED=false
if [[ "$CHECKS_PASSED" == "false" ]]; then
  claude -p "Fix the type errors in checks.log" >> fix.log 2>&1 || true
  CHECKS_PASSED=true
  npm run typecheck >> checks.log 2>&1 || CHECKS_PASSED=false
fi
if [[ "$CHECKS_PASSED" == "false" ]]; then
  echo "type errors remain" >&2
  exit 1
fi

# A fix loop: each turn runs the check, and the run only when it fails; the loop leaves
# once it passes. The run is judged by the next turn's check.
for round in 1 2 3; do
  if ! verify_build; then
    claude -p "Fix the build errors in build.log" > /dev/null 2>&1 || true
  else
    break
  fi
done

# What the run left decides what is done next: the conflicts it was to resolve are read
# from the work tree, and the merge is committed or aborted on them.
resolve_conflicts() {
  local branch=$1 remaining
  claude -p "Resolve the merge conflicts of $branch" >> merge.log 2>&1 || true
  remaining=$(git diff --name-only --diff-filter=U)
  if [[ -z "$remaining" ]]; then
    git commit -qam "merge $branch"
  else
    git merge --abort
    echo "unresolved: $branch" >&2
  fi
}
resolve_conflicts feature/search || exit 1

# A fix loop: each turn runs the agent, then the check it was to make pass, and leaves
# once the check passes; the run is judged by the check.
lint_fix_rounds() {
  local round=0
  while (( round < 3 )); do
    round=$((round + 1))
    claude -p "Fix the lint errors in lint.log" > /dev/null 2>&1
    if run_quality_gate lint; then
      return 0
    fi
  done
  return 1
}
lint_fix_rounds || exit 1

# A fix loop whose run ends a subshell (`( cd "$tree"; agent … )`, its status the
# subshell's, kept and not read) and whose check is a function of the script running the
# project's checks; errexit off around the run: the check decides whether it goes round.
verify_tree() {
  (cd "$1" && npx tsc --noEmit) || return 1
  (cd "$1" && npm test)
}
repair_tree() {
  local tree="$1" attempt
  for attempt in 1 2 3; do
    set +e
    (
      cd "$tree"
      claude --dangerously-skip-permissions -p "Make the type check and the tests pass" >"fix-$attempt.log" 2>&1
    )
    local status=$?
    set -e
    if verify_tree "$tree"; then
      return 0
    fi
  done
  return 1
}
repair_tree "$PWD/app" || exit 1
