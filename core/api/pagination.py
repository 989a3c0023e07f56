"""The API's pagination: limit/offset with a largest page, so a client's `limit` never reaches the database
unchecked (one past 2**63 made SQLite raise "datatype mismatch", a 500). An offset past the row count is an
empty page before any query (DRF), whatever its size."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination

MAX_PAGE_SIZE = 1_000  # rows in one page; a larger limit is cut to this


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = MAX_PAGE_SIZE
