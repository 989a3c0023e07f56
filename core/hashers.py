"""How passwords are stored: Argon2id, with OWASP's first recommended configuration.

Django's PBKDF2-SHA256 (1,000,000 iterations) costs about 300 ms of CPU per log-in here, which queued the
log-in form behind itself at a busy check-in (docs/benchmarks.md). Argon2id is memory-hard, so a GPU or an
ASIC gains far less against it than against PBKDF2; OWASP's Password Storage Cheat Sheet lists
m=46 MiB, t=1, p=1 as its first configuration, of the same strength as its others. It costs about 50 ms of CPU
here, one core (p=1: a log-in does not take the other core from the phones).

Existing PBKDF2 hashes still verify (settings.PASSWORD_HASHERS keeps them) and are rewritten as Argon2id at
the player's next log-in; a hash made with other Argon2 parameters is rewritten the same way.
"""

from django.contrib.auth.hashers import Argon2PasswordHasher


class OwaspArgon2PasswordHasher(Argon2PasswordHasher):
    # `algorithm` stays "argon2": the stored hash is the standard encoded form, with its parameters inside
    time_cost = 1
    memory_cost = 46 * 1024  # KiB
    parallelism = 1
