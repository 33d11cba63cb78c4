#!/usr/bin/env bash
# A runner plugin: runs the agent in a container.
runner_start() {
  docker run --rm agent-image claude -p "$1" --output-format text
}
