#!/bin/bash
# RA101 warning tier: a masked stage does consequential work whose failure
# the runner must see (fetch, transfer, build, test, install, deploy).
set -e

curl -fsSL https://example.com/install.sh | sh  # expect: RA101(warning)
wget -qO- "$ARTIFACT_URL" | tar xz -C build/  # expect: RA101(warning)
git -C "$REPO" pull --rebase 2>&1 | tee -a sync.log  # expect: RA101(warning)
git push origin HEAD 2>&1 | tee -a sync.log  # expect: RA101(warning)
rsync -a build/ "$HOST:/srv/app/" | tail -n 2  # expect: RA101(warning)

open_prs=$(gh api "repos/$REPO/pulls" --jq '.[].number' | wc -l)  # expect: RA101(warning)

make build 2>&1 | tee build.log  # expect: RA101(warning)
python -m pytest -q tests/ | tee test.log  # expect: RA101(warning)
npm run build | tee -a build.log  # expect: RA101(warning)
pip install -r requirements.txt | grep -v 'already satisfied'  # expect: RA101(warning)
docker build -t agent:latest . | tee docker.log  # expect: RA101(warning)
kubectl apply -f deploy.yaml | tee deploy.log  # expect: RA101(warning)

# A loop that fetches is consequential work too.
for url in "$@"; do curl -fsS "$url"; done | jq -s . > pages.json  # expect: RA101(warning)

echo "$open_prs"
