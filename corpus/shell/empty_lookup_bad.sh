#!/usr/bin/env bash
# A version looked up under errexit without pipefail: the capture takes `cut`'s status, so a
# failed lookup goes on with an empty version that nothing tests.
set -e
CLI_VERSION=$(curl -m 3 -s https://registry.npmjs.org/@example/agent-cli/latest | grep -o '"version":"[^"]*"' | cut -d'"' -f4)  # expect: RA101(warning)
docker build --build-arg "CLI_VERSION=$CLI_VERSION" -t agent-cli .
