"""Near miss of namespace_sub_bad: the providers' clients in the namespace folders keep no
retries of their own under the application's loop."""
