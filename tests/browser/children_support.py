"""The children kept on a browser (static/children.mjs), for the browser tests: a child added
and chosen, its progress as the browser keeps it, and a day passed for it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page
from progress_days import a_day_earlier

PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}


def count_persist_requests(page: Page) -> None:
    """From the next page on, navigator.storage.persist() (the browser asked to keep the
    children's progress) answers yes and counts its calls in window.kidswarPersistAsked."""
    page.add_init_script(
        """(() => {
            window.kidswarPersistAsked = 0;
            if (navigator.storage) {
                navigator.storage.persist = () => {
                    window.kidswarPersistAsked += 1;
                    return Promise.resolve(true);
                };
            }
        })();"""
    )


def add_child(page: Page, animal: str = "cat", name: str = "Ana") -> None:
    """A child on this device, chosen, as the picker makes one (children.mjs)."""
    page.evaluate(
        """async ([animal, name]) => {
            const store = await import("/static/children.mjs");
            store.addChild(animal, name);
        }""",
        [animal, name],
    )


def stored_progress(page: Page) -> Any:
    """The current child's progress as this browser keeps it."""
    return page.evaluate(
        """async () => {
            const store = await import("/static/children.mjs");
            const child = store.currentChild();
            return child ? store.progressOf(child.id) : null;
        }"""
    )


def pass_a_day(page: Page) -> None:
    """Tomorrow for the current child: the days its progress keeps moved back by one."""
    page.evaluate(
        """async (moved) => {
            const store = await import("/static/children.mjs");
            store.saveProgress(store.currentChild().id, moved);
        }""",
        a_day_earlier(stored_progress(page)),
    )
