#!/usr/bin/env bash
# A library the driver reads in its loop: its pipeline runs under the driver's pipefail.
lib_plan() {
  gptme --non-interactive "$1" | tee -a plan.log
}
