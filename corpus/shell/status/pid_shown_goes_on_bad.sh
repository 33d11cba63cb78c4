#!/usr/bin/env bash
# RA203: the pid is shown, but the script does not end there: it waits a while and then
# commits and pushes whatever the run left, whether it worked or not.
claude -p "Refactor the storage layer" >agent.log 2>&1 &  # expect: RA203(warning)
pid=$!
echo "agent started (pid $pid)"
sleep 1800
git add -A
git commit -m "Automated refactor"
git push
