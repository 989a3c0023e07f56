"""One date and time format per kind and language (FORMAT_MODULE_PATH; docs/tournament-day.md, "Figures").

Templates name the kind, never a pattern: `|date:"DATE_FORMAT"` (a day in a sentence or heading),
`"SHORT_DATE_FORMAT"` (a day in a list or table), `"DATETIME_FORMAT"` (a moment in a sentence: deadlines,
requests, saved versions), `"SHORT_DATETIME_FORMAT"` (a moment in a table or log, and printouts' footers),
`"TIME_FORMAT"` (a time of day). Times are on the 24-hour clock in both languages: a tournament hall's
schedule, and no "p.m." whose own period doubles the sentence's ("9:52 p.m..").
"""
