class ChatRateLimited(Exception):
    """The provider said 429."""


class ChatUnavailable(Exception):
    """The provider said 5xx."""


class ChatRejected(Exception):
    """Any other refusal."""
