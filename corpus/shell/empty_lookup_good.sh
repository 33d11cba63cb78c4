#!/usr/bin/env bash
# The same lookup, whose empty answer the script tests and replaces: a failed download prints
# nothing, and neither do the filters after it (only RA102's strict reading remains).
set -e
CLI_VERSION=$(curl -m 3 -s https://registry.npmjs.org/@example/agent-cli/latest | grep -o '"version":"[^"]*"' | cut -d'"' -f4)  # expect: RA102(info)
if [ -z "$CLI_VERSION" ]; then
    echo "could not look up the version: building latest" >&2
    CLI_VERSION="latest"
fi
docker build --build-arg "CLI_VERSION=$CLI_VERSION" -t agent-cli .

# ...also written for `set -u`, with an empty default.
RUNNER_VERSION=$(curl -m 3 -s https://registry.npmjs.org/@example/agent-runner/latest | grep -o '"version":"[^"]*"' | cut -d'"' -f4)  # expect: RA102(info)
if [ -z "${RUNNER_VERSION:-}" ]; then
    RUNNER_VERSION="latest"
fi
docker build --build-arg "RUNNER_VERSION=$RUNNER_VERSION" -t agent-runner .
