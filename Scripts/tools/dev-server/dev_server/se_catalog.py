"""The fixture questions, loaded once and pre-encoded so a request only joins bytes."""

import json
import re
from pathlib import Path

from .http_types import encode_json

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "stackexchange" / "questions.json"
BASE_URL_PLACEHOLDER = "{{BASE_URL}}"
AVATAR_PATH = re.compile(r"/cdn/avatars/([^/]+)\.png$")


class Question:
    """One fixture question with its sort keys and two JSON encodings (with and without body)."""

    __slots__ = ("id", "tags", "activity", "creation", "score", "hot", "plain_json", "body_json")

    def __init__(self, item, reference_time):
        self.id = item["question_id"]
        self.tags = frozenset(item["tags"])
        self.activity = item["last_activity_date"]
        self.creation = item["creation_date"]
        self.score = item["score"]
        self.hot = _hotness(item, reference_time)
        self.body_json = encode_json(item)
        self.plain_json = encode_json({k: v for k, v in item.items() if k != "body"})


def _hotness(item, reference_time):
    """A stand-in for the site's 'hot' rank: recent activity with votes and answers scores high."""
    hours = max(0, reference_time - item["last_activity_date"]) / 3600
    weight = item["score"] + 4 * item["answer_count"] + item["view_count"] / 500
    return weight / (hours + 2) ** 1.5


class Catalog:
    """Every fixture question, by id, with URLs pointing at this server."""

    def __init__(self, base_url, path=FIXTURE):
        raw = path.read_text(encoding="utf-8").replace(BASE_URL_PLACEHOLDER, base_url)
        items = json.loads(raw)["items"]
        self.reference_time = max(item["last_activity_date"] for item in items)
        self.questions = [Question(item, self.reference_time) for item in items]
        self.by_id = {question.id: question for question in self.questions}
        self.avatar_names = sorted({
            match.group(1)
            for item in items
            if (match := AVATAR_PATH.search(item.get("owner", {}).get("profile_image", "")))
        })
