"""Near miss of `status_item_bad`: the subclass reads the status item it unpacks, or only
the output of a helper that raises on a failure itself."""
