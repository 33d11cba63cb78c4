#!/usr/bin/env bash
# Near misses for containers: the command after the image is no agent (an agent
# name that is only an option's value, the image's name or an argument), a
# build is not a run, and a function that runs its arguments runs an agent only
# where a call gives it one. (errexit is on: the masked statuses that are not
# an agent's are warnings and infos, never RA101 errors.)
set -e

IMAGE=${IMAGE:-agents.sif}

with_overlay() {
  "$@"
  local rc=$?
  return $rc
}

solve() {
  singularity exec "$IMAGE" bash /work/solve.sh > solve.log 2>&1
}

singularity exec --env AGENT=claude "$IMAGE" python eval.py | tee eval.log  # expect: RA102(info)
docker run --rm -v "$PWD:/w" claude-code:latest | tee image.log  # expect: RA102(info)
docker run --rm --name codex alpine ls /work | tee listing.log  # expect: RA102(info)
docker build -t gptme . | tee build.log  # expect: RA101(warning)
with_overlay solve
with_overlay singularity exec --nv "$IMAGE" python score.py | tee score.log  # expect: RA102(info)
with_overlay singularity exec "$IMAGE" codex exec "grade it" > grade.json
