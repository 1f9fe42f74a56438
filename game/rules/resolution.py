"""Resolution: a conquest applied. `take_region` is the one path by which any region is taken
or emptied — ordinary conquest, the reinforcement die (R5), the powers that conquer their own way
(Dragon, Sorcerers, Ghouls) and the blocks that empty a region (Lava, Wendigos) — so the
victim's effects (`evict`, with the defender's losses, R4) and the conqueror's (`take_over`)
hear of each the same way (R21). An In Decline race it leaves with no region leaves the game
(R22, `leave_game`); lost tokens go to the tray or to whoever collects them (`discard`), and
coins change hands by `pay`.
"""
from __future__ import annotations

from typing import Any, Final

from .abilities.base import Fight, Victim
from .common import add_tray, event, lose_tokens, region_left, return_banner, take_tray
from .heard import Heard, marker_entered, tell
from .state import LOST_TRIBE, GameState, RaceHold


def evict(s: GameState, rid: str, attacker: int, events: list[dict[str, Any]],
          chance: Any = None, by_active: bool = True, *, conquest: bool = True,
          replace: bool = False, loss: int | None = None, in_decline_lost: bool = False,
          later: list[Heard] | None = None) -> None:
    """Everyone leaves `rid`, the victim's half of `take_region`: Lost Tribes are discarded; a
    race's tokens come back to its owner's hand less the ones lost (R4: one, or what its effects
    say; a lone token is simply discarded; own In Decline tokens are lost); markers of the race
    go (`region_left`). The defender's effects hear of a `conquest` (paid, told) and of every
    token lost (`_tokens_lost`: Witch Doctors; Igors collect them). The differences are
    parameters: `replace` (the Sorcerers' conversion: the lone token is lost whatever protects
    it), `loss` (a block emptying a region: tokens lost instead of R4's, `in_decline_lost`: all
    In Decline tokens lost). Wherever the tokens are lost, they go where the race's rule sends
    them: the tray, or out of the game (`defender_loss: {to: out}`, R24). `by_active` is False when the attacker's In Decline race conquers
    (Ghouls): that is not an attack by his Active race (the Diplomat asks). An In Decline race
    left with no region leaves the game at once, whatever it holds in hand (R22). `later`: where
    the `tokens_lost` event is kept, to be told once the attacker has moved in (a conquest: an
    action on the attacker then never takes the tokens he is moving in)."""
    r = s.regions[rid]
    if r.lost_tribe:
        discard(s, LOST_TRIBE, r.lost_tribe)
        s.reg_w(rid).lost_tribe = 0
        event(events, "lost_tribe_cleared", region=rid)
    if not r.tokens:
        if r.owner is not None or r.lair or r.fortress:
            region_left(s, rid)
        return
    owner, race, n = r.owner, r.race, r.tokens
    assert owner is not None and race is not None
    p = s.player_w(owner)
    hold, in_decline = p.hold(race)
    if conquest and hold is not None and owner != attacker and not _DEFENDER_HOOKS.isdisjoint(s.catalog.hooked):
        _defender_hears(s, owner, hold, in_decline, rid, attacker, events)
    region_left(s, rid)
    if hold is None:                         # tokens of a race nobody holds: just discarded
        add_tray(s, race, n)
        return
    lost, out = 1, False                     # R4's one token, to the tray
    cat = s.catalog
    for ab in cat.answering_now(hold.race, hold.power, in_decline, "lost_when_attacked"):
        v = ab.lost_when_attacked(s, owner)
        if v is not None:                    # where the lost tokens go is the race's rule, for
            lost, out = v, ab.lost_out_of_game()     # every way of losing them (R24)
    if replace:
        discarded, back = n, 0
    elif loss is not None:
        discarded = n if in_decline_lost and in_decline else min(loss, n)
        back = n - discarded
    elif owner == attacker and in_decline:
        discarded, back = n, 0
    else:
        if conquest and owner != attacker and "tokens_lost_instead" in cat.hooked:
            got = _loss_replaced(s, hold, in_decline, Fight(rid, attacker, owner, in_decline), by_active, events)
            if got is not None:                  # a replacement says what is lost instead
                lost, out = got
        if n == 1 and lost > 0:
            discarded, back = 1, 0
        else:
            discarded = min(lost, n)
            back = n - discarded
    discard(s, race, discarded, out=out)
    hold.hand += back
    if discarded and "on_tokens_lost" in s.catalog.hooked:      # Witch Doctors roll for them
        _tokens_lost(s, owner, hold, in_decline, discarded, chance, events)
    if conquest and by_active and not in_decline and owner != attacker and owner not in s.turn.attacked:
        s.turn.attacked.append(owner)
    if back and [owner, race] not in s.turn.withdraw:
        s.turn.withdraw.append([owner, race])
    events.append({"type": "lost", "seat": owner, "race": race, "region": rid, "discarded": discarded,
                   "back": back})                       # (`event`'s, made at once: at each conquest)
    if discarded and "tokens_lost" in s.catalog.heard:
        by = s.players[attacker].active if by_active else None
        heard = Heard("tokens_lost", {"loser": owner, "attacker": attacker},
                      {"loser": race, "attacker": by.race if by else None}, rid)
        if later is not None:
            later.append(heard)
        else:
            tell(s, heard, events, chance)
    if in_decline and not s.regions_of(owner, race):
        leave_game(s, owner, hold, events, chance)


def _loss_replaced(s: GameState, hold: RaceHold, in_decline: bool, fight: Fight, by_active: bool,
                   events: list[dict[str, Any]]) -> tuple[int, bool] | None:
    """The first replacement of the defender's loss in `fight` that applies, asked of the
    defender's race (`hold`) first, then of the attacker's conquering race: (tokens lost
    instead, whether they leave the game), or None (the rule's loss)."""
    cat = s.catalog
    for ab in cat.answering_now(hold.race, hold.power, in_decline, "tokens_lost_instead"):
        got = ab.tokens_lost_instead(s, fight.defender, fight, events)
        if got is not None:
            return got
    p = s.players[fight.attacker]
    for h, dec in ([(p.active, False)] if by_active else [(h, True) for h in p.declines]):
        if h is None:
            continue
        for ab in cat.answering_now(h.race, h.power, dec, "tokens_lost_instead"):
            got = ab.tokens_lost_instead(s, fight.attacker, fight, events)
            if got is not None:
                return got
    return None


def _tokens_lost(s: GameState, owner: int, hold: RaceHold, in_decline: bool, n: int, chance: Any,
                 events: list[dict[str, Any]]) -> None:
    """The race `hold` of `owner` has just lost `n` tokens: its effects hear of it."""
    cat = s.catalog
    for ab in cat.answering_now(hold.race, hold.power, in_decline, "on_tokens_lost"):
        ab.on_tokens_lost(s, owner, hold, n, chance, events)


def leave_game(s: GameState, seat: int, hold: RaceHold, events: list[dict[str, Any]],
               chance: Any = None) -> None:
    """An In Decline race with no region left leaves the game at once (R22): the tokens it still
    holds go to the tray (a captured Ivory Tower's survivors, the Ghouls' readied ones), and it
    vanishes (banner as in R8)."""
    if hold.hand:
        add_tray(s, hold.race, hold.hand)
        hold.hand = 0
    w = [seat, hold.race]
    if w in s.turn.withdraw:
        s.turn.withdraw.remove(w)
    vanish_decline(s, seat, hold, events, chance)


def discard(s: GameState, race: str, n: int, out: bool = False) -> None:
    """Tokens lost in a conquest go to the tray, or to a player whose Active race collects
    them (Igors: `player.memo["collected"]`), or `out` of the game for good (nobody collects
    them)."""
    if out:
        lose_tokens(s, race, n, out=True)
        return
    cat = s.catalog
    if n and "collects_lost_tokens" in cat.hooked:
        for seat, p in enumerate(s.players):
            h = p.active
            if h is not None and cat.collects_lost_tokens(h.race, h.power):
                w = s.player_w(seat)
                got = dict(w.memo.get("collected", {}))
                got[race] = got.get(race, 0) + n
                w.memo["collected"] = got
                return
    add_tray(s, race, n)


_DEFENDER_HOOKS: Final = frozenset({"on_region_lost", "conquest_price"})


def _defender_hears(s: GameState, owner: int, hold: RaceHold, in_decline: bool, rid: str,
                    attacker: int, events: list[dict[str, Any]]) -> None:
    """The holder of `rid` is paid what his effects ask of the attacker, then hears of the loss."""
    cat = s.catalog
    price = sum(ab.conquest_price(s, owner, rid, attacker, in_decline)
                for ab in cat.answering_now(hold.race, hold.power, in_decline, "conquest_price"))
    if price:
        paid = pay(s, attacker, owner, price)
        if paid:
            event(events, "coins", seat=attacker, to=owner, coins=paid)
    for ab in cat.answering_now(hold.race, hold.power, in_decline, "on_region_lost"):
        ab.on_region_lost(s, owner, rid, attacker, in_decline, events)


def pay(s: GameState, payer: int | None, payee: int | None, coins: int) -> int:
    """Move up to `coins` from `payer` to `payee` (None: the bank); a player pays only what
    he has. Returns the coins moved."""
    if payer is not None:
        coins = min(coins, s.players[payer].coins)
        s.player_w(payer).coins -= coins
    if coins > 0 and payee is not None:
        s.player_w(payee).coins += coins
    return max(0, coins)


def vanish_decline(s: GameState, seat: int, hold: RaceHold, events: list[dict[str, Any]],
                   chance: Any = None) -> None:
    """An In Decline race with nothing left leaves the game: banner back (R8), badge discarded."""
    p = s.player_w(seat)
    p.declines = [h for h in p.declines if h.race != hold.race]
    if hold.power:
        s.supply_w().power_discard.append(hold.power)
    return_banner(s, hold.race, chance)
    event(events, "vanished", seat=seat, race=hold.race)


def take_region(s: GameState, seat: int, rid: str, events: list[dict[str, Any]], chance: Any = None,
                *, hold: RaceHold | None = None, tokens: int = 0, how: str = "conquer",
                replace: bool = False, from_tray: int = 0, occupy: bool = True,
                loss: int | None = None, in_decline_lost: bool = False, conquest: bool = True) -> bool:
    """The one path by which a region changes hands: every conquest (plain, with the die, the
    Dragon's, the Sorcerers' conversion, the Ghouls', from afar...) and every block that empties
    a region (Lava, Wendigos) goes through it, so the same effects hear of it on both sides. The
    differences are parameters: `hold` (the conquering race of `seat`: the Active one by default,
    In Decline Ghouls), `tokens` it moves in from its hand, of which `from_tray` are first taken
    from the tray (the converted region's new Sorcerer), `how` (the event), `replace` (the
    defender's lone token is replaced, lost whatever protects it), and `occupy=False` for a
    region emptied without a conquest (its occupants lose `loss` tokens, all In Decline ones
    with `in_decline_lost`; nobody moves in, and no conquest is heard of), and `conquest=False`
    for tokens moved into an empty region without a conquest (a stack pushed out of its region:
    `hold` is the pushed race; the turn does not count it and no effect hears of a conquest).
    Returns False when the holder repels the conquest (Skags)."""
    if hold is None:
        hold = s.player_w(seat).active
        assert hold is not None
    if not occupy:
        evict(s, rid, seat, events, chance, conquest=False, loss=loss, in_decline_lost=in_decline_lost)
        return True
    r = s.regions[rid]
    cat = s.catalog
    heard = cat.heard
    entered = r.marks if "marker_entered" in heard else None    # (never changed in place)
    if not conquest:
        assert r.empty, rid
        evict(s, rid, seat, events, chance, conquest=False)
        take_over(s, seat, hold, rid, tokens, False, None, events, how, None, chance, conquest=False)
        if entered:
            marker_entered(s, seat, hold.race, rid, entered, events, chance)
        return True
    was_nonempty = not r.empty
    defender = (r.owner, r.race) if r.tokens else None
    hooked = cat.hooked
    victim = Victim(r.owner, r.race, r.decline, r.tokens, r.lost_tribe) \
        if "after_conquest" in hooked or "after_region_lost" in hooked else None
    active = s.players[seat].active is hold
    if defender is not None and "repels" in hooked and repelled(s, seat, hold, rid, events):
        return False
    if "before_conquest" in hooked:          # the conqueror's replacement of the conquest
        for ab in cat.answering_now(hold.race, hold.power, not active, "before_conquest"):
            ab.before_conquest(s, seat, hold, rid, events)
    # the defender's loss, heard once the attacker is in (when some effect listens to it)
    later: list[Heard] | None = [] if "tokens_lost" in heard else None
    evict(s, rid, seat, events, chance, by_active=active, replace=replace, later=later)
    if from_tray:
        hold.hand += take_tray(s, hold.race, from_tray)
    take_over(s, seat, hold, rid, tokens, was_nonempty, defender, events, how, victim, chance)
    if later:
        for told in later:
            tell(s, told, events, chance)
    if entered:
        marker_entered(s, seat, hold.race, rid, entered, events, chance)
    return True


def repelled(s: GameState, seat: int, hold: RaceHold, rid: str, events: list[dict[str, Any]]) -> bool:
    """The holder of `rid` cancels this conquest (Skags): the attacker loses one token."""
    r = s.regions[rid]
    owner = r.owner
    if owner is None or owner == seat or r.race is None:
        return False
    h, in_dec = s.players[owner].hold(r.race)
    if h is None or not any(ab.repels(s, owner, rid, seat, in_dec, events)
                            for ab in s.catalog.answering_now(h.race, h.power, in_dec, "repels")):
        return False
    s.turn.acted = True
    if hold.hand:
        hold.hand -= 1
        discard(s, hold.race, 1)
    event(events, "repelled", seat=seat, race=hold.race, region=rid, defender=owner)
    return True


def take_over(s: GameState, seat: int, hold: RaceHold, rid: str, tokens: int, was_nonempty: bool,
              defender: tuple[Any, Any] | None, events: list[dict[str, Any]],
              how: str = "conquer", victim: Victim | None = None, chance: Any = None,
              conquest: bool = True) -> None:
    """`hold` moves into the emptied `rid` with `tokens` from its hand; the turn remembers the
    conquest and the race's effects hear of it (neither with `conquest=False`: tokens moved in
    without a conquest). A conquest by an In Decline race (Ghouls) keeps
    its tokens In Decline and does not count as a conquest of the Active race (abandoning,
    Orcs' and Pillaging's coins, Skeletons' tokens)."""
    in_decline = s.players[seat].active is not hold
    w = s.reg_w(rid)
    w.owner, w.race, w.tokens, w.decline = seat, hold.race, tokens, in_decline
    hold.hand -= tokens
    if not conquest:
        events.append({"type": how, "seat": seat, "race": hold.race, "region": rid, "tokens": tokens})
        return
    t = s.turn
    t.acted = True
    t.last_taken[hold.race] = rid
    if not in_decline:
        t.conquered.append(rid)
        if was_nonempty:
            t.nonempty += 1
    events.append({"type": how, "seat": seat, "race": hold.race, "region": rid, "tokens": tokens,   # (`event`'s,
                   "defender": list(defender) if defender else None, "nonempty": was_nonempty})  # made at once)
    tab = s.catalog.hooks_in_force(hold.race, hold.power, in_decline)
    if victim is None:
        for ab in tab.on_conquered:
            ab.on_conquered(s, seat, rid, was_nonempty)
        return
    for ab in tab.hears_conquest:         # each hears of it both ways before the next does
        ab.on_conquered(s, seat, rid, was_nonempty)
        ab.after_conquest(s, seat, rid, victim, events, chance)
    if "after_region_lost" in s.catalog.hooked and victim.owner is not None and victim.owner != seat \
            and victim.tokens:
        _defender_after(s, seat, rid, victim, events, chance)


def _defender_after(s: GameState, seat: int, rid: str, victim: Victim, events: list[dict[str, Any]],
                    chance: Any) -> None:
    """The race that held `rid` hears that `seat` took it, the conquest done (if it is still in
    the game: an In Decline race that lost its last region has left, R22)."""
    owner, race = victim.owner, victim.race
    assert owner is not None and race is not None
    hold, in_decline = s.players[owner].hold(race)
    if hold is None:
        return
    for ab in s.catalog.answering_now(hold.race, hold.power, in_decline, "after_region_lost"):
        ab.after_region_lost(s, owner, rid, seat, victim, events, chance)
