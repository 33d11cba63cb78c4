#!/usr/bin/env bash
# A version looked up under errexit without pipefail: the capture takes `cut`'s status, so a
# failed lookup goes on with an empty version that nothing tests.
set -e
CLI_VERSION=$(curl -m 3 -s https://registry.npmjs.org/@example/agent-cli/latest | grep -o '"version":"[^"]*"' | cut -d'"' -f4)  # expect: RA101(warning)
docker build --build-arg "CLI_VERSION=$CLI_VERSION" -t agent-cli .

# A test that only reports the version, and one after the build has used it: neither
# handles an empty one before the build.
TAG=$(curl -s https://registry.npmjs.org/@example/agent-tools/latest | grep -o '"version":"[^"]*"' | cut -d'"' -f4)  # expect: RA101(warning)
[ -n "$TAG" ] && echo "tools $TAG"
docker build --build-arg "TOOLS_TAG=$TAG" -t agent-tools .

BASE=$(curl -s https://registry.npmjs.org/@example/agent-base/latest | grep -o '"version":"[^"]*"' | cut -d'"' -f4)  # expect: RA101(warning)
docker build --build-arg "BASE=$BASE" -t agent-base .
if [ -z "$BASE" ]; then echo "the base version was empty" >&2; fi
