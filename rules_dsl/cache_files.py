"""The files of Agesmith's caches (`$XDG_CACHE_HOME/agesmith`, else `~/.cache/agesmith`), read
and written so that whatever lies there can only ever cost a miss.

- Only a regular file is read, opened without following a symbolic link and without waiting
  on a pipe (`O_NOFOLLOW | O_NONBLOCK`, then `fstat`), and only up to a bound: a link to
  /dev/zero, a FIFO or a 6 GB file is no cache, not a hang or a MemoryError.
- A file is written to a temporary file in the same folder and renamed over the name, so a
  link there is replaced, never written through, and a reader sees a whole file or none.
- Every entry is sealed: a keyed hash (BLAKE2b) of what it stands for and of what it holds,
  with a random key of this user's made on first use (`key`, mode 0600). The reader computes
  the seal again; an entry made anywhere else, or edited, does not match and is rebuilt.
Nothing here raises: a cache that cannot be read or written is simply not used.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from functools import cache
from pathlib import Path

KEY_NAME = "key"
_KEY_BYTES = 32


def cache_dir() -> Path:
    """The folder of the caches (XDG's cache home, so tests and users can move it)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "agesmith"


def read_cache(path: Path, limit: int) -> bytes | None:
    """The bytes of `path` if it is a regular file (not a link) of at most `limit` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        with os.fdopen(fd, "rb") as handle:
            fd = -1  # the file object closes it now
            data = handle.read(limit + 1)  # a file still growing stops here
    except (OSError, MemoryError):
        return None
    finally:
        if fd >= 0:
            os.close(fd)
    return data if len(data) <= limit else None


def write_cache(path: Path, data: bytes) -> bool:
    """Put `data` at `path` whole, replacing (never following) whatever is there; True if done.
    A folder of that name is left alone (a file cannot be renamed over it)."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except (OSError, ValueError):
        return False
    try:
        with os.fdopen(fd, "wb") as out:  # mkstemp made it 0600: private
            out.write(data)
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
        return False
    return True


def _key() -> bytes:
    return _key_in(str(cache_dir()))


@cache
def _key_in(folder: str) -> bytes:
    """This user's key for sealing the entries of `folder`: read from there, or made there."""
    path = Path(folder) / KEY_NAME
    data = read_cache(path, 2 * _KEY_BYTES)
    if data is not None and _private(path) and len(data) == 2 * _KEY_BYTES:
        try:
            return bytes.fromhex(data.decode("ascii"))
        except ValueError:
            pass
    key = secrets.token_bytes(_KEY_BYTES)
    # if it cannot be kept, this process still seals and checks with it: every read a miss
    write_cache(path, key.hex().encode("ascii"))
    return key


def _private(path: Path) -> bool:
    """A key file that only this user can have written or read."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    own = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return own and not info.st_mode & 0o077


def seal(*parts: str) -> str:
    """The keyed hash of `parts` (each part's length is hashed too, so parts cannot shift)."""
    digest = hashlib.blake2b(key=_key(), digest_size=16)
    for part in parts:
        raw = part.encode("utf-8", "surrogatepass")
        digest.update(len(raw).to_bytes(8, "little"))
        digest.update(raw)
    return digest.hexdigest()


def read_sealed(path: Path, limit: int, *context: str) -> bytes | None:
    """The payload of a file `write_sealed` wrote with the same `context`, or None when the
    file is missing, not a small regular file, or not sealed by this user's key (forged,
    edited, or kept from another version named in `context`)."""
    raw = read_cache(path, limit)
    if raw is None:
        return None
    mark, newline, payload = raw.partition(b"\n")
    expected = seal(*context, hashlib.sha256(payload).hexdigest()).encode("ascii")
    return payload if newline and hmac.compare_digest(mark, expected) else None


def write_sealed(path: Path, payload: bytes, *context: str) -> bool:
    """Keep `payload` at `path` under the keyed hash of `context` and of its bytes."""
    mark = seal(*context, hashlib.sha256(payload).hexdigest()).encode("ascii")
    return write_cache(path, mark + b"\n" + payload)
