"""RA102 pipeline-status-masked-extra."""

from __future__ import annotations

from typing import ClassVar

from auditor.finding import Severity
from auditor.rule import Example
from auditor.shell.tiers import Tier
from rules.pipeline.pipeline_status_masked import PipelineStatusMasked


class PipelineStatusMaskedExtra(PipelineStatusMasked):
    """A filter or probe's failure is lost in a pipeline whose status is used (opt-in).

    ## What it does
    Flags the pipelines RA101 leaves out: those whose masked stages are only
    filters and probes (`find`, `ls`, `grep`, `sort`, `cut`, `awk`, `sed`, `jq`,
    `wc`, `git log`, `cat`, a loop feeding a filter), and the install line
    that pipes a download into a shell (`curl -fsSL URL | bash`) whose tool
    the same run goes on to use (RA101 says when), while the
    pipeline's status is used and `pipefail` is not in effect. Severity `info`.

    It is **not selected by default**: turn it on with
    `extend-select = ["RA102"]` in config or `--extend-select RA102`, as
    ShellCheck keeps SC2312 behind `enable=check-extra-masked-returns`.

    Not flagged, as in RA101: a last stage that stops reading on purpose
    (`head`, `grep -q`, `grep -m`, `sed q`), where pipefail would add SIGPIPE
    failures; a make recipe line that only prints (a `help` target, `cloc … |
    tail`). Also not flagged: a filter stage whose stderr is thrown away
    (`2>/dev/null`), whose failure is ignored on purpose.

    ## Why is this bad?
    `files=$(find "$DIR" -name '*.md' | sort)` under `set -e` goes on with an
    empty list when `find` fails (a missing or unreadable directory). That is
    often harmless, which is why this rule is opt-in; in a script that must
    stop on any failure it hides one.

    ## Example
    ```bash
    #!/bin/bash
    set -e
    files=$(find "$DIR" -name '*.md' | sort)
    ```

    ## Use instead
    ```bash
    #!/bin/bash
    set -eo pipefail
    files=$(find "$DIR" -name '*.md' | sort)
    ```

    ## Fix safety
    The same unsafe fix as RA101: it turns pipefail on for the whole script,
    which changes how every pipeline in it fails.

    ## References
    - ShellCheck SC2312 (consider invoking this command separately), an
      optional check
    - bash manual, "Pipelines" (`pipefail`, `PIPESTATUS`)
    """

    code = "RA102"
    name = "pipeline-status-masked-extra"
    severity = Severity.INFO
    severities = ()  # always info, unlike RA101
    precision = "medium"
    selected_by_default = False
    tiers: ClassVar[frozenset[Tier]] = frozenset({Tier.FILTER})

    BAD = (
        Example(
            "#!/bin/bash\nset -e\nfiles=$(find \"$DIR\" -name '*.md' | sort)\n", (("RA102", 3),)
        ),
        Example(
            '#!/bin/bash\nif git ls-files | grep -E "\\.sh$"; then echo found; fi\n',
            (("RA102", 2),),
        ),
    )
    GOOD = (
        Example("#!/bin/bash\nset -e\nlatest=$(ls -t logs | head -1)\n"),
        Example("#!/bin/bash\nset -e\nn=$(find . -name '*.log' 2>/dev/null | wc -l)\n"),
        Example("#!/bin/bash\nset -eo pipefail\nfiles=$(find . | sort)\n"),
        Example('#!/bin/bash\nset -e\ngptme "$P" | tee log\n'),  # an agent: RA101's
    )
