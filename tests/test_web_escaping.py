"""A translation is text on the page: a `<` or `&` a translator writes is shown, never markup.

Only a message sent through `markup_gettext` carries markup of its own, and its translators are
told which (a `# Translators:` comment).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from wtforms.fields.core import Label

from kidswar.game.cards import parse_cards
from kidswar.game.drill import Drill
from kidswar.web.i18n import LANGUAGES, lazy_gettext, lazy_ngettext, translations

ROOT = Path(__file__).resolve().parents[1]
KEYS = "Keys: 1 or 2 chooses a card; <, = or > chooses a sign."
# A tag or an entity: what a message carrying markup holds ("4 < 7" is neither).
MARKUP = re.compile(r"</?[A-Za-z][^<>]*>|&(#\d+|[A-Za-z]+);")


def render(app: Flask, source: str, lang: str = "en", **context: object) -> str:
    """Render a template written here, as a page of the app in `lang` would be."""
    with app.test_request_context(f"/{lang}/"):
        return app.jinja_env.from_string(source).render(**context)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_keys_hint_shows_its_signs_as_text_in_every_language(
    client: FlaskClient, lang: str
) -> None:
    cards = tuple(tuple(parse_cards(pair.split())) for pair in ["7H 4S"] * 10)
    client.get(f"/{lang}/drill")
    with client.session_transaction() as session:
        session["drill"] = Drill("faces", "faces", False, cards).to_json()
    page = client.get(f"/{lang}/drill/play").get_data(as_text=True)
    with client.application.test_request_context(f"/{lang}/"):
        hint = translations().gettext(KEYS)
    assert "<, =" in hint  # the translator's own signs, in every language
    assert f'<p class="keys">{escape(hint)}</p>' in page


def test_every_gettext_of_a_template_escapes_the_translation_and_its_variables(
    app: Flask,
) -> None:
    source = (
        '{{ _("Tom & Jerry <3") }}|{{ _("%(name)s < you", name=name) }}|'
        '{{ ngettext("%(num)d card & more", "%(num)d cards & more", 2) }}|'
        '{{ pgettext("test", "A <b> is not bold") }}|'
        "{% trans %}Ana & Ben{% endtrans %}|"
        '{% autoescape false %}{{ _("a < b") }}{% endautoescape %}'
    )
    assert render(app, source, name="<i>Ana</i>") == (
        "Tom &amp; Jerry &lt;3|&lt;i&gt;Ana&lt;/i&gt; &lt; you|2 cards &amp; more|"
        "A &lt;b&gt; is not bold|Ana &amp; Ben|a < b"
    )


def test_a_translation_without_variables_is_formatted_as_before(app: Flask) -> None:
    # Jinja's new style always formats (`% {}`): "%%" becomes "%". Only a text without any
    # "%" skips the formatting (kidswar/web/i18n.py, `_as_text`), which would not change it.
    source = '{{ _("100%% sure & done") }}|{{ _("Plain & simple") }}|{{ _("%(x)s") }}'
    with pytest.raises(KeyError):
        render(app, source)
    assert render(app, source.rsplit("|", 1)[0]) == "100% sure &amp; done|Plain &amp; simple"


def test_a_forms_lazy_translation_is_text_too(app: Flask) -> None:
    with app.test_request_context("/en/"):
        label = lazy_gettext("Cats & dogs <3")
        plural = lazy_ngettext("%(num)d <cat>", "%(num)d <cats>", 2)
        assert str(escape(label)) == "Cats &amp; dogs &lt;3" and str(label) == "Cats & dogs <3"
        assert str(escape(plural)) == "2 &lt;cats&gt;"
        assert Label("pets", label)() == '<label for="pets">Cats &amp; dogs &lt;3</label>'
        assert app.jinja_env.from_string("{{ label }}").render(label=label) == (
            "Cats &amp; dogs &lt;3"
        )


def test_markup_gettext_keeps_its_own_tags_and_escapes_its_variables(app: Flask) -> None:
    source = '{{ markup_gettext("Press <kbd>%(key)s</kbd>", key=key) }}'
    assert render(app, source, key="<Space>") == "Press <kbd>&lt;Space&gt;</kbd>"


def extract(root: Path, out: Path) -> dict[str, list[str]]:
    """The messages under `root` as pybabel extracts them with `root`'s pyproject.toml
    (docs/developing.md, Translations), each with its translators' comments."""
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            "-F",
            "pyproject.toml",
            "--add-comments=Translators:",
            "-o",
            str(out),
            ".",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    with out.open("rb") as handle:
        catalog = read_po(handle)
    return {str(message.id): message.auto_comments for message in catalog if message.id}


def marked(templates: Path) -> dict[str, list[str]]:
    """The messages of the templates under `templates` sent through `markup_gettext`."""
    return {
        str(message): comments
        for _, _, message, comments, _ in extract_from_dir(
            templates,
            method_map=[("**.html", "jinja2")],
            keywords={"markup_gettext": None},
            comment_tags=("Translators:",),
        )
    }


def test_only_markup_gettext_messages_carry_markup_and_their_translators_are_told(
    tmp_path: Path,
) -> None:
    everything = extract(ROOT, tmp_path / "messages.pot")
    # A message carrying markup through `_()` would show its tags as text on the page.
    with_markup = {message for message in everything if MARKUP.search(message)}
    with_tags = marked(ROOT / "kidswar" / "web" / "templates")
    assert with_markup <= set(with_tags), (
        f"markup outside markup_gettext: {with_markup - set(with_tags)}"
    )
    untold = [message for message, comments in with_tags.items() if not comments]
    assert not untold, f"tell translators which tags to keep (# Translators:): {untold}"


def test_the_extraction_finds_markup_gettext_with_its_comment(tmp_path: Path) -> None:
    templates = tmp_path / "kidswar" / "web" / "templates"
    templates.mkdir(parents=True)
    (templates / "sample.html").write_text(
        "{# Translators: keep <kbd> and </kbd> around the key. #}\n"
        '{{ markup_gettext("Press <kbd>%(key)s</kbd>", key=key) }}\n{{ _("Plain") }}\n'
    )
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    extracted = extract(tmp_path, tmp_path / "messages.pot")
    assert set(extracted) == {"Press <kbd>%(key)s</kbd>", "Plain"}
    assert "keep <kbd> and </kbd>" in " ".join(extracted["Press <kbd>%(key)s</kbd>"])
    assert list(marked(templates)) == ["Press <kbd>%(key)s</kbd>"]
