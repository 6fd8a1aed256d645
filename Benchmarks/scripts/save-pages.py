#!/usr/bin/env python3
"""Which B-trees one save dirties, page by page (issue 17, item 3; docs/Store.md, "What a save writes").

    Benchmarks/scripts/save-pages.py FILLDRIVER STORE_DIRECTORY [batch] [saves]

STORE_DIRECTORY holds a store prefilled by `FillDriver <n> 500 STORE_DIRECTORY`. The script checkpoints the
store, holds a read transaction on the empty WAL (so the save's commit cannot copy frames back or restart
the WAL), runs FillDriver for one more save of `batch` contacts, and then reads the WAL: every frame is one
page the save wrote. The page numbers are mapped to tables and indexes with SQLite's dbstat table. The result
does not depend on the machine's load: the same store and build give the same pages.

With `saves` > 1, FillDriver makes that many saves one after the other and the WAL keeps the frames of all of
them (the reader stops every checkpoint): frames per save is then the mean a save writes, merges of staged index
keys included (docs/Store.md, "Staged index keys"), and the table counts frames as well as distinct pages.
"""
import os
import sqlite3
import struct
import subprocess
import sys
from collections import Counter


def wal_pages(path):
    """The page number of every valid frame of a WAL file, in order."""
    with open(path, "rb") as wal:
        data = wal.read()
    if len(data) < 32:
        return [], 0
    page_size = struct.unpack(">I", data[8:12])[0]
    salts = data[16:24]
    pages = []
    offset = 32
    while offset + 24 + page_size <= len(data):
        header = data[offset:offset + 24]
        if header[8:16] != salts:
            break
        pages.append(struct.unpack(">I", header[0:4])[0])
        offset += 24 + page_size
    return pages, page_size


def main():
    driver, directory = sys.argv[1], sys.argv[2]
    batch = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    saves = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    store = os.path.join(directory, "Contacts.sqlite")
    setup = sqlite3.connect(store)
    count = setup.execute("SELECT count(*) FROM contact").fetchone()[0]
    setup.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    setup.close()
    reader = sqlite3.connect(store, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM sqlite_schema").fetchall()
    subprocess.run([driver, str(count + batch * saves), str(batch), directory], check=True, stdout=subprocess.DEVNULL)
    # Read while the reader is open: the last connection to close checkpoints and deletes the WAL.
    pages, page_size = wal_pages(store + "-wal")
    reader.execute("COMMIT")
    owners = {}
    sizes = Counter()
    for name, page in reader.execute("SELECT name, pageno FROM dbstat"):
        owners[page] = name
        sizes[name] += 1
    reader.close()
    distinct = set(pages)
    dirtied = Counter(owners.get(page, "(free list or header)") for page in distinct)
    frames = Counter(owners.get(page, "(free list or header)") for page in pages)
    print(f"store of {count} contacts, {saves} save(s) of {batch}: {len(pages)} frames ({len(pages) / saves:.0f} a save), "
          f"{len(distinct)} distinct pages, {len(pages) * (page_size + 24) / 1024:.0f} KB of WAL (page size {page_size})")
    print(f"{'b-tree':32} {'pages dirtied':>13} {'frames a save':>13} {'pages in b-tree':>15}")
    for name, number in dirtied.most_common():
        print(f"{name:32} {number:13} {frames[name] / saves:13.0f} {sizes.get(name, 0):15}")


if __name__ == "__main__":
    main()
