# English (docs: config/formats/__init__.py). Day first and the month in words, so that no reader takes
# 05/12 for May 12 or December 5; lists use ISO dates (2026-12-05), which sort and read the same everywhere.
DATE_FORMAT = "j F Y"  # 5 December 2026
TIME_FORMAT = "H:i"  # 21:52
DATETIME_FORMAT = "j F Y, H:i"  # 5 December 2026, 21:52
SHORT_DATE_FORMAT = "Y-m-d"  # 2026-12-05
SHORT_DATETIME_FORMAT = "Y-m-d H:i"  # 2026-12-05 21:52
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
FIRST_DAY_OF_WEEK = 1  # Monday
