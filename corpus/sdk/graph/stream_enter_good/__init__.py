"""Near miss of stream_enter_bad: the client whose stream the helper opens keeps no
retries of its own, and a stream entered outside the helper is sent once."""
