"""The strict JSON loader (core/jsonload.py): every hostile document is a typed JSONLoadError with a JSON
Pointer where one is known — never a RecursionError, a ValueError of Python's int conversion limit, or a NaN
that a database column cannot store; every ordinary document reads as json.loads reads it."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.jsonload import (
    INT64_MAX,
    INT64_MIN,
    JSONDepthError,
    JSONDuplicateKeyError,
    JSONEncodingError,
    JSONLoadError,
    JSONNumberError,
    JSONSizeError,
    JSONStringError,
    JSONSyntaxError,
    load_json_strict,
    pointer,
)


@pytest.mark.parametrize(
    ("data", "kind", "path"),
    [
        (b"[" * 100_000, JSONDepthError, "/0" * 64),
        (b'{"a":' * 100_000, JSONDepthError, "/a" * 64),
        (b"NaN", JSONNumberError, ""),
        (b"Infinity", JSONNumberError, ""),
        (b"[1, -Infinity]", JSONNumberError, "/1"),
        (b"1e999", JSONNumberError, ""),
        (b'{"x": [0, {"y~/": -1e999}]}', JSONNumberError, "/x/1/y~0~1"),
        (b"1" * 5000, JSONNumberError, ""),
        (b'{"cost": -' + b"9" * 5000 + b"}", JSONNumberError, "/cost"),
        (str(INT64_MAX + 1).encode(), JSONNumberError, ""),
        (str(INT64_MIN - 1).encode(), JSONNumberError, ""),
        (b'{"name": "caf\xe9"}', JSONEncodingError, ""),
        (b"\xff\xfe[]", JSONEncodingError, ""),
        (b'{"name": "\\ud800"}', JSONStringError, "/name"),
        (b'["ok", "\\udc00 low first"]', JSONStringError, "/1"),
        (b'{"a": 1, "a": 2}', JSONDuplicateKeyError, "/a"),
        (b'{"a": [1, 2, nope]}', JSONSyntaxError, "/a/2"),
        (b'{"a": {"b": 1, "c" 2}}', JSONSyntaxError, "/a/c"),
        (b"", JSONSyntaxError, ""),
        (b'"unterminated', JSONSyntaxError, ""),
    ],
)
def test_hostile_documents_are_typed_errors_with_their_pointer(data, kind, path):
    with pytest.raises(kind) as caught:
        load_json_strict(data)
    error = caught.value
    assert isinstance(error, JSONLoadError) and isinstance(error, ValueError)
    assert error.path == path
    assert error.message and error.as_error() == {"path": path, "message": error.message, "code": error.code}
    assert error.errors[0] == error.as_error()


def test_depth_limit_is_exact_and_counts_only_brackets_outside_strings():
    assert load_json_strict(b"[" * 64 + b"]" * 64) is not None
    with pytest.raises(JSONDepthError):
        load_json_strict(b"[" * 65 + b"]" * 65)
    # brackets inside strings (escaped quotes too) are text, not nesting
    text = json.dumps(["[" * 500 + '\\"{' * 500])
    assert load_json_strict(text.encode()) == json.loads(text)
    assert load_json_strict(b"[[[1]]]", max_depth=3) == [[[1]]]
    with pytest.raises(JSONDepthError) as caught:
        load_json_strict(b'{"a": [{"b": [1]}]}', max_depth=3)
    assert caught.value.path == "/a/0/b"


def test_numbers_at_the_limits():
    assert load_json_strict(str(INT64_MAX).encode()) == INT64_MAX
    assert load_json_strict(str(INT64_MIN).encode()) == INT64_MIN
    assert load_json_strict(b"1e308") == 1e308
    assert load_json_strict(b"-0.0") == 0.0
    assert load_json_strict(b"0." + b"0" * 5000 + b"1") == 0.0  # a long float is fine: it is finite


def test_every_bad_number_is_listed():
    with pytest.raises(JSONNumberError) as caught:
        load_json_strict(b'{"a": NaN, "b": [1e999, 2], "c": 99999999999999999999999}')
    assert [e["path"] for e in caught.value.errors] == ["/a", "/b/0", "/c"]


def test_long_integer_message_stays_short():
    with pytest.raises(JSONNumberError) as caught:
        load_json_strict(b"7" * 5000)
    assert len(caught.value.message) < 200 and "5000" in caught.value.message


def test_bom_pairs_and_text_input():
    assert load_json_strict(b'\xef\xbb\xbf{"a": 1}') == {"a": 1}
    assert load_json_strict(b'"\\ud83d\\ude00"') == "\U0001f600"  # a surrogate pair is a character
    assert load_json_strict('{"a": "é"}') == {"a": "é"}
    with pytest.raises(JSONStringError):
        load_json_strict('{"a": "\ud800"}')  # text that already holds a lone surrogate


def test_size_limit():
    with pytest.raises(JSONSizeError) as caught:
        load_json_strict(b"[" + b"1," * 1000 + b"1]", max_bytes=1000)
    assert caught.value.code == "too_large" and "1,000" in caught.value.message


def test_pointer_escapes():
    assert pointer(["a/b", "c~d", 0, ""]) == "/a~1b/c~0d/0/"


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(INT64_MIN, INT64_MAX)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(value=json_values)
def test_ordinary_documents_read_as_json_loads_reads_them(value):
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False, indent=1)):
        assert load_json_strict(text.encode()) == json.loads(text)


@settings(max_examples=300, deadline=None)
@given(
    data=st.binary(max_size=200) | st.text(alphabet='[]{}":,\\ud0-9aeEnNI .+-', max_size=200).map(str.encode)
)
def test_any_bytes_are_a_value_or_a_typed_error(data):
    try:
        value = load_json_strict(data, max_depth=8)
    except JSONLoadError as exc:
        assert exc.path == "" or exc.path.startswith("/")
    else:
        assert not (isinstance(value, float) and not math.isfinite(value))
