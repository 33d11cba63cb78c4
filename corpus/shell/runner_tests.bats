#!/usr/bin/env bats
# bats tests of a runner: each `@test "…" {` is a function, its body audited as one
# (bats runs it under errexit; runaudit reads it as the function it is).

setup() {
  export PATH="$BATS_TEST_DIRNAME/bin:$PATH"
}

@test "review output is kept" {
  claude -p "Review the diff" | tee review.log  # expect: RA101(error)
}

@test 'the runner passes' {
  run ./run.sh
  [ "$status" -eq 0 ]
}
