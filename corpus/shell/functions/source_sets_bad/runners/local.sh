#!/usr/bin/env bash
# A runner plugin: runs the agent here.
runner_start() {
  claude -p "$1" --output-format text
}
