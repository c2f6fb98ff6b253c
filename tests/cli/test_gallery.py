"""The gallery shows what a person sees on each trial, the study phase of a memory test apart
from its question, with the answer key (for the researcher)."""
from typer.testing import CliRunner

from machinepsych.cli import app


def test_gallery_shows_the_study_phase_before_the_question(tmp_path):
    r = CliRunner().invoke(app, ["gallery", "visfactor-ma1", "--n", "2", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    page = (tmp_path / "visfactor-ma1-default.html").read_text()
    assert page.count("Study phase (shown alone, 240 s") == 2
    study, question = page.split("Study phase", 2)[1].split("<p class=\"phase\">Question</p>", 1)
    assert "<img" in study and "<img" in question.split("Answer key")[0]
    assert page.count("Answer key (hidden from participants)") == 2


def test_gallery_of_a_test_without_study_material_has_no_study_phase(tmp_path):
    r = CliRunner().invoke(app, ["gallery", "wcst", "--n", "2", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "Study phase" not in (tmp_path / "wcst-default.html").read_text()
