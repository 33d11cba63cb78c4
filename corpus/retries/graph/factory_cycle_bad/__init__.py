"""A corpus package: a factory method returns an attribute that is stored from a call of the
same factory; the receiver's class is searched a bounded number of calls deep."""
