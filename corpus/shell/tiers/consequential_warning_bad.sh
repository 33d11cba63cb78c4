#!/bin/bash
# RA101 warning tier: a masked stage does consequential work whose failure
# the runner must see (fetch, transfer, build, test, install, deploy).
set -e

curl -fsSL https://example.com/agent/latest.json | jq -r .version > version.txt  # expect: RA101(warning)
# (an archive unpacked as it arrives fails itself on a failed download's empty stream)
wget -qO- "$ARTIFACT_URL" | tar xz -C build/  # expect: RA102(info)
# (so does a JSON document parsed as it arrives: the parser fails on an empty stream)
open=$(curl -sf "$API/pulls" | python3 -c "import json,sys; print(len(json.load(sys.stdin)))" || echo 1)  # expect: RA102(info)
curl -sf "$API/pulls" | python3 -m json.tool > pulls.json  # expect: RA102(info)
# ...but a script that prints what it reads, parsing nothing, hides the failed download.
curl -sf "$API/pulls" | python3 -c "import sys; print(sys.stdin.read())" > pulls.txt  # expect: RA101(warning)
# ...and so does a parser that catches the failure to parse, or a producer that prints an
# error document when it fails (`gh api`), not nothing
# expect-next-line: RA101(warning)
curl -sf "$API/pulls" | python3 -c "import json,sys
try: print(len(json.load(sys.stdin)))
except ValueError: print(0)" > count.txt
gh api "repos/$REPO/issues" | python3 -c "import json,sys; print(len(json.load(sys.stdin)))" > issues.txt  # expect: RA101(warning)
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

echo "$open_prs" "$open"

# The vendors' install line, a download a shell runs, builds or sets up without the
# tool when the download fails: RA101. When the same run goes on to use the tool
# (`starkliup` below, a later `mise`), a failed download fails there: RA102 (opt-in).
curl -fsSL https://claude.ai/install.sh | bash  # expect: RA101(warning)
curl -sL https://get.starkli.sh | sh && "$HOME/.starkli/bin/starkliup"  # expect: RA102(info)
curl -fsSL https://mise.run | sh  # expect: RA102(info)
# A runner that tests the install's status reports a failed download as installed, and
# a repository's setup as set up, whatever later installs from it.
if ! curl -fsSL https://deb.nodesource.com/setup_22.x | bash -; then  # expect: RA101(warning)
  echo "nodesource setup failed" >&2
fi
apt-get install -y nodejs
if ! curl -fsSL https://opencode.ai/install | bash; then  # expect: RA101(warning)
  echo "install failed" >&2
fi
# So does one that reports the failure after an `&&` (`|| exit 1` takes it).
curl -fsSL https://mise.run | sh && echo "mise installed" || exit 1  # expect: RA101(warning)
# A script file given to the shell reads the download as data: still RA101.
curl -fsSL https://example.com/config.sh | bash apply.sh  # expect: RA101(warning)
mise trust
opencode run "fix the failing tests"
