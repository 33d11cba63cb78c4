#!/usr/bin/env bash
# A runner plugin: its log pipeline runs under the driver's pipefail.
runner_start() {
  claude -p "$1" --output-format text | tee -a runner.log
}
