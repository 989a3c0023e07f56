"""Fuzzed event documents: whatever a file holds, the import either restores an event or refuses with
EventImportError naming the places at fault — never another exception, never a half-written event."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.day.conftest import full_event
from tournaments.models import Event
from tournaments.services.event_file import event_export
from tournaments.services.event_import import EventImportError, event_import

pytestmark = pytest.mark.django_db

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=6,
)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _replace(document, path, value):
    if not path:
        return value
    target = document
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return document


@pytest.fixture
def base_document(organizer, judge, yugioh_cards):
    return event_export(event=full_event(organizer, judge, players=6))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_documents_import_or_are_refused_cleanly(base_document, organizer, data):
    document = copy.deepcopy(base_document)
    paths = list(_paths(document))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        try:
            document = _replace(document, path, data.draw(json_values))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed that place
    events = Event.objects.count()
    try:
        event_import(document=document, importer=organizer)
    except EventImportError as exc:
        assert exc.errors and all(e["path"] == "" or e["path"].startswith("/") for e in exc.errors)
        assert Event.objects.count() == events
    else:
        assert Event.objects.count() == events + 1
