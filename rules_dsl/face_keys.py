"""The words of the game file's `faces: layout:` block (the workshop's face layout), read by the
checks and by the workshop's drawing (editor/face_layout.py)."""

COST, NUMBERS, RULES, BONUS = "cost", "numbers", "rules", "bonus"  # the rows of a face
ROWS = (COST, NUMBERS, RULES, BONUS)
POINTS, NO_BADGE = "points", "none"  # the badge: the card's points, or none
