"""Near miss of bound_method_bad: the providers' clients keep no retries of their own, and
a bound method that sends nothing (`local.render`) passed to the retry helper is no request."""
