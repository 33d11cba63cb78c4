"""A gateway over providers typed by a protocol, whose clients leave retrying to it."""
