"""The providers' package; its provider folders are namespace packages."""
