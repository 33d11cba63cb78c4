"""Shell shapes tree-sitter-bash parses in superlinear time and memory, refused up front.

Measured with tree-sitter-bash 0.25: a pipeline of n stages (`a|a|…`, or `a|&a|&…`)
costs time and memory quadratic in n (4,000 stages: 0.35 s and 270 MB; 10,000: 3.5 s
and 1.1 GB), and so do n array openings left unclosed (`a=(a=(…`: 4,000 take 0.6 s,
20,000 take 25 s). The parse is native code: neither the time bound's alarm nor
tree-sitter's progress callback stops it in time, and under a memory limit the
process dies. So the text is scanned first, in one pass over its operators, and
a file past these bounds is not parsed at all (RA901 says so). Real scripts stay
far below them: a pipeline of more than a dozen stages is rare.

The rest is linear, but not equally dense: the tree and the analysis hold about
250-450 bytes per syntax node, and a real script has 200-450 nodes per KB where
`a;a;…` has 2,000 (1.5 MB of it took 728 MB, a 1.6 MB generated runner 322 MB). So
a long file's nodes are estimated from its words, operator characters and command
separators (at least two thirds of the tree's count for every shape measured; comments
and quoted strings count more) and
a file past `MAX_SYNTAX_NODES` is refused too: a real script at the default
`max-file-size` (2 MB) holds well under 1,000,000.
"""

from __future__ import annotations

import re

from auditor.unit import NotAudited

MAX_PIPELINE_STAGES = 1_000  # 1,000 stages parse in about 30 ms and 35 MB
MAX_OPEN_ARRAYS = 1_000  # 1,000 unclosed `=(` parse in about 60 ms
MAX_SYNTAX_NODES = 1_200_000  # 300,000 `a;` (600 KB) or `a\n`: about 280 MB in all

# `\` newline continues a line; a here-document's body is skipped (a Markdown table
# in one ends its lines in `|`); the rest are the operators that end or extend a pipeline.
_TOKEN = re.compile(r"\\\n|<<-?[ \t]*[\"']?(\w+)[\"']?|\|\||&&|\|&?|;|&|\n|=\(|\)")
# Words and operator characters: each is a node of the tree, or about one.
_WORD_OR_OPERATOR = re.compile(r"\w+|[^\w\s]")
_SEPARATORS = ";&|\n"  # each also ends a command: two nodes more (`command`, its name)
_ADVICE = "split it, or leave the file out with `extend-exclude`"


def check_shape(text: str) -> None:
    """Raise `NotAudited` when `text` holds a shape the shell parser cannot read cheaply."""
    _check_size(text)
    if text.count("|") <= MAX_PIPELINE_STAGES and text.count("=(") <= MAX_OPEN_ARRAYS:
        return  # the common case: no scan at all
    stages = arrays = 0
    pipe_end = -1  # where the last `|` ended: a line ending in one continues the pipeline
    heredocs: list[str] = []
    position = 0
    while (token := _TOKEN.search(text, position)) is not None:
        found, position = token.group(), token.end()
        if found in ("|", "|&"):  # `|&` pipes standard error too: a stage all the same
            stages += 1
            pipe_end = position
            if stages > MAX_PIPELINE_STAGES:
                raise NotAudited(
                    f"it holds a pipeline of more than {MAX_PIPELINE_STAGES:,} stages, which"
                    f" the shell parser reads in quadratic time; {_ADVICE}"
                )
        elif found == "=(":
            arrays += 1
            if arrays > MAX_OPEN_ARRAYS:
                raise NotAudited(
                    f"it holds more than {MAX_OPEN_ARRAYS:,} unclosed array openings, which"
                    f" the shell parser reads in quadratic time; {_ADVICE}"
                )
        elif found == ")":
            arrays = max(0, arrays - 1)
        elif token.group(1) is not None:
            heredocs.append(token.group(1))
        elif found == "\n":
            if pipe_end < 0 or text[pipe_end : token.start()].strip():
                stages = 0
            pipe_end = -1
            for delimiter in heredocs:
                end = re.compile(rf"^\t*{re.escape(delimiter)}[ \t]*$", re.M).search(text, position)
                position = end.end() if end is not None else len(text)
            heredocs.clear()
        elif found != "\\\n":
            stages, pipe_end = 0, -1


def _check_size(text: str) -> None:
    """Raise `NotAudited` when the tree of `text` would hold more than `MAX_SYNTAX_NODES`."""
    if len(text) * 3 <= MAX_SYNTAX_NODES:
        return  # at most three per character (`;`, an operator and a separator)
    nodes = _WORD_OR_OPERATOR.subn("", text)[1] + 2 * sum(map(text.count, _SEPARATORS))
    if nodes > MAX_SYNTAX_NODES:
        raise NotAudited(
            f"it holds about {nodes:,} shell words and operators, more than the"
            f" {MAX_SYNTAX_NODES:,} the shell parser and analysis hold within a few hundred"
            f" MiB; {_ADVICE}"
        )
