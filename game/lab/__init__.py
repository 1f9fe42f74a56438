"""The balance lab: `python -m game.lab` plays many bot games and writes a report folder that
tells a playtester how each race, power and combo fares (see docs/balance-lab.md).

- `runner.py` plays the games on all cores and collects one plain record per game;
- `use.py` counts, as each game is played, how often each race's and power's own move was offered
  and taken and how often its effects acted, so that an unused entry is told from a weak one;
- `stats.py` turns the records into tables with 95% confidence intervals;
- `charts.py` draws the PNG charts (pygame-ce, no window);
- `report.py` writes the CSV files, the tables and the one-page summary;
- `versus.py` plays matches between two levels of computer player (`python -m game.lab match`);
- `regret.py` measures Expert's choices against a long look-ahead (`python -m game.lab regret`);
- `__main__.py` reads the command line.

The lab reads the engine and the bots; it changes neither.
"""
