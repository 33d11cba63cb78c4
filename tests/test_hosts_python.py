"""Shell in Python: string resolution, hosts, exact positions, no libcst to check."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from auditor.engine import audit_text
from auditor.finding import Finding
from auditor.hosts.python_commands import python_shells
from auditor.kinds import FileKind
from auditor.profiles import default_catalog
from auditor.python.model.strings import Resolver
from auditor.python.unit import parse_python
from auditor.source import SourceFile


def findings(code: str) -> list[Finding]:
    return audit_text(textwrap.dedent(code), "runner.py", FileKind.PYTHON).findings


def position(finding: Finding) -> tuple[int, int]:
    return finding.span.start.line, finding.span.start.column


def resolve(code: str) -> str | None:
    unit = parse_python(SourceFile("m.py", textwrap.dedent(code)))
    assert unit.module is not None
    resolver = Resolver(unit.module)
    last = list(unit.module.bindings.values())[-1][-1]
    text = resolver.text(last.value)
    return text.text if text is not None else None


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ('x = "a" + "b"', "ab"),
        ('x = f"gptme {1} | tee"', "gptme __opaque__ | tee"),
        ('y = "log"\nx = f"tee {y}"', "tee log"),
        ('x = "%s | %s" % ("a", "b")', "a | b"),
        ('x = "{} | {name}".format("a", name="b")', "a | b"),
        ('x = " ".join(["gptme", "-n", "x y"])', "gptme -n x y"),
        ('import shlex\nx = shlex.join(["gptme", "x y"])', "gptme 'x y'"),
        ('import shlex\nx = shlex.quote("it\'s")', "'it'\"'\"'s'"),
        ('import shutil\np = shutil.which("gptme") or "gptme"\nx = p + " -n"', "gptme -n"),
        (
            "import shlex\ncmd = ['gptme']\ncmd.append('-n')\ncmd.extend(['a', 'b'])\n"
            "x = ' '.join(shlex.quote(c) for c in cmd)",
            "gptme -n a b",
        ),
        ('x = "a\\tb\\\\c"', "a\tb\\c"),
        ('x = r"a\\tb"', "a\\tb"),
        ("x = f'{{literal}}'", "{literal}"),
        ("x = some_call()", None),
    ],
)
def test_string_resolution(code: str, expected: str | None) -> None:
    assert resolve(code) == expected


def test_single_line_string_position() -> None:
    (finding,) = findings(
        """\
        import subprocess
        subprocess.run("set -e; gptme 'go' | tee log", shell=True, check=True)
        """
    )
    assert finding.code == "RA101" and position(finding) == (2, 25)
    assert finding.related[0].span.start == finding.span.start  # `gptme` is the masked stage


def test_fstring_position_is_the_pipe() -> None:
    code = """\
        import subprocess
        def run(log):
            r = subprocess.run(f"gptme --non-interactive 'x' 2>&1 | tee {log}", shell=True)
            return r.returncode
        """
    (finding,) = findings(code)
    line = textwrap.dedent(code).splitlines()[2]
    # The pipeline holds a placeholder, so it is reported at the pipe in the f-string.
    assert position(finding) == (3, line.index("| tee") + 1)
    assert finding.span.end.column == line.index("| tee") + 2
    related = finding.related[0].span.start
    assert (related.line, related.column) == (3, line.index("gptme") + 1)


def test_escapes_keep_columns_exact() -> None:
    (finding,) = findings(
        """\
        import os
        ok = os.system("echo \\"a\\tb\\" >/dev/null; gptme x | tee log") == 0
        """
    )
    line = 'ok = os.system("echo \\"a\\tb\\" >/dev/null; gptme x | tee log") == 0'
    assert position(finding) == (2, line.index("gptme") + 1)


def test_triple_quoted_position() -> None:
    (finding,) = findings(
        '''\
        import subprocess
        subprocess.check_call(
            """
            cd /srv
                gptme 'task' |
                  tee run.log
            """,
            shell=True,
        )
        '''
    )
    assert position(finding) == (5, 9)
    assert finding.span.end.line == 6


def test_a_resolved_program_name_maps_to_where_the_command_is_built() -> None:
    # Not to the `shutil.which("gptme")` it was looked up with: the agent runs on line 4.
    code = """\
        import shutil, shlex, subprocess
        def go(log):
            agent = shutil.which("gptme")
            cmd = f"{shlex.join([agent, '-n'])} | tee {log}"
            return subprocess.call(cmd, shell=True)
        """
    (finding,) = findings(code)
    lines = textwrap.dedent(code).splitlines()
    assert position(finding) == (4, lines[3].index("| tee") + 1)
    related = finding.related[0].span
    assert (related.start.line, related.start.column) == (4, lines[3].index("agent") + 1)
    assert (related.end.line, related.end.column) == (4, lines[3].index("agent") + 6)


def test_a_whole_command_bound_to_a_name_maps_to_where_it_is_written() -> None:
    code = """\
        import subprocess
        def go(task):
            script = "aider --message " + task + " | tee -a aider.log"
            return subprocess.call(["/bin/sh", "-c", script])
        """
    (finding,) = findings(code)
    lines = textwrap.dedent(code).splitlines()
    assert position(finding) == (3, lines[2].index("| tee") + 1)


def test_status_not_read_is_a_lost_status_not_a_masked_one() -> None:
    # Nothing reads the pipeline's status, so its masking does not matter (no RA101);
    # the agent's status is lost all the same, as without the `| tee` (RA203).
    (finding,) = findings(
        """\
        import subprocess
        subprocess.run("gptme x | tee log", shell=True)
        """
    )
    assert finding.code == "RA203" and position(finding) == (2, 17)
    assert finding.message.endswith("nothing reads it")


def test_python_hint_says_executable_bash() -> None:
    (finding,) = findings(
        """\
        import subprocess
        subprocess.run("gptme x | tee log", shell=True, check=True)
        """
    )
    assert finding.hint is not None and 'executable="/bin/bash"' in finding.hint


def test_tmux_bash_lc_quote_chain() -> None:
    code = """\
        import shlex, subprocess
        def launch(name, out):
            inner = f"gptme --non-interactive 'go' 2>&1 | tee {out}; echo \\"EXIT=$?\\" >> {out}"
            full_cmd = f"bash -l -c {shlex.quote(inner)}"
            subprocess.run(["tmux", "new-session", "-d", "-s", name, full_cmd])
        """
    (finding,) = findings(code)
    line = textwrap.dedent(code).splitlines()[2]
    assert finding.severity.value == "error"
    assert position(finding) == (3, line.index("| tee") + 1)
    assert "`$?`" in finding.message


def generated_shells(code: str) -> list[str]:
    unit = parse_python(SourceFile("m.py", textwrap.dedent(code)))
    assert unit.module is not None
    return [shell.code.text for shell in python_shells(unit.module, default_catalog())]


def test_format_templates_are_read_with_braces_unescaped() -> None:
    # A name formatted anywhere, a literal formatted in place; an unformatted
    # literal is written out as it is, doubled braces and all.
    code = """\
        TEMPLATE = '''#!/bin/bash
        {{ date; }} > {log}
        '''
        PLAIN = "#!/bin/sh\\n{{ x; }}\\n"
        def render(log):
            direct = "#!/bin/sh\\nfor f in {0}; do {{ gzip $f; }}; done\\n".format(log)
            return TEMPLATE.format(log=log), direct
        """
    assert generated_shells(code) == [
        "#!/bin/bash\n{ date; } > {log}\n",
        "#!/bin/sh\n{{ x; }}\n",
        "#!/bin/sh\nfor f in {0}; do { gzip $f; }; done\n",
    ]


def test_format_template_findings_keep_their_columns() -> None:
    code = """\
        SCRIPT = '''#!/bin/bash
        {{ echo "session {name}"; }} > s.md; gptme -n "{name}" | tee -a s.md
        '''
        def write(path, name):
            path.write_text(SCRIPT.format(name=name))
        """
    (finding,) = findings(code)
    line = textwrap.dedent(code).splitlines()[1]
    assert (finding.code, position(finding)) == ("RA101", (2, line.index("gptme") + 1))


def test_neither_libcst_nor_rich_is_imported_without_need(tmp_path: Path) -> None:
    # Python is read with `ast`: not even a module with an agent pipeline loads libcst.
    (tmp_path / "run.sh").write_text("#!/bin/bash\nset -e\ngptme x | tee log\n")
    (tmp_path / "models.py").write_text("from dataclasses import dataclass\nx: int | None = None\n")
    (tmp_path / "tool.py").write_text("import subprocess\nsubprocess.run(['ls'], check=True)\n")
    (tmp_path / "agent.py").write_text(
        "import subprocess\nsubprocess.run('gptme x | tee log', shell=True, check=True)\n"
    )
    program = (
        "import sys\n"
        "from auditor.cli import run\n"
        f"print('exit', run(['check', '--isolated', {str(tmp_path)!r}]))\n"
        "print('libcst' in sys.modules, 'rich' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False
    )
    assert "run.sh:3:1: RA101" in result.stdout
    assert "agent.py:2:" in result.stdout and "RA101" in result.stdout.split("agent.py:2:")[1]
    assert result.stdout.strip().endswith("exit 1\nFalse False"), result.stdout + result.stderr


def test_a_plain_pre_commit_run_loads_no_analysis(tmp_path: Path) -> None:
    """A shell script and a module with no runner code, named as pre-commit names them:
    checked for a parse error without the shell model, the Python analysis, or
    `dataclasses` and `inspect`."""
    (tmp_path / "build.sh").write_text("#!/bin/bash\necho building\nmake all\n")
    (tmp_path / "util.py").write_text("import os\n\nprint(os.getcwd())\n")
    unwanted = (
        "auditor.shell.model",
        "auditor.agent_status",
        "auditor.python.runner.steps",
        "auditor.python.model.module",
        "dataclasses",
        "inspect",
        "tomllib",  # the built-in data is read from its JSON twins
        "libcst",
        "tree_sitter_bash",  # its grammar is loaded without the package's imports
        "importlib.resources",
    )
    files = [str(tmp_path / "build.sh"), str(tmp_path / "util.py")]
    program = (
        "import sys\n"
        "from auditor.cli import run\n"
        f"print('exit', run(['check', '--isolated', '--no-cache', *{files!r}]))\n"
        f"print([name for name in {unwanted!r} if name in sys.modules])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False
    )
    assert "All checks passed! (2 files checked)" in result.stdout, result.stdout + result.stderr
    assert result.stdout.strip().endswith("exit 0\n[]"), result.stdout + result.stderr


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Dockerfile", 'FROM debian\nRUN bash -c "gptme x | tee log"\n'),
        ("Makefile", "all:\n\tgptme x | tee log\n"),
        ("agent.service", "[Service]\nExecStart=/usr/bin/gptme x\nRestart=on-failure\n"),
        ("nested.sh", '#!/bin/bash\nbash -c "gptme x | tee log"\n'),
    ],
)
def test_no_file_kind_but_python_imports_dataclasses(tmp_path: Path, name: str, text: str) -> None:
    """Defining dataclasses costs start-up time; only the Python analysis (which uses them)
    brings them."""
    (tmp_path / name).write_text(text)
    program = (
        "import sys\n"
        "from auditor.cli import run\n"
        f"print('exit', run(['check', '--isolated', {str(tmp_path / name)!r}]))\n"
        "print('dataclasses' in sys.modules)\n"
    )
    env = {**os.environ, "RUNAUDIT_CACHE_DIR": str(tmp_path / "cache")}
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False, env=env
    )
    assert result.stdout.strip().endswith("exit 1\nFalse"), result.stdout + result.stderr
