"""A corpus package: a tenacity `Retrying` object made by one function, kept on the
instance and handed to a helper in another module that iterates it (`for attempt in
retrying: with attempt:`) around the request it is given."""
