#!/usr/bin/env python3
"""bench/opening_pairs.py and the gauntlet's use of it: openings classified by their two games,
the sign test, and the adjudicated winner taking precedence over the recorded one.

  opening_pairs_test.py SOURCE_DIR
"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(sys.argv.pop(1) if len(sys.argv) > 1 else ".", "bench"))
import gauntlet  # noqa: E402
import opening_pairs  # noqa: E402


def game(opening, black, white, winner):
    return {"opening": opening, "black": black, "white": white, "winner": winner}


class Classify(unittest.TestCase):
    def test_each_kind_of_pair(self):
        games = [
            game("a1", "oh", "w", "black"), game("a1", "w", "oh", "white"),  # won both
            game("b2", "oh", "w", "white"), game("b2", "w", "oh", "black"),  # lost both
            game("c3", "oh", "w", "black"), game("c3", "w", "oh", "black"),  # Black won both
            game("d4", "oh", "w", "white"), game("d4", "w", "oh", "white"),  # White won both
        ]
        self.assertEqual(opening_pairs.classify(games, "oh"),
                         {"won_both": 1, "lost_both": 1, "split": 2, "incomplete": 0})

    def test_a_pair_needs_two_decided_games_with_the_engine_on_each_side(self):
        games = [
            game("a1", "oh", "w", "black"),                                  # played once
            game("b2", "oh", "w", "black"), game("b2", "w", "oh", None),     # one undecided
            game("c3", "oh", "w", "black"), game("c3", "oh", "w", "black"),  # Black twice
            game("d4", "x", "w", "black"), game("d4", "w", "x", "black"),    # not the engine's
        ]
        self.assertEqual(opening_pairs.classify(games, "oh"),
                         {"won_both": 0, "lost_both": 0, "split": 0, "incomplete": 4})

    def test_the_counts_give_the_score(self):
        # score - 1/2 = (won both - lost both) / (2 x pairs), whatever the split pairs.
        games = []
        for i, (first, second) in enumerate([("black", "white")] * 3 + [("white", "black")] +
                                            [("black", "black")] * 5):
            games += [game(f"o{i}", "oh", "w", first), game(f"o{i}", "w", "oh", second)]
        counts = opening_pairs.classify(games, "oh")
        wins = sum(1 for g in games if g[g["winner"]] == "oh")
        pairs = len(games) // 2
        self.assertAlmostEqual(wins / len(games) - 0.5,
                               (counts["won_both"] - counts["lost_both"]) / (2 * pairs))


class SignTest(unittest.TestCase):
    def test_exact_binomial_values(self):
        self.assertEqual(opening_pairs.sign_test(0, 0), 1.0)
        self.assertEqual(opening_pairs.sign_test(3, 3), 1.0)
        self.assertAlmostEqual(opening_pairs.sign_test(5, 0), 2 / 32)
        self.assertAlmostEqual(opening_pairs.sign_test(1, 6), 2 * 8 / 128)
        self.assertEqual(opening_pairs.sign_test(4, 6), opening_pairs.sign_test(6, 4))

    def test_line(self):
        line = opening_pairs.pairs_line({"won_both": 5, "lost_both": 0, "split": 3,
                                         "incomplete": 0}, "oh")
        self.assertIn("oh won both 5, lost both 0, split 3", line)
        self.assertIn("p = 0.06", line)
        self.assertIn("none", opening_pairs.pairs_line(
            {"won_both": 0, "lost_both": 0, "split": 0, "incomplete": 2}, "oh"))


class Compare(unittest.TestCase):
    def test_openings_gained_lost_and_unchanged(self):
        def pair(opening, first, second):
            return [game(opening, "oh", "w", first), game(opening, "w", "oh", second)]

        before = (pair("a1", "white", "black") + pair("b2", "black", "black") +
                  pair("c3", "black", "white") + pair("d4", "black", "black") +
                  pair("e5", "black", None))  # undecided before: not compared
        after = (pair("a1", "black", "black") + pair("b2", "black", "white") +
                 pair("c3", "white", "black") + pair("d4", "white", "white") +
                 pair("e5", "black", "white") + pair("f6", "black", "white"))  # new opening
        gained, lost, same = opening_pairs.compare(before, after, "oh")
        self.assertEqual(gained, [("a1", 0, 1), ("b2", 1, 2)])
        self.assertEqual(lost, [("c3", 2, 0)])
        self.assertEqual(same, [("d4", 1, 1)])
        lines = opening_pairs.compare_lines(gained, lost, same, "oh")
        self.assertEqual(lines[0], "4 openings decided in both runs: oh 4 -> 4 of 8 points")
        self.assertEqual(lines[1], "gained in 2: a1 0->1, b2 1->2")
        self.assertEqual(lines[2], "lost in 1: c3 2->0")

    def test_compare_wants_two_files(self):
        with self.assertRaises(SystemExit):
            opening_pairs.main(["--compare", "only-one.csv"])


class Files(unittest.TestCase):
    def test_the_adjudicated_winner_overrides_the_recorded_one(self):
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "results.csv")
            with open(path, "w") as f:
                f.write("index,opening,black,white,winner,reason,adjudicated_winner\n"
                        "0,a1,oh,w,white,black crash,black\n"
                        "1,a1,w,oh,white,connection,\n"
                        "2,b2,oh,w,white,black crash,\n")
            games = opening_pairs.read_games(path)
            # The forfeit the solver left undecided has no winner, as in the gauntlet.
            self.assertEqual([g["winner"] for g in games], ["black", "white", None])
            self.assertEqual(opening_pairs.main([path, "--name", "oh"]), 0)

    def test_without_the_adjudication_column_the_recorded_winner_stands(self):
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "results.csv")
            with open(path, "w") as f:
                f.write("opening,black,white,winner,reason\n"
                        "a1,oh,w,white,black crash\n")
            self.assertEqual([g["winner"] for g in opening_pairs.read_games(path)], ["white"])

    def test_a_file_that_is_not_a_match_is_an_error(self):
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "other.csv")
            with open(path, "w") as f:
                f.write("cell,result\na1,win\n")
            self.assertEqual(opening_pairs.main([path]), 1)


class Gauntlet(unittest.TestCase):
    def test_forfeits_take_the_solvers_verdict(self):
        on_board = game("a1", "ohmhex", "w", "black")
        crashed = dict(game("a1", "w", "ohmhex", "black"), sgf="2.sgf")
        unproven = dict(game("b2", "ohmhex", "w", "white"), sgf="3.sgf")
        decided = [on_board, crashed, unproven]
        verdicts = {"2.sgf": "white", "3.sgf": None}
        games = gauntlet.pair_games(decided, [on_board], verdicts)
        self.assertEqual([g["winner"] for g in games], ["black", "white", None])
        # Without verdicts (adjudication off) the recorded winners stand.
        self.assertEqual([g["winner"] for g in gauntlet.pair_games(decided, [on_board], {})],
                         ["black", "black", "white"])


if __name__ == "__main__":
    unittest.main()
