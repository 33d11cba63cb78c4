#!/bin/bash
# Near miss: a code the script stores in the variable between the run and the guard
# (after reading the log) is one the guard meets, whatever gptme exits with.
status=0
gptme --non-interactive "$TASK" > run.log 2>&1 || status=$?
if grep -q "quota exceeded" run.log; then status=42; fi
if [ "$status" -eq 42 ]; then sleep 3600; fi
