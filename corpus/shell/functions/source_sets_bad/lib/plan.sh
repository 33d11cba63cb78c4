#!/usr/bin/env bash
# A library the driver reads in its loop over `lib/*.sh`.
lib_plan() {
  gptme --non-interactive "$1"
}
