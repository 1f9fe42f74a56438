"""What each block honours, read from its declaration: the parameters it takes and their kinds
(from `params`' defaults; a mapping is a `where:` condition), the words a parameter accepts
(`choices`), the parameters that do something only with another's value (`only_with`), and
whether `in_decline: true` changes anything for it (`honours_decline`).

`param_problems(cls, given)` lists every word of a block's YAML parameters that the block would
not honour, each as a sentence naming the accepted values and the nearest ("did you mean"), so a
race is never loaded with a word silently ignored. The catalog asks it before making an effect.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..reasons import Reason, reason
from .base import Ability, _is_kind, _kind
from .where import Where

FLAGS = ("in_decline", "only_in_decline")
#: mapping parameters that are not a `where:` but the rule language's conditions (`if`), read
#: and refused by the block itself
CONDITION_PARAMS = ("if",)

#: the hooks the engine asks of a race In Decline (its `in_decline` effects): a block that
#: overrides none of them, has no move of its own and does not work In Decline by itself does
#: nothing more with `in_decline: true`
DECLINE_HOOKS = (
    "score", "on_end_turn", "on_turn_start", "protects", "repels", "on_region_lost", "after_region_lost",
    "on_tokens_lost",
    "conquest_price", "lost_when_attacked", "on_any_decline", "at_others_turn_end", "forced_regions",
    # a race that still conquers In Decline (Ghouls) asks these of its In Decline effects
    "cost_modifier", "printed_cost", "cost_floor", "reaches", "enters_anywhere", "conquers_water", "links",
    "printed_links", "may_target", "on_conquered", "after_conquest", "die_bonus", "flat_price",
    "attack_strength",
    # asked of a race's In Decline effects when an opponent conquers from it
    "defence_strength",
)


def honours_decline(cls: type[Ability]) -> bool:
    """True if `in_decline: true` (or `only_in_decline: true`) changes what the block does."""
    if cls.decline_honoured is not None:
        return cls.decline_honoured
    if cls.works_in_decline or cls.intents:
        return True
    return any(getattr(cls, h) is not getattr(Ability, h) for h in DECLINE_HOOKS)


def param_problems(cls: type[Ability], given: Mapping[str, Any]) -> list[Reason]:
    """Every parameter, value or combination in `given` that block `cls` would not honour."""
    out: list[Reason] = []
    effect = cls.name
    sound = dict(given)         # the words of the parameters whose kind is right are read on
    for k, v in given.items():
        if k in FLAGS:
            if v is True and not honours_decline(cls):
                out.append(reason("param_decline_ignored", effect=effect, flag=k))
            continue
        if k not in cls.params:
            out.append(reason("param_unknown", param=k, effect=effect,
                              known=", ".join(sorted(cls.params)) or reason("word_none")))
            continue
        default = cls.params[k]
        if isinstance(default, dict) and k not in CONDITION_PARAMS:
            out.extend(Where.problems(v, effect, k))
            continue
        want = _kind(default)
        if want == "kind_list" and isinstance(v, str) and k in cls.choices:
            v = sound[k] = [v]              # one word where a list of words is taken
        if want is not None and not _is_kind(v, want):
            out.append(reason("param_kind", param=k, effect=effect, want=reason(want), value=v))
            sound.pop(k)
            continue
    out.extend(cls.word_problems({k: v for k, v in sound.items() if k in cls.params}))
    if not out:
        out.extend(idle_problems(cls, sound))
    return out


def idle_problems(cls: type[Ability], given: Mapping[str, Any]) -> list[Reason]:
    """Every value of `given` (sound in kind and word) with which block `cls` can never act: a
    value its `idle_values` names, both decline flags at once, an `occupant` its race's own
    regions never have, and what `idle_combination` says of the parameters together."""
    out: list[Reason] = []
    effect = cls.name
    if "in_decline" in given and given.get("only_in_decline") is True:
        out.append(reason("param_decline_both", effect=effect))
    for k, idle in cls.idle_values.items():
        v = given.get(k)
        if k not in given or type(v) is not type(idle) or v != idle:
            continue
        if isinstance(idle, list):
            out.append(reason("param_idle_empty", effect=effect, param=k,
                              known=", ".join(str(x) for x in cls.choices.get(k, ())) or reason("word_none")))
        elif isinstance(idle, str):
            out.append(reason("param_idle_unnamed", effect=effect, param=k))
        else:
            out.append(reason("param_idle_value", effect=effect, param=k, value=v))
    works_in_decline = cls.works_in_decline or any(given.get(f) is True for f in FLAGS)
    for k, never in cls.held_where.items():
        cond = given.get(k)
        occ = cond.get("occupant") if isinstance(cond, Mapping) else None
        for x in occ if isinstance(occ, list) else [occ] if occ is not None else []:
            if x in never:
                out.append(reason("param_occupant_never", effect=effect, param=k, value=x))
            elif x == "in_decline" and not works_in_decline:
                out.append(reason("param_occupant_active_only", effect=effect, param=k))
    combined = cls.idle_combination({**cls.params, **{k: v for k, v in given.items() if k in cls.params}})
    if combined is not None:
        out.append(combined)
    return out


def where_params(cls: type[Ability]) -> tuple[str, ...]:
    """The block's parameters that are `where:` conditions."""
    return tuple(k for k, v in cls.params.items() if isinstance(v, dict) and k not in CONDITION_PARAMS)
