"""A Grand Prix's hall for the screens' tests: 52 players from a Polish players file (`;`,
Polish headers, long double-barrelled names, two Jan Kowalski of different clubs, teams of
five, women and seniors), rounds drawn and played from paper totals, and the sizes of the
screens the hall is looked at on."""

from __future__ import annotations

import random
from pathlib import Path

from baska_cli.tournament import folder
from baska_cli.tournament.folder import Tournament
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.rounds import service as rounds
from tests import tournamentkit as kit

TITLE = "Grand Prix Kaszub 2025 – turniej o Puchar Wójta Gminy Sierakowice"
LONGEST = "Małgorzata Konstancja Wiśniewska-Grzybowska"
KOWALSKI = "Jan Kowalski"

# (full name, club, category): the field as an organiser's spreadsheet has it
FIELD = (
    (LONGEST, "Klub Karciany „Remiza” Sierakowice", "K"),
    ("Jan Kowalski", "KS Baśka Kartuzy", ""),
    ("Jan Kowalski", "GKS Zryw Żukowo", "S"),
    ("Krzysztof Brzęczyszczykiewicz-Wróblewski", "Kaszubski Klub Baśki „Stolëm” Kościerzyna", ""),
    ("Katarzyna Szczepańska-Kwiatkowska", "KS Baśka Kartuzy", "K"),
    ("Zbigniew Chrząszczewski-Pałubicki", "GKS Zryw Żukowo", "S"),
    ("Grzegorz Konkol-Formela", "Klub Karciany „Remiza” Sierakowice", ""),
    ("Bożena Labuda-Kreft", "Kaszubski Klub Baśki „Stolëm” Kościerzyna", "K"),
    ("Leszek Kąkol", "KS Baśka Kartuzy", "S"),
    ("Halina Kreft", "GKS Zryw Żukowo", "K"),
    ("Władysław Szymikowski-Bigus", "Klub Karciany „Remiza” Sierakowice", "S"),
    ("Stanisława Gruba-Kotłowska", "KS Baśka Kartuzy", "K"),
    ("Przemysław Dawidowski-Lewandowski", "GKS Zryw Żukowo", ""),
    ("Agnieszka Miszewska-Trzebiatowska", "Kaszubski Klub Baśki „Stolëm” Kościerzyna", "K"),
    ("Tadeusz Bolduan-Stoltmann", "Klub Karciany „Remiza” Sierakowice", "S"),
    ("Mirosława Wenta-Okrój", "KS Baśka Kartuzy", "K"),
    ("Kazimierz Grzenkowicz-Piechowski", "GKS Zryw Żukowo", "S"),
    ("Elżbieta Jelińska-Kosznik", "Kaszubski Klub Baśki „Stolëm” Kościerzyna", "K"),
    ("Ryszard Hinc-Rompczyk", "Klub Karciany „Remiza” Sierakowice", ""),
    ("Jadwiga Stenka-Czapiewska", "KS Baśka Kartuzy", "K"),
    ("Bogdan Lniski-Wolszlegier", "", "S"),
    ("Teresa Bigus", "GKS Zryw Żukowo", "K"),
    ("Mieczysław Kiedrowski-Ziółkowski", "", "S"),
    ("Urszula Cyman-Kaczmarczyk", "Kaszubski Klub Baśki „Stolëm” Kościerzyna", "K"),
    ("Roman Szulc", "Klub Karciany „Remiza” Sierakowice", ""),
    ("Danuta Klawikowska-Bronk", "", "K"),
    ("Henryk Kuchta-Labudda", "KS Baśka Kartuzy", "S"),
    ("Wiesława Pobłocka-Gafka", "GKS Zryw Żukowo", "K"),
    ("Edmund Mudlaff-Jereczek", "", "S"),
    ("Barbara Knut-Kobiela", "Kaszubski Klub Baśki „Stolëm” Kościerzyna", "K"),
    ("Franciszek Warmowski-Kulwikowski", "Klub Karciany „Remiza” Sierakowice", "S"),
    ("Krystyna Gliszczyńska-Byczkowska", "", "K"),
    ("Paweł Kaczyński-Rzepa", "KS Baśka Kartuzy", ""),
    ("Irena Lewna-Potrykus", "GKS Zryw Żukowo", "K"),
    ("Józef Borzyszkowski-Kwidziński", "", "S"),
    ("Marianna Hapka-Kreja", "Kaszubski Klub Baśki „Stolëm” Kościerzyna", "K"),
    ("Andrzej Kwiatkowski", "Klub Karciany „Remiza” Sierakowice", ""),
    ("Genowefa Szroeder-Kryszewska", "", "K"),
    ("Eugeniusz Gołuński-Stefanowski", "KS Baśka Kartuzy", "S"),
    ("Zofia Dettlaff-Pipka", "GKS Zryw Żukowo", "K"),
    ("Tomasz Recław", "", ""),
    ("Aleksandra Walkusz-Miotk", "Kaszubski Klub Baśki „Stolëm” Kościerzyna", "K"),
    ("Czesław Lipski-Wysocki", "Klub Karciany „Remiza” Sierakowice", "S"),
    ("Helena Pączkowska-Gierszewska", "", "K"),
    ("Marek Drewa", "KS Baśka Kartuzy", ""),
    ("Renata Kotłowska-Szymańska", "GKS Zryw Żukowo", "K"),
    ("Wojciech Stoltmann", "", ""),
    ("Alicja Rybakowska-Nowakowska", "Kaszubski Klub Baśki „Stolëm” Kościerzyna", "K"),
    ("Łukasz Żurawski-Dzięcielski", "Klub Karciany „Remiza” Sierakowice", ""),
    ("Grażyna Tuszkowska-Wantoch", "", "K"),
    ("Sławomir Płotka", "KS Baśka Kartuzy", "S"),
    ("Żaneta Brzezińska-Kamińska", "GKS Zryw Żukowo", "K"),
)
TEAMS = ("Remiza I", "Kartuzy", "Żukowo", "Stolëm")  # four teams of five


def players_file() -> str:
    """The players file as Polish Excel saves it (`;`, Polish headers): licences, four
    teams of five, a stand-in for Kartuzy."""
    lines = ["Imię i nazwisko;Klub;Licencja;Drużyna;Kategoria;Skoczek"]
    for i, (name, club, category) in enumerate(FIELD):
        team = TEAMS[i // 5] if i < 20 else ""
        standin = "Kartuzy" if i == 20 else ""
        lines.append(f"{name};{club};{1001 + i};{team};{category};{standin}")
    return "\n".join(lines) + "\n"


def sheet(t: Tournament, number: int, table: int, rng: random.Random) -> TableResult:
    """A table's final totals (a paper sheet's), random but summing to zero."""
    members = t.draws[number - 1].tables[table - 1]
    totals = [rng.randrange(-90, 91) for _ in range(3)]
    return TableResult(number, table, members, (*totals, -sum(totals)))


def grand_prix(folder_path: Path, played: int = 1, drawn: int = 2, tables_in: int = 7) -> str:
    """The Grand Prix of 4 rounds: `drawn` rounds drawn, the first `played` of them all in,
    and `tables_in` tables of the round after them in (where it is drawn). Its path."""

    def make(home: Path) -> str:
        home.mkdir(parents=True, exist_ok=True)
        (home / "zawodnicy.csv").write_text(players_file(), "utf-8")
        path = kit.new_by_service(
            home,
            players_file(),
            file="zawodnicy.csv",
            name="gp",
            rounds=4,
            seed="41",
            title=TITLE,
        )
        rng = random.Random(41)
        for number in range(1, drawn + 1):
            rounds.draw_next(path, kit.pages, anyway=True)
            t = folder.load(path)
            count = len(t.draws[number - 1].tables) if number <= played else tables_in
            sheets = [sheet(t, number, n, rng) for n in range(1, count + 1)]
            with folder.lock(path):
                folder.save_results(t, [*t.sheets, *sheets])
        return path

    return kit.copied(folder_path, ("grand prix", played, drawn, tables_in), make)
