"""Phones at the table: each player may play their own seat from their phone's browser.

The window owns the match; this package only carries words between it and the phones on the home
network, and never imports pygame nor the window. `server` serves the page and its websocket
(aiohttp, on an event loop of its own thread) to the local network only; `codes` makes the seat
codes, fresh for each game; `protocol` reads a phone's message into an intent or a refusal (size,
shape, rate); `views` builds what one seat's phone may see from the engine's state (the player's
own coins, and never another's); `page/` is the page itself, plain HTML, CSS and JavaScript.
The window hands the words of each language in (`views.Words`), so the texts are the game's own,
and the board's colours and pieces' pictures (`game.ui.phone_pictures`), so the board is the table's.
"""
