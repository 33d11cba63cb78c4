#!/usr/bin/env bash
set -euo pipefail
: "${APP_HOME:?set APP_HOME to the project folder}"
source "$APP_HOME/lib/steps.sh"
review "$1"
