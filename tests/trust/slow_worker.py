"""A Celery worker whose Swiss pairing pauses after writing the round, before committing it.

Run as `python -m tests.trust.slow_worker -A config worker …` with TRUST_PAUSE_SECONDS set: the fault tests
kill it during that pause, when a round and its tables are written but not committed.
"""

from __future__ import annotations

import os
import sys
import time


def _patch_pairing() -> None:
    from tournaments.services import rounds

    original = rounds._create_round
    pause = float(os.environ.get("TRUST_PAUSE_SECONDS", "0"))

    def create_round(*, progress, **kwargs):
        def slow_progress(current: int, total: int, message: str) -> None:
            progress(current, total, message)
            if current == total:  # the round and its matches are written, the transaction still open
                time.sleep(pause)

        return original(progress=slow_progress, **kwargs)

    rounds._create_round = create_round


if __name__ == "__main__":
    import django

    django.setup()
    _patch_pairing()
    from celery.__main__ import main

    sys.argv[0] = "celery"
    sys.exit(main())
