#!/usr/bin/env bash
# A library of agent runs, audited on its own: the scripts sourcing it decide whether a
# run is judged (`loop.sh` examines what `invoke` prints, never what `summarise` does).
invoke() {
    claude -p "$1" 2>&1 || true
}

summarise() {
    claude -p "$1" || true  # expect: RA203(warning)
}
