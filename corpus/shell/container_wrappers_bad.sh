#!/usr/bin/env bash
# The agent inside a container: `singularity exec`/`apptainer exec IMAGE`,
# `docker run`/`docker exec` and `podman run` run the command after the image
# (or the container), `devcontainer exec` the one after its options, and return its status, so their options are skipped to
# find it; also through a function that runs its arguments (`"$@"`). Nothing
# reads these statuses (no errexit, no `$?`): each is lost to `tee`.

IMAGE=${IMAGE:-agents.sif}
TASK="Solve the task in /work and write RESULT.md"

with_overlay() {
  mount_overlay
  "$@"
  local rc=$?
  unmount_overlay
  return $rc
}

singularity exec --nv -c --env HF_HOME=/tmp/hf --bind "/data:/data" --writable-tmpfs "$IMAGE" codex exec --json "$TASK" | tee judge.json  # expect: RA203(warning)
apptainer exec --pwd /work "$IMAGE" claude -p "$TASK" | tee claude.log  # expect: RA203(warning)
docker run --rm -it -v "$PWD:/work" -w /work -e "TASK=$TASK" agents:latest gemini -p "$TASK" | tee gemini.log  # expect: RA203(warning)
docker exec -u agent box gptme --non-interactive "$TASK" | tee gptme.log  # expect: RA203(warning)
podman run --rm --name solver agents:latest aider --message "$TASK" | tee aider.log  # expect: RA203(warning)
with_overlay singularity exec --nv "$IMAGE" codex exec "$TASK" | tee overlay.log  # expect: RA203(warning)
devcontainer exec --workspace-folder "$PWD" claude -p "$TASK" | tee devcontainer.log  # expect: RA203(warning)
devcontainer exec --workspace-folder . bash -c "claude -p \"$TASK\" | tee inner.log"  # expect: RA203(warning)

echo "all runs finished"
