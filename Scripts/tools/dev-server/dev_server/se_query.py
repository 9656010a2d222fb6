"""Parameters of /questions as the live API reads them, and their ordering and paging."""

from dataclasses import dataclass

SORTS = ("activity", "votes", "creation", "hot", "week", "month")
WINDOWS = {"week": 7 * 86400, "month": 30 * 86400}
# Built-in filter names (plus a custom filter id that adds `body`) -> what they return.
FILTERS = {"default": "plain", "withbody": "body", "!9_bDDxJY5": "body",
           "none": "none", "total": "total"}
MAX_PAGESIZE = 100


class ParameterError(Exception):
    """An invalid parameter; the message is the parameter's name, as the live API reports it."""


@dataclass(frozen=True)
class Query:
    order: str
    sort: str
    page: int
    pagesize: int
    tagged: tuple
    fromdate: object
    todate: object
    min: object
    max: object
    filter: str


def _int(params, name, default, low, high):
    raw = params.get(name, "")
    if raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ParameterError(name) from None
    if not low <= value <= high:
        raise ParameterError(name)
    return value


def parse_query(params):
    """A Query from the first value of each parameter; raises ParameterError."""
    order = params.get("order") or "desc"
    if order not in ("asc", "desc"):
        raise ParameterError("order")
    sort = params.get("sort") or "activity"
    if sort not in SORTS:
        raise ParameterError("sort")
    filter_name = params.get("filter") or "default"
    if filter_name not in FILTERS:
        raise ParameterError("filter")
    big = 2**53
    return Query(
        order=order,
        sort=sort,
        page=_int(params, "page", 1, 1, 1_000_000),
        pagesize=_int(params, "pagesize", 30, 0, MAX_PAGESIZE),
        tagged=tuple(t.strip().lower() for t in params.get("tagged", "").split(";") if t.strip()),
        fromdate=_int(params, "fromdate", None, 0, big),
        todate=_int(params, "todate", None, 0, big),
        min=_int(params, "min", None, -big, big),
        max=_int(params, "max", None, -big, big),
        filter=FILTERS[filter_name],
    )


def _sort_key(sort):
    return {
        "activity": lambda q: q.activity,
        "creation": lambda q: q.creation,
        "hot": lambda q: q.hot,
    }.get(sort, lambda q: q.score)


def select(questions, query, reference_time):
    """(page of questions, has_more, total) after filtering, ordering and paging."""
    wanted = set(query.tagged)
    key = _sort_key(query.sort)
    window = WINDOWS.get(query.sort)
    pool = [
        q for q in questions
        if wanted <= q.tags
        and (query.fromdate is None or q.creation >= query.fromdate)
        and (query.todate is None or q.creation <= query.todate)
        and (window is None or q.activity >= reference_time - window)
        and (query.sort == "hot" or query.min is None or key(q) >= query.min)
        and (query.sort == "hot" or query.max is None or key(q) <= query.max)
    ]
    pool.sort(key=lambda q: (key(q), q.id), reverse=query.order == "desc")
    start = (query.page - 1) * query.pagesize
    page = pool[start:start + query.pagesize]
    return page, start + query.pagesize < len(pool), len(pool)
