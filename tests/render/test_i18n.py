"""Message catalogues: Japanese has every English key with the same blanks, the language is chosen by
flag, menu and settings and remembered, and Japanese is set in a font that has its glyphs (or the
screen says so in one line and stays English)."""
from __future__ import annotations

import json
import re
import string

import pytest

from render import i18n, settings

JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
SAME_IN_BOTH = {"app.name"}  # the program's name is a brand


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path))
    return tmp_path


def blanks(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def test_every_english_key_is_in_the_japanese_catalogue_with_the_same_blanks():
    en, ja = i18n.catalogue("en"), i18n.catalogue("ja")
    assert len(en) > 50
    assert sorted(set(en) - set(ja)) == []
    assert sorted(set(ja) - set(en)) == []  # a Japanese key nobody asks for is a typo
    for key, text in en.items():
        if key.endswith(".one"):  # tn() always passes n: a count form may use it or not
            assert blanks(ja[key]) - {"n"} == blanks(text) - {"n"}, key
        else:
            assert blanks(ja[key]) == blanks(text), key


def test_japanese_templates_are_japanese():
    en, ja = i18n.catalogue("en"), i18n.catalogue("ja")
    for key, text in ja.items():
        if key in SAME_IN_BOTH or not re.search("[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", en[key])):
            continue  # nothing to translate: marks, numbers, blanks
        words_left = re.search("[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", text))
        assert JAPANESE.search(text) or not words_left, f"{key}: {text!r}"


def test_each_domain_file_is_valid_json_of_strings():
    from importlib.resources import files

    for lang in i18n.LANGUAGES:
        for entry in (files("render.assets") / "i18n" / lang).iterdir():
            if entry.name.endswith(".json"):
                data = json.loads(entry.read_text(encoding="utf-8"))
                assert all(isinstance(k, str) and isinstance(v, str) and v for k, v in data.items()), entry.name


def test_a_key_missing_in_japanese_is_said_in_english_never_as_the_raw_key(monkeypatch):
    if i18n.set_language("ja") != "ja":
        pytest.skip("no CJK font: Japanese is not chosen")  # CI installs one (.ci/run)
    try:
        ja = dict(i18n.catalogue("ja"))
        assert ja.pop("msg.saved")  # a message the Japanese catalogue has, taken out of it
        monkeypatch.setattr(i18n, "catalogue", lambda lang, real=i18n.catalogue: ja if lang == "ja" else real(lang))
        assert i18n.t("msg.saved", path="a.json") == "saved to a.json"
        assert i18n.t("seat.0") == "オレンジ"  # the others stay Japanese
    finally:
        monkeypatch.undo()
        i18n.set_language("en")


def test_t_fills_blanks_and_refuses_unknown_keys(monkeypatch):
    i18n.set_language("en")
    assert i18n.t("msg.saved", path="a.json") == "saved to a.json"
    assert i18n.t("seat.1") == "Sky blue"
    with pytest.raises(KeyError):
        i18n.t("no.such.key")
    i18n.set_language("xx")
    assert i18n.t("seat.1") == "⟪Sky blue⟫"


@pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")
def test_japanese_is_set_in_a_font_with_real_glyphs():
    from render.gl.text import text_mask

    assert i18n.set_language("ja") == "ja" and i18n.cjk_face() in i18n.CJK_FONTS
    assert i18n.t("seat.0") == "オレンジ"
    masks = [text_mask(ch, 24) for ch in "日本語"]
    assert all(m.sum() > 20 for m in masks)
    assert not any((a.shape == b.shape and abs(a - b).sum() < 1) for a, b in zip(masks, masks[1:])), \
        "three different kanji drew the same glyph (a missing-glyph box)"
    assert i18n.cjk_spans("● オレンジ (you)") == [(2, 6)]  # marks and Latin stay in the Latin font


def test_japanese_without_a_cjk_font_says_so_in_one_line_and_stays_english(monkeypatch, capsys):
    monkeypatch.setattr(i18n, "cjk_font", lambda: None)
    assert i18n.set_language("ja") == "en"
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Japanese" in err[0]
    assert i18n.t("seat.0") == "Orange" and i18n.cjk_spans("オレンジ") == []


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        i18n.set_language("fr")


@pytest.mark.parametrize("env, lang", [({"LANG": "ja_JP.UTF-8"}, "ja"), ({"LANG": "en_GB.UTF-8"}, "en"),
                                       ({"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US"}, "ja"), ({"LANG": "C"}, "en")])
def test_the_default_language_is_the_systems(monkeypatch, env, lang):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert i18n.system_language() == lang


def test_settings_remember_and_a_damaged_file_is_set_aside_not_lost(config, capsys):
    assert settings.load() == settings.DEFAULTS
    settings.save(language="ja")
    settings.save(guide=True)
    assert settings.load() == settings.DEFAULTS | {"language": "ja", "guide": True}
    settings.path().write_text("{not json")
    assert settings.load() == settings.DEFAULTS
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    settings.save(language="en")
    assert (config / "settings.json.damaged").read_text() == "{not json"
    assert settings.load()["language"] == "en"


def test_settings_of_the_wrong_type_are_ignored(config):
    settings.path().write_text(json.dumps({"language": 3, "guide": "yes", "other": 1, "hard_ms": True,
                                           "anim_speed": 2}))
    assert settings.load() == settings.DEFAULTS | {"anim_speed": 2}


def test_lang_flag_is_checked_and_remembered_by_a_windowed_run(config, capsys):
    from render.cli import choose_language, main

    assert main(["--lang", "fr", "--screenshot", "x.png"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    choose_language("en", remember=True)
    assert settings.load()["language"] == "en"
    choose_language(None, remember=True)
    assert i18n.language() == "en"
    choose_language("xx", remember=True)  # the pseudo language is for tests: never remembered
    assert settings.load()["language"] == "en" and i18n.language() == "xx"


def test_japanese_words_draw_in_a_cjk_font_in_english_too():
    """The language choice shows 日本語 in its own script whatever the language is."""
    if i18n.cjk_font() is None:
        pytest.skip("no CJK font installed")
    i18n.set_language("en")
    try:
        assert i18n.cjk_spans("日本語") == [(0, 3)] and i18n.cjk_face() in i18n.CJK_FONTS
    finally:
        i18n.set_language("en")


def test_a_key_missing_from_a_language_shows_in_english_never_the_raw_key(monkeypatch):
    """Japanese without one of its messages: the screen gets the English words, not the key."""
    plain = i18n.catalogue

    def without(lang: str) -> dict:
        got = dict(plain(lang))
        if lang == "ja":
            got.pop("msg.saved", None)
            got.pop("seat.1", None)
        return got

    monkeypatch.setattr(i18n, "catalogue", without)
    monkeypatch.setitem(i18n._state, "lang", "ja")
    assert "msg.saved" not in without("ja") and "seat.1" in plain("ja")  # the Japanese really lacks them
    assert i18n.t("msg.saved", path="a.json") == "saved to a.json"
    assert i18n.t("seat.1") == "Sky blue"
    assert i18n.t("seat.0") == plain("ja")["seat.0"]  # what it has stays Japanese


def test_the_cjk_font_ci_installs_is_found():
    """CI installs fonts-droid-fallback (.ci/run): where that font lies, Japanese must find it, so
    the Japanese tests run there instead of skipping."""
    from pathlib import Path

    if not Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf").exists():
        pytest.skip("fonts-droid-fallback is not installed (CI installs it)")
    assert i18n.cjk_font() is not None
    assert i18n.set_language("ja") == "ja"
    i18n.set_language("en")
