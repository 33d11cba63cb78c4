"""A corpus package: as typed_receiver_bad, but the annotation names the runner that
starts no agent; the sibling class with a method of the same name is another type."""
