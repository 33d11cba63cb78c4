#!/bin/bash
# The check after the run only warns and goes on, so a failed run is never noticed: the
# status is lost.
if ! command -v jq > /dev/null; then
    claude -p "Install jq with the system's package manager" > /dev/null 2>&1  # expect: RA203(warning)
    if ! command -v jq > /dev/null; then
        echo "jq is still missing; JSON output will be skipped" >&2
    fi
fi
echo "ready"

# A dry-run switch that ends the script with success checks nothing the run did.
claude -p "Fix the failing test" > /dev/null  # expect: RA203(warning)
if [ "${DRY_RUN:-0}" = 1 ]; then
    exit 0
fi
git commit -am "Fix the failing test"

# The function called after the run only shows the report when there is one.
source "$(dirname "$0")/lib/harness.sh"
REPORT=out/report.md
goose run -t "Write the weekly report to $REPORT" < /dev/null || true  # expect: RA203(warning)
echo "::endgroup::"
show_report

# A helper after the run that exits at an iteration cap compares numbers: it looks at
# nothing the run left behind.
check_limit() {
  if [[ $i -ge ${MAX_ITERATIONS:-10} ]]; then
    echo "reached the iteration cap"
    exit 1
  fi
}
i=0
while :; do
  claude -p "$(cat PROMPT.md)" > "logs/$i.log" 2>&1 || true  # expect: RA203(warning)
  check_limit
  i=$((i + 1))
done

# git is asked what changed, but only to decide whether to stash it: nothing fails when
# the run did nothing, so its status is lost.
claude -p "Tidy the README" > /dev/null  # expect: RA203(warning)
if [[ -n "$(git status --porcelain)" ]]; then
  git stash push -m "tidy"
fi

# The function fails when conflicts remain, but its caller throws that status away.
resolve_or_wait() {
  claude -p "Resolve the merge conflicts" > /dev/null  # expect: RA203(warning)
  if git diff --name-only --diff-filter=U | grep -q .; then
    return 1
  fi
}
resolve_or_wait || true

# `git log` reads history, not what the run changed in the work tree.
claude -p "Write the changelog entry" > /dev/null || true  # expect: RA203(warning)
if ! git log -1 '@{u}' > /dev/null 2>&1; then
  exit 1
fi

# Both branches only set what the summary prints: nothing tests it, so a failed run is
# reported as "no changes" and the script goes on.
claude -p "Apply the review comments" > /dev/null || true  # expect: RA203(warning)
if git diff --quiet; then
  outcome="no changes"
else
  outcome="changed"
fi
echo "review: $outcome"

# What the branch sets is a message it tests itself, not a record of the run's failure: a
# run that fails every time spins the loop forever.
while :; do
  claude -p "$(cat PROMPT.md)"  # expect: RA203(warning)
  if [[ -n $(git status --short) ]]; then
    message=$(git diff --cached --stat | tail -n 1)
    if [[ -z "$message" ]]; then
      message="agent iteration"
    fi
    git commit -qam "$message"
  fi
  sleep 2
done

# The flag is tested only before the check sets it: nothing after reads the record.
review_failed=0
if [ "$review_failed" -ne 0 ]; then
  echo "the last review failed"
fi
claude -p "Apply the second round of review comments" > /dev/null || true  # expect: RA203(warning)
if git diff --quiet; then
  review_failed=1
fi
echo "reviewed"

# The branch picks a colour for the message: a test of it decides nothing else.
claude -p "Apply the third round of review comments" > /dev/null || true  # expect: RA203(warning)
if git diff --quiet; then
  color=yellow
else
  color=green
fi
case "$color" in
  yellow) printf '\033[33m%s\033[0m\n' "review: nothing changed" ;;
  *) printf '\033[32m%s\033[0m\n' "review: changed" ;;
esac

# A linter after the run is no test of what it was to do, and neither is a test run whose
# failure only prints.
gemini -p "Tidy the docs" > docs.log  # expect: RA203(warning)
if ! make lint; then exit 1; fi
claude -p "Fix the flaky test" > flaky.log  # expect: RA203(warning)
if ! pytest -q; then echo "still flaky"; fi

# A build that did not run before the run is no re-check of it, even with its failure
# recorded in a flag that ends the script.
BUILD_OK=true
codex exec "Update the changelog for the release" > changelog.log || true  # expect: RA203(warning)
npm run build >> build.log 2>&1 || BUILD_OK=false
if [[ "$BUILD_OK" == "false" ]]; then exit 1; fi

# The conflicts left are read and only told: the merge stays half done either way.
claude -p "Resolve the merge conflicts of feature/export" >> merge.log 2>&1 || true  # expect: RA203(warning)
unresolved=$(git diff --name-only --diff-filter=U)
if [[ -z "$unresolved" ]]; then
  echo "resolved"
else
  echo "still conflicting: $unresolved" >&2
fi

# What was captured before the run tells nothing of what the run left.
before=$(git diff --name-only --diff-filter=U)
claude -p "Resolve the merge conflicts of feature/import" >> merge.log 2>&1 || true  # expect: RA203(warning)
if [[ -z "$before" ]]; then
  git commit -qam "merge feature/import"
else
  git merge --abort
fi

# Only one way does work: the other only says so.
claude -p "Tidy the changelog" > tidy.log 2>&1 || true  # expect: RA203(warning)
if [[ -n $(git status --porcelain) ]]; then
  date >> tidied.log
else
  echo "nothing changed"
fi

# A check in the loop whose success does not end it (it only says so): the loop never
# stops on it, so the run's status is still what tells a failure.
for round in 1 2 3; do
  claude -p "Fix the lint errors in lint.log" > /dev/null 2>&1  # expect: RA203(warning)
  if run_quality_gate lint; then
    echo "lint passes after round $round"
  fi
done
