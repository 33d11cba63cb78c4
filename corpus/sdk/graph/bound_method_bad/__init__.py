"""A corpus package: an agent passes a provider's bound method (`provider.chat`) to a retry
helper in another module, which calls it in its loop. The provider is a parameter typed by
a `Protocol` whose `name` property the implementation defines as a plain attribute, and a
local instance (`local = AnthropicProvider(…)`)."""
