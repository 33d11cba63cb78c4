#!/usr/bin/env bash
# Near miss: past its 16 walks a function's latest summary is applied, but the program
# its callers name is read only at the calls walked: a later call that names no agent is
# not judged by the agent an earlier call named.
set -e
run_step() {
    "$1" -p "$2"
}

run_step claude "Task 0" > "step-0.log"
run_step claude "Task 1" > "step-1.log"
run_step claude "Task 2" > "step-2.log"
run_step claude "Task 3" > "step-3.log"
run_step claude "Task 4" > "step-4.log"
run_step claude "Task 5" > "step-5.log"
run_step claude "Task 6" > "step-6.log"
run_step claude "Task 7" > "step-7.log"
run_step claude "Task 8" > "step-8.log"
run_step claude "Task 9" > "step-9.log"
run_step claude "Task 10" > "step-10.log"
run_step claude "Task 11" > "step-11.log"
run_step claude "Task 12" > "step-12.log"
run_step claude "Task 13" > "step-13.log"
run_step claude "Task 14" > "step-14.log"
run_step claude "Task 15" > "step-15.log"
run_step claude "Task 16" > "step-16.log"
run_step echo "All done" | tee -a summary.log  # expect: RA102(info)
echo "done"
