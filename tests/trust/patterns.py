"""Every URL pattern the resolver knows, by its (namespaced) name, with the parameters it takes."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, get_resolver


def _walk(patterns, namespace: str | None = None, params: tuple[str, ...] = ()):
    for pattern in patterns:
        own = tuple(pattern.pattern.regex.groupindex)
        if isinstance(pattern, URLResolver):
            ns = ":".join(x for x in (namespace, pattern.namespace) if x) or None
            yield from _walk(pattern.url_patterns, ns, params + own)
        elif isinstance(pattern, URLPattern):
            name = f"{namespace}:{pattern.name}" if namespace else pattern.name
            yield name, list(dict.fromkeys(params + own))


def all_patterns() -> list[tuple[str, list[str]]]:
    """(name, parameter names) for every URL pattern; a pattern without a name is reported as None."""
    return list(_walk(get_resolver().url_patterns))
