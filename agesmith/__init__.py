"""The `agesmith` command line: one entry point over rules_dsl, interpreter and editor."""
