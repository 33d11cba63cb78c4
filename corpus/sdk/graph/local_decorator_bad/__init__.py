"""A corpus package: a method builds a tenacity decorator from settings, the caller keeps
it in a local and applies it to a closure that sends the request."""
