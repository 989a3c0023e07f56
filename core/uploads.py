"""A page's own upload limit, enforced before the upload is read.

Django keeps uploads up to FILE_UPLOAD_MAX_MEMORY_SIZE in memory and streams larger ones to a temporary file,
whatever their size; DATA_UPLOAD_MAX_MEMORY_SIZE does not count file parts. A page that takes a larger file
(an event import) but must refuse a huge one uses both guards here, before it touches ``request.POST`` or
``request.FILES`` (so on a view that is ``csrf_exempt``, with ``csrf_protect`` on the inner function that
reads the form — the CSRF check reads the form too):

* ``body_too_large(request, max_bytes)``: the declared Content-Length is over the limit (plus room for the
  multipart framing) — answer 413 without reading a byte of the body;
* ``limit_uploads(request, max_bytes)``: a handler in front of Django's stops the upload as soon as one file
  passes the limit (nothing of it is stored) and sets ``request.upload_too_large``.
"""

from __future__ import annotations

from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest

# Room for the multipart framing and the other fields of a form (the CSRF token, a name or two).
MULTIPART_SLACK = 64 * 1024


def body_too_large(request: HttpRequest, max_bytes: int) -> bool:
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    return length > max_bytes + MULTIPART_SLACK


class SizeLimitUploadHandler(FileUploadHandler):
    """Passes chunks on to the next handlers until one file passes ``max_bytes``; then stops the upload."""

    def __init__(self, request: HttpRequest, max_bytes: int):
        super().__init__(request)
        self.max_bytes = max_bytes
        self.received = 0

    def new_file(self, *args, **kwargs):
        super().new_file(*args, **kwargs)
        self.received = 0

    def receive_data_chunk(self, raw_data, start):
        self.received += len(raw_data)
        if self.received > self.max_bytes:
            self.request.upload_too_large = True
            # The rest of the (Content-Length bounded) body is read and dropped; nothing is kept.
            raise StopUpload(connection_reset=False)
        return raw_data

    def file_complete(self, file_size):
        return None


def limit_uploads(request: HttpRequest, max_bytes: int) -> None:
    """Put the size limit in front of the request's upload handlers (before the form is read)."""
    request.upload_too_large = False
    request.upload_handlers.insert(0, SizeLimitUploadHandler(request, max_bytes))
