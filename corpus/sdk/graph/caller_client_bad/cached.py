from .base import Embedder


class CachedEmbedder(Embedder):
    def __init__(self, *args, cache_dir: str = ".cache", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cache_dir = cache_dir
