"""A runner package: a generic process runner in one module, agent commands run through
it from another (RA203)."""
