"""Sentences for players that stay translatable: refusals and one-line errors as keyed `Reason`s.

The engine and the content readers never build an English sentence by hand. They call
`reason(key, ctx, **params)`, which renders the English template `TEMPLATES[key]` and returns a
`Reason`: a `str` whose text is that English sentence (so logs, tests and the scenario files'
`reason:` substrings read it as before), carrying `.key` and `.params` so that the window can
say it in another language (`reason.<key>` in `assets/strings/<lang>.yaml`).

Parameters are plain values a translation can use:
- names starting with `region` hold region ids (the window shows the region's display name);
- names starting with `race` hold race ids, names starting with `power` power ids (the window
  shows the translated race or power name);
- names starting with `player` hold player names (shown as they are);
- a parameter may itself be a `Reason` (a word such as "race" or "sea", or a nested error);
  it is translated in turn;
- anything else (numbers, file paths, ids in a map file) is shown as it is.

`ctx` (optional, positional) is whatever can name things in English: a `GameState` (its board
names regions, its catalog races and powers), a `Board`, or None. It only changes the English
text, never `.params`.

A key ending in `_one` is the singular of the key without it (`reason_n` picks it). The exceptions
that carry a Reason (`IllegalAction`, `MapError`, `ContentError`, `SaveError`...) derive from
`HasReason`: `err.reason` is the Reason (a keyless one for a message that was never keyed).
"""
from __future__ import annotations

from typing import Any, Mapping

TEMPLATES: dict[str, str] = {
    # -- conquest (R1-R5, R10, R12) ---------------------------------------------------------
    "immune_hero": "{region} is immune: a Hero guards it",
    "immune_dragon": "{region} is immune: the Dragon guards it",
    "immune_hole": "{region} is immune: a Hole-in-the-Ground hides the Halflings there",
    "at_peace": "You are at peace with {player}'s {race} until {player}'s next turn",
    "already_hold": "You already hold {region}",
    "water_sea": "{region} is a sea: Seas and Lakes cannot be conquered",
    "water_lake": "{region} is a lake: Seas and Lakes cannot be conquered",
    "cannot_conquer_here": "Your race does not conquer {region}: its rules keep it out",
    "first_on_edge": "Your first conquest must be on the edge of the map",
    "not_adjacent": "{region} is not adjacent to your regions",
    "no_such_region": "There is no region called {id!r} on this map",
    "pick_first": "Pick a race and power combo first",
    "conquests_over": "Your conquests are over for this turn",
    "no_tokens_in_hand": "You have no tokens left in hand",
    "needs_tokens": "Needs {cost} tokens, you have {hand}",
    "needs_tokens_one": "Needs {cost} token, you have {hand}",
    "enough_outright": "You have enough tokens to conquer {region} outright",
    "die_too_short": "Needs {cost} tokens, you have {hand}: even a 3 on the die leaves you {short} short",
    # -- the engine --------------------------------------------------------------------------
    "no_effect_for_intent": "None of your races or powers can {intent}",
    "game_is_over": "The game is over",
    "not_your_turn": "It is {player}'s turn",
    "must_place_first": "{player} must first place the tokens they got back",
    "decision_awaited": "{player} has a decision to make first: move tokens, or leave them as they are",
    "no_decision_asked": "Nobody asked you to decide anything with {effect} now",
    "move_into_not_yours": "No tokens can be moved into {region}: it is not a region of your {race}",
    "move_into_not_next_to_lost": "No tokens can be moved into {region}: they go into a region of yours next to "
                                  "{region_lost}, the region just lost",
    "move_into_not_where": "No tokens can be moved into {region}: {effect} moves tokens only into the regions its "
                           "'where' names",
    "move_into_no_spare": "No tokens can be moved into {region}: none of your regions next to it has a token to "
                          "spare, each keeping {least}",
    "effect_not_intent": "{effect} does not handle {intent}",
    "nothing_to_undo": "Nothing to undo: the last die roll, new combo or hand-over cannot be taken back",
    # -- pick, abandon, redeploy, withdraw, decline, end of turn -----------------------------
    "already_active": "You already have an Active race: go into decline first to pick a new combo",
    "cannot_pick_now": "You cannot pick a combo now",
    "no_combo_at": "There is no combo at position {index} of the column",
    "combo_costs": "That combo costs {cost} coins, you have {coins}",
    "combo_costs_one": "That combo costs {cost} coin, you have {coins}",
    "no_active_race": "You have no Active race",
    "abandon_before_conquest": "Regions can be abandoned only before your first conquest of the turn",
    "abandon_only_own": "You can only abandon a region your Active race holds",
    "no_active_to_redeploy": "You have no Active race to redeploy",
    "cannot_redeploy_now": "You cannot redeploy now",
    "no_region_to_redeploy": "You have no region to redeploy into",
    "not_active_region": "{region} is not one of your Active regions",
    "redeploy_keep_one": "Redeploying never empties a region: leave at least 1 token in each",
    "redeploy_spread": "Only {need} tokens stay on the board: leave 1 token in each of {need} regions",
    "say_how_many": "Say how many tokens stay in {region}",
    "tokens_to_place": "You have {need} tokens to place, not {have}",
    "tokens_to_place_one": "You have {need} token to place, not {have}",
    "nobody_places": "Nobody has tokens to place now",
    "other_places_first": "{player} places the tokens they got back first",
    "race_not_in": "Your {race} do not hold {region}",
    "whole_counts": "Token counts are whole numbers of 0 or more",
    "place_all_back": "Place all {hand} tokens you got back, not {given}",
    "place_all_back_one": "Place the {hand} token you got back, not {given}",
    "no_active_to_decline": "You have no Active race to put into decline",
    "cannot_decline_now": "You cannot go into decline now",
    "decline_same_turn": "You cannot go into decline in the turn you picked this race",
    "decline_takes_turn": "Going into decline takes your whole turn: you already conquered or abandoned this turn",
    "not_your_turn_to_end": "It is not your turn to end",
    "only_stout": "Only a Stout race may go into decline at the end of its turn",
    # -- powers and races with intents of their own ------------------------------------------
    "dragon_only_active": "Only an Active race with this power has a Dragon",
    "dragon_once": "Your Dragon has already attacked this turn: once per turn",
    "dragon_needs": "The Dragon needs {n} tokens from your hand, you have {hand}",
    "dragon_needs_one": "The Dragon needs {n} token from your hand, you have {hand}",
    "dragon_elsewhere": "The Dragon is already on the map with another player",
    "ally_only_active": "Only an Active race with this power can make an ally",
    "ally_when": "You choose an ally during your turn, after you pick a race",
    "ally_choose_opponent": "Choose one of your opponents as your ally",
    "ally_attacked": "You attacked {player}'s Active race this turn: choose another ally",
    "ally_peace": "{player} is your ally this turn: you cannot attack {player}'s Active race",
    "fortress_only_active": "Only an Active race with this power can build a Fortress",
    "fortress_when": "Fortresses are built during your turn, after you pick a race",
    "fortress_once": "You already built a Fortress this turn: one per turn",
    "fortress_all_out": "All {count} Fortresses are already on the map",
    "fortress_own_region": "You can build a Fortress only in a region your {race} hold",
    "fortress_one_per_region": "{region} already has a Fortress: one per region",
    "enchant_only_active": "Only an Active race with this power can convert tokens",
    "enchant_no_opponent": "{region} holds no opponent's token to replace",
    "enchant_in_decline": "{region} holds an In Decline token: only an Active token can be replaced",
    "enchant_not_lone": "{region} holds {tokens} {race} tokens: only a lone token can be replaced",
    "enchant_encampment": "An Encampment protects the lone token in {region}",
    "enchant_water_sea": "{region} is a sea: only a Seafaring race may hold it",
    "enchant_water_lake": "{region} is a lake: only a Seafaring race may hold it",
    "enchant_not_adjacent": "{region} is not adjacent to your {race}",
    "enchant_once": "You already replaced one of {player}'s tokens this turn",
    "enchant_tray_empty": "No {race} token is left in the tray to put in {region}",
    "ghouls_none": "You hold no race with this power",
    "ghouls_active": "Your {race} are Active: they conquer as usual with conquer",
    "ghouls_when": "In Decline {race} conquer at the start of your turn, before any conquest "
                   "by your Active race",
    "ghouls_done": "Your In Decline {race} made their final conquest this turn",
    "ghouls_no_hand": "Your In Decline {race} have no token in hand",
    "ghouls_needs": "Needs {cost} tokens, your In Decline {race} have {hand}",
    "ghouls_needs_one": "Needs {cost} token, your In Decline {race} have {hand}",
    "berserk_pay": "You already rolled the die for this conquest: choose a region you can now pay for",
    "berserk_only_active": "Only an Active race with this power may roll before a conquest",
    "berserk_rolled": "You already rolled the die: conquer a region with it first",
    "heroes_only_active": "Only an Active race with this power has Heroes",
    "heroes_when": "Heroes are placed during your turn, after you pick a race",
    "heroes_own": "Heroes go only in regions your {race} hold, not in {region}",
    "heroes_distinct": "Each Hero goes in a different region",
    "heroes_all": "Place all your Heroes: {count} of them, each in a different region",
    "encampments_only_active": "Only an Active race with this power has Encampments",
    "encampments_when": "Encampments are placed during your turn, after you pick a race",
    "encampments_own": "You can put Encampments only in regions your {race} hold, not in {region}",
    "encampments_whole": "Encampment numbers are whole numbers of 0 or more",
    "encampments_count": "You have {count} Encampments, not {given}",
    # -- words used inside other sentences ---------------------------------------------------
    "word_race": "race",
    "word_power": "power",
    "word_none": "none",
    "kind_bool": "true or false",
    "kind_int": "a whole number",
    "kind_word": "a word",
    "kind_list": "a list, e.g. [hill, farmland]",
    "setup_in_decline": "In Decline",
    "setup_active": "Active",
    # -- effect parameters in content files (ParamError) -------------------------------------
    "param_unknown": "unknown parameter {param!r} for effect {effect!r}; known parameters: {known}, in_decline",
    "param_kind": "parameter {param!r} of effect {effect!r} must be {want}, not {value!r}",
    "param_caverns_feature": "effect 'caverns_adjacent' takes 'feature': mine, magic or cavern",
    "immune_marker": "{region} is immune: a {power} marker guards it",
    "must_attack_first": "{player}'s taunt: you must conquer {region} (or another region they name that you can take) before any other",
    "immune_race": "{region} is immune: the {race} there cannot be touched",
    "price_to_conquer": "Conquering {region} costs {coins} coins paid to its holder, and you have fewer",
    "replace_fails": "{region} cannot be conquered: the {race} there make the conquest fail",
    "replace_fails_own": "You cannot conquer {region}: your {race} make that conquest fail",
    "replace_price": "Conquering {region} costs you {coins} coins, and you have fewer",
    "redeploy_keep_least": "This race keeps at least {least} tokens in each region",
    "no_redeploy_race": "The {race} never redeploy: their tokens stay where they conquered",
    "abandoned_this_turn": "You abandoned {region} this turn and may not conquer it again before your next turn",
    "second_round_after_conquest": "The second round of conquests comes after at least one conquest",
    "once_per_turn": "{effect} can be used once per turn",
    "discount_bought": "You already paid for this conquest's discount",
    "settle_roll_first": "The die is rolled: pay for the discount now or roll again, as offered, or keep the roll as it fell",
    "no_roll_waiting": "No die is waiting for a choice",
    "no_rerolls_left": "No re-roll is left this turn",
    "needs_coins": "Needs {coins} coins, you have {have}",
    "no_marker_left": "{effect}: no marker left to spend",
    "frozen_marker": "{region} is frozen: a {power} marker holds it",
    "frozen_no_abandon": "{region} cannot be abandoned: a {power} marker freezes it",
    "frozen_tokens_stay": "{region} is frozen: its {tokens} tokens stay there",
    "marker_pool_not_there": "{effect}: a marker cannot go on {region}",
    "marker_pool_needs_region": "{effect}: name the region the marker goes on",
    "marker_pool_no_region": "{effect}: this marker is spent, not put on a region",
    "column_marker_when": "{effect}: markers go on the column during your turn, after your pick",
    "column_marker_no_combo": "{effect}: no combo of {choice} in the column; there are: {known}",
    "marker_moves_when": "{effect}: the {marker} markers are not moved now",
    "marker_moves_own": "{effect}: {region} is not one of your Active race's regions",
    "marker_moves_none": "{effect}: {region} holds no {marker} marker",
    "marker_moves_not_there": "{effect}: a marker cannot go to {region}",
    "clear_region_when": "{effect} is used after your redeployment, at the end of your turn",
    "marker_own_region": "Your {race} put their markers only in their own regions",
    "marker_here_already": "{region} already holds a marker of your {race}",
    "marker_supply_out": "Your {race} have no marker left to place",
    "tower_own_region": "Your {race} gather in one of their own regions",
    "clear_region_target": "{effect} cannot empty {region}: not a region of the kind it empties",
    "clear_region_near": "{region} is not next to a region of yours that may still send {effect} there",
    "loot_repelled": "{region} repelled you this turn: you may not attack it again before your next turn",
    "borrow_when": "{effect} chooses a power at the start of your turn, before any conquest",
    "borrow_not_in_column": "{power} is not a power in the column",
    "borrow_not_race_column": "{race} is not a race in the column",
    "borrow_not_power_board": "{power} is not the power of another player's Active race on the board",
    "borrow_not_race_board": "{race} is not another player's race on the board",
    "borrow_not_power_neighbours": "{power} is not the power of another player's Active race next to your regions",
    "borrow_not_race_neighbours": "{race} is not another player's race next to your regions",
    "stack_marker_none": "{effect}: no stack worth anything is left to join this conquest",
    "param_where_shape": "effect '{effect}': 'where' takes a mapping such as {{terrains: [forest]}}",
    "param_where_key": "effect '{effect}': unknown key '{key}' in 'where'; known keys: {known}",
    "param_where_value": "effect '{effect}': 'where' {key} cannot be {value!r}; give {want}",
    "param_where_shape_of": "effect '{effect}': '{param}' takes a mapping such as {{terrains: [forest]}}, "
                            "not {value!r}",
    "param_where_unknown": "effect '{effect}': '{param}' has no key {key!r}{hint}; accepted keys: {known}",
    "param_where_word": "effect '{effect}': '{param}' {key} cannot be {value!r}{hint}; accepted: {known}",
    "param_where_false_use": "effect '{effect}': '{param}' {key}: false says nothing and would be ignored; "
                             "write {other}: true",
    "param_where_false_drop": "effect '{effect}': '{param}' {key}: false says nothing and would be ignored; "
                              "leave it out",
    "param_word": "effect '{effect}': '{param}' cannot be {value!r}{hint}; accepted: {known}",
    "param_only_with": "effect '{effect}': '{param}' does nothing unless {other} is {values}; remove it, or "
                       "set {other}: {first}",
    "param_decline_ignored": "effect '{effect}': {flag}: true does nothing for it, since none of what it "
                             "does happens while its race is In Decline; remove {flag}",
    "param_decline_both": "effect '{effect}': in_decline and only_in_decline are given together; keep "
                          "in_decline: true to work Active and In Decline, or only_in_decline: true to work "
                          "In Decline alone",
    "param_idle_value": "effect '{effect}': '{param}' {value} means it can never act; give 1 or more, or "
                        "leave the effect out",
    "param_idle_empty": "effect '{effect}': '{param}' is empty, so it can never act; name at least one "
                        "({known})",
    "param_idle_unnamed": "effect '{effect}': '{param}' is empty and names no marker; give the marker a name",
    "param_occupant_never": "effect '{effect}': '{param}' looks at the race's own regions, which are never "
                            "{value!r}; use in_decline (with in_decline: true) or the race's own id, or "
                            "remove occupant",
    "param_occupant_active_only": "effect '{effect}': '{param}' occupant in_decline never holds for a race's "
                                  "own regions while it is Active, and the effect works only then; add "
                                  "in_decline: true, or remove occupant",
    "param_occupant_other_race": "effect '{effect}': '{param}' looks at the race's own regions, which race "
                                 "{race!r} never holds; use {own!r}, or remove occupant",
    "param_regions_idle": "effect '{effect}': amount 0 and otherwise 0 change no region's coins; give "
                          "amount 1 or more, or otherwise -1 with a 'where'",
    "param_regions_otherwise": "effect '{effect}': with no 'where' every region takes 'amount', so "
                               "'otherwise' never applies; give a 'where', or write amount: {otherwise} "
                               "for every region",
    "param_all_zero": "effect '{effect}': {params} are all 0, so it can never act; give one of them 1 or more",
    "content_marker_unplaced": "{where}: {kind} {id!r}: effect {effect!r} acts on the {marker!r} marker, "
                               "which {placer}; {fix}",
    "content_marker_twice": "{where}: {kind} {id!r}: the marker {marker!r} is already placed by {other!r}; "
                            "give this one another name",
    "marker_not_by_entry": "no effect of this {kind} places",
    "marker_not_by_any": "no race or power places",
    "marker_fix_entry": "add the block that places it to the same {kind}, or name a marker it places",
    "marker_fix_any": "name a marker some race or power places ({known})",
    "param_occupant_race": "effect '{effect}': '{param}' occupant cannot be {value!r}{hint}; accepted: "
                           "empty, lost_tribe, active, in_decline, opponent or a race id ({races})",
    "param_at_least_one": "effect '{effect}': '{param}' is {value}; give 1 or more",
    "param_defence_occupant": "effect '{effect}': with side: defence the region is the race's own, so 'where' "
                              "occupant says nothing; remove occupant",
    "param_when": "effect '{effect}': 'when' cannot be {value!r}; known: {known}",
    "param_min_max": "effect '{effect}': 'min' is 1 or more and 'max' is 0 (no limit) or at least 'min'",
    "param_score_floor": "effect '{effect}': a region scores at least 0, so 'amount' and 'otherwise' are -1 or more",
    "trigger_do_empty": "effect '{effect}': 'do' lists no action, so it would never act; give one, such as "
                        "[{{coins: {{amount: 1}}}}]",
    "trigger_do_shape": "effect '{effect}': each action of 'do' is one verb with its parameters, such as "
                        "{{coins: {{amount: 1}}}}, not {value!r}; verbs: {known}",
    "trigger_verb_param": "effect '{effect}': {verb} has no parameter {param!r}; accepted: {known}",
    "trigger_verb_word": "effect '{effect}': {verb} '{param}' cannot be {value!r}; accepted: {known}",
    "trigger_coins_same": "effect '{effect}': coins from {who} to {other} never move; name two different sides",
    "trigger_not_a_party": "effect '{effect}': {verb} '{param}' names {value}, who has no part in {event}; "
                           "its parties: {known} (or me, each_opponent, neighbours)",
    "trigger_coins_many": "effect '{effect}': coins from {who} to {other} name several players on both sides; "
                          "name one side as me, a party or the bank",
    "trigger_tokens_route": "effect '{effect}': tokens from {source} cannot go to {to}; from tray goes to hand, "
                            "from hand or region to tray or out",
    "trigger_needs_region": "effect '{effect}': {word} reads the event's region, and {event} has none; "
                            "events with a region: {known}",
    "trigger_whose_event": "effect '{effect}': {event} is never heard by {whose}; accepted: {known}",
    "trigger_if_shape": "effect '{effect}': 'if' is a mapping of conditions, such as {{coins: {{at_least: 2}}}}, "
                        "not {value!r}; conditions: {known}",
    "trigger_if_word": "effect '{effect}': 'if' has no condition {value!r}{hint}; known: {known}",
    "trigger_if_event": "effect '{effect}': the condition {word} is about {known} only, not {event}",
    "trigger_if_other": "effect '{effect}': {word} asks about the other side, and {event} heard on this side has "
                        "none; use whose: anyone, or an event with two sides (region_conquered, tokens_lost)",
    "trigger_if_names": "effect '{effect}': {word} names a race, power or marker, not {value!r}",
    "trigger_if_count": "effect '{effect}': {word} is a number (0 or more) or {{at_least: N, at_most: M}}, "
                        "not {value!r}",
    "trigger_if_never": "effect '{effect}': {word} {value!r} can never hold; the die shows 0 to 3, and "
                        "at_least is at most at_most",
    "trigger_if_always": "effect '{effect}': {word} {value!r} always holds; give at_least 1 or more, or at_most",
    "trigger_marker_one": "effect '{effect}': marker names one marker to place or to remove, such as "
                          "{{marker: {{place: snare}}}}; give place or remove, not both",
    "trigger_roll_shape": "effect '{effect}': roll is {{results: {{FACE: [ACTIONS], ...}}}} with faces 0 to 3, "
                          "not {value!r}",
    "trigger_roll_face": "effect '{effect}': the reinforcement die has no face {value!r}; its faces: 0, 1, 2, 3",
    "trigger_ask_shape": "effect '{effect}': ask is {{choices: [{{label: L, do: [ACTIONS]}}, ...]}} with two "
                         "choices or more, each label given once (do: [] chooses nothing); not {value!r}",
    "trigger_ask_last": "effect '{effect}': ask comes last in its list of actions; put what follows the choice "
                        "in each choice's do",
    "trigger_ask_declined": "effect '{effect}': a question asked as your race goes into decline is never "
                            "answered, since the race's effects stop working; add in_decline: true, or use "
                            "another event",
    "trigger_ask_choice": "There is no choice {value!r} now; the choices: {known}",
    "trigger_defender_occupant": "effect '{effect}': with whose: defender the region was yours, so 'where' "
                                 "occupant says nothing; remove it",
    "param_choice": "effect '{effect}': '{param}' cannot be {value!r}; known: {known}",
    "lasting_by_to": "effect '{effect}': give 'by' (a change) or 'to' (a value) for {change}, one of them",
    "lasting_value": "effect '{effect}': {change} '{param}' {value} can never act; give {want}",
    "lasting_want_nonzero": "a whole number other than 0, {least} or more",
    "lasting_want_at_least": "a whole number, {least} or more",
    "lasting_want_not": "a whole number, {least} or more, other than {rule} (the rule's own)",
    "lasting_want_strength": "a whole number or a fraction such as 1/2, above 0 and other than 1",
    "lasting_only": "effect '{effect}': {change} is changed only with '{only}'; write {only}: N",
    "lasting_for": "effect '{effect}': 'for: attacker' changes only conquest_price 'by' a number (what an "
                   "opponent pays for your regions), not {change}; remove it",
    "lasting_while_shape": "effect '{effect}': 'while' is a mapping of conditions ({known}), not {value!r}",
    "lasting_while_unknown": "effect '{effect}': 'while' has no condition {key!r}{hint}; known: {known}",
    "lasting_no_where": "effect '{effect}': {change} is not asked about a region, so 'where' is never read; "
                        "remove it",
    "lasting_no_position": "effect '{effect}': {change} is read once for all the game, so 'while' {key} is never "
                           "read; remove it",
    "lasting_occupant": "effect '{effect}': the region {change} is asked about is your own, so 'where' occupant "
                        "says nothing; remove it",
    "lasting_where_never": "effect '{effect}': 'while' where names {what} and leaves it out, so it can never hold",
    "lasting_count": "effect '{effect}': 'while' {key} takes at_least and/or at_most, each a whole number 0 or "
                     "more, not {value!r}",
    "lasting_count_never": "effect '{effect}': 'while' {key} at_least {least} is more than at_most {most}, so it "
                           "can never hold",
    "lasting_count_always": "effect '{effect}': 'while' {key} with at_least 0 always holds; give at_least 1 or "
                            "more, or at_most, or remove it",
    "lasting_then": "effect '{effect}': {change} is never paid as a conquest's price is, so 'then' would never "
                    "act; 'then' is for conquest_price",
    "param_payer_payee": "effect '{effect}': payer and payee differ, and 'required' needs payer attacker and payee holder",
    "replace_event": "effect '{effect}': instead_of {value!r} is not an event a replacement takes{hint}; built: {known} (designed, not built yet: {later})",
    "replace_end": "effect '{effect}': a replacement of region_conquered ends with conquer or fail, one of them and last (found: {value}); such as [{{coins: {{amount: 1, from: attacker, to: me, required: true}}}}, conquer]",
    "replace_fail_alone": "effect '{effect}': with fail the conquest is refused before it is tried, so the actions before it never happen; remove them, or end with conquer",
    "replace_conquer_alone": "effect '{effect}': do: [conquer] lets the conquest go on as the rules say, so it never acts; put an action before conquer, or write fail",
    "replace_tokens_of": "effect '{effect}': the tokens lost are the defender's; with whose: attacker write of: defender",
    "replace_tokens_twice": "effect '{effect}': one tokens action says how many the defender loses; give one",
    "replace_required_event": "effect '{effect}': 'required' refuses a conquest the payer cannot pay, so it belongs to a replacement of region_conquered; remove it",
    "replace_required_payer": "effect '{effect}': required coins are paid by the one who conquers; write {fix}",
    "replace_if_key": "effect '{effect}': 'if' has no condition {key!r}{hint}; known: {known}",
    "replace_occupant": "effect '{effect}': a replacement's 'where' is read of the event's region, held by a side of the fight; remove 'occupant' (other_in_decline says whether the defender is In Decline)",
    "replace_other_side": "effect '{effect}': other_in_decline is said of the defender's race, so it needs whose: attacker",
    "replace_side": "effect '{effect}': {event} is heard by {sides}; write whose: {sides}",
    "replace_scored": "effect '{effect}': a region's coin is replaced by one coins action from the bank to you, of 0 coins ([]) or 2 or more: write do: [] or [{{coins: {{amount: 2}}}}]",
    # -- the catalog of races and powers (CatalogError) --------------------------------------
    "catalog_effect_shape": "{kind} {id!r}: each effect is a name or {{name: {{parameters}}}}, not {value!r}",
    "catalog_effect_error": "{kind} {id!r}: {error}",
    "catalog_id_sign": "{id!r} may not contain {sign!r} (it joins a race's badge to a borrowed ability); rename it",
    "catalog_race_is_power": "race {id!r} has the same id as a power; rename one of them",
    "catalog_power_is_race": "power {id!r} has the same id as a race; rename one of them",
    # -- any file read within bounds (game.content.bounded) ----------------------------------
    "file_not_regular": "{path}: {what}, not a plain file; check the path of the {kind}",
    "file_too_big": "{path}: {size}, more than a {kind} may be ({limit}); use a smaller file",
    "file_too_deep": "{path}: nested more than {limit} levels deep, more than a {kind} may be; flatten it",
    "file_too_many_aliases": "{path}: more than {limit} YAML aliases (*name), more than a {kind} may use; "
                             "write the entries out in full",
    "file_too_many_values": "{path}: more than {limit} values once its aliases are expanded, more than a {kind} "
                            "may hold; write fewer entries",
    "file_p_not_regular": "{what}, not a plain file",
    "file_p_too_big": "{size}, more than the {limit} it may be",
    "file_p_too_deep": "nested more than {limit} levels deep",
    "word_file_content": "content file",
    "word_file_scenario": "scenario file",
    "word_file_strings": "strings file",
    "word_file_settings": "settings file",
    "word_file_save": "saved game",
    "word_file_map": "map",
    "word_file_template": "Tiled template",
    "word_file_image": "picture",
    "word_file_lab": "lab results file",
    "word_file_score": "music score",
    "word_is_folder": "a folder",
    "word_is_pipe": "a pipe",
    "word_is_device": "a device",
    "word_is_socket": "a socket",
    "word_is_other": "something else",
    # -- content files (ContentError) --------------------------------------------------------
    "content_unreadable": "{path}: cannot read the file ({error}); check the path",
    "content_bad_yaml": "{path}{where}: not valid YAML ({problem}); check indentation and colons",
    "content_not_mapping": "{where}: '{section}' must map ids to definitions, e.g. gnomes: {{tokens: 5, ...}}",
    "content_entry_not_mapping": "{where}: {kind} {id!r} must be a mapping with tokens, name, text, effects",
    "content_unknown_key": "{where}: unknown key {key!r} for {kind} {id!r}{hint}; known keys: {known}",
    "content_tokens": "{where}: {kind} {id!r} needs 'tokens', a whole number of 0 or more",
    "content_box": "{where}: race {id!r}: 'box' must be a whole number at least its banner tokens ({tokens})",
    "content_effects_list": "{where}: {kind} {id!r}: 'effects' must be a list, e.g. [coins_for_regions]",
    "content_params_mapping": "{where}: parameters of effect {effect!r} for {kind} {id!r} must be a "
                              "mapping, e.g. {{amount: 1}}",
    "content_effect_shape": "{where}: effect of {kind} {id!r} must be a name or {{name: {{parameters}}}}",
    "content_renamed_effect": "{where}: {kind} {id!r}: the effect {effect!r} is now written {new}",
    "content_designed_effect": "{where}: {kind} {id!r}: {effect!r} belongs to the rule language, which is designed"
                               " but not built yet (docs/custom-races.md, \"The rule language\"); say it with the"
                               " building blocks listed there for now",
    "content_unknown_effect": "{where}: unknown effect {effect!r} for {kind} {id!r}{hint}; known effects: {known}",
    "content_effect_error": "{where}: {kind} {id!r}: {error}",
    "content_no_sections": "{path}:1: a content file has a 'races:' and/or a 'powers:' section",
    "content_unknown_section": "{where}: unknown section {section!r}{hint}; use 'races:' and 'powers:'",
    "content_same_id": "{where}: {kind} {id!r} has the same id as a {other}; rename one of them",
    "content_pictures_shape": "{where}: {kind} {id!r}: 'pictures' names each marker's picture, e.g. "
                              "{{snow: pictures/snow.png}}",
    "content_picture_missing": "{where}: {kind} {id!r}: the picture {file!r} of marker {marker!r} is not "
                               "there; give its path from the content file's folder",
    "content_picture_not_png": "{where}: {kind} {id!r}: the picture {file!r} of marker {marker!r} is not a "
                               "PNG; save it as PNG",
    "did_you_mean": " (did you mean {name!r}?)",
    "content_not_utf8": "{where}: the file is not UTF-8 text (byte {byte}); save it as UTF-8 in your editor",
    "content_bool_key": "{where}: YAML reads the key {key} as true or false, not as the word; quote it: '{key}'",
    "content_duplicate_key": "{where}: {key!r} is given twice (first at line {first}); YAML keeps only the last one, so keep one",
    "content_unknown_param": "{where}: {kind} {id!r}: unknown parameter {param!r} for effect {effect!r}{hint}; known parameters: {known}",
    "content_flag": "{where}: {kind} {id!r}: {param!r} of effect {effect!r} must be true or false, not {value!r}",
    "content_flag_entry": "{where}: {kind} {id!r}: {key!r} must be true or false, not {value!r}",
    "content_amount_absurd": "{where}: {kind} {id!r}: {param!r} of effect {effect!r} is {value}; use a number from -{limit} to {limit}",
    "content_amount_negative": "{where}: {kind} {id!r}: {param!r} of effect {effect!r} cannot be negative ({value}); use 0 or more",
    "content_tokens_absurd": "{where}: {kind} {id!r} has {value} tokens; a banner or badge has at most {limit}",
    "content_box_absurd": "{where}: race {id!r}: 'box' is {value}; the box holds at most {limit} tokens of a race",
    "content_not_text": "{where}: {kind} {id!r}: {key!r} must be text",
    "content_words": "{where}: {kind} {id!r}: {key!r} must give a text for each language code ({langs}), as in 'fr: ...'",
    "content_art": "{where}: {kind} {id!r}: 'art' {path!r} {problem}; give a square PNG of 32 to 1024 pixels or a square SVG picture beside the file, or leave 'art' out for a drawn emblem",
    "art_missing": "is not there",
    "art_not_png": "is not a PNG picture",
    "art_not_svg": "is not an SVG picture the game can read ({detail})",
    "art_size": "is {width}x{height} pixels",
    "content_shadows_base": "{where}: {kind} {id!r} already exists in the base game; add 'replaces: true' to replace it, or give yours another id",
    "content_replaces_nothing": "{where}: {kind} {id!r} says 'replaces: true', but the base game has no {kind} {id!r}{hint}",
    "content_name_like_base": "{where}: {kind} {id!r} is named {name!r} like the base {kind} {base!r}; choose another name, or use the id {base!r} with 'replaces: true'",
    "content_effect_twice": "{where}: {kind} {id!r} lists effect {effect!r} twice (first at line {first}); list it once",
    "content_id_twice": "{where}: {kind} {id!r} is given twice (first at {first}); keep one, or give the other another id",
    # -- boards (BoardError) -----------------------------------------------------------------
    "board_turns": "board {board!r}: turns must be a whole number of at least 1, not {value!r}",
    "board_id_twice": "board {board!r}: region id {id!r} is used twice; give each region its own id",
    "board_unknown_terrain": "board {board!r}: region {id!r} has unknown terrain {value!r}; use one of {known}",
    "board_unknown_feature": "board {board!r}: region {id!r} has unknown feature {value!r}; use one of {known}",
    "board_unknown_adjacent": "board {board!r}: adjacency names unknown region {id!r}",
    "board_region_needs": "board {board!r}: region #{index} needs at least an id and a terrain",
    "board_unknown_key": "board {board!r}: region {id!r} has unknown key {key!r}; known keys: {known}",
    # -- Tiled maps (MapError) ---------------------------------------------------------------
    "map_no_map_for": "no map for {players} players; shipped maps are for {low} to {high} players",
    "map_unreadable": "{path}: cannot be read",
    "map_and_more": "{first} (and {more} more: python -m game.maps check {path})",
    "map_no_file": "{path}: no such map file; check the path",
    "map_unreadable_file": "{path}: cannot be read ({error}); check the file's permissions",
    "map_json": "{path}: a Tiled JSON map; the game reads TMX maps: in Tiled use File > Save As, "
                "choose \"Tiled map files (*.tmx)\" and open the .tmx file",
    "map_not_a_map": "{path}: a Tiled {tag} file, not a map; open the .tmx map itself",
    "map_reserved_property": "{where}: property {key!r} has the name of one of Tiled's own fields; "
                             "rename or remove it",
    "map_template_missing": "{where}: its template {source!r} cannot be read; put the template back "
                            "or detach the object from it in Tiled",
    "map_old_names": "{path}: regions keep their id and name in properties called id and name (the old "
                     "way, still read); put the id in each object's Name and rename name to label",
    "map_bad_players": "{path}: map property players={value!r} is not 2 to 5; set players (int) to the "
                       "player count the map is for, or remove it",
    "map_wrong_players": "{path}: the map is for {players} players, not {count}; choose {players} players "
                         "or another map",
    "map_overlap": "{path}: {first} and {second} overlap around ({x}, {y}); move their points so they "
                   "only share a border",
    "map_overlap_inside": "{path}: {first} and {second} overlap around ({x}, {y}): {inner} lies inside "
                          "{outer}, and a region cannot have a hole; cut the outline of {outer} around "
                          "{inner} (or split {outer} in two along it) so they only share a border",
    "map_near_miss": "{path}: {first} and {second} come within {gap} px around ({x}, {y}) without "
                     "touching, so they are not neighbours; snap their edges together, or list the "
                     "other in adjacent if the gap is meant",
    "map_too_many_objects": "{path}: {count} objects, more than a map may hold ({limit}); remove objects in Tiled",
    "map_too_many_points": "{path}: more than {limit} polygon points, more than a map may have; simplify the "
                           "shapes in Tiled",
    "map_too_large": "{path}: {width}x{height} pixels, larger than a map may be ({limit}x{limit}); make it "
                     "smaller in Tiled",
    "map_bad_xml": "{path}: not a readable TMX file (XML error: {error}); open it in Tiled and save it again",
    "map_pytmx": "{path}: pytmx cannot read this map ({error}); open it in Tiled and save it again",
    "map_no_size": "{path}: the map has no size; set its width, height and tile size in Tiled",
    "map_orientation": "{path}: orientation is {value}; use an orthogonal map",
    "map_no_turns": "{path}: no map property turns; add turns (int), e.g. turns=10",
    "map_bad_turns": "{path}: map property turns={value!r} is not a whole number of at least 1; "
                     "set turns (int), e.g. turns=10",
    "map_no_layer": "{path}: no object layer named {layer!r}; add one with a polygon per region",
    "map_empty_layer": "{path}: the {layer!r} layer is empty; draw one polygon per region",
    "map_border_true": "{where}: border=true but the polygon does not reach the edge of the board; check border",
    "map_border_false": "{where}: border=false but the polygon runs along the edge of the board; check border",
    "map_board": "{path}: {error}",
    "map_no_image": "{path}: no image layer with the map picture; add an image layer whose image is "
                    "the PNG drawn by python -m game.maps draw {path}",
    "map_image_missing": "{path}: image layer {layer!r}: picture {source!r} is missing; draw it with "
                         "python -m game.maps draw {path} or fix the image path",
    "map_image_not_png": "{path}: image layer {layer!r}: {source!r} is not a PNG picture; save the map "
                         "picture as PNG",
    "map_image_size": "{path}: the picture is {w}x{h} but the map is {width}x{height} pixels; redraw it "
                      "or resize the map",
    "map_object_label": "object {object} {name!r}",
    "map_where": "{path}: {label}",
    "map_bad_class": "{where}: its type is {value!r}; set its Type (Class in Tiled 1.9) to {cls} or "
                     "move it out of the {layer!r} layer",
    "map_no_id": "{where}: no region id; type one in the object's Name, in lowercase, e.g. greyhill",
    "map_bad_id": "{where}: Name {id!r} is not a plain region id; use lowercase letters, digits and _, "
                  "starting with a letter (the display name goes in label)",
    "map_id_used": "{where}: region id {id!r} is already used by object {other}; give each region its own "
                   "Name",
    "map_no_terrain": "{where}: no terrain property; add terrain={known}",
    "map_unknown_terrain": "{where}: unknown terrain {value!r}; use one of {known}",
    "map_unknown_feature": "{where}: unknown feature {value!r}; features is a comma-separated list of "
                           "{known} (or empty)",
    "map_not_bool": "{where}: {key}={value!r} is not true or false; make {key} a bool property (type=bool)",
    "map_water_tribe": "{where}: a lost tribe on {terrain}; set lost_tribe=false or change the terrain",
    "map_water_feature": "{where}: feature {value} on {terrain}; clear features or change the terrain",
    "map_not_polygon": "{where}: is not a polygon; draw the region with Tiled's polygon tool",
    "map_open_polygon": "{where}: the polygon is open (a polyline); close it by drawing it with the "
                        "polygon tool",
    "map_crossing": "{where}: the polygon crosses or touches itself near ({x}, {y}); move its points so "
                    "no two edges meet",
    "map_no_area": "{where}: the polygon has no area; a region needs at least 3 points that are not on "
                   "one line",
    "map_off_board": "{where}: point ({x}, {y}) is off the board ({width}x{height}); keep regions inside "
                     "the map",
    "map_bad_adjacent": "{where}: adjacent names {id!r}, which is no region; use the id of another region",
    "map_lonely": "{where}: touches no other region; make it share an edge with a neighbour or list one "
                  "in its adjacent property",
    "map_apart": "{path}: the board falls apart in {pieces} pieces: {small} cannot be reached from "
                 "{start}; join them with a shared edge or an adjacent property",
    "map_skipped_whole": "{path}: regions without neighbours and a board in pieces were not looked for: "
                         "{count} region objects have no usable id or shape; fix those errors and "
                         "check again",
    "map_skipped_whole_one": "{path}: regions without neighbours and a board in pieces were not looked "
                             "for: 1 region object has no usable id or shape; fix that error and "
                             "check again",
    "map_skipped_apart": "{path}: whether the board falls apart in pieces was not checked while "
                         "regions overlap; fix the overlaps and check again",
    # -- the map checker's patterns (game.maps) ----------------------------------------------
    "pattern_water_feature": "{id} is {terrain} with a feature",
    "pattern_water_tribe": "{id} is {terrain} with a lost tribe",
    "pattern_mountain_tribe": "{id} is a mountain with a lost tribe",
    "pattern_cavern_mine": "{count} mountains carry both a cavern and a mine (want exactly 1)",
    "pattern_tribe_features": "only {count} of {total} lost-tribe regions carry a feature (want at least a third)",
    # -- saves (SaveError) and replays -------------------------------------------------------
    "settings_kept_aside": "{problem}; it was moved aside as {kept}, and the game starts with its "
                           "default settings",
    "settings_ignored": "{problem}; it could not be moved aside, so the game uses its default settings "
                        "and leaves the file alone",
    "settings_p_not_json": "{path}: not a settings file (damaged, or not JSON)",
    "save_unreadable": "{path}: cannot be read ({error}); start a new game",
    "save_damaged": "{path}: the saved game is damaged (not valid JSON); it was kept, start a new game",
    "save_version": "{path}: not a saved game of this version; it was kept, start a new game",
    "save_no_replay": "{path}: the saved game does not replay ({error}); it was kept, start a new game",
    "save_differs": "{path}: the saved game replays to a different position (were the map or content "
                    "files changed?); it was kept, start a new game",
    "save_p_not_game": "the file does not hold a saved game",
    "save_p_setup": "'setup' is missing",
    "save_p_players": "a game has 2 to 5 players",
    "save_p_player": "player {n} is not a player with a name and a colour",
    "save_p_level": "player {n} is a computer player of a level this version does not know: {value!r}",
    "save_p_names": "two players have the same name",
    "save_p_seed": "the seed is not a whole number",
    "save_p_board": "the save names no map, or its board is not a board",
    "save_p_content": "'content' is not a list of files",
    "save_p_moves": "'records' is not a list of moves",
    "save_p_move": "move {n} is not a move of this game",
    "save_p_die": "move {n} records a die face the die does not have",
    "save_p_undo": "'undo_floor' is not a move of the game",
    "save_p_state": "'state' is not a position",
    "save_p_lesson": "'lesson' is not a step of the first-game lesson",
    "save_p_replay": "its moves are not moves of a game",
    "save_p_reader": "the file could not be read ({error})",
    "save_shape": "{path}: the saved game is damaged ({problem}); it was kept, start a new game",
    "home_not_folder": "{path} is a file, not a folder: point {hint} at a folder where the game may "
                       "keep its saves",
    "home_not_writable": "{path}: the game cannot write its saves there ({error}); point {hint} at a "
                         "folder you can write to",
    "save_unknown_region": "the saved game names region {id!r}, which the board {board!r} does not have",
    "replay_no_roll": "the record has no die result left to replay",
    "replay_no_shuffle": "the record has no shuffle left to replay",
    "replay_bad_shuffle": "the recorded shuffle does not match the items being shuffled",
    "chance_bad_face": "die face {value!r} does not exist; the faces are 0, 0, 0, 1, 2, 3",
    "chance_no_die": "this intent needs the die: pass a random source to apply()",
    "chance_no_shuffle": "this intent needs a shuffle: pass a random source to apply()",
    # -- players and positions (SetupError) --------------------------------------------------
    "cli_players": "--players {count}: Small World is for 2 to 5 players",
    "cli_seed": "--seed {value}: use a whole number of 0 or more",
    "cli_map_empty": "--map needs a map file, e.g. --map maps/two_players.tmx",
    "cli_preview_map": "--preview shows a map: name it with --map, e.g. --map maps/my_map.tmx --preview",
    "setup_player_count": "Small World is for 2 to 5 players, not {count}",
    "setup_same_names": "two players have the same name; give each player their own name",
    "setup_unknown_race": "{where}: unknown race {value!r}; known races: {known}",
    "setup_unknown_power": "{where}: unknown power {value!r}; known powers: {known}",
    "setup_unknown_key": "{where}: unknown key {key!r}; known keys: {known}",
    "setup_combo": "{where}: a combo needs a race and a power",
    "setup_forced_many": "{count} forced combos: the column holds at most {most}",
    "setup_forced_twice": "forced combos: {value!r} is forced twice; force each race and power once",
    "setup_not_player": "{where}: {value!r} is not one of the players ({known})",
    "setup_two_holders": "setup: the {race} are held by {player} and {player2}; a race banner belongs "
                         "to one player",
    "setup_no_region": "{where}: the board has no region {id!r}",
    "setup_owner": "{where}: owner {value!r} is not one of the players",
    "setup_not_held": "{where}: {player} does not hold the {race}; give them the race under "
                      "setup.players.{player}",
    "setup_decline_mismatch": "{where}: the {race} of {player} are {state}, but the region says otherwise",
    "setup_current": "{where}: {value!r} is not one of the players",
    "setup_min_token": "{where}: a region with a race holds at least 1 token",
    "setup_too_many_tokens": "setup: {count} {race} tokens are in play, but the box holds only {box}",
    "setup_too_many_markers": "setup: {count} {marker} markers on the board; the box has {limit}",
    "setup_in_play": "{where}: the {kind} {value!r} is already in play",
    "setup_round": "setup.round: {round} is not a round of this board (1 to {turns})",
}

#: The labels of `Cost.parts` that are rules words (the others are race or power ids, named
#: like the race or power). The window names them `cost.<label>`.
COST_LABELS: tuple[str, ...] = ("base", "mountain", "troll_lair", "fortress", "encampment",
                                "lost_tribe", "defenders")

#: The `type`s of the events the engine records (`Record.events`), each a dict of ids and
#: numbers; the game log tells them with `log.<type>` (some are silent).
EVENT_TYPES: tuple[str, ...] = ("turn", "pick", "conquer", "reinforce", "dragon", "enchant",
                                "ghouls", "die", "last_attempt", "ally", "heroes", "encampments",
                                "fortress", "lost", "abandon", "redeploy", "bonus_tokens", "decline",
                                "removed", "vanished", "withdraw", "score", "game_over",
                                "lost_tribe_cleared", "coins", "use", "gathered", "repelled",
                                "revived", "given_back", "die_settled", "dwindled",
                                "attacker_lost", "pushed", "pushed_off", "moved_out_of_turn",
                                "stayed_put", "effect_tokens", "trigger_tokens", "marker_placed",
                                "marker_removed", "marker_entered", "rolled")


class Reason(str):
    """A sentence for a player: `str` is the English text; `.key` and `.params` let the window
    say it in another language. A Reason with key "" is a message that was never keyed."""

    key: str
    params: dict[str, Any]

    def __new__(cls, text: str, key: str = "", params: Mapping[str, Any] | None = None) -> "Reason":
        obj = super().__new__(cls, text)
        obj.key = key
        obj.params = dict(params or {})
        return obj

    def __reduce__(self) -> Any:
        return (Reason, (str(self), self.key, self.params))

    def __repr__(self) -> str:
        return f"Reason({self.key!r}, {str(self)!r})"

    def render(self, template_of: Any, value_of: Any = None) -> str:
        """This reason in another language: `template_of(key)` gives the template (None: keep
        the English), `value_of(name, value)` names a parameter (default: `str`). Nested Reasons
        are rendered the same way."""
        template = template_of(self.key) if self.key else None
        if template is None:
            return str(self)
        shown: dict[str, Any] = {}
        for name, value in self.params.items():
            if isinstance(value, Reason):
                shown[name] = value.render(template_of, value_of)
            elif value_of is not None and not isinstance(value, (int, float)):
                shown[name] = value_of(name, value)
            else:
                shown[name] = value
        try:
            return str(template.format(**shown))
        except (KeyError, IndexError, ValueError):
            return str(self)


def _english(name: str, value: Any, ctx: Any) -> Any:
    """How a parameter reads in the English sentence."""
    if isinstance(value, Reason) or ctx is None or not isinstance(value, str):
        return value
    if name.startswith("region"):
        board = getattr(ctx, "board", ctx)
        try:
            return board.region(value).display_name
        except (KeyError, AttributeError):
            return value
    if name.startswith("race") or name.startswith("power"):
        table = getattr(getattr(ctx, "catalog", None), "races" if name.startswith("race") else "powers", None)
        d = table.get(value) if table else None
        return d.name if d is not None else value.replace("_", " ").title()
    return value


#: Reasons without parameters, made once (a Reason is never changed once made)
_PLAIN: dict[str, Reason] = {}


#: the parameters whose English is a name looked up in the context (`_english`)
_NAMED = ("region", "race", "power")


def reason(key: str, ctx: Any = None, /, **params: Any) -> Reason:
    """The Reason `key` with `params`, its text the English template filled in (see module doc).
    (Refusals are made by the thousand while intents are listed: a word or a number, the usual
    parameter, is kept without a call, and `params`, made for this call, becomes the Reason's.)"""
    if not params:
        made = _PLAIN.get(key)
        if made is None:
            made = _PLAIN[key] = Reason(TEMPLATES[key].format(), key, {})
        return made
    template = TEMPLATES[key]
    for k, v in params.items():
        t = type(v)
        if t is str:
            if len(v) > MAX_QUOTED:
                params[k] = _short(v)
        elif t is not int and v is not None:
            params[k] = _short(v)
    shown = params
    if ctx is not None:
        for k, v in params.items():
            if type(v) is str and k.startswith(_NAMED):
                if shown is params:
                    shown = dict(params)
                shown[k] = _english(k, v, ctx)
    text = template.format(**shown)
    obj = str.__new__(Reason, text)
    obj.key, obj.params = key, params
    return obj


#: The longest value a sentence quotes as it is: a value from a file (a name, a path, a level in
#: a hand-edited save) longer than this is quoted as a cut excerpt, never a megabyte of it.
MAX_QUOTED = 240


def _short(value: Any) -> Any:
    """`value`, or a cut excerpt of it when it is too long to quote (the start and the end)."""
    if isinstance(value, Reason) and value.key:
        return value                     # a keyed sentence: its own values were cut when it was made
    if value is None or isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        if len(value) <= MAX_QUOTED:
            return value
        return value[:MAX_QUOTED - 61] + "…" + value[-60:]
    if not isinstance(value, (list, tuple, dict, set, frozenset, bytes)):
        return value
    text = repr(value)
    if len(text) <= MAX_QUOTED:
        return value
    return text[:MAX_QUOTED - 1] + "…"


#: The parameter in which `reason_n` keeps its count, so that the window can choose the form
#: another language takes for it (French says "0 pion", Romanian "20 de jetoane").
COUNT_PARAM = "plural_n"


def reason_n(key: str, n: int, ctx: Any = None, /, **params: Any) -> Reason:
    """`reason` for a sentence about `n` things: `key_one` when n is 1 and it exists. The count
    travels with the Reason (`COUNT_PARAM`) for languages whose forms differ from English."""
    params[COUNT_PARAM] = n
    if n == 1 and f"{key}_one" in TEMPLATES:
        return reason(f"{key}_one", ctx, **params)
    return reason(key, ctx, **params)


def as_reason(x: Any) -> Reason:
    """`x` as a Reason: itself, an exception's keyed reason, or a keyless one for plain text."""
    if isinstance(x, Reason):
        return x
    if isinstance(x, HasReason):
        return x.reason
    return Reason(str(x))


class HasReason:
    """Mixin for exceptions whose first argument is a player's sentence."""

    args: tuple[Any, ...]

    @property
    def reason(self) -> Reason:
        return as_reason(self.args[0] if self.args else "")
