"""Writing a user's file without ever losing it: one safe way for every part of the program
(and reading one without blocking on a pipe or a device).

A file is written to a temporary file in the same folder, flushed to disk, then renamed over the
target, so a reader sees the old bytes or the new ones, never half of them; the temporary file
is removed if anything fails. Only regular files are written: a directory, a device, a socket or
a name with control characters is refused with a message that says why. With `inside`, the
target must lie inside that folder once every `..` and symbolic link is resolved.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import AgesmithError


class UnsafePathError(AgesmithError, ValueError):
    """A path the program refuses to write, with the reason in plain words."""


def check_writable(
    path: str | os.PathLike[str], inside: str | os.PathLike[str] | None = None
) -> Path:
    """The resolved target if `path` may be written as a regular file, else `UnsafePathError`."""
    text = os.fspath(path)
    if not text.strip():
        raise UnsafePathError("the file name is empty")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
        raise UnsafePathError(f"the file name {text!r} contains control characters")
    target = Path(text).expanduser()
    if inside is None and _is_link(target):
        # a link where a file is asked for may have been planted (in a shared folder) to send
        # the write elsewhere: a user's file would be overwritten. Inside a given folder the
        # check below keeps the write there wherever a link points.
        raise UnsafePathError(
            f"{text} is a symbolic link: give the path of the file itself "
            "(a link is never written through)"
        )
    resolved = target.resolve()
    if inside is not None:
        root = Path(inside).expanduser().resolve()
        if resolved != root and root not in resolved.parents:
            raise UnsafePathError(f"{text} is outside {root}: only files inside it are written")
    try:
        mode = os.stat(resolved).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise UnsafePathError(f"{text}: {e.strerror}") from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file (a device, pipe or socket)"
        raise UnsafePathError(f"{text} is {kind}; give the name of a file")
    if not resolved.parent.is_dir():
        raise UnsafePathError(f"the folder {resolved.parent} does not exist")
    return resolved


def _is_link(path: Path) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except (OSError, ValueError):  # missing, a name too long: the checks below say so
        return False


def write_atomic(
    path: str | os.PathLike[str],
    data: str | bytes,
    *,
    inside: str | os.PathLike[str] | None = None,
    durable: bool = True,
) -> Path:
    """Write `data` to `path` all at once (text as UTF-8); return the resolved path written.
    With durable=False the bytes are not forced to disk before the rename (for a cache: after
    a power cut it may be lost, never half-written)."""
    target = check_writable(path, inside)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        if target.exists():
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        else:  # what a plain open() would have made
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, else `UnsafePathError`: a device
    (/dev/zero never ends), a pipe (it waits for a writer) or a folder is refused, not read."""
    text = os.fspath(path)
    try:
        with open(text, "rb", opener=_nonblocking) as handle:
            mode = os.fstat(handle.fileno()).st_mode
            if not stat.S_ISREG(mode):
                kind = (
                    "a folder"
                    if stat.S_ISDIR(mode)
                    else "not a regular file (a device, pipe or socket)"
                )
                raise UnsafePathError(f"{text} is {kind}")
            data = handle.read(limit + 1)
    except IsADirectoryError:
        raise UnsafePathError(f"{text} is a folder") from None
    if len(data) > limit:
        raise UnsafePathError(f"{text} is larger than {limit:,} bytes")
    return data


def _nonblocking(path: str, flags: int) -> int:
    # opening a pipe with no writer would wait forever; O_NONBLOCK only matters for those
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


NAME_MAX = 255  # bytes in one file or folder name (Linux, macOS, Windows alike)
PATH_MAX = 4_095  # bytes in a whole path (Linux)


def path_problem(path: str | os.PathLike[str]) -> str | None:
    """Why no file can have this path (a name too long for any file system), else None: the
    system refuses such a path with an error that asking "is it a file?" does not catch."""
    text = os.fspath(path)
    if "\0" in text:
        return "the path holds a NUL character"
    longest = max((len(os.fsencode(part)) for part in Path(text).parts), default=0)
    if longest > NAME_MAX:
        return (
            f"the path holds a name of {longest:,} characters: a file or folder name is "
            f"at most {NAME_MAX}"
        )
    if len(os.fsencode(text)) > PATH_MAX:
        return f"the path is {len(os.fsencode(text)):,} characters long: at most {PATH_MAX:,}"
    return None


def is_folder(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is a folder; False for a path no file system can hold."""
    try:
        return path_problem(path) is None and Path(path).is_dir()
    except OSError:
        return False


def is_file(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is a file (or a link to one); False for a path no file system can hold."""
    try:
        return path_problem(path) is None and Path(path).is_file()
    except OSError:
        return False
