#!/usr/bin/env python3
"""Writes Tests/ICalendarTests/Fixtures/rrule-dateutil.json: random valid RFC 5545 rules with
their first occurrences as python-dateutil computes them, for RecurrenceRuleDateutilTests.

    python3 scripts/rrule-fixtures.py          # needs python-dateutil 2.9

The rules come from a fixed seed, so the file only changes when this script does. They cover
every frequency and BY part, with starts on February 29, at month ends, around New Year in
years with 53 weeks, as DATE values and at random times.

dateutil and RFC 5545 differ in two ways that this script accounts for, so that the file holds
the occurrences RFC 5545 gives:

1. DTSTART. RFC 5545 counts DTSTART as the first occurrence, whether or not the rule gives it,
   and COUNT includes it. dateutil gives DTSTART only when the rule does, and counts COUNT from
   its own first occurrence. So dateutil runs without COUNT, the file keeps its occurrences
   strictly after DTSTART, and a rule with COUNT=n keeps the first n - 1 of them.
2. The first week of a WEEKLY rule. RFC 5545's period is the whole week (from WKST) holding
   DTSTART, so BYSETPOS counts from the week's first day and then drops what comes before
   DTSTART. dateutil's first week starts at DTSTART itself, which shifts BYSETPOS in that week.
   For a WEEKLY rule with BYSETPOS, dateutil runs from the first day of DTSTART's week (at
   DTSTART's time, with BYDAY defaulted to DTSTART's weekday as RFC 5545 does) and what it
   gives up to DTSTART is dropped.

Two more differences are left out of the file rather than worked around: dateutil reads a BYDAY
that mixes plain and numbered weekdays (BYDAY=WE,1MO in a MONTHLY rule) as the days that are
both, and gives nothing, where RFC 5545 gives every Wednesday and the first Monday. The rules
here number all their BYDAY weekdays or none. And dateutil matches the days of late December
that belong to week 1 of the next year only by BYWEEKNO=1, not by that week's negative number
(BYWEEKNO=-53 when the next year has 53 weeks, -52 otherwise); the rules here count back at
most 51 weeks.

Each entry is [rule, start, unit, gaps, ends]: the rule as written, DTSTART (YYYYMMDD for a DATE,
else a floating YYYYMMDDTHHMMSS), then the occurrences after DTSTART (at most 15) as the gaps
between each and the one before (the first from DTSTART), in units of `unit` seconds, and
whether these are all the occurrences there are (1) or the rule goes on (0).
"""

import datetime
import itertools
import json
import os
import random
import signal

from dateutil import rrule

SEED = 5545
RULES = 3000
LIMIT = 15
OUTPUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ICalendarTests", "Fixtures",
    "rrule-dateutil.json")

DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
FREQUENCIES = ["YEARLY"] * 5 + ["MONTHLY"] * 5 + ["WEEKLY"] * 4 + ["DAILY"] * 4 + [
    "HOURLY"] * 3 + ["MINUTELY"] * 2 + ["SECONDLY"] * 2
# Years whose ISO year has 53 weeks, and leap years.
LONG_YEARS = [1998, 2004, 2009, 2015, 2020, 2026, 2032, 2037]
LEAP_YEARS = [1996, 2000, 2004, 2016, 2024, 2028]


class Slow(Exception):
    pass


def on_alarm(signum, frame):
    raise Slow()


def start_date(rng):
    kind = rng.random()
    if kind < 0.12:
        return datetime.date(rng.choice(LEAP_YEARS), 2, 29)
    if kind < 0.25:
        year, month = rng.randint(1995, 2035), rng.randint(1, 12)
        last = (datetime.date(year + month // 12, month % 12 + 1, 1) - datetime.timedelta(1)).day
        return datetime.date(year, month, rng.choice([last, last - 1, 28, 30][:2 + (last > 29)]))
    if kind < 0.40:
        year = rng.choice(LONG_YEARS)
        return datetime.date(year, 12, 24) + datetime.timedelta(rng.randint(0, 14))
    return datetime.date(rng.randint(1990, 2040), 1, 1) + datetime.timedelta(rng.randint(0, 365))


def numbers(rng, low, high, signed=False, most=3, lowest=None):
    values = set()
    for _ in range(rng.randint(1, most)):
        value = rng.randint(low, high)
        negative = signed and rng.random() < 0.3
        values.add(-min(value, lowest or value) if negative else value)
    return sorted(values)


def weekdays(rng, ordinals):
    entries = []
    numbered = ordinals and rng.random() < 0.5
    for day in rng.sample(DAYS, rng.randint(1, 4)):
        if numbered:
            ordinal = rng.randint(1, ordinals) * rng.choice([1, 1, -1])
            entries.append(f"{ordinal}{day}")
        else:
            entries.append(day)
    return entries


def make_rule(rng):
    freq = rng.choice(FREQUENCIES)
    sub_daily = freq in ("HOURLY", "MINUTELY", "SECONDLY")
    is_date = not sub_daily and rng.random() < 0.12
    day = start_date(rng)
    if is_date:
        start = datetime.datetime(day.year, day.month, day.day)
    elif rng.random() < 0.3:
        start = datetime.datetime(day.year, day.month, day.day, 9)
    else:
        start = datetime.datetime(
            day.year, day.month, day.day, rng.randint(0, 23), rng.randint(0, 59),
            rng.randint(0, 59))

    parts = {"FREQ": freq}
    if rng.random() < 0.35:
        high = {"SECONDLY": 90, "MINUTELY": 90, "HOURLY": 30}.get(freq, 4)
        parts["INTERVAL"] = str(rng.randint(2, high))
    chance = lambda p: rng.random() < p
    day_parts = lambda: sum(name in parts for name in (
        "BYMONTH", "BYWEEKNO", "BYYEARDAY", "BYMONTHDAY", "BYDAY"))
    # Each day-level part is less likely the more there are: stacked ones rarely meet.
    day_chance = lambda p: chance(p / (1 + 1.5 * day_parts()))
    join = lambda values: ",".join(map(str, values))
    if day_chance(0.3):
        parts["BYMONTH"] = join(numbers(rng, 1, 12, most=4))
    if freq == "YEARLY" and day_chance(0.2):
        parts["BYWEEKNO"] = join(numbers(rng, 1, 53, signed=True, most=2, lowest=51))
    if freq in ("YEARLY", "HOURLY", "MINUTELY", "SECONDLY") and day_chance(0.15):
        parts["BYYEARDAY"] = join(numbers(rng, 1, 366, signed=True, most=4))
    if freq != "WEEKLY" and day_chance(0.3):
        parts["BYMONTHDAY"] = join(numbers(rng, 1, 31, signed=True, most=4))
    if day_chance(0.45):
        if "BYWEEKNO" in parts:
            ordinals = 0
        elif freq == "MONTHLY" or (freq == "YEARLY" and "BYMONTH" in parts):
            ordinals = 5
        elif freq == "YEARLY":
            ordinals = 53
        else:
            ordinals = 0
        parts["BYDAY"] = join(weekdays(rng, ordinals))
    if not is_date:
        limits = {"HOURLY": 1, "MINUTELY": 2, "SECONDLY": 3}.get(freq, 0)
        # Parts that limit a fine rule are kept likely to be met.
        if chance(0.25 if limits < 1 else 0.35):
            parts["BYHOUR"] = join(numbers(rng, 0, 23, most=3 if limits < 1 else 8))
        if chance(0.25 if limits < 2 else 0.3):
            parts["BYMINUTE"] = join(numbers(rng, 0, 59, most=3 if limits < 2 else 20))
        if chance(0.2 if limits < 3 else 0.3):
            parts["BYSECOND"] = join(numbers(rng, 0, 59, most=3 if limits < 3 else 30))
    has_by = any(name.startswith("BY") for name in parts)
    if has_by and chance(0.3):
        parts["BYSETPOS"] = join(numbers(rng, 1, 6, signed=True, most=2))
    if chance(0.25):
        parts["WKST"] = rng.choice(DAYS)
    ending = rng.random()
    if ending < 0.4:
        parts["COUNT"] = str(rng.randint(1, 20))
    elif ending < 0.65:
        span = {"SECONDLY": 600, "MINUTELY": 36_000, "HOURLY": 500_000, "DAILY": 5_000_000,
                "WEEKLY": 20_000_000}.get(freq, 150_000_000)
        until = start + datetime.timedelta(seconds=rng.randint(0, span))
        parts["UNTIL"] = until.strftime("%Y%m%d" if is_date else "%Y%m%dT%H%M%S")
    names = list(parts)
    rng.shuffle(names)
    names.remove("FREQ")
    text = ";".join(f"{name}={parts[name]}" for name in ["FREQ"] + names)
    return text, parts, start, is_date


def rfc_occurrences(parts, start):
    """The occurrences after `start` that RFC 5545 gives, at most LIMIT + 1 of them."""
    parts = dict(parts)
    count = parts.pop("COUNT", None)
    wanted = LIMIT + 1 if count is None else min(LIMIT + 1, int(count) - 1)
    begin = start
    if parts["FREQ"] == "WEEKLY" and "BYSETPOS" in parts:
        wkst = DAYS.index(parts.get("WKST", "MO"))
        begin = start - datetime.timedelta((start.weekday() - wkst) % 7)
        parts.setdefault("BYDAY", DAYS[start.weekday()])
    text = ";".join(f"{name}={value}" for name, value in parts.items())
    rule = rrule.rrulestr(text, dtstart=begin)
    after = (occurrence for occurrence in rule if occurrence > start)
    return list(itertools.islice(after, max(wanted, 0)))


def main():
    rng = random.Random(SEED)
    signal.signal(signal.SIGALRM, on_alarm)
    entries, slow = [], 0
    while len(entries) < RULES:
        text, parts, start, is_date = make_rule(rng)
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        try:
            found = rfc_occurrences(parts, start)
        except Slow:
            slow += 1
            continue
        except ValueError:
            # dateutil refuses a rule whose BYHOUR, BYMINUTE or BYSECOND its INTERVAL never
            # reaches from DTSTART: the rule gives nothing after DTSTART.
            found = []
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        ends = len(found) <= LIMIT
        found = found[:LIMIT]
        stamps = [start] + found
        gaps = [int((b - a).total_seconds()) for a, b in zip(stamps, stamps[1:])]
        unit = next(u for u in (86_400, 3_600, 60, 1) if all(g % u == 0 for g in gaps))
        entries.append([
            text, start.strftime("%Y%m%d" if is_date else "%Y%m%dT%H%M%S"), unit,
            [g // unit for g in gaps], int(ends)])
    about = ("RFC 5545 occurrences after DTSTART (gaps in units of seconds) of random rules, "
             "from python-dateutil; written by scripts/rrule-fixtures.py, which says how.")
    with open(OUTPUT, "w") as file:
        json.dump({"about": about, "seed": SEED, "rules": entries}, file, separators=(",", ":"))
        file.write("\n")
    frequencies = {}
    for entry in entries:
        name = entry[0].split(";")[0]
        frequencies[name] = frequencies.get(name, 0) + 1
    print(f"{len(entries)} rules ({slow} dropped as too slow for dateutil), "
          f"{os.path.getsize(OUTPUT)} bytes: {frequencies}")


if __name__ == "__main__":
    main()
