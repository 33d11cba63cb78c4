"""The Python front end on libcst, imported only for files that need it."""
