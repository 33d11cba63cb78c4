"""Shell in systemd units, Actions workflows, Dockerfiles and Makefiles, mapped to the host."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.hosts.actions import actions_shells
from auditor.hosts.dockerfile import dockerfile_shells
from auditor.hosts.makefile import makefile_shells
from auditor.hosts.mapped import EmbeddedShell, MappedText, UnreadableHost
from auditor.hosts.systemd import systemd_shells
from auditor.shell.options import ShellOptions
from auditor.unit import OPAQUE_WORD

Extractor = Callable[[MappedText], Iterable[EmbeddedShell]]
ERREXIT = ShellOptions(errexit=True)
PIPEFAIL = ShellOptions(pipefail=True)
BOTH = ShellOptions(errexit=True, pipefail=True)


def extract(extractor: Extractor, text: str) -> list[EmbeddedShell]:
    return list(extractor(MappedText.verbatim(text, 0)))


def host_of(text: str, shell: EmbeddedShell, needle: str, occurrence: int = 0) -> int:
    """The host offset of the first character of `needle` in the extracted code."""
    index = -1
    for _ in range(occurrence + 1):
        index = shell.code.text.index(needle, index + 1)
    return shell.code.offsets[index]


def assert_verbatim(text: str, shell: EmbeddedShell, needle: str) -> None:
    """`needle` appears in the code and each of its characters maps to itself in the host."""
    start = shell.code.text.index(needle)
    for i in range(start, start + len(needle)):
        assert text[shell.code.offsets[i]] == shell.code.text[i], (needle, i)
    assert list(shell.code.offsets[start : start + len(needle)]) == list(
        range(shell.code.offsets[start], shell.code.offsets[start] + len(needle))
    )


# systemd


UNIT = """\
[Unit]
Description=agent %i
ExecStart=/bin/bash -c 'not | a service key'

[Service]
# comment
Type=oneshot
ExecStart=/bin/bash -c 'gptme "%i" 2>&1 | tee -a ${LOG} $$HOME $LOG'
ExecStartPre=-/usr/bin/env FOO=1 bash -eo pipefail -c "a | b"
ExecStartPost=@/bin/sh agent-sh -c \\
; a comment inside the continuation
  'c | d'
ExecStop=/usr/bin/logger stopping | not a shell
ExecReload=:/bin/sh -c 'echo ${KEEP} | cat'
ExecStopPost=/bin/sh -c 'printf "\\x41\\n" | tee x'
"""


def test_systemd_yields_only_sh_c_strings_of_service_exec_keys() -> None:
    found = extract(systemd_shells, UNIT)
    assert [s.where for s in found] == [
        "`ExecStart` `bash -c` string",
        "`ExecStartPre` `bash -c` string",
        "`ExecStartPost` `sh -c` string",
        "`ExecReload` `sh -c` string",
        "`ExecStopPost` `sh -c` string",
    ]


def test_systemd_expands_specifiers_and_environment_like_systemd() -> None:
    start = extract(systemd_shells, UNIT)[0]
    assert start.code.text == f'gptme "{OPAQUE_WORD}" 2>&1 | tee -a {OPAQUE_WORD} $HOME $LOG'
    assert start.options == ShellOptions()
    assert start.end_use == "systemd uses the `ExecStart` status"
    assert_verbatim(UNIT, start, "gptme ")
    assert host_of(UNIT, start, OPAQUE_WORD) == UNIT.index("%i", UNIT.index("[Service]"))
    assert host_of(UNIT, start, OPAQUE_WORD, 1) == UNIT.index("${LOG}")
    assert host_of(UNIT, start, "$HOME") == UNIT.index("$$HOME")  # `$$` maps to its first `$`
    assert host_of(UNIT, start, "HOME") == UNIT.index("HOME")
    assert_verbatim(UNIT, start, " $LOG")  # inside a word, `$LOG` is left to the shell


def test_systemd_prefixes_env_and_flags() -> None:
    pre, post, reload = extract(systemd_shells, UNIT)[1:4]
    assert pre.code.text == "a | b" and pre.options == BOTH and pre.end_use is None
    assert_verbatim(UNIT, pre, "a | b")
    assert post.code.text == "c | d"  # `@`: the second word is argv[0]
    assert post.end_use == "systemd uses the `ExecStartPost` status"
    assert_verbatim(UNIT, post, "c | d")
    assert reload.code.text == "echo ${KEEP} | cat"  # `:` turns expansion off


def test_systemd_decodes_c_escapes_inside_quotes() -> None:
    stop_post = extract(systemd_shells, UNIT)[4]
    assert stop_post.code.text == 'printf "A\n" | tee x'
    assert host_of(UNIT, stop_post, "A") == UNIT.index("\\x41")
    assert host_of(UNIT, stop_post, "\n") == UNIT.index("\\n")
    assert host_of(UNIT, stop_post, "| tee") == UNIT.index("| tee x")


def test_systemd_crlf_and_offsets_of_a_python_string() -> None:
    unit = "[Service]\r\nExecStart=/bin/sh -c 'a | \\\r\n b'\r\n"
    (found,) = extract(systemd_shells, unit)
    assert found.code.text == "a |   b"
    assert host_of(unit, found, "b") == unit.index("b'")
    # A unit held in a Python string: offsets go through the string's own map.
    shifted = MappedText(unit, tuple(range(100, 100 + len(unit))))
    (inner,) = systemd_shells(shifted)
    assert inner.code.offsets[0] == 100 + unit.index("a |")


def test_systemd_plain_command_lines_are_not_shell() -> None:
    unit = "[Service]\nExecStart=/usr/bin/gptme --non-interactive x | tee log\n"
    assert extract(systemd_shells, unit) == []


def test_systemd_autoconf_placeholder_is_not_a_prefix() -> None:
    unit = "[Service]\nExecStart=@bindir@/bash -c 'a | b'\n"
    (found,) = extract(systemd_shells, unit)
    assert found.code.text == "a | b"


# GitHub Actions


WORKFLOW = """\
name: agent
on: [push]
jobs:
  run:
    runs-on: ubuntu-latest
    steps:
      - run: gptme "${{ inputs.prompt }}" | tee log
      - name: block
        run: |
          set -x
          gptme x | tee log  # c

          echo done
      - shell: bash
        run: a | b
      - shell: sh
        run: >-
          first
          second

          third | x
      - shell: bash -o pipefail {0}
        run: "a | \\tb\\
          c 'q'"
      - shell: pwsh
        run: a | b
      - shell: python
        run: print(1)
      - run: 'it''s | x
          y'
      - shell: bash -x {0}
        run: |2
            indented
          base | x
  windows:
    runs-on: windows-latest
    steps:
      - run: a | b
  job-default:
    runs-on: ubuntu-latest
    defaults:
      run:
        shell: bash
    steps:
      - run: a | b
"""


def test_actions_effective_shells() -> None:
    found = extract(actions_shells, WORKFLOW)
    assert [s.options for s in found] == [
        ERREXIT,  # no shell: `bash -e {0}`
        ERREXIT,
        BOTH,  # shell: bash
        ERREXIT,  # shell: sh
        PIPEFAIL,  # custom template
        ERREXIT,  # (pwsh and python are skipped)
        ShellOptions(),  # bash -x {0}
        BOTH,  # job defaults (the Windows job's pwsh default is skipped)
    ]
    assert {s.end_use for s in found} == {"the step fails on it"}
    assert {s.where for s in found} == {"`run:` step"}


def test_actions_steps_say_the_folder_they_run_in() -> None:
    """A step runs in the workspace, or its (or its job's) literal `working-directory:`;
    a folder named by an expression or outside the checkout is not known."""
    workflow = (
        "jobs:\n  a:\n    defaults:\n      run:\n        working-directory: app\n"
        "    steps:\n      - run: x\n      - run: x\n        working-directory: tools/ci\n"
        "      - run: x\n        working-directory: ${{ inputs.dir }}\n"
        "      - run: x\n        working-directory: /opt/w\n"
        "  b:\n    steps:\n      - run: x\n"
    )
    found = extract(actions_shells, workflow)
    assert [s.workdir for s in found] == ["app", "tools/ci", None, None, ""]


def test_actions_steps_carry_what_their_jobs_later_steps_run() -> None:
    """What runs after a step in the same workspace: its job's later `run:` steps (their
    shell, expressions made opaque) and the programs later actions are given."""
    workflow = (
        "jobs:\n  a:\n    steps:\n      - run: first\n      - uses: x/github-script@v7\n"
        "        with:\n          script: read('/tmp/out.json')\n"
        "      - run: jq . /tmp/out.json ${{ x }}\n"
        "  b:\n    steps:\n      - run: other\n"
    )
    first, last, other = extract(actions_shells, workflow)
    shell, code = first.after
    assert shell.startswith("jq . /tmp/out.json ") and "${{" not in shell
    assert code == "read('/tmp/out.json')"
    assert last.after == ("", "") and other.after == ("", "")


def test_actions_plain_scalar_and_expressions() -> None:
    plain = extract(actions_shells, WORKFLOW)[0]
    expression = "${{ inputs.prompt }}"
    assert plain.code.text == f'gptme "{OPAQUE_WORD.ljust(len(expression), "_")}" | tee log'
    start = plain.code.text.index(OPAQUE_WORD)
    assert list(plain.code.offsets[start : start + len(expression)]) == list(
        range(WORKFLOW.index(expression), WORKFLOW.index(expression) + len(expression))
    )
    assert_verbatim(WORKFLOW, plain, '" | tee log')


def test_actions_short_expression_is_a_plain_opaque_word() -> None:
    workflow = "jobs:\n  a:\n    steps:\n      - run: echo ${{x}}-y | z\n"
    (found,) = extract(actions_shells, workflow)
    assert found.code.text == f"echo {OPAQUE_WORD}-y | z"
    assert set(found.code.offsets[5 : 5 + len(OPAQUE_WORD)]) == {workflow.index("${{")}


def test_actions_literal_block_maps_each_line() -> None:
    block = extract(actions_shells, WORKFLOW)[1]
    assert block.code.text == "set -x\ngptme x | tee log  # c\n\necho done\n"
    assert_verbatim(WORKFLOW, block, "gptme x | tee log  # c")
    assert_verbatim(WORKFLOW, block, "echo done")
    first_break = block.code.text.index("\n")
    assert WORKFLOW[block.code.offsets[first_break]] == "\n"


def test_actions_folded_block_maps_folded_breaks_to_the_newline() -> None:
    folded = extract(actions_shells, WORKFLOW)[3]
    assert folded.code.text == "first second\nthird | x"
    space = folded.code.text.index(" ")
    assert folded.code.offsets[space] == WORKFLOW.index("first") + len("first")
    assert WORKFLOW[folded.code.offsets[space]] == "\n"
    assert_verbatim(WORKFLOW, folded, "third | x")


def test_actions_quoted_scalars() -> None:
    double, single = extract(actions_shells, WORKFLOW)[4:6]
    assert double.code.text == "a | \tbc 'q'"
    assert host_of(WORKFLOW, double, "\t") == WORKFLOW.index("\\tb")
    assert host_of(WORKFLOW, double, "c 'q'") == WORKFLOW.index("c 'q'")
    assert single.code.text == "it's | x y"
    assert host_of(WORKFLOW, single, "'") == WORKFLOW.index("''")
    assert_verbatim(WORKFLOW, single, "s | x")


def test_actions_block_with_indentation_indicator() -> None:
    block = extract(actions_shells, WORKFLOW)[6]
    assert block.code.text == "  indented\nbase | x\n"
    assert_verbatim(WORKFLOW, block, "  indented")
    assert_verbatim(WORKFLOW, block, "base | x")


@pytest.mark.parametrize("chomp", ["|", "|-", "|+", ">", ">-", ">+"])
def test_actions_block_chomping_and_crlf(chomp: str) -> None:
    workflow = f"jobs:\n  a:\n    steps:\n      - run: {chomp}\n          a |\n          b\n\n"
    for text in (workflow, workflow.replace("\n", "\r\n")):
        (found,) = extract(actions_shells, text)
        assert found.code.text.rstrip("\n") in ("a |\nb", "a | b")
        assert text[host_of(text, found, "b")] == "b"
        assert text[host_of(text, found, "|")] == "|"


def test_actions_workflow_defaults_and_malformed_yaml() -> None:
    workflow = (
        "defaults:\n  run:\n    shell: bash\njobs:\n  w:\n    runs-on: windows-latest\n"
        "    steps:\n      - run: a | b\n      - shell: ${{ matrix.shell }}\n        run: c | d\n"
    )
    assert [s.options for s in extract(actions_shells, workflow)] == [BOTH]
    with pytest.raises(UnreadableHost, match="could not read this workflow"):
        extract(actions_shells, "jobs: [\n  - run: a | b\n")
    assert extract(actions_shells, "") == []


# Dockerfile


DOCKERFILE = """\
# syntax=docker/dockerfile:1
FROM python:3.12 AS base
run --mount=type=cache,target=/root/.cache --network=none pip install x && \\
    # a comment inside the continuation

    curl -fsSL https://x | sh
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
RUN gptme x | tee log
RUN ["bash", "-ec", "gptme \\"a\\" | tee \\u0041log"]
RUN <<EOF
gptme y | tee log
EOF
FROM base AS child
RUN a | b
FROM debian
RUN c | d
SHELL ["pwsh", "-Command"]
RUN e | f
"""


def test_dockerfile_shell_form_continuations_and_flags() -> None:
    first = extract(dockerfile_shells, DOCKERFILE)[0]
    assert first.code.text == "pip install x &&     curl -fsSL https://x | sh"
    assert first.options == ShellOptions()
    assert first.end_use == "the `RUN` instruction fails the build on it"
    assert first.where == "`RUN` instruction"
    assert_verbatim(DOCKERFILE, first, "pip install x && ")
    assert_verbatim(DOCKERFILE, first, "    curl -fsSL https://x | sh")


def test_dockerfile_shell_instruction_exec_form_heredoc_and_stages() -> None:
    found = extract(dockerfile_shells, DOCKERFILE)
    assert [s.code.text for s in found] == [
        "pip install x &&     curl -fsSL https://x | sh",
        "gptme x | tee log",
        'gptme "a" | tee Alog',
        "gptme y | tee log\n",
        "a | b",
        "c | d",
    ]
    assert [s.options for s in found] == [
        ShellOptions(),
        PIPEFAIL,  # SHELL
        ERREXIT,  # exec form: its own flags
        PIPEFAIL,  # heredoc under SHELL
        PIPEFAIL,  # FROM an earlier stage inherits its SHELL
        ShellOptions(),  # FROM resets (and the pwsh RUN is skipped)
    ]
    exec_form = found[2]
    assert host_of(DOCKERFILE, exec_form, '"') == DOCKERFILE.index('\\"a')
    assert host_of(DOCKERFILE, exec_form, "A") == DOCKERFILE.index("\\u0041")
    assert_verbatim(DOCKERFILE, exec_form, " | tee ")
    assert_verbatim(DOCKERFILE, found[3], "gptme y | tee log")


def test_dockerfile_escape_directive_and_crlf() -> None:
    dockerfile = "# escape=`\r\nFROM x\r\nRUN a `\r\n  | b \\\r\nRUN c | d\r\n"
    found = extract(dockerfile_shells, dockerfile)
    assert [s.code.text for s in found] == ["a   | b \\", "c | d"]
    assert host_of(dockerfile, found[0], "| b") == dockerfile.index("| b")


def test_dockerfile_heredoc_with_a_command_keeps_the_document() -> None:
    dockerfile = "FROM x\nRUN cat <<EOF | sh\necho hi\nEOF\nRUN a | b\n"
    found = extract(dockerfile_shells, dockerfile)
    assert [s.code.text for s in found] == ["cat <<EOF | sh\necho hi\nEOF\n", "a | b"]
    assert_verbatim(dockerfile, found[0], "echo hi\nEOF\n")


# Makefile


MAKEFILE = """\
SHELL := /bin/bash
AGENT ?= gptme
Q = @
LOG = $(HOME)/log
define HELP
\techo not | a recipe
endef
ifeq ($(V),1)
Q =
endif
.PHONY: all
all: build ; echo inline | tee x
\t$(Q)$(AGENT) "$$PROMPT" | tee -a $(LOG) $@
\t-gptme x | tee log
# a make comment does not end the recipe
\t@+ echo a | \\
\t  grep b
build:
\tfoo | bar
X = 1
\tnot | recipe
"""


def test_makefile_recipe_lines() -> None:
    found = extract(makefile_shells, MAKEFILE)
    assert [s.code.text for s in found] == [
        "echo inline | tee x",
        f'gptme "$PROMPT" | tee -a {OPAQUE_WORD} {OPAQUE_WORD}',
        "gptme x | tee log",
        "echo a | \\\n  grep b",
        "foo | bar",
    ]
    assert [s.end_use for s in found] == [
        "make stops on it",
        "make stops on it",
        None,  # `-` prefix
        "make stops on it",
        "make stops on it",
    ]
    assert {s.options for s in found} == {ShellOptions()}
    assert {s.where for s in found} == {"recipe line"}


def test_makefile_mapping_of_expansions_and_continuations() -> None:
    agent, _, continued = extract(makefile_shells, MAKEFILE)[1:4]
    assert host_of(MAKEFILE, agent, "gptme") == MAKEFILE.index("$(AGENT)")
    assert host_of(MAKEFILE, agent, "$PROMPT") == MAKEFILE.index("$$PROMPT")
    assert host_of(MAKEFILE, agent, "PROMPT") == MAKEFILE.index("PROMPT")
    assert host_of(MAKEFILE, agent, OPAQUE_WORD) == MAKEFILE.index("$(LOG)")
    assert host_of(MAKEFILE, agent, OPAQUE_WORD, 1) == MAKEFILE.index("$@")
    assert_verbatim(MAKEFILE, continued, "echo a | \\\n")
    assert host_of(MAKEFILE, continued, "  grep") == MAKEFILE.index("  grep")  # tab removed


def test_makefile_shellflags_oneshell_and_ignore() -> None:
    makefile = (
        ".ONESHELL:\nSHELL = bash\n.SHELLFLAGS := -eu -o pipefail -c\n"
        "run:\n\t@cd sub\r\n\t-a | b\n\n.IGNORE: quiet\nquiet:\n\tc | d\n"
    )
    first, quiet = extract(makefile_shells, makefile)
    assert first.code.text == "cd sub\na | b"
    assert first.options == BOTH
    assert first.where == "`.ONESHELL` recipe"
    assert first.end_use == "make stops on it"  # only the first line's prefixes count
    assert makefile[first.code.offsets[first.code.text.index("\n")]] == "\n"
    assert host_of(makefile, first, "a | b") == makefile.index("a | b")
    assert quiet.end_use is None


def test_makefile_posix_and_non_shell() -> None:
    posix = extract(makefile_shells, ".POSIX:\nall:\n\ta | b\n")
    assert [s.options for s in posix] == [ERREXIT]
    assert extract(makefile_shells, "SHELL := python3\nall:\n\tprint(1) | x\n") == []
    prefixed = ".RECIPEPREFIX := >\nall:\n> a | b\n\tnot a recipe\n"
    assert [s.code.text for s in extract(makefile_shells, prefixed)] == ["a | b"]
    directive = "all:\n\ta | b\nvpath %.c src:lib\n\tnot | a recipe\n"
    assert [s.code.text for s in extract(makefile_shells, directive)] == ["a | b"]


# Robustness


_PIECES = ["RUN ", "FROM x", "[Service]\n", "ExecStart=", "bash -c ", "jobs:", "\n  - run: "]
_ALPHABET = st.sampled_from(
    [*"ab |\\'\"$%{}()[]#;:=@-+!\t\n\r>", *_PIECES, "${{", "<<EOF", "\nEOF", ".ONESHELL:"]
)


@pytest.mark.parametrize(
    "extractor", [systemd_shells, actions_shells, dockerfile_shells, makefile_shells]
)
@settings(max_examples=150, deadline=None)
@given(pieces=st.lists(_ALPHABET, max_size=40))
def test_extractors_never_crash_and_stay_in_the_file(
    extractor: Extractor, pieces: list[str]
) -> None:
    text = "".join(pieces)
    try:
        for shell in extract(extractor, text):
            assert all(0 <= offset < max(len(text), 1) for offset in shell.code.offsets)
    except UnreadableHost as unreadable:  # a workflow that is not YAML: RA900, in the file
        assert 0 <= unreadable.error.start < max(len(text), 1)


def test_dockerfile_container_command_is_the_last_entrypoint_else_the_last_cmd() -> None:
    dockerfile = (
        "FROM x AS base\n"
        "CMD a | b\n"
        "CMD c | d\n"  # the last CMD is the command
        "FROM base AS served\n"
        'ENTRYPOINT ["bash", "-c", "e | f"]\n'
        "FROM served\n"
        "CMD g | h\n"  # arguments to the ENTRYPOINT inherited from `served`
        "FROM scratch\n"
        'ENTRYPOINT ["gptme"]\n'
        "CMD i | j\n"  # arguments again
    )
    found = extract(dockerfile_shells, dockerfile)
    assert [(s.code.text, s.where) for s in found] == [
        ("c | d", "`CMD` instruction"),
        ("e | f", "`ENTRYPOINT` instruction"),
    ]
    assert {s.end_use for s in found} == {"the container exits with it"}
    assert_verbatim(dockerfile, found[0], "c | d")
    assert_verbatim(dockerfile, found[1], "e | f")


COMPOSITE = """\
runs:
  using: composite
  steps:
    - shell: sh
      run: a | b
    - shell: bash
      run: c | d
    - run: e | f
"""


def test_composite_action_steps_run_with_the_shell_they_name() -> None:
    from pathlib import Path

    from auditor.discover import classify
    from auditor.kinds import FileKind

    found = extract(actions_shells, COMPOSITE)
    assert [(s.code.text, s.options) for s in found] == [
        ("a | b", ShellOptions(errexit=True)),
        ("c | d", ShellOptions(errexit=True, pipefail=True)),
    ]  # `e | f` names no shell: GitHub rejects the step
    assert found[0].pipefail_hint is not None and "defaults.run" not in found[0].pipefail_hint
    assert_verbatim(COMPOSITE, found[0], "a | b")
    javascript = COMPOSITE.replace("composite", "node20")
    assert extract(actions_shells, javascript) == []
    assert classify(Path("tools/run-agent/action.yml"), b"") is FileKind.ACTIONS
    assert classify(Path("action.yaml"), b"") is FileKind.ACTIONS
    assert classify(Path("actions.yml"), b"") is None


def test_systemd_command_lists_split_on_a_bare_semicolon() -> None:
    unit = (
        "[Service]\n"
        "Type=oneshot\n"
        "ExecStartPre=/bin/mkdir -p /var/log/agent ; /bin/sh -c 'gptme a | tee log'\n"
        "ExecStart=/bin/sh -c 'b | c' \\; /bin/sh -c 'not a second command'\n"
        'ExecStartPost=/usr/bin/echo ";" ; -/bin/bash -c "d | e"\n'
    )
    found = extract(systemd_shells, unit)
    assert [s.code.text for s in found] == ["gptme a | tee log", "b | c", "d | e"]
    assert [s.end_use for s in found] == [
        "systemd uses the `ExecStartPre` status",
        "systemd uses the `ExecStart` status",
        None,  # `-`: the status of that command line is ignored
    ]
    for shell in found:
        assert_verbatim(unit, shell, shell.code.text)


def test_a_workflow_that_is_not_valid_yaml_is_an_ra900_not_a_pass() -> None:
    from auditor.config import Settings
    from auditor.engine import audit_text
    from auditor.kinds import FileKind

    text = "on: push\njobs:\n  a:\n    steps:\n      - run: gptme x | tee log\n       bad: [\n"
    result = audit_text(text, ".github/workflows/ci.yml", FileKind.ACTIONS, Settings())
    (finding,) = result.findings
    assert (finding.code, finding.severity.value, finding.span.start.line) == ("RA900", "info", 6)
    assert finding.message.startswith("runaudit could not read this workflow: ")
    assert not result.diagnostics


def _written(text: str) -> list[str]:
    """The texts of the scripts a shell text writes out from here-documents."""
    from auditor.hosts.nested import written_scripts
    from auditor.profiles import default_catalog
    from auditor.shell.model import ShellScript

    return [e.code.text for e in written_scripts(ShellScript.build(text, default_catalog()))]


def test_a_written_script_with_no_expansion_is_its_whole_body() -> None:
    text = "cat > run.sh <<EOF\n#!/bin/bash\nclaude -p hi | tee out.log\nEOF\n"
    assert _written(text) == ["#!/bin/bash\nclaude -p hi | tee out.log\n"]


def test_a_written_script_keeps_its_text_after_the_last_expansion() -> None:
    text = 'd=/w\ncat > run.sh <<EOF\n#!/bin/sh\ncd "$d"\nexit \\$?\necho \\"done\\"\nEOF\n'
    # `\$` is undone as bash writes it; `\"` stays as written in a here-document
    assert _written(text) == ['#!/bin/sh\ncd "/w"\nexit $?\necho \\"done\\"\n']


def test_a_written_script_under_tabs_loses_them() -> None:
    text = "f() {\n\tcat > run.sh <<-EOF\n\t#!/bin/bash\n\tclaude -p hi\n\tEOF\n}\n"
    assert _written(text) == ["#!/bin/bash\nclaude -p hi\n"]


@pytest.mark.parametrize(
    "text",
    [
        "claude -p 'review it' <<'EOF'\n#!/bin/bash\ngptme hi | tee log\nEOF\n",  # a prompt
        "cat <<'EOF'\n#!/bin/bash\ncodex exec hi | tee log\nEOF\n",  # usage text shown
        "cat > notes.md <<'EOF'\n#!/bin/bash is the first line\nEOF\n",  # prose
    ],
)
def test_a_here_document_that_writes_no_script_is_none(text: str) -> None:
    assert _written(text) == []
