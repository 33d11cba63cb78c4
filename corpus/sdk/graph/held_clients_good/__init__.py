"""Near miss of held_clients_bad: the clients put in the list keep no retries of their own,
and a client added to a list nothing sends through is not reached by the retry."""
