"""A corpus package: as typed_attribute_bad, but the retried field is annotated with a
formatter that sends nothing (`fmt: TemplateFormatter`), which also has an `aask`: the
annotation names its class, not every class with a method of that name."""
