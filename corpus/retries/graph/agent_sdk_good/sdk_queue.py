import logging

from sdk_workers import TaskWorker

log = logging.getLogger(__name__)


async def complete_all(tasks, workdir):
    worker = TaskWorker(workdir)
    failed = []
    for task in tasks:  # each task once: a failed session is reported, never re-run
        try:
            await worker.run(task)
        except Exception:
            log.exception("task failed: %s", task)
            failed.append(task)
    return failed
