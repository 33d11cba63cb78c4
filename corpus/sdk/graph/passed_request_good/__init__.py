"""Near miss of passed_request_bad: the client passed to the retry helper keeps no retries
of its own, and a method that sends nothing (`self.render`) passed to it is no request."""
