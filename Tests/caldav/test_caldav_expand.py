"""A repeating todo as the instances of its recurrence set (RFC 4791): a `time-range` filter
matches it when any instance overlaps the range (9.9), `expand` returns the instances in a
range, each in UTC with its RECURRENCE-ID and no rule (9.6.5), and `limit-recurrence-set`
returns the series with only the occurrences changed on their own that fall in a range
(9.6.6).

The fixture, worked out by hand: a weekly todo from Monday 4 November 2030, 09:00 to 10:00 in
Paris (UTC+1 in November, so 08:00Z to 09:00Z), five times (COUNT=5): 4, 11, 18, 25 November
and 2 December. The 18th is an exception (EXDATE, still counted), and the 25th was moved by
the client to 14:00-15:00 Paris (13:00Z-14:00Z) and renamed."""

from test_caldav_repeat import put
from test_caldav_todos import PARIS, partial

SERIES = ["UID:yoga-series@test", "SUMMARY:Yoga",
          "DTSTART;TZID=Europe/Paris:20301104T090000", "DUE;TZID=Europe/Paris:20301104T100000",
          "RRULE:FREQ=WEEKLY;COUNT=5", "EXDATE;TZID=Europe/Paris:20301118T090000"]
MOVED = ["BEGIN:VTODO", "UID:yoga-series@test", "DTSTAMP:20301101T080000Z",
         "RECURRENCE-ID;TZID=Europe/Paris:20301125T090000", "SUMMARY:Yoga (in the park)",
         "DTSTART;TZID=Europe/Paris:20301125T140000", "DUE;TZID=Europe/Paris:20301125T150000",
         "END:VTODO"]


def put_series(server, calendar):
    return put(server, calendar, "yoga-series.ics", *SERIES, extra_components=PARIS,
               after_vtodo=MOVED)


def vtodos(lines):
    """Each VTODO of a calendar's lines, as the list of its own lines."""
    todos, current = [], None
    for line in lines:
        if line == "BEGIN:VTODO":
            current = []
        elif line == "END:VTODO":
            todos.append(current)
            current = None
        elif current is not None:
            current.append(line)
    return todos


def test_a_time_range_finds_a_repeating_todo_by_any_of_its_instances(server, calendar):
    path = put_series(server, calendar)

    def found(start, end):
        return path in partial(server, calendar, time_range=(start, end))

    # The 2 December instance: the series began a month earlier.
    assert found("20301201T000000Z", "20301203T000000Z")
    # The moved occurrence (13:00Z on the 25th), not where the rule had it (08:00Z).
    assert found("20301125T123000Z", "20301125T133000Z")
    assert not found("20301125T073000Z", "20301125T083000Z")
    # The exception, and after the fifth occurrence: nothing.
    assert not found("20301117T120000Z", "20301119T000000Z")
    assert not found("20301203T000000Z", "20310301T000000Z")
    # An open-ended range from a date the series runs through.
    assert found("20301110T000000Z", "99991231T000000Z")


def test_expand_returns_the_instances_in_the_range_in_utc(server, calendar):
    path = put_series(server, calendar)
    lines = partial(server, calendar,
                  '<c:calendar-data><c:expand start="20301110T000000Z" end="20301201T000000Z"/>'
                  "</c:calendar-data>")[path]
    assert "BEGIN:VTIMEZONE" not in lines
    assert not any("TZID" in line for line in lines), lines
    instances = vtodos(lines)
    assert len(instances) == 2, lines
    first, moved = instances
    assert "RECURRENCE-ID:20301111T080000Z" in first
    assert "DTSTART:20301111T080000Z" in first and "DUE:20301111T090000Z" in first
    assert "SUMMARY:Yoga" in first
    assert "RECURRENCE-ID:20301125T080000Z" in moved
    assert "DTSTART:20301125T130000Z" in moved and "DUE:20301125T140000Z" in moved
    assert "SUMMARY:Yoga (in the park)" in moved
    for instance in instances:
        assert not any(line.split(":")[0].split(";")[0] in ("RRULE", "EXDATE", "RDATE")
                       for line in instance), instance

    # A range with no instance leaves the calendar without todos.
    lines = partial(server, calendar,
                  '<c:calendar-data><c:expand start="20301117T120000Z" end="20301119T000000Z"/>'
                  "</c:calendar-data>")[path]
    assert lines[0] == "BEGIN:VCALENDAR" and vtodos(lines) == []


def test_expand_keeps_a_todo_that_does_not_repeat_and_converts_it(server, calendar):
    path = put(server, calendar, "once.ics", "UID:once@test", "SUMMARY:Once",
               "DUE;TZID=Europe/Paris:20301112T180000", extra_components=PARIS)
    expand = ('<c:calendar-data><c:expand start="20301110T000000Z" end="20301120T000000Z"/>'
              "</c:calendar-data>")
    [todo] = vtodos(partial(server, calendar, expand)[path])
    assert "DUE:20301112T170000Z" in todo
    assert not any(line.startswith("RECURRENCE-ID") for line in todo)


def test_limit_recurrence_set_keeps_the_changed_occurrences_in_the_range(server, calendar):
    path = put_series(server, calendar)
    data = ('<c:calendar-data><c:limit-recurrence-set start="{}" end="{}"/>'
            "</c:calendar-data>")
    early = vtodos(partial(server, calendar, data.format("20301101T000000Z", "20301120T000000Z"))[path])
    assert len(early) == 1 and "RRULE:FREQ=WEEKLY;COUNT=5" in early[0]
    late = vtodos(partial(server, calendar, data.format("20301120T000000Z", "20301130T000000Z"))[path])
    assert len(late) == 2
    assert any("SUMMARY:Yoga (in the park)" in todo for todo in late)


def test_a_malformed_expand_is_a_bad_request(server, calendar):
    put_series(server, calendar)
    for element in ['<c:expand start="20301110T000000Z"/>',
                    '<c:expand start="20301120T000000Z" end="20301110T000000Z"/>',
                    '<c:expand start="20301110T000000" end="20301120T000000Z"/>',
                    '<c:limit-recurrence-set end="20301120T000000Z"/>']:
        refused = partial(server, calendar, f"<c:calendar-data>{element}</c:calendar-data>")
        assert refused.status == 400, (element, refused)
        assert b"start" in refused.body or b"end" in refused.body or b"UTC" in refused.body
