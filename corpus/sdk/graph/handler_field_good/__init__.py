"""A corpus package: the near miss of handler_field_bad. The routes' parameter is
annotated with a settings class whose `client` is a name; another class keeps an SDK
client under the same attribute, which the annotation rules out."""
