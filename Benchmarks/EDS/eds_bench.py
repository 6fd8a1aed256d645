#!/usr/bin/python3
"""Evolution Data Server's side of the comparison with ours (issue 17 item 5, issue 13 item 9).

    /usr/bin/python3 Benchmarks/EDS/eds_bench.py WORKDIR

WORKDIR is the directory EDSCompareDriver filled: book.vcf (the cards ours imported) and plan.json (the name
prefixes, UIDs and phone numbers ours looked up, in the same order). The script starts a private session bus
(dbus-run-session) whose EDS registry and address-book factory see only WORKDIR/eds as their home and XDG
directories, creates a local address book there, imports book.vcf through the D-Bus client, then times the
same lookups with EDS's in-process direct read client (EBookClient.connect_direct_sync) and with its D-Bus
client (EBookClient.connect_sync), and writes the p50/p95 of each to WORKDIR/eds.json.

Needs Debian's evolution-data-server, gir1.2-ebook-1.2, gir1.2-ebookcontacts-1.2, gir1.2-edataserver-1.2,
python3-gi and dbus (Benchmarks/scripts/compare-eds.sh installs them). Runs with Debian's /usr/bin/python3,
whose dist-packages hold the gi bindings (a pyenv python does not see them).
"""

import json
import os
import sys
import time

INNER = "EDS_BENCH_INNER"
# Matches every contact: what e_book_query_any_field_contains("") builds, EDS's own "all contacts" query.
ALL_CONTACTS = '(contains "x-evolution-any-field" "")'


def sexp_string(value):
    """A string literal for an EDS S-expression."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def start_private_session(workdir):
    """Re-runs this script under its own session bus, with a home and XDG directories inside WORKDIR/eds."""
    root = os.path.join(workdir, "eds")
    env = dict(os.environ)
    for name, sub in [("HOME", "home"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                      ("XDG_CACHE_HOME", "cache"), ("XDG_RUNTIME_DIR", "runtime")]:
        path = os.path.join(root, sub)
        os.makedirs(path, mode=0o700, exist_ok=True)
        env[name] = path
    # Evolution's services are D-Bus activated: they inherit the bus's environment, so these directories.
    env[INNER] = root
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    os.execvpe("dbus-run-session", ["dbus-run-session", "--", "/usr/bin/python3", os.path.abspath(__file__), workdir], env)


def percentile(sorted_times, share):
    return sorted_times[min(len(sorted_times) - 1, len(sorted_times) * share // 100)]


def measure(name, inputs, body, refused):
    """Times body once per input after an untimed pass over the first 50 (as ours), in microseconds.

    A call EDS refuses with `refused` (an error, not a crash: eqphone_national rejects some local numbers as
    an invalid query) counts as no hit and as an error; its time stays in the figures.
    """
    def call(value):
        try:
            return body(value), 0
        except refused:
            return 0, 1

    for value in inputs[:50]:
        call(value)
    times = []
    hits = errors = 0
    clock = time.perf_counter_ns
    for value in inputs:
        start = clock()
        found, failed = call(value)
        times.append((clock() - start) / 1000)
        hits += found
        errors += failed
    times.sort()
    result = {"operation": name, "calls": len(times), "hits": hits, "errors": errors,
              "p50_us": percentile(times, 50), "p95_us": percentile(times, 95)}
    print(f"  {name}: p50 {result['p50_us']:.1f} µs, p95 {result['p95_us']:.1f} µs, {len(times)} calls, {hits} hits, "
          f"{errors} refused", flush=True)
    return result


def run(workdir):
    import gi
    gi.require_version("EDataServer", "1.2")
    gi.require_version("EBook", "1.2")
    gi.require_version("EBookContacts", "1.2")
    from gi.repository import EBook, EBookContacts, EDataServer, GLib

    home = os.environ[INNER]
    # Never the real home: the registry and the factory write their sources and databases under these.
    for name in ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"]:
        if not os.environ[name].startswith(home + os.sep):
            sys.exit(f"{name} is outside {home}; refusing to run")

    with open(os.path.join(workdir, "plan.json"), encoding="utf-8") as file:
        plan = json.load(file)
    with open(os.path.join(workdir, "book.vcf"), encoding="utf-8", newline="") as file:
        cards = [card + "END:VCARD\r\n" for card in file.read().split("END:VCARD\r\n")[:-1]]
    rounds = plan["rounds"]

    registry = EDataServer.SourceRegistry.new_sync(None)
    source = EDataServer.Source.new(None, None)
    source.set_display_name("Benchmark")
    source.set_parent("local-stub")
    source.get_extension(EDataServer.SOURCE_EXTENSION_ADDRESS_BOOK).set_backend_name("local")
    # EDS's own way to index a book (ESourceBackendSummarySetup): without a phone index, eqphone_national parses
    # the numbers of every contact (20–80 ms a query at 500 contacts). The names and e-mail addresses keep their
    # prefix indexes. The backend reads the indexes only with an explicit summary: EDS's default fields, given.
    # The properties take the strings e_source_backend_summary_setup_set_{summary,indexed}_fieldsv write
    # (fields joined by ':', "field,index" pairs), since PyGObject cannot pass those calls' C arrays.
    EBookContacts.SourceBackendSummarySetup.__gtype__  # registers the extension type with ESource
    setup = source.get_extension(EBookContacts.SOURCE_EXTENSION_BACKEND_SUMMARY_SETUP)
    setup.set_property("summary-fields", "id:Rev:file_as:nickname:full_name:given_name:family_name:email:phone:list:"
                                         "list_show_addresses:wants_html:x509Cert:pgpCert")
    setup.set_property("indexed-fields", "full_name,prefix:given_name,prefix:family_name,prefix:nickname,prefix:"
                                         "email,prefix:phone,phone")
    registry.commit_source_sync(source, None)
    # The registry announces the new source asynchronously; wait until this process's registry has it.
    context = GLib.MainContext.default()
    registered = None
    deadline = time.monotonic() + 60
    while registered is None and time.monotonic() < deadline:
        registered = registry.ref_source(source.get_uid())
        if registered is None:
            context.iteration(False)
            time.sleep(0.01)
    if registered is None:
        sys.exit("the registry never announced the new address book")

    dbus_client = EBook.BookClient.connect_sync(registered, 60, None)
    start = time.perf_counter()
    batch = 1000
    for index in range(0, len(cards), batch):
        contacts = [EBookContacts.Contact.new_from_vcard(card) for card in cards[index:index + batch]]
        dbus_client.add_contacts_sync(contacts, EBookContacts.BookOperationFlags.NONE, None)
    import_seconds = time.perf_counter() - start
    print(f"EDS import: {len(cards)} cards in {import_seconds:.1f} s ({len(cards) / import_seconds:.0f} a second), "
          f"batches of {batch} through the D-Bus client", flush=True)
    direct_client = EBook.BookClient.connect_direct_sync(registry, registered, 60, None)
    _, stored = direct_client.get_contacts_uids_sync(ALL_CONTACTS, None)
    if len(stored) != len(cards):
        sys.exit(f"EDS holds {len(stored)} contacts, expected {len(cards)}")

    # The name prefix query: EDS matches a prefix of any word of the full name (checked in the README), the
    # closest to matchingName, which matches any word of the name fields.
    def prefix_query(query):
        return f'(beginswith "full_name" {sexp_string(query)})'

    def phone_query(number):
        return f'(eqphone_national "phone" {sexp_string(number)})'

    output = {"side": "eds", "size": len(cards), "import_seconds": import_seconds,
              "import_per_second": len(cards) / import_seconds, "clients": {}}
    for label, client in [("direct", direct_client), ("dbus", dbus_client)]:
        print(f"EDS {label} client:", flush=True)
        hits = {query: len(client.get_contacts_sync(prefix_query(query), None)[1]) for query in plan["queries"]}
        results = [
            measure("name prefix", plan["queries"] * rounds,
                    lambda query: len(client.get_contacts_sync(prefix_query(query), None)[1]), GLib.Error),
            measure("fetch by UID", plan["uids"],
                    lambda uid: 1 if client.get_contact_sync(uid, None)[1] is not None else 0, GLib.Error),
            measure("fetch all UIDs", [0] * max(5, rounds * 4),
                    lambda _: len(client.get_contacts_uids_sync(ALL_CONTACTS, None)[1]), GLib.Error),
            measure("phone lookup", plan["phones"],
                    lambda number: len(client.get_contacts_sync(phone_query(number), None)[1]), GLib.Error),
            # What PyGObject alone costs a call: a getter that does no work in EDS.
            measure("PyGObject call overhead", [0] * 2000, lambda _: 0 if client.get_source() is None else 1, GLib.Error),
        ]
        output["clients"][label] = {"prefix_hits": hits, "results": results}

    with open(os.path.join(workdir, "eds.json"), "w", encoding="utf-8") as file:
        json.dump(output, file, indent=2, sort_keys=True, ensure_ascii=False)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: eds_bench.py WORKDIR (the directory EDSCompareDriver filled)")
    workdir = os.path.abspath(sys.argv[1])
    for name in ["book.vcf", "plan.json"]:
        if not os.path.exists(os.path.join(workdir, name)):
            sys.exit(f"{workdir}/{name} is missing: run EDSCompareDriver first")
    if os.environ.get(INNER) != os.path.join(workdir, "eds"):
        start_private_session(workdir)
    run(workdir)


if __name__ == "__main__":
    main()
