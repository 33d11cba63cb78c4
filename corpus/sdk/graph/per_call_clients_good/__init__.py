"""Near miss of per_call_clients_bad: every client handed to the retry helper keeps no
retries of its own."""
