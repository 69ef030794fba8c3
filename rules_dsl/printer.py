"""Print a syntax tree back as canonical rules text.

For every tree `t` the parser can build, `parse(print_rules(t)) == t` (spans aside): the
printer is the language's formatter and the editor's "tidy" button. Canonical choices: one
statement per line, "; then" between steps, blocks indented by two spaces, the third person
after a subject ("each opponent pays"), and blocks only where a step could not be read inline.
"""

from __future__ import annotations

from typing import Any

from . import ast
from .grammar_words import verbs

INDENT = "  "


def print_rules(rules: ast.Rules) -> str:
    """The canonical text of a card's rules or a phase."""
    return "\n".join(_statement(s, "") for s in rules.statements)


def print_cost(cost: ast.Cost) -> str:
    text = ", ".join(_amount(a) for a in cost.amounts)
    if cost.x is not None:
        x = value(cost.x)
        if isinstance(cost.x, (ast.Rounded, ast.Limit, ast.At)):
            x = f"({x})"  # "where X is" takes a sum: "rounded" and "at" need brackets
        text += f" where X is {x}"
    return text


def print_any(node: Any) -> str:
    """Print a tree from any entry point: rules, cost, number or condition."""
    if isinstance(node, ast.Rules):
        return print_rules(node)
    if isinstance(node, ast.Cost):
        return print_cost(node)
    if isinstance(node, CONDITIONS):
        return condition(node)
    return value(node)


def _amount(a: ast.Amount) -> str:
    words = " ".join(a.words)
    return words if a.count is None else f"{a.count} {words}"


# ------------------------------------------------------------------ statements


def _statement(s: Any, indent: str) -> str:
    if isinstance(s, ast.Steps):
        return indent + _steps_text(s, indent)
    if isinstance(s, ast.Trigger):
        return indent + f"{s.when} {s.event}:" + _body(s.body, indent)
    if isinstance(s, ast.Scope):
        head = indent + f"while in {phrase(s.where)}:"
        if len(s.body) == 1 and not isinstance(s.body[0], (ast.Steps, ast.Trigger, ast.Scope)):
            return head + " " + ability(s.body[0])  # a scope reads one ability inline
        return head + _block(s.body, indent)
    return indent + ability(s)


def _body(body: tuple[Any, ...], indent: str) -> str:
    """Inline after the colon when one line can hold it, else an indented block."""
    if len(body) == 1 and _inline_ok(body[0]):
        return " " + _statement(body[0], indent).lstrip(" ")
    return _block(body, indent)


def _block(body: tuple[Any, ...], indent: str) -> str:
    inner = indent + INDENT
    return "\n" + "\n".join(_statement(s, inner) for s in body)


def _inline_ok(s: Any) -> bool:
    """Whether a body of one statement can follow its colon: only steps can (an ability, a
    trigger or a scope goes in a block)."""
    if isinstance(s, ast.Steps):
        return all(
            _step_inline_ok(step, last=i == len(s.steps) - 1) for i, step in enumerate(s.steps)
        )
    return False


def _step_inline_ok(step: Any, last: bool) -> bool:
    """Whether a step reads back the same when printed on one line."""
    if isinstance(step, ast.If):
        # an inline "if" takes every step after it; "otherwise:" needs a line of its own
        return last and step.otherwise is None and len(step.then) == 1 and _inline_ok(step.then[0])
    if isinstance(step, ast.Optional):
        return last and _inline_ok(step.steps)
    if isinstance(step, (ast.Repeat, ast.RepeatTimes, ast.ForEach)):
        return last and len(step.body) == 1 and _inline_ok(step.body[0])
    return True


def _steps_text(s: ast.Steps, indent: str) -> str:
    return "; then ".join(_step(step, indent) for step in s.steps)


def _step(step: Any, indent: str) -> str:
    if isinstance(step, ast.Act):
        return act(step)
    if isinstance(step, ast.Choice):
        # "each opponent pays ... or destroys ...": later options share the first subject
        third = _third_person(step.options[0].subject)
        return " or ".join(act(a, third) for a in step.options)
    if isinstance(step, ast.Optional):
        who = "you" if step.subject is None else phrase(step.subject)
        return f"{who} may " + _steps_text(step.steps, indent)
    if isinstance(step, ast.Repeat):
        return f"repeat until {condition(step.until)}:" + _body(step.body, indent)
    if isinstance(step, ast.RepeatTimes):
        return f"repeat {value(step.times)} times:" + _body(step.body, indent)
    if isinstance(step, ast.ForEach):
        each = "each of " if step.of else ""
        return f"for {each}{phrase(step.cards)}:" + _body(step.body, indent)
    if isinstance(step, ast.If):
        text = f"{'unless' if step.unless else 'if'} {condition(step.condition)}:"
        text += _body(step.then, indent)
        if step.otherwise is not None:
            text += f"\n{indent}otherwise:" + _body(step.otherwise, indent)
        return text
    raise TypeError(f"not a step: {step!r}")


def _per(per: ast.Per | None) -> str:
    """ " per 2 lands", " per worker on your labs": what an amount counts, or nothing."""
    if per is None:
        return ""
    if per.number is not None:
        return f" per ({value(per.number)})"
    count = f"{per.count} " if per.count is not None else ""
    on = f" on {phrase(per.on)}" if per.on is not None else ""
    return f" per {count}{' '.join(per.words)}{on}"


def _guard(condition_: Any, unless: bool) -> str:
    if condition_ is None:
        return ""
    return f" {'unless' if unless else 'if'} {condition(condition_)}"


def ability(a: Any) -> str:
    if isinstance(a, ast.Free):
        return "free" + _guard(a.condition, a.unless)
    if isinstance(a, ast.Discardable):
        return "discardable" + _guard(a.condition, a.unless)
    if isinstance(a, ast.CostChange):
        head = ""
        if a.target is not None:
            t = a.target
            words = " ".join(("your", *t.words, "acquisitions" if t.plural else "acquisition"))
            head = words + (" each turn" if t.each_turn else "") + " "
        verb = "cost" if a.target is not None and a.target.plural else "costs"
        return f"{head}{verb} {a.amount} {a.change} {' '.join(a.resource)}" + _guard(
            a.condition, a.unless
        )
    if isinstance(a, ast.ActionCostChange):
        text = f'"{a.action}" costs {a.amount} {a.change} {" ".join(a.resource)}'
        return text + _per(a.per) + _guard(a.condition, a.unless)
    if isinstance(a, ast.MoneyPrice):
        return f"{' '.join(a.money)} price {a.amount}" + _guard(a.condition, a.unless)
    if isinstance(a, (ast.Strength, ast.Symbols)):
        kind = a.kind if isinstance(a, ast.Strength) else " ".join(a.resource)
        return f"{kind} {a.amount:+d}" + _per(a.per) + _guard(a.condition, a.unless)
    if isinstance(a, ast.Cancels):
        return "cancels " + phrase(a.what)
    if isinstance(a, ast.Keyword):
        return a.word
    raise TypeError(f"not an ability: {a!r}")


# ------------------------------------------------------------------ actions


def act(a: ast.Act, third_person: bool = False) -> str:
    parts = []
    if a.subject is not None:
        parts.append(phrase(a.subject))
    third = _third_person(a.subject) or (a.subject is None and third_person)
    parts.append(_conjugate(a.verb) if third else a.verb)
    if a.object is not None:
        parts.append(value(a.object))
    for role in a.roles:
        if role.preposition == "until":
            parts.append(f"until {condition(role.value)}")
        else:
            parts.append(f"{role.preposition} {value(role.value)}")
    return " ".join(parts)


def _third_person(subject: Any) -> bool:
    """Whether a verb after this subject takes an -s: "each opponent pays", "your lands pay"."""
    if subject is None or (isinstance(subject, ast.Pronoun) and subject.word == "you"):
        return False
    return not _plural(subject)


def _plural(np: Any) -> bool:
    if not isinstance(np, ast.NounPhrase) or not np.heads or not isinstance(np.heads[-1], tuple):
        return False
    singular_det = (
        "a",
        "an",
        "each",
        "every",
        "another",
        "one of",
        "each of",
        "each of the",
        "this",
    )
    if np.determiner in singular_det:
        return False
    return np.heads[-1][-1].endswith("s") and (np.possessive is not None or np.count != 1)


def _conjugate(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    return verb + "s"


def third_person(text: str) -> str:
    """A step read for one player: "destroy one of ..." -> "destroys one of ..." ("may ..."
    and a step that does not open with a verb stay as they are)."""
    verb, _, rest = text.partition(" ")
    said = _conjugate(verb)
    if said not in verbs():
        return text
    return f"{said} {rest}".strip()


# ------------------------------------------------------------------ conditions

CONDITIONS = (
    ast.Or,
    ast.And,
    ast.Not,
    ast.Owns,
    ast.OwnsNOf,
    ast.Has,
    ast.IsIn,
    ast.Compare,
    ast.IsState,
    ast.Did,
)


def condition(c: Any) -> str:
    if isinstance(c, ast.Or):
        return " or ".join(
            _operand(x, ast.Or, i == len(c.items) - 1) for i, x in enumerate(c.items)
        )
    if isinstance(c, ast.And):
        return " and ".join(_operand(x, ast.And) for x in c.items)
    if isinstance(c, ast.Not):
        return "not " + _operand(c.item, ast.Not)
    subject = value(c.subject) if isinstance(c.subject, ast.Arith) else phrase(c.subject)
    you = isinstance(c.subject, ast.Pronoun) and c.subject.word == "you"
    if isinstance(c, ast.Owns):
        verb = "own" if you else "owns"
        return f"{subject} {verb} " + " or ".join(phrase(o) for o in c.options)
    if isinstance(c, ast.OwnsNOf):
        verb = "own" if you else "owns"
        names = ", ".join(f'"{n}"' for n in c.names)
        return f"{subject} {verb} {c.count} of {names}"
    if isinstance(c, ast.Has):
        verb = "have" if you else "has"
        comparator = f"{c.comparator} " if c.comparator else ""
        return f"{subject} {verb} {comparator}{value(c.value)}"
    if isinstance(c, ast.IsIn):
        return f"{subject} {c.be} in {phrase(c.where)}"
    if isinstance(c, ast.Compare):
        return f"{subject} {c.be} {c.comparator} {value(c.value)}"
    if isinstance(c, ast.IsState):
        return f"{subject} {c.be} {'not ' if c.negated else ''}{c.state}"
    if isinstance(c, ast.Did):
        parts = [subject]
        if c.have:
            parts.append("have" if you else "has")
        if c.negated:
            parts.append("not")
        parts.append(c.verb)
        if c.value is not None:
            parts.append(value(c.value))
        if c.this_turn:
            parts.append("this turn")
        return " ".join(parts)
    raise TypeError(f"not a condition: {c!r}")


def _operand(c: Any, parent: type, last: bool = True) -> str:
    """Bracket an operand where reading it back would change its meaning."""
    text = condition(c)
    needs = (
        (isinstance(c, ast.Or) and parent in (ast.And, ast.Not))
        or (isinstance(c, ast.And) and parent is ast.Not)
        # "you own "A" or you own "B"" would read the second clause as another owned card
        or (parent is ast.Or and not last and _ends_with_owns(c))
    )
    return f"({text})" if needs else text


def _ends_with_owns(c: Any) -> bool:
    """Whether a condition's text ends with an "owns A or B" list ("... and you own "A"")."""
    while isinstance(c, (ast.And, ast.Not)):
        c = c.items[-1] if isinstance(c, ast.And) else c.item
        if isinstance(c, (ast.Or, ast.And)):
            return False  # printed in brackets
    return isinstance(c, ast.Owns)


# ------------------------------------------------------------------ numbers and phrases


def value(v: Any) -> str:
    if isinstance(v, ast.Int):
        return str(v.value)
    if isinstance(v, ast.Arith):
        left, right = value(v.left), value(v.right)
        if isinstance(v.left, (ast.Rounded, ast.Limit, ast.At)) or (
            isinstance(v.left, ast.Arith) and _precedence(v.left.op) < _precedence(v.op)
        ):
            left = f"({left})"
        if isinstance(v.right, (ast.Arith, ast.Rounded, ast.Limit, ast.At)):
            right = f"({right})"
        return f"{left} {v.op} {right}"
    if isinstance(v, ast.Rounded):
        return f"{value(v.value)} rounded {v.direction}"
    if isinstance(v, ast.Limit):
        bound = value(v.bound)
        if not isinstance(v.bound, (ast.Int, ast.NounPhrase, ast.Pronoun)):
            bound = f"({bound})"
        return f"{value(v.value)} at {v.kind} {bound}"
    if isinstance(v, ast.At):
        position = value(v.position)
        if not isinstance(v.position, (ast.Int, ast.NounPhrase, ast.Pronoun)):
            position = f"({position})"
        return f"{value(v.value)} at {position}"
    return phrase(v)


def _precedence(op: str) -> int:
    return 1 if op in "+-" else 2


def phrase(p: Any) -> str:
    if isinstance(p, ast.Pronoun):
        return p.word
    parts: list[str] = []
    if p.determiner in ("one of", "each of", "half of"):
        parts.append(p.determiner + (f" {p.possessive}" if p.possessive else ""))
    elif p.determiner == "of":  # "2 of your workers"
        parts.append(f"{p.count} of" + (f" {p.possessive}" if p.possessive else ""))
    elif p.determiner == "all":
        parts.append("all" + (f" {p.possessive}" if p.possessive else ""))
    elif p.determiner is not None:
        parts.append(p.determiner)
    elif p.count is not None:
        parts.append(str(p.count))
    elif p.possessive is not None:
        parts.append(p.possessive)
    parts.append("'s ".join(_head(h) for h in p.heads))
    text = " ".join(parts)
    for tail in p.tails:
        text += _tail(tail)
    return text


def _head(h: Any) -> str:
    if isinstance(h, ast.CardName):
        return f'"{h.name}"'
    return " ".join(h)


def _tail(t: Any) -> str:
    if isinstance(t, ast.Located):
        return " in " + phrase(t.where)
    if isinstance(t, ast.OnCard):
        return " on " + phrase(t.card)
    if isinstance(t, ast.OfChoice):
        return " of your choice"
    if isinstance(t, ast.Of):
        return " of " + phrase(t.of)
    if isinstance(t, ast.OfValue):
        return f" of {t.name} {t.value}"
    if isinstance(t, ast.Superlative):
        return f" with the {t.kind} {' '.join(t.words)}"
    if isinstance(t, ast.WhoOwns):
        return " who owns " + " or ".join(phrase(o) for o in t.options)
    if isinstance(t, ast.WhoHas):
        comparator = f"{t.comparator} " if t.comparator else ""
        return f" who has {comparator}{value(t.value)}"
    if isinstance(t, ast.WhoHasThan):
        return f" who has {t.change} {' '.join(t.words)} than {phrase(t.than)}"
    if isinstance(t, ast.WhoDid):
        return " who" + (" has" if t.have else "") + (" not" if t.negated else "") + " " + t.verb
    if isinstance(t, ast.InTurnOrder):
        return " in turn order"
    if isinstance(t, ast.Preferring):
        prefs = ", then ".join(" ".join(w) for w in t.preferences)
        return ", preferring " + prefs + _guard(t.condition, t.unless)
    raise TypeError(f"not a tail: {t!r}")
