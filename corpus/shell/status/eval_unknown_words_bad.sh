#!/bin/bash
# An agent run by `eval` with words known only at run time (an action's inputs): they
# may hold its headless options (`--message …`), so it is no person's session, and its
# status, which nothing reads, is lost before the push.
cd "$WORKDIR"
eval "aider --model $MODEL $AIDER_ARGS"  # expect: RA203(warning)
git push -u origin "$BRANCH_NAME"
