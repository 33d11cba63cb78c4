#!/bin/bash
# A run that ends a subshell sent to the background: its status is the job's, and
# nothing waits for the job (with or without errexit).
mkdir -p work
(cd work && claude -p "Fix the failing test" > out.log 2>&1) &  # expect: RA203(warning)
echo "started"
