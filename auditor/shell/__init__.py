"""The shell model: tree-sitter-bash trees turned into commands, pipelines and options."""
