#!/usr/bin/env python3
"""What Radicale's own processor spends to serve an initial sync, by request pattern (issue 15, item 7).

    Benchmarks/scripts/radicale-initial-cost.py [cards] [rounds]        (default 10000 3)

Writes `cards` small cards into a fresh Radicale 3.9 collection on 127.0.0.1 (pip install radicale==3.9.0),
builds its caches untimed, then, alternately for `rounds` rounds, asks for every card in three ways and prints
the wall time and Radicale's CPU time (user + system, from /proc) of each:

  ours        sync-collection without a token (hrefs and ETags), then addressbook-multiget in batches of 250
  one-report  sync-collection without a token asking for address-data too: every card and the token at once
  vdirsyncer  PROPFIND depth 1 (ETags), then one addressbook-multiget of every card (no sync token)

No client can sync the book in less than the server's CPU time for the pattern it uses, since Radicale answers
with one core (Python).
"""
import base64, http.client, os, re, sys, time

from radicale_book import RadicaleBook

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def card(index):
    return (f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u{index:06d}\r\nFN:Given{index} Family{index}\r\n"
            f"N:Family{index};Given{index};;;\r\nTEL;TYPE=CELL:+1 555 {index:07d}\r\nitem1.EMAIL:p{index}@example.com\r\n"
            f"item1.X-ABLabel:work\r\nNOTE:{'x' * 200}\r\nEND:VCARD\r\n")


radicale = RadicaleBook(count, card, "radicale-cost-", timeout=900)
port = radicale.port
AUTH = "Basic " + base64.b64encode(b"alice:pw").decode()
SYNC = ('<?xml version="1.0"?><D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
        '<D:sync-token/><D:sync-level>1</D:sync-level><D:prop><D:getetag/>{}</D:prop></D:sync-collection>')
PROPFIND = '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>'


def multiget(hrefs):
    return ('<?xml version="1.0"?><C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">'
            '<D:prop><D:getetag/><C:address-data/></D:prop>' + "".join(f"<D:href>{h}</D:href>" for h in hrefs)
            + '</C:addressbook-multiget>')


def request(method, body, depth):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=900)
    connection.request(method, "/alice/book/", body=body.encode(),
                       headers={"Authorization": AUTH, "Depth": depth, "Content-Type": "application/xml"})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return data


def hrefs(data):
    return [h.decode() for h in re.findall(rb"<href>([^<]+)</href>", data) if h.endswith(b".vcf")]


def server_cpu():
    fields = open(f"/proc/{radicale.server.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ours():
    listed = hrefs(request("REPORT", SYNC.format(""), "0"))
    return sum(request("REPORT", multiget(listed[i:i + 250]), "1").count(b"BEGIN:VCARD") for i in range(0, len(listed), 250))


def one_report():
    return request("REPORT", SYNC.format("<C:address-data/>"), "0").count(b"BEGIN:VCARD")


def vdirsyncer():
    return request("REPORT", multiget(hrefs(request("PROPFIND", PROPFIND, "1"))), "1").count(b"BEGIN:VCARD")


try:
    one_report()  # builds Radicale's item cache and sync history, untimed
    for round in range(rounds):
        for name, pattern in (("ours", ours), ("one-report", one_report), ("vdirsyncer", vdirsyncer)):
            start, cpu = time.perf_counter(), server_cpu()
            cards = pattern()
            print(f"round {round + 1}  {name:<11} wall {time.perf_counter() - start:5.2f} s  "
                  f"Radicale CPU {server_cpu() - cpu:5.2f} s  cards {cards}", flush=True)
finally:
    radicale.close()
