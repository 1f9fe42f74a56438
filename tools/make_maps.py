"""Generate the four shipped Tiled maps (maps/*.tmx) from fixed seeds, reproducibly.

This tool owns the *shape and contents* of the shipped maps, not their pictures (that is
`python -m game.maps draw`). For each player count it scatters seeded points on a 1600x1000 board,
relaxes them (Lloyd), cuts the board into Voronoi cells by clipping the board rectangle with
half-planes (neighbouring cells then share their edges exactly), merges a few edge cells into two
seas and an inner cell into the lake, and tries sea and lake placements until the number of land
regions valid for a first conquest, of coastal regions and the mean degree agree with the
printed maps (`game.maps.PRINTED`). Borders get a seeded wiggle (the same points for both
neighbours), terrains are spread by a small annealing search, features and lost tribes are placed
by the digest's patterns, and the result is written as TMX and checked with the real loader.

    python -m tools.make_maps            # all four maps (from the checkout's top folder)
    python -m tools.make_maps 3          # only the three-player map
    python -m game.maps draw             # then draw the pictures
"""
from __future__ import annotations

import argparse
import math
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence
from xml.sax.saxutils import escape

from game import native

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from game.content import geometry
from game.content.tmx import SHIPPED_MAPS, inspect_map
from game.maps import LAND_TERRAINS, PRINTED, Structure, compare
from game.stopping import run_stoppable

Point = tuple[float, float]
WIDTH, HEIGHT, TILE = 1600, 1000, 50
MIN_EDGE = 16.0            # shorter Voronoi edges are collapsed: those cells meet at a point
ROUGHNESS = 0.22           # border wiggle, as a fraction of each segment's length


@dataclass(frozen=True)
class Spec:
    players: int
    title: str
    seed: int
    sea_cells: tuple[int, int]   # Voronoi cells merged into each sea
    lake_cells: int


SPECS: dict[int, Spec] = {
    2: Spec(2, "The Twin Vales", 2002, (2, 2), 1),
    3: Spec(3, "The Three Marches", 3003, (2, 3), 1),
    4: Spec(4, "The Four Baronies", 4004, (3, 3), 1),
    5: Spec(5, "The Five Crowns", 5005, (3, 3), 1),
}

NAMES: dict[str, list[str]] = {
    "farmland": ["Barleyfold", "Millbrook", "Oatmeadow", "Haywick", "Goldfurrow", "Applegarth",
                 "Ryestead", "Butterdale", "Sheaveton", "Plowmere", "Honeyfield", "Turnipton"],
    "forest": ["Elderwood", "Thornholt", "Mossgrove", "Owlshade", "Fernwood", "Briarwood",
               "Oakhollow", "Pinewatch", "Ashgrove", "Hollywell", "Yewmantle", "Duskwood"],
    "hill": ["Greyhill", "Windknoll", "Barrowdown", "Cairnridge", "Sheepfell", "Rookhill",
             "Tumbledown", "Lowcrest", "Heatherbank", "Gorsebrae", "Foxtor", "Bellknoll"],
    "mountain": ["Ironspire", "Frosthorn", "Skullcrag", "Stormpeak", "Grimtooth", "Highfang",
                 "Cloudhelm", "Emberpeak", "Anvilcrag", "Wolfmaw", "Crowncliff", "Ravenhorn"],
    "swamp": ["Mirefen", "Bogwater", "Slimemarsh", "Toadmoss", "Murkholm", "Reedsump",
              "Gloomfen", "Wetmoss", "Frogmere", "Sulkbog", "Leechpool", "Mistfen"],
    "sea": ["Sea of Gales", "Sunken Sea", "Saltreach", "Whale Deep", "Brinewash", "Grey Sound"],
    "lake": ["Mirrormere", "Glimmerlake", "Stillwater", "Moonpool"],
}

# each name in the game's other languages (written as label_fr, label_ro, label_nl)
NAMES_IN: dict[str, dict[str, str]] = {
    "Barleyfold": {"fr": "Clos-d’Orge", "ro": "Ocolul Orzului", "nl": "Gerstevouw"},
    "Millbrook": {"fr": "Ru-du-Moulin", "ro": "Pârâul Morii", "nl": "Molenbeek"},
    "Oatmeadow": {"fr": "Pré-d’Avoine", "ro": "Lunca Ovăzului", "nl": "Haverweide"},
    "Haywick": {"fr": "Bourg-du-Foin", "ro": "Satul Fânului", "nl": "Hooiwijk"},
    "Goldfurrow": {"fr": "Sillon-d’Or", "ro": "Brazda de Aur", "nl": "Goudvoor"},
    "Applegarth": {"fr": "Verger-aux-Pommes", "ro": "Livada Merilor", "nl": "Appelgaard"},
    "Ryestead": {"fr": "Seiglerie", "ro": "Vatra Secarei", "nl": "Roggestede"},
    "Butterdale": {"fr": "Val-Beurré", "ro": "Valea Untului", "nl": "Boterdal"},
    "Sheaveton": {"fr": "Gerbeville", "ro": "Snopeni", "nl": "Schovendorp"},
    "Plowmere": {"fr": "Mare-aux-Charrues", "ro": "Balta Plugului", "nl": "Ploegmeer"},
    "Honeyfield": {"fr": "Champ-de-Miel", "ro": "Câmpul Mierii", "nl": "Honingveld"},
    "Turnipton": {"fr": "Naveville", "ro": "Napeni", "nl": "Raapdorp"},
    "Elderwood": {"fr": "Bois-Sureau", "ro": "Codrul Socului", "nl": "Vlierwoud"},
    "Thornholt": {"fr": "Bois-d’Épines", "ro": "Crângul Spinilor", "nl": "Doornhout"},
    "Mossgrove": {"fr": "Bosquet-Moussu", "ro": "Dumbrava Mușchiului", "nl": "Mosbosje"},
    "Owlshade": {"fr": "Ombre-aux-Hiboux", "ro": "Umbra Bufnițelor", "nl": "Uilenschaduw"},
    "Fernwood": {"fr": "Bois-Fougère", "ro": "Pădurea Ferigilor", "nl": "Varenwoud"},
    "Briarwood": {"fr": "Bois-Ronce", "ro": "Pădurea Măceșilor", "nl": "Braamwoud"},
    "Oakhollow": {"fr": "Creux-du-Chêne", "ro": "Scorbura Stejarului", "nl": "Eikenhol"},
    "Pinewatch": {"fr": "Guet-des-Pins", "ro": "Straja Pinilor", "nl": "Dennenwacht"},
    "Ashgrove": {"fr": "Frênaie", "ro": "Dumbrava Frasinilor", "nl": "Essenbosje"},
    "Hollywell": {"fr": "Puits-du-Houx", "ro": "Fântâna Ilicelor", "nl": "Hulstbron"},
    "Yewmantle": {"fr": "Manteau-d’If", "ro": "Mantia Tisei", "nl": "Taxusmantel"},
    "Duskwood": {"fr": "Bois-Crépuscule", "ro": "Codrul Amurgului", "nl": "Schemerwoud"},
    "Greyhill": {"fr": "Colline-Grise", "ro": "Dealul Cenușiu", "nl": "Grijsheuvel"},
    "Windknoll": {"fr": "Butte-du-Vent", "ro": "Movila Vântului", "nl": "Windkop"},
    "Barrowdown": {"fr": "Tertre-des-Tombes", "ro": "Dealul Movilelor", "nl": "Grafheuvel"},
    "Cairnridge": {"fr": "Crête-du-Cairn", "ro": "Muchia Bolovanilor", "nl": "Steenmanrug"},
    "Sheepfell": {"fr": "Mont-aux-Moutons", "ro": "Dealul Oilor", "nl": "Schapenberg"},
    "Rookhill": {"fr": "Colline-aux-Freux", "ro": "Dealul Ciorilor", "nl": "Roekenheuvel"},
    "Tumbledown": {"fr": "Dégringolade", "ro": "Prăvălișul", "nl": "Tuimelhelling"},
    "Lowcrest": {"fr": "Basse-Crête", "ro": "Creasta Joasă", "nl": "Laagkam"},
    "Heatherbank": {"fr": "Talus-de-Bruyère", "ro": "Coasta cu Erică", "nl": "Heidehelling"},
    "Gorsebrae": {"fr": "Coteau-des-Ajoncs", "ro": "Coasta Grozamei", "nl": "Bremhelling"},
    "Foxtor": {"fr": "Roc-du-Renard", "ro": "Stânca Vulpii", "nl": "Vossenrots"},
    "Bellknoll": {"fr": "Butte-aux-Cloches", "ro": "Movila Clopotului", "nl": "Klokkenkop"},
    "Ironspire": {"fr": "Flèche-de-Fer", "ro": "Turnul de Fier", "nl": "IJzerspits"},
    "Frosthorn": {"fr": "Corne-de-Givre", "ro": "Cornul Brumei", "nl": "Vorsthoorn"},
    "Skullcrag": {"fr": "Roc-du-Crâne", "ro": "Colțul Craniului", "nl": "Schedelrots"},
    "Stormpeak": {"fr": "Pic-des-Tempêtes", "ro": "Vârful Furtunii", "nl": "Stormpiek"},
    "Grimtooth": {"fr": "Dent-Sinistre", "ro": "Colțul Sumbru", "nl": "Grimmetand"},
    "Highfang": {"fr": "Haut-Croc", "ro": "Colțul Înalt", "nl": "Hoogtand"},
    "Cloudhelm": {"fr": "Heaume-des-Nuées", "ro": "Coiful Norilor", "nl": "Wolkenhelm"},
    "Emberpeak": {"fr": "Pic-de-Braise", "ro": "Vârful Jarului", "nl": "Sintelpiek"},
    "Anvilcrag": {"fr": "Roc-Enclume", "ro": "Stânca Nicovalei", "nl": "Aambeeldrots"},
    "Wolfmaw": {"fr": "Gueule-du-Loup", "ro": "Gura Lupului", "nl": "Wolfsmuil"},
    "Crowncliff": {"fr": "Falaise-Couronne", "ro": "Stânca Coroanei", "nl": "Kroonklif"},
    "Ravenhorn": {"fr": "Corne-du-Corbeau", "ro": "Cornul Corbului", "nl": "Ravenhoorn"},
    "Mirefen": {"fr": "Fange-Marais", "ro": "Mlaștina Noroiului", "nl": "Slijkveen"},
    "Bogwater": {"fr": "Eau-de-Tourbe", "ro": "Apa Smârcului", "nl": "Veenwater"},
    "Slimemarsh": {"fr": "Marais-Visqueux", "ro": "Smârcul Mâzgos", "nl": "Slijmmoeras"},
    "Toadmoss": {"fr": "Mousse-aux-Crapauds", "ro": "Mușchiul Broaștelor", "nl": "Paddenmos"},
    "Murkholm": {"fr": "Îlot-Trouble", "ro": "Ostrovul Tulbure", "nl": "Duisterholm"},
    "Reedsump": {"fr": "Puisard-aux-Roseaux", "ro": "Groapa Trestiilor", "nl": "Rietput"},
    "Gloomfen": {"fr": "Marais-Lugubre", "ro": "Mlaștina Mohorâtă", "nl": "Somberveen"},
    "Wetmoss": {"fr": "Mousse-Humide", "ro": "Mușchiul Ud", "nl": "Natmos"},
    "Frogmere": {"fr": "Mare-aux-Grenouilles", "ro": "Lacul Broaștelor", "nl": "Kikkermeer"},
    "Sulkbog": {"fr": "Tourbière-Boudeuse", "ro": "Smârcul Posac", "nl": "Mokveen"},
    "Leechpool": {"fr": "Mare-aux-Sangsues", "ro": "Balta Lipitorilor", "nl": "Bloedzuigerpoel"},
    "Mistfen": {"fr": "Marais-des-Brumes", "ro": "Mlaștina Cețurilor", "nl": "Nevelveen"},
    "Sea of Gales": {"fr": "Mer des Bourrasques", "ro": "Marea Vijeliilor", "nl": "Stormwindzee"},
    "Sunken Sea": {"fr": "Mer Engloutie", "ro": "Marea Scufundată", "nl": "Verzonken Zee"},
    "Saltreach": {"fr": "Étendue Salée", "ro": "Întinderea Sărată", "nl": "Zoutwijdte"},
    "Whale Deep": {"fr": "Fosse-aux-Baleines", "ro": "Adâncul Balenelor", "nl": "Walvisdiep"},
    "Brinewash": {"fr": "Flot-Saumâtre", "ro": "Valul Sărat", "nl": "Pekelspoel"},
    "Grey Sound": {"fr": "Détroit Gris", "ro": "Strâmtoarea Cenușie", "nl": "Grijze Sont"},
    "Mirrormere": {"fr": "Lac-Miroir", "ro": "Lacul Oglinzii", "nl": "Spiegelmeer"},
    "Glimmerlake": {"fr": "Lac-Scintillant", "ro": "Lacul Sclipitor", "nl": "Glinstermeer"},
    "Stillwater": {"fr": "Eau-Dormante", "ro": "Apa Liniștită", "nl": "Stilwater"},
    "Moonpool": {"fr": "Mare-de-Lune", "ro": "Balta Lunii", "nl": "Maanpoel"},
}

# how likely each feature is on each terrain (relative weights)
FEATURE_WEIGHT: dict[str, dict[str, float]] = {
    "mine": {"mountain": 3, "hill": 3, "forest": 1, "farmland": 0.6, "swamp": 0.6},
    "cavern": {"mountain": 3, "hill": 2, "forest": 1, "swamp": 1, "farmland": 0.5},
    "magic": {"forest": 2, "swamp": 2, "farmland": 1, "hill": 1, "mountain": 0.6},
}


# -- Voronoi cells -------------------------------------------------------------------------------
def _clip(poly: list[Point], nx: float, ny: float, c: float) -> list[Point]:
    """Keep the part of a convex polygon where nx*x + ny*y <= c."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        da = nx * a[0] + ny * a[1] - c
        db = nx * b[0] + ny * b[1] - c
        if da <= 0:
            out.append(a)
        if (da <= 0) != (db <= 0):
            t = da / (da - db)
            out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
    return out


def voronoi(sites: Sequence[Point], w: float, h: float) -> list[list[Point]]:
    """One convex cell per site: the board rectangle cut by the bisectors with nearer sites."""
    cells = []
    for i, (x, y) in enumerate(sites):
        others = sorted(((ox - x) ** 2 + (oy - y) ** 2, j) for j, (ox, oy) in enumerate(sites) if j != i)
        poly: list[Point] = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
        for d2, j in others:
            reach2 = max((px - x) ** 2 + (py - y) ** 2 for px, py in poly)
            if d2 > 4 * reach2:
                break
            ox, oy = sites[j]
            poly = _clip(poly, ox - x, oy - y, (ox * ox + oy * oy - x * x - y * y) / 2)
        cells.append(poly)
    return cells


def relaxed_sites(n: int, rng: random.Random, rounds: int = 5) -> list[Point]:
    """n seeded points, spread by a few rounds of Lloyd relaxation."""
    sites: list[Point] = []
    while len(sites) < n:
        p = (rng.uniform(20, WIDTH - 20), rng.uniform(20, HEIGHT - 20))
        if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 > 60 ** 2 for q in sites):
            sites.append(p)
    for _ in range(rounds):
        sites = [geometry.centroid(c) for c in voronoi(sites, WIDTH, HEIGHT)]
    return sites


class Mesh:
    """Cells as loops of shared vertex indices; vertices on the frame stay on it."""

    def __init__(self, cells: list[list[Point]]):
        self.verts: list[Point] = []
        index: dict[tuple[int, int], int] = {}
        self.cells: list[list[int]] = []
        for cell in cells:
            loop: list[int] = []
            for x, y in cell:
                key = None
                gx, gy = round(x * 4), round(y * 4)
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        k = index.get((gx + dx, gy + dy))
                        if k is not None and abs(self.verts[k][0] - x) < 0.5 and abs(self.verts[k][1] - y) < 0.5:
                            key = k
                if key is None:
                    key = len(self.verts)
                    self.verts.append((x, y))
                    index[(gx, gy)] = key
                if not loop or loop[-1] != key:
                    loop.append(key)
            while len(loop) > 1 and loop[0] == loop[-1]:
                loop.pop()
            self.cells.append(loop)

    @staticmethod
    def _side(p: Point) -> set[str]:
        s = set()
        if p[0] <= 1e-6:
            s.add("l")
        if p[0] >= WIDTH - 1e-6:
            s.add("r")
        if p[1] <= 1e-6:
            s.add("t")
        if p[1] >= HEIGHT - 1e-6:
            s.add("b")
        return s

    def collapse_short_edges(self, min_edge: float) -> None:
        parent = list(range(len(self.verts)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for loop in self.cells:
            for a, b in zip(loop, loop[1:] + loop[:1], strict=False):
                (x1, y1), (x2, y2) = self.verts[a], self.verts[b]
                if math.hypot(x2 - x1, y2 - y1) < min_edge:
                    parent[find(a)] = find(b)
        groups: dict[int, list[int]] = {}
        for i in range(len(self.verts)):
            groups.setdefault(find(i), []).append(i)
        new_pos = {}
        for root, members in groups.items():
            pts = [self.verts[m] for m in members]
            sides: set[str] = set()
            for p in pts:
                sides |= self._side(p)
            if len(sides) >= 2:
                x = 0.0 if "l" in sides else WIDTH
                y = 0.0 if "t" in sides else HEIGHT
                pos: Point = (x, y)
            elif sides:
                on = [p for p in pts if self._side(p)]
                pos = (sum(p[0] for p in on) / len(on), sum(p[1] for p in on) / len(on))
            else:
                pos = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
            new_pos[root] = (float(round(pos[0])), float(round(pos[1])))
        self.verts = [new_pos[find(i)] for i in range(len(self.verts))]
        cells = []
        for loop in self.cells:
            new: list[int] = []
            for v in loop:
                r = find(v)
                if not new or new[-1] != r:
                    new.append(r)
            while len(new) > 1 and new[0] == new[-1]:
                new.pop()
            cells.append(new)
        self.cells = cells

    def directed_edges(self, loops: Sequence[Sequence[int]]) -> dict[tuple[int, int], int]:
        edges = {}
        for k, loop in enumerate(loops):
            for a, b in zip(loop, list(loop[1:]) + [loop[0]], strict=False):
                edges[(a, b)] = k
        return edges


def merge_loops(loops: Sequence[Sequence[int]]) -> list[int] | None:
    """The outline of a group of cells (loops of vertex ids), or None if it is not one simple loop."""
    directed = {(a, b) for loop in loops for a, b in zip(loop, list(loop[1:]) + [loop[0]], strict=False)}
    outer = [(a, b) for a, b in directed if (b, a) not in directed]
    nxt: dict[int, int] = {}
    for a, b in outer:
        if a in nxt:
            return None
        nxt[a] = b
    start = outer[0][0]
    loop = [start]
    v = nxt[start]
    while v != start:
        loop.append(v)
        v = nxt[v]
        if len(loop) > len(outer):
            return None
    return loop if len(loop) == len(outer) else None


# -- layout search -------------------------------------------------------------------------------
@dataclass
class Layout:
    mesh: Mesh
    loops: list[list[int]]        # one vertex loop per region
    water: dict[int, str]         # region index -> "sea" | "lake"
    pairs: set[tuple[int, int]]
    border: set[int]


def _region_pairs(loops: list[list[int]]) -> tuple[set[tuple[int, int]], set[int]]:
    edges: dict[tuple[int, int], int] = {}
    for k, loop in enumerate(loops):
        for a, b in zip(loop, loop[1:] + loop[:1], strict=False):
            edges[(a, b)] = k
    pairs, border = set(), set()
    for (a, b), k in edges.items():
        other = edges.get((b, a))
        if other is None:
            border.add(k)
        elif other != k:
            pairs.add((min(k, other), max(k, other)))
    return pairs, border


def _frame_position(p: Point) -> float:
    """Distance along the frame, clockwise from the top-left corner."""
    x, y = p
    if y <= 1e-6:
        return x
    if x >= WIDTH - 1e-6:
        return WIDTH + y
    if y >= HEIGHT - 1e-6:
        return WIDTH + HEIGHT + (WIDTH - x)
    return 2 * WIDTH + HEIGHT + (HEIGHT - y)


def find_layout(spec: Spec, want: Structure, rng: random.Random, tries: int) -> Layout | None:
    n_sites = want.land + sum(spec.sea_cells) + spec.lake_cells
    sites = relaxed_sites(n_sites, rng)
    mesh = Mesh(voronoi(sites, WIDTH, HEIGHT))
    mesh.collapse_short_edges(MIN_EDGE)
    if any(len(c) < 3 for c in mesh.cells):
        return None
    areas = [geometry.area([mesh.verts[v] for v in c]) for c in mesh.cells]
    mean_area = WIDTH * HEIGHT / len(areas)
    if min(areas) < 0.5 * mean_area:
        return None
    cell_pairs, cell_border = _region_pairs(mesh.cells)
    neigh: dict[int, set[int]] = {i: set() for i in range(len(mesh.cells))}
    for a, b in cell_pairs:
        neigh[a].add(b)
        neigh[b].add(a)
    # edge cells in order around the frame
    edges = mesh.directed_edges(mesh.cells)
    frame_pos: dict[int, float] = {}
    for (a, b), k in edges.items():
        if (b, a) not in edges:
            mid = ((mesh.verts[a][0] + mesh.verts[b][0]) / 2, (mesh.verts[a][1] + mesh.verts[b][1]) / 2)
            frame_pos.setdefault(k, _frame_position(mid))
    ring = sorted(frame_pos, key=frame_pos.get)  # type: ignore[arg-type]
    inner = [k for k in range(len(mesh.cells)) if k not in cell_border]
    for _ in range(tries):
        start1 = rng.randrange(len(ring))
        start2 = (start1 + len(ring) // 2 + rng.randint(-2, 2)) % len(ring)
        seas = []
        for start, size in zip((start1, start2), spec.sea_cells, strict=False):
            seas.append([ring[(start + i) % len(ring)] for i in range(size)])
        taken = set(seas[0]) | set(seas[1])
        if len(taken) != sum(spec.sea_cells):
            continue
        if any(b in neigh[a] for a in seas[0] for b in seas[1]):
            continue
        lake_choices = [k for k in inner if not (neigh[k] & taken) and len(neigh[k]) >= 5]
        if not lake_choices:
            continue
        lake = [rng.choice(lake_choices)]
        while len(lake) < spec.lake_cells:
            more = [k for k in neigh[lake[-1]] if k in inner and k not in lake and not (neigh[k] & taken)]
            if not more:
                break
            lake.append(rng.choice(more))
        if len(lake) < spec.lake_cells:
            continue
        groups = [seas[0], seas[1], lake] + [[k] for k in range(len(mesh.cells))
                                             if k not in taken and k not in lake]
        loops = []
        for g in groups:
            loop = merge_loops([mesh.cells[k] for k in g])
            if loop is None:
                break
            loops.append(loop)
        if len(loops) != len(groups):
            continue
        pairs, border = _region_pairs(loops)
        water = {0: "sea", 1: "sea", 2: "lake"}
        adj: dict[int, set[int]] = {i: set() for i in range(len(loops))}
        for a, b in pairs:
            adj[a].add(b)
            adj[b].add(a)
        land = [i for i in range(len(loops)) if i not in water]
        entry = [i for i in land if i in border or adj[i] & {0, 1}]
        coastal = [i for i in land if adj[i] & {0, 1, 2}]
        degree = 2 * len(pairs) / len(loops)
        if (len(entry) == want.entry and len(coastal) == want.coastal
                and abs(degree - want.mean_degree) <= 0.05 * want.mean_degree):
            return Layout(mesh, loops, water, pairs, border)
    return None


# -- borders -------------------------------------------------------------------------------------
def _wiggle(a: Point, b: Point, rng: random.Random, rough: float) -> list[Point]:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    depth = 3 if length > 90 else 2 if length > 40 else 1 if length > 20 else 0
    pts = [a, b]
    for _ in range(depth):
        new = [pts[0]]
        for p, q in zip(pts, pts[1:], strict=False):
            dx, dy = q[0] - p[0], q[1] - p[1]
            seg = math.hypot(dx, dy)
            off = rng.uniform(-rough, rough) * seg
            new.append(((p[0] + q[0]) / 2 - dy / seg * off, (p[1] + q[1]) / 2 + dx / seg * off))
            new.append(q)
        pts = new
    out: list[Point] = []
    for x, y in pts:
        p = (float(round(x)), float(round(y)))
        if not out or out[-1] != p:
            out.append(p)
    return out


def wiggled_polygons(layout: Layout, seed: int) -> list[list[Point]]:
    """Region outlines with every inner border wiggled the same way on both sides."""
    verts = layout.mesh.verts
    edges = layout.mesh.directed_edges(layout.loops)
    inner = sorted({(min(a, b), max(a, b)) for (a, b) in edges if (b, a) in edges})
    rough = {e: ROUGHNESS for e in inner}
    lines: dict[tuple[int, int], list[Point]] = {}
    for _ in range(6):
        for e in inner:
            lines[e] = _wiggle(verts[e[0]], verts[e[1]], random.Random(f"{seed}:{e[0]}:{e[1]}"), rough[e])
        bad = _crossing_lines(lines, verts, edges)
        if not bad:
            break
        for e in bad:
            rough[e] /= 2 if rough[e] > 0.03 else 1e9
    polygons = []
    for loop in layout.loops:
        poly: list[Point] = []
        for a, b in zip(loop, loop[1:] + loop[:1], strict=False):
            if (min(a, b), max(a, b)) in lines:
                line = lines[(a, b)] if a < b else list(reversed(lines[(b, a)]))
            else:
                line = [verts[a], verts[b]]
            poly.extend(line[:-1])
        polygons.append(poly)
    return polygons


def _crossing_lines(lines: dict[tuple[int, int], list[Point]], verts: list[Point],
                    edges: dict[tuple[int, int], int]) -> set[tuple[int, int]]:
    """Inner borders whose wiggle touches another border anywhere but at a shared corner."""
    segs: list[tuple[tuple[int, int], Point, Point]] = []
    for e, line in lines.items():
        for p, q in zip(line, line[1:], strict=False):
            segs.append((e, p, q))
    for (v, w) in edges:
        if (w, v) not in edges:
            segs.append(((-1, len(segs)), verts[v], verts[w]))
    grid: dict[tuple[int, int], list[int]] = {}
    for k, (_, p, q) in enumerate(segs):
        for gx in range(int(min(p[0], q[0]) // 50), int(max(p[0], q[0]) // 50) + 1):
            for gy in range(int(min(p[1], q[1]) // 50), int(max(p[1], q[1]) // 50) + 1):
                grid.setdefault((gx, gy), []).append(k)
    bad: set[tuple[int, int]] = set()
    for bucket in grid.values():
        for i_pos, i in enumerate(bucket):
            ei, a, b = segs[i]
            for j in bucket[i_pos + 1:]:
                ej, c, d = segs[j]
                shared = {a, b} & {c, d}
                if ei == ej and shared:
                    continue
                if shared:
                    # meeting at a common corner is fine; running along each other is not
                    other_ab = b if a in shared else a
                    other_cd = d if c in shared else c
                    s = next(iter(shared))
                    cross = ((other_ab[0] - s[0]) * (other_cd[1] - s[1])
                             - (other_ab[1] - s[1]) * (other_cd[0] - s[0]))
                    dot = ((other_ab[0] - s[0]) * (other_cd[0] - s[0])
                           + (other_ab[1] - s[1]) * (other_cd[1] - s[1]))
                    if len(shared) == 2 or (cross == 0 and dot > 0):
                        bad |= {e for e in (ei, ej) if e[0] >= 0}
                    continue
                if geometry.segments_intersect(a, b, c, d):
                    bad |= {e for e in (ei, ej) if e[0] >= 0}
    return bad


# -- terrain, features, lost tribes ---------------------------------------------------------------
def assign_terrains(land: list[int], adj: dict[int, set[int]], coastal: set[int],
                    want: Structure, rng: random.Random) -> dict[int, str]:
    """Spread the terrains so few neighbours share one (mountains least of all)."""
    pool = [t for t, c in zip(LAND_TERRAINS, want.terrains, strict=False) for _ in range(c)]
    rng.shuffle(pool)
    terrain = dict(zip(land, pool, strict=False))
    land_set = set(land)

    def local(r: int) -> float:
        t = terrain[r]
        cost = sum((4.0 if t == "mountain" else 1.0) for n in adj[r] if n in land_set and terrain[n] == t)
        if t == "swamp" and r in coastal:
            cost -= 0.6
        if t == "mountain" and r in coastal:
            cost += 0.4
        return cost

    temp = 2.0
    for _step in range(6000):
        a, b = rng.sample(land, 2)
        if terrain[a] == terrain[b]:
            continue
        before = local(a) + local(b)
        terrain[a], terrain[b] = terrain[b], terrain[a]
        delta = local(a) + local(b) - before
        if delta > 0 and rng.random() > math.exp(-delta / temp):
            terrain[a], terrain[b] = terrain[b], terrain[a]
        temp = max(0.05, temp * 0.999)
    return terrain


def assign_features(land: list[int], adj: dict[int, set[int]], terrain: dict[int, str],
                    want: Structure, rng: random.Random) -> tuple[dict[int, set[str]], set[int]]:
    """Features by the digest's patterns, then lost tribes (many on featured regions)."""
    magic, mine, cavern = want.features
    best: tuple[float, dict[int, set[str]], set[int]] | None = None
    mountains = [r for r in land if terrain[r] == "mountain"]
    for _ in range(300):
        features: dict[int, set[str]] = {r: set() for r in land}
        both = rng.choice(mountains)
        features[both] = {"cavern", "mine"}
        items = ["magic"] * magic + ["mine"] * (mine - 1) + ["cavern"] * (cavern - 1)
        rng.shuffle(items)
        for item in items:
            free = [r for r in land if not features[r]]
            weights = [FEATURE_WEIGHT[item][terrain[r]] for r in free]
            features[rng.choices(free, weights)[0]].add(item)
        plains = [r for r in land if terrain[r] != "mountain"]
        featured = [r for r in plains if features[r]]
        bare = [r for r in plains if not features[r]]
        with_feature = min(len(featured), round(want.lost_tribes * 0.55))
        if want.lost_tribes - with_feature > len(bare):
            continue
        tribes = set(rng.sample(featured, with_feature)) | set(rng.sample(bare, want.lost_tribes - with_feature))
        cost = 0.0
        for r in land:
            for n in adj[r]:
                if n > r and n in features:
                    cost += len(features[r] & features[n]) * 2
                    cost += 1.0 if (r in tribes and n in tribes) else 0.0
        if best is None or cost < best[0]:
            best = (cost, features, tribes)
    assert best is not None
    return best[1], best[2]


# -- writing -------------------------------------------------------------------------------------
def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _attr(value: str) -> str:
    """An XML attribute value in double quotes, escaped the way Tiled escapes it."""
    return '"' + escape(value, {'"': "&quot;"}) + '"'


def write_tmx(path: Path, spec: Spec, want: Structure, regions: list[dict]) -> None:
    """Write the map byte for byte as Tiled 1.8 saves it (attribute order, properties sorted by
    name, `type=` for the object's class, enum properties tagged with the project's types)."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{WIDTH // TILE}" height="{HEIGHT // TILE}" tilewidth="{TILE}" tileheight="{TILE}" '
        f'infinite="0" nextlayerid="3" nextobjectid="{len(regions) + 1}">',
        " <properties>",
        f'  <property name="name" value={_attr(spec.title)}/>',
        f'  <property name="players" type="int" value="{spec.players}"/>',
        f'  <property name="turns" type="int" value="{want.turns}"/>',
        " </properties>",
        ' <imagelayer id="1" name="picture">',
        f'  <image source="{path.stem}.png" width="{WIDTH}" height="{HEIGHT}"/>',
        " </imagelayer>",
        ' <objectgroup id="2" name="regions">',
    ]
    for k, r in enumerate(regions, start=1):
        x0, y0 = r["polygon"][0]
        points = " ".join(f"{x - x0:g},{y - y0:g}" for x, y in r["polygon"])
        lines += [
            f'  <object id="{k}" name={_attr(r["id"])} type="region" x="{x0:g}" y="{y0:g}">',
            "   <properties>",
            f'    <property name="border" type="bool" value="{str(r["border"]).lower()}"/>',
            f'    <property name="features" propertytype="features" value="{",".join(r["features"])}"/>',
            f'    <property name="label" value={_attr(r["name"])}/>',
            *(f'    <property name="label_{code}" value={_attr(name)}/>'
              for code, name in sorted(NAMES_IN.get(r["name"], {}).items())),
            f'    <property name="lost_tribe" type="bool" value="{str(r["lost_tribe"]).lower()}"/>',
            f'    <property name="terrain" propertytype="terrain" value="{r["terrain"]}"/>',
            "   </properties>",
            f'   <polygon points="{points}"/>',
            "  </object>",
        ]
    lines += [" </objectgroup>", "</map>", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def make_map(spec: Spec, path: Path, verbose: bool = True) -> int:
    """Search seeds from spec.seed until a map matches the table; write it; return the seed."""
    want = next(s for s in PRINTED.values() if s.players == spec.players)
    seed = spec.seed
    while True:
        rng = random.Random(seed)
        layout = find_layout(spec, want, rng, tries=300)
        if layout is not None and _finish(spec, want, layout, seed, rng, path):
            if verbose:
                print(f"{path}: seed {seed}")
            return seed
        seed += 1


def _finish(spec: Spec, want: Structure, layout: Layout, seed: int, rng: random.Random,
            path: Path) -> bool:
    polygons = wiggled_polygons(layout, seed)
    if any(geometry.crossing_point(p) is not None for p in polygons):
        return False
    n = len(layout.loops)
    adj: dict[int, set[int]] = {i: set() for i in range(n)}
    for a, b in layout.pairs:
        adj[a].add(b)
        adj[b].add(a)
    land = [i for i in range(n) if i not in layout.water]
    coastal = {i for i in land if adj[i] & set(layout.water)}
    terrain = assign_terrains(land, adj, coastal, want, rng)
    terrain.update(layout.water)
    features, tribes = assign_features(land, adj, terrain, want, rng)
    names: dict[str, list[str]] = {t: rng.sample(NAMES[t], len(NAMES[t])) for t in NAMES}
    order = sorted(range(n), key=lambda i: (geometry.centroid(polygons[i])[1] // 200,
                                            geometry.centroid(polygons[i])[0]))
    regions = []
    for i in order:
        name = names[terrain[i]].pop()
        regions.append({
            "id": slug(name), "name": name, "terrain": terrain[i],
            "features": [f for f in ("magic", "mine", "cavern") if f in features.get(i, set())],
            "lost_tribe": i in tribes, "border": i in layout.border, "polygon": polygons[i],
        })
    write_tmx(path, spec, want, regions)
    report = inspect_map(path)
    if report.errors or report.data is None:
        print("\n".join(report.errors), file=sys.stderr)
        return False
    board = report.data.board
    expected = {frozenset((regions[order.index(a)]["id"], regions[order.index(b)]["id"]))
                for a, b in layout.pairs}
    found = {frozenset((a, b)) for a in board.adjacency for b in board.adjacency[a]}
    if expected != found:
        print(f"{path}: seed {seed}: loader sees other neighbours; trying the next seed", file=sys.stderr)
        return False
    return all(ok for _, _, _, ok in compare(board, want))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", nargs="*", type=int, help="player counts to make (default: all)")
    args = parser.parse_args(argv)
    unknown = [p for p in args.players if p not in SPECS]
    if unknown:
        print(f"error: no map for {unknown[0]} players; give player counts among "
              f"{', '.join(str(n) for n in sorted(SPECS))}", file=sys.stderr)
        return 2
    for players in args.players or sorted(SPECS):
        make_map(SPECS[players], SHIPPED_MAPS[players])
    return 0


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "tools.make_maps"))
