# The steps call the review of review.sh, which the same script sources: under the
# errexit that script sets, a failed review ends it before the read.
review_step() {
  review_changes
  local rc=$?  # expect: RA204(error)
  if [ "$rc" -ne 0 ]; then echo "review failed" >&2; fi
}

# Near miss: called as a condition, the failure reaches the branch.
checked_step() {
  if ! review_changes; then
    echo "review failed" >&2
    return 1
  fi
}
