#!/usr/bin/env python3
"""Generate Sources/ContactsModel/Resources/PhoneMetadata.tsv from libphonenumber's metadata XML.

The parser in Sources/ContactsModel/PhoneNumbers reads the TSV lazily at runtime. A text resource keeps
the build fast: the same table as a Swift literal would take the compiler a long time to type-check.

Regenerate after updating the corpus (standard library only, no third-party packages):

    python3 scripts/generate-phone-metadata.py \\
        ../shared/corpora/phone/PhoneNumberMetadata.xml \\
        Sources/ContactsModel/Resources/PhoneMetadata.tsv

Both arguments are optional and default to the paths above, relative to the repository root. The
output is deterministic, so regenerating from the same XML gives the same bytes.

Each data line describes one territory, with these tab-separated columns:

    region                ISO 3166-1 region id, or "001" for non-geographic entities such as +800
    callingCode           country calling code, such as 64
    main                  1 when the territory is the main one for its calling code, else 0
    internationalPrefix   pattern of the international dialling prefix, such as 00 or 011
    nationalPrefix        national (trunk) prefix, such as 0 in NZ, 1 in the US
    prefixForParsing      pattern that finds the national prefix when parsing; defaults to nationalPrefix
    transformRule         replacement for the matched prefix, with $1 naming capture groups; often empty
    generalPattern        pattern that every national significant number of the territory matches
    lengths               possible lengths of national significant numbers, such as 7,9-10
    localOnlyLengths      lengths that can be dialled only locally, without the area code

Patterns use the regular-expression subset the metadata needs: digits, \\d, classes, groups,
alternation, ?, {n} and {n,m}, and $. Empty columns mean "none".
"""

import os
import re
import sys
import xml.etree.ElementTree as ElementTree

SOURCE_LINE = (
    "# Source: libphonenumber metadata (python-phonenumbers v8.13.48, resources/PhoneNumberMetadata.xml), "
    "Copyright (C) 2009 The Libphonenumber Authors, Apache License 2.0."
)

# The number types whose possible lengths make up a territory's general possible lengths. The
# noInternationalDialling description is left out: it only narrows which numbers can be dialled from abroad.
NUMBER_TYPES = (
    "fixedLine", "mobile", "pager", "tollFree", "premiumRate", "sharedCost",
    "personalNumber", "voip", "uan", "voicemail",
)

COLUMNS = (
    "region", "callingCode", "main", "internationalPrefix", "nationalPrefix", "prefixForParsing",
    "transformRule", "generalPattern", "lengths", "localOnlyLengths",
)


def compact(text):
    """Remove the whitespace the XML uses to lay out long patterns over several lines."""
    return re.sub(r"\s+", "", text or "")


def parse_lengths(text):
    """Expand a possibleLengths attribute such as "[8-10],12" into a set of integers; "-1" means none."""
    lengths = set()
    for part in re.findall(r"\[\d+-\d+\]|-?\d+", compact(text)):
        if part.startswith("["):
            low, high = part[1:-1].split("-")
            lengths.update(range(int(low), int(high) + 1))
        elif int(part) > 0:
            lengths.add(int(part))
    return lengths


def format_lengths(lengths):
    """Write a set of lengths as sorted runs, such as "7,9-10"."""
    runs = []
    for length in sorted(lengths):
        if runs and runs[-1][1] == length - 1:
            runs[-1][1] = length
        else:
            runs.append([length, length])
    return ",".join(str(low) if low == high else f"{low}-{high}" for low, high in runs)


def territory_row(territory, main_regions):
    attributes = territory.attrib
    national_prefix = compact(attributes.get("nationalPrefix"))
    national_lengths, local_lengths = set(), set()
    for name in NUMBER_TYPES:
        description = territory.find(name)
        element = description.find("possibleLengths") if description is not None else None
        if element is not None:
            national_lengths |= parse_lengths(element.get("national"))
            local_lengths |= parse_lengths(element.get("localOnly"))
    general = territory.find("generalDesc/nationalNumberPattern")
    code = attributes["countryCode"]
    row = (
        attributes["id"],
        code,
        "1" if main_regions[code] == attributes["id"] else "0",
        compact(attributes.get("internationalPrefix")),
        national_prefix,
        compact(attributes.get("nationalPrefixForParsing")) or national_prefix,
        compact(attributes.get("nationalPrefixTransformRule")),
        compact(general.text if general is not None else ""),
        format_lengths(national_lengths),
        format_lengths(local_lengths - national_lengths),
    )
    for field in row:
        if "\t" in field or "\n" in field:
            raise ValueError(f"territory {attributes['id']}: a field contains a tab or a new line")
    return row


def main_regions_by_code(territories):
    """The main region of each calling code: the only territory, or the one marked mainCountryForCode."""
    regions = {}
    for territory in territories:
        code, region = territory.get("countryCode"), territory.get("id")
        if code not in regions or territory.get("mainCountryForCode") == "true":
            regions[code] = region
    return regions


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        root, "..", "shared", "corpora", "phone", "PhoneNumberMetadata.xml")
    target = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        root, "Sources", "ContactsModel", "Resources", "PhoneMetadata.tsv")
    territories = ElementTree.parse(source).getroot().findall("territories/territory")
    main_regions = main_regions_by_code(territories)
    lines = [
        "# Phone-number metadata for the parser in Sources/ContactsModel/PhoneNumbers.",
        "# Generated by scripts/generate-phone-metadata.py; do not edit by hand.",
        SOURCE_LINE,
        "# Columns: " + "\t".join(COLUMNS),
    ]
    lines += ["\t".join(territory_row(territory, main_regions)) for territory in territories]
    with open(target, "w", encoding="utf-8", newline="\n") as output:
        output.write("\n".join(lines) + "\n")
    print(f"wrote {len(territories)} territories to {target}")


if __name__ == "__main__":
    main()
