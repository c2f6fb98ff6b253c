"""The classes the blind probe sets replies_blind45..47 found in the number, T/F-row and word formats
(issue 31), each checked on replies other than the sets' own lines, in several phrasings and languages,
with guards that keep the close replies' readings (None: unreadable, never guessed)."""
from __future__ import annotations

from machinepsych.core.types import Observation
from machinepsych.tasks.catalog import get_task


def vf(subtest: str, kind: str, n_rows: int, options: list, question: str) -> dict:
    return {"subtest": subtest, "answer_kind": kind, "n_rows": n_rows, "options": options, "question": question,
            "person_question": question.split(" Respond")[0]}


MA1 = [11, 16, 25, 27, 33, 34, 36, 38, 39, 43, 55, 63, 65, 69, 76, 77, 79, 84, 88, 95, 99]
STIMULI = {
    "visfactor-mv3": vf("MV3", "tf", 1, ["T", "F"], "Is the test section exactly one of the study sections? Respond with the "
                        'answer as a JSON object {"answer": ...}. Answer T or F, e.g. {"answer": "T"}.'),
    "visfactor-s2": vf("S2", "tf", 1, ["T", "F"], "Can these two drawings show the same cube (turned differently)? Each face "
                       'carries a different symbol. Respond with the answer as a JSON object {"answer": ...}. Answer T (same '
                       'cube possible) or F (different cubes), e.g. {"answer": "T"}.'),
    "visfactor-ma1": vf("MA1", "int", 1, MA1, "Which number was shown with this picture? Respond with the answer as a JSON "
                        'object {"answer": ...}. Answer the number, e.g. {"answer": 42}.'),
    "visfactor-cf2": vf("CF2", "rows", 5, list("12345"), "For each test figure 1-5, does it contain the model pattern? Respond "
                        'with the answer as a JSON object {"answer": ...}. Give five T/F values in order, e.g. '
                        '{"answer": ["T", "F", "T", "F", "F"]}.'),
    "prlt": {"trial": 1},
}


def read(test: str, reply: str):
    action, status = get_task(test).answer.parse(reply, Observation(trial=0, stimulus=STIMULI[test], parts=()))
    return (list(action) if isinstance(action, tuple) else action) if status == "parsed" else None


def check(cases):
    for test, reply, meant in cases:
        assert read(test, reply) == meant, (test, reply)


def test_a_yes_no_question_restated_only_up_to_its_subject_or_a_verb_is_cut_off():
    # (was read as T or F: the words all came from the question and no negation / one negation was counted)
    check([("visfactor-mv3", "The test section", None), ("visfactor-mv3", "The test section is", None), ("visfactor-mv3", "The test section exactly", None),
           ("visfactor-mv3", "It is not one of the study", None), ("visfactor-s2", "These two drawings can", None),
           ("visfactor-s2", "These two drawings show the", None)])


def test_a_whole_restatement_still_answers():
    check([("visfactor-mv3", "It is one of the study sections.", "T"), ("visfactor-mv3", "It is not one of the study sections.", "F"),
           ("visfactor-mv3", "The test section is exactly one of the study sections", "T"),
           ("visfactor-s2", "They can't show the same cube.", "F"), ("visfactor-s2", "They show the same cube.", "T"),
           ("visfactor-s2", "Same cube.", "T")])


def test_another_answer_offered_as_possible_in_the_other_languages_of_the_lexicon():
    # (was read as the first answer: the hedge words of Portuguese, Russian, Turkish, Polish, Swedish, ... were not known)
    check([("visfactor-ma1", '{"answer": 63}\n\nMas não tenho certeza — talvez seja 43.', None),
           ("visfactor-ma1", '{"answer": 63} Возможно, 43.', None), ("visfactor-ma1", "Selection 63, возможно 43.", None),
           ("visfactor-ma1", '{"answer": 63} Belki 43.', None), ("visfactor-ma1", '{"answer": 63} Być może 43.', None),
           ("visfactor-ma1", '{"answer": 63} Kanske 43.', None), ("visfactor-ma1", '{"answer": 63} Ίσως 43.', None),
           ("prlt", "Left arm — возможно, правая рука.", None), ("prlt", "Left arm, talvez a direita.", None)])


def test_a_hedge_in_another_language_that_names_no_other_answer_keeps_the_answer():
    check([("visfactor-ma1", '{"answer": 63}', 63), ("visfactor-ma1", "63 — возможно, 63 и есть.", 63),
           ("prlt", "Left arm.", "left"), ("visfactor-ma1", '{"answer": 63} (the example said {"answer": 42})', 63)])


CF3 = ('Copy the figure onto the 5x5 dot grid. At which dot does your copy end? Respond with the answer as a JSON object '
       '{"answer": ...}. Answer "(row, col)", e.g. {"answer": "(2, 5)"}.')
VZ1 = ('Which of the pieces 1-5 together exactly make the shape on the left? Respond with the answer as a JSON object '
       '{"answer": ...}. Give five T/F values (T = the piece is used), e.g. {"answer": ["T", "F", "T", "T", "F"]}.')
STIMULI |= {"visfactor-cf3": vf("CF3", "cell", 1, [], CF3), "visfactor-vz1": vf("VZ1", "rows", 5, list("12345"), VZ1)}


def test_the_prompts_example_echoed_after_the_answer_and_named_in_another_language():
    # (was invalid: two answer objects, the second the prompt's example, its note in Spanish, Russian, Korean, ...)
    check([("visfactor-cf3", '{"answer": "(3, 4)"} (por el formato del ejemplo {"answer": "(2, 5)"})', "(3, 4)"),
           ("visfactor-cf3", '{"answer": "(3, 4)"}\n(формат как в примере {"answer": "(2, 5)"})', "(3, 4)"),
           ("visfactor-cf3", '{"answer": "(3, 4)"} (예: {"answer": "(2, 5)"} 형식에 따름)', "(3, 4)"),
           ("visfactor-cf3", '{"answer": "(3, 4)"}（按示例格式 {"answer": "(2, 5)"}）', "(3, 4)"),
           ("visfactor-cf3", '{"answer": "(3, 4)"} (wie im Beispiel {"answer": "(2, 5)"})', "(3, 4)"),
           ("visfactor-vz1", '{"answer": ["T", "T", "T", "F", "F"]} (come nell\'esempio {"answer": ["T", "F", "T", "T", "F"]})',
            ["T", "T", "T", "F", "F"]),
           ("visfactor-vz1", '{"answer": ["F", "T", "T", "F", "F"]} (örnekteki gibi {"answer": ["T", "F", "T", "T", "F"]})',
            ["F", "T", "T", "F", "F"])])


def test_two_answers_without_an_example_note_stay_two_answers():
    # (replies_blind59, k-fixK: an object right after a "Format:" label opening its sentence is the format's example,
    # no answer of the reply's own: 'Formato: {...}' alone is no answer)
    check([("visfactor-cf3", '{"answer": "(3, 4)"} {"answer": "(2, 5)"}', None),
           ("visfactor-cf3", '{"answer": "(3, 4)"} (o quizás {"answer": "(2, 5)"})', None),
           ("visfactor-cf3", '{"answer": "(2, 5)"}', "(2, 5)"), ("visfactor-cf3", 'Formato: {"answer": "(2, 5)"}', None),
           ("visfactor-vz1", '{"answer": ["T", "F", "T", "T", "F"]}', ["T", "F", "T", "T", "F"])])


def test_an_answer_object_corrected_by_a_second_one_in_another_language():
    # (was invalid: the correction word opening the sentence between the objects was English only)
    check([("visfactor-cf3", '{"answer": "(3, 5)"} Perdón, me equivoqué de columna: {"answer": "(3, 4)"}', "(3, 4)"),
           ("visfactor-cf3", '{"answer": "(3, 5)"}\nMoment, die Spalte war falsch: {"answer": "(3, 4)"}', "(3, 4)"),
           ("visfactor-cf3", '{"answer": "(3, 5)"} Извините, столбец 4: {"answer": "(3, 4)"}', "(3, 4)"),
           ("visfactor-s2", '{"answer": "T"}\n\nEspera, si giro el cubo 90°, no coincide. {"answer": "F"}', "F"),
           ("visfactor-s2", '{"answer": "F"} Na verdade, girando o cubo, coincide. {"answer": "T"}', "T"),
           ("visfactor-cf2", '{"answer": ["T","F","T","F","T"]}\nAspetta, la figura 2 contiene il modello. '
            '{"answer": ["T","T","T","F","T"]}', ["T", "T", "T", "F", "T"])])


def test_two_answer_objects_without_a_correction_stay_two_answers():
    check([("visfactor-cf3", '{"answer": "(3, 5)"} {"answer": "(3, 4)"}', None),
           ("visfactor-cf3", '{"answer": "(3, 5)"} Ou {"answer": "(3, 4)"}', None),
           ("visfactor-cf3", '{"answer": "(3, 5)"} Извините за задержку.', "(3, 5)"),
           ("visfactor-cf2", '{"answer": ["T","F","T","F","T"]} {"answer": ["T","T","T","F","T"]}', None),
           ("visfactor-s2", '{"answer": "F"} Nein. {"answer": "F"}', "F")])


I3 = ('Sort the figures 1-8 into group 1 or group 2. Respond with the answer as a JSON object {"answer": ...}. '
      'Give eight group numbers in order, e.g. {"answer": [1, 2, 1, 2, 1, 2, 1, 2]}.')
STIMULI |= {"visfactor-i3": vf("I3", "groups", 8, [1, 2], I3)}


def test_each_row_and_its_value_set_apart_by_a_long_dash_on_one_line():
    # (was invalid: "1 - yes" was read, "1 — yes" / "1 – yes" not, in every language)
    check([("visfactor-cf2", "1 — да, 2 — нет, 3 — нет, 4 — да, 5 — нет.", list("TFFTF")),
           ("visfactor-cf2", "1 – yes, 2 – no, 3 – no, 4 – no, 5 – yes", list("TFFFT")),
           ("visfactor-cf2", "1 — ja; 2 — nein; 3 — ja; 4 — nein; 5 — ja", list("TFTFT")),
           ("visfactor-cf2", "1 — T, 2 — F, 3 — F, 4 — F, 5 — T", list("TFFFT")),
           ("visfactor-i3", "1 — 1, 2 — 2, 3 — 2, 4 — 1, 5 — 1, 6 — 2, 7 — 2, 8 — 1", [1, 2, 2, 1, 1, 2, 2, 1])])


def test_a_dashed_row_list_with_a_row_missing_unsure_or_extra_stays_unreadable():
    check([("visfactor-cf2", "1 — yes, 2 — no, 3 — no, 4 — no", None),
           ("visfactor-cf2", "1 — yes, 2 — no, 3 — maybe, 4 — no, 5 — yes", None),
           ("visfactor-cf2", "1 — да, 2 — нет, 3 — нет, 4 — нет, 5 — да или нет", None),
           ("visfactor-cf2", "1 — yes, 2 — no, 3 — no, 4 — no, 5 — yes, 6 — no", None),
           ("visfactor-cf2", "1 - yes, 2 - no, 3 - no, 4 - no, 5 - yes", list("TFFFT"))])


S1 = ('For each of the cards 1-8, is it the first card turned in the plane of the page (T), or has it been flipped over (F)? '
      'Respond with the answer as a JSON object {"answer": ...}. Give eight T/F values in order, e.g. '
      '{"answer": ["T", "F", "F", "T", "T", "F", "T", "F"]}.')
STIMULI |= {"visfactor-s1": vf("S1", "rows", 8, list("12345678"), S1)}


def test_row_sets_told_in_sentences_of_the_other_languages():
    # (was invalid: "the others", the question's predicate, the card's sides and CJK row numbers were English words only)
    check([("visfactor-cf2", "Las figuras 1 y 3 contienen el modelo; las demás no.", list("TFTFF")),
           ("visfactor-cf2", "Die Figuren 2 und 4 enthalten das Muster, die übrigen nicht.", list("FTFTF")),
           ("visfactor-cf2", "Le figure 1 e 5 contengono il modello; le altre no.", list("TFFFT")),
           ("visfactor-cf2", "Фигуры 2 и 5 содержат модель; остальные нет.", list("FTFFT")),
           ("visfactor-vz1", "Se usan todas las piezas menos la 2.", list("TFTTT")),
           ("visfactor-vz1", "Servono i pezzi 1 e 2.", list("TTFFF")), ("visfactor-vz1", "Нужны детали 1 и 3.", list("TFTFF")),
           ("visfactor-vz1", "조각 1, 4를 사용합니다.", list("TFFTF")), ("visfactor-vz1", "需要第1块和第3块。", list("TFTFF")),
           ("visfactor-s1", "翻转的卡片：2、5。其余都是旋转。", list("TFTTFTTT")),
           ("visfactor-s1", "第2张和第5张卡片是翻转的，其余都是旋转。", list("TFTTFTTT"))])


def test_row_sets_in_other_languages_that_hedge_or_name_no_side_stay_unreadable():
    check([("visfactor-vz1", "需要的是第2块或第4块。", None), ("visfactor-vz1", "需要的是第2块和第4块，也许第5块。", None),
           ("visfactor-vz1", "Se usan todas las piezas menos la 3, quizás la 4.", None),
           ("visfactor-vz1", "조각 2, 3, 5를 사용할 수도 있습니다.", None), ("visfactor-vz1", "Servono i pezzi 3 e 5, forse anche 1.", None),
           ("visfactor-vz1", "Se usan las piezas 2 y 4.", list("FTFTF"))])


def test_a_list_of_rows_in_cjk_punctuation_stays_one_list_and_a_clause_on_the_others_before_the_object_agrees():
    check([("visfactor-s1", "卡片1、4、6是翻转的，其余是旋转的。", list("FTTFTFTT")),
           ("visfactor-s1", "卡片2、5不是翻转的，其余是翻转的。", list("FTFFTFFF")),
           ("visfactor-s1", '卡片1、4、6是翻转的，其余是旋转的。\n{"answer": ["F", "T", "T", "F", "T", "F", "T", "T"]}', list("FTTFTFTT")),
           # (the prose before the object, read whole, agrees with it; a clause on the others alone names no list)
           ("visfactor-s1", 'Cartas viradas: 2 e 7. Todas as outras estão apenas giradas.\n'
                            '{"answer": ["T", "F", "T", "T", "T", "T", "F", "T"]}', list("TFTTTTFT")),
           ("visfactor-s1", 'Cartas viradas: 2 e 7. Todas as outras estão apenas giradas.\n'
                            '{"answer": ["T", "F", "T", "T", "T", "T", "T", "T"]}', None)])


def test_the_left_arm_set_against_the_right_one_right_after_it():
    # (was invalid: "not right" after the left arm was read as "the left arm is not right (correct)")
    check([("prlt", "Left, not right.", "left"), ("prlt", "The left one, not the right one.", "left"),
           ("prlt", "I choose left, not right.", "left"), ("prlt", "Left arm; not the right.", "left")])


def test_not_right_said_of_the_left_arm_or_after_a_question_still_rules_it_out():
    check([("prlt", "The left arm is not right.", None), ("prlt", "Left arm? Not right.", None),
           ("prlt", "Left arm, not right, I think. Or right.", None), ("prlt", "Right arm, not left.", "right"),
           ("prlt", "Left arm, not right arm.", "left")])


def test_rows_given_t_or_f_after_a_reason_are_no_sets_said_in_words():
    # (was read T for figure 2: the clause "Figure 2: shifted -> F" has no word of the F side, so the set reader said T)
    cases = [("visfactor-cf2", "Figure 1: the corner is there -> T. Figure 2: shifted -> F. Figure 3: T. "
                               "Figure 4: missing a line -> F. Figure 5: T.", None),
             ("visfactor-cf2", "Figure 1: ok → T. Figure 2: moved → F. Figure 3: T. Figure 4: F. Figure 5: T.", None)]
    check(cases + [(t, r + '\n\n{"answer": ["T", "F", "T", "F", "T"]}', list("TFTFT")) for t, r, _ in cases])


def test_sets_whose_verdict_letters_agree_with_their_words_still_read():
    check([("visfactor-cf2", "Figures 1, 3 and 5: T; figures 2 and 4: F.", list("TFTFT")),
           ("visfactor-cf2", "T: 1, 3, 5; F: 2, 4", list("TFTFT")),
           ("visfactor-cf2", "Figures 2 and 4 do not contain the model (F); the rest do.", list("TFTFT"))])


def test_a_bracketed_f_marks_its_rows_and_is_no_predicate_for_the_rest():
    # (was read all F: "(F)" stood for the word "false", which "the rest do" took up as the predicate)
    check([("visfactor-cf2", "Figures 1 and 3 do not contain the model (F); the rest do.", list("FTFTT")),
           ("visfactor-cf2", "Figures 2 and 4 (F); the rest do.", list("TFTFT")),
           ("visfactor-s1", "Karten 5–8: gespiegelt (F); die übrigen nur gedreht.", list("TTTTFFFF")),
           ("visfactor-s1", "Cards 2 and 5 are flipped (F); the rest are too.", list("FFFFFFFF")),
           ("visfactor-cf2", "Figures 2 and 4 (F), the rest (T).", list("TFTFT"))])


def test_a_cell_named_by_row_and_column_in_russian_turkish_arabic_and_hindi():
    # (was invalid: the row and column words of these languages were missing from the lexicon)
    check([("visfactor-cf3", "Конец копии: строка 3, столбец 5.", "(3, 5)"), ("visfactor-cf3", "Satır 2, sütun 4.", "(2, 4)"),
           ("visfactor-cf3", "ряд 1, колонка 2", "(1, 2)")])


def test_a_cell_in_those_languages_hedged_or_off_the_grid_stays_unreadable():
    check([("visfactor-cf3", "строка 3 или 4, столбец 5", None), ("visfactor-cf3", "Строка 6, столбец 2", None),
           ("visfactor-cf3", "Zeile 3, Spalte 5", "(3, 5)")])


def test_a_bare_set_named_after_a_rule_out_is_the_answers_list():
    # (was read with the rows not named on the T side: "the side opposite to the first set named", here a rule-out)
    check([("visfactor-vz1", "Piece 4 is too wide; pieces 1 and 5.", list("TFFFT")),
           ("visfactor-vz1", "Piece 3 sticks out. Pieces 1, 2 and 4.", list("TTFTF")),
           ("visfactor-vz1", "Pieces 1 and 4. Actually, piece 4 is too wide; pieces 1 and 5.", list("TFFFT"))])


def test_sets_that_name_both_sides_or_only_rule_out_keep_their_reading():
    check([("visfactor-vz1", "Pieces 1 and 5; piece 4 is too wide.", list("TFFFT")),
           ("visfactor-vz1", "Pieces 1, 3 and 4 are needed; 2 and 5 are not.", list("TFTTF")),
           ("visfactor-vz1", "Piece 2 does not fit and piece 5 is too big.", None)])


def test_a_set_hedged_then_settled_by_a_last_sentence_that_commits():
    # (was invalid: the hedge anywhere in the reply left the whole list unread)
    check([("visfactor-vz1", "Pieces 2 and 4 might fit, or maybe 1 and 5. I'll go with pieces 1 and 5.", list("TFFFT")),
           ("visfactor-vz1", "Either pieces 1, 3 or pieces 2, 4 would work. Final answer: pieces 2 and 4.", list("FTFTF")),
           ("visfactor-vz1", "Could be pieces 1 and 2, could be 3 and 4.\nI'd settle on pieces 3 and 4.", list("FFTTF"))])


def test_a_hedge_not_settled_or_settled_with_another_hedge_stays_unreadable():
    check([("visfactor-vz1", "Either pieces 1, 2, 4 or pieces 3, 5 would work. I'll go with pieces 3 and 5, maybe 1.", None),
           ("visfactor-vz1", "Either pieces 1, 2, 4 or pieces 3, 5 would work.", None),
           ("visfactor-vz1", "Either pieces 1, 2, 4 or pieces 3, 5 would work. I'll go with the second option.", None)])
