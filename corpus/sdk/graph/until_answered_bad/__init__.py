"""A corpus package: a loop asks again until it has an answer; the client is another
module's."""
