"""A corpus package: the router's providers are built into a local dict key by key
(`providers[name] = build(cfg)`), which it keeps on the instance and reads by name under
its retry helper."""
