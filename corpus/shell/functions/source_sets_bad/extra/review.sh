#!/usr/bin/env bash
# A library the driver reads through `builtin source --`.
review_step() {
  codex exec "$1"
}
