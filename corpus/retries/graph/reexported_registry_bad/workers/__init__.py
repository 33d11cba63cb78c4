"""The workers' package: what the orchestrator imports."""

from workers.registry import get_worker, register_worker

__all__ = ["get_worker", "register_worker"]
