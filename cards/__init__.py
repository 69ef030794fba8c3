"""The bundled packs (data only) and the JSON Schemas of the pack format."""

from pathlib import Path

PACKS = Path(__file__).parent


def bundled(name: str = "along_history") -> Path:
    """The folder of a bundled pack."""
    return PACKS / name
