# French (docs: config/formats/__init__.py): Django's own French formats, written out so that every one is
# documented here and the same kinds match the English ones.
DATE_FORMAT = "j F Y"  # 5 décembre 2026
TIME_FORMAT = "H:i"  # 21:52
DATETIME_FORMAT = "j F Y, H:i"  # 5 décembre 2026, 21:52
SHORT_DATE_FORMAT = "d/m/Y"  # 05/12/2026
SHORT_DATETIME_FORMAT = "d/m/Y H:i"  # 05/12/2026 21:52
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
FIRST_DAY_OF_WEEK = 1  # lundi
