"""The pack's components compiled into plain records the layers above index: its zones."""
