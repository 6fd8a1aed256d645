#!/usr/bin/env python3
"""The raw-SQLite floor of an import, as issue 17 defines it: Python's sqlite3, a minimal schema.

    Benchmarks/scripts/import-floor.py ROWS.jsonl DATABASE

ROWS.jsonl holds one contact a line with its fields already extracted (uid, given, family, tokens, phones: the
phone numbers' last seven digits, card: the vCard text), as ImportFloorDriver writes them. Reading them is not
timed; the timed part creates the schema and inserts every row in one transaction, like FloorStore.insert.
Prints the wall and CPU seconds of the inserts.
"""
import json
import os
import sqlite3
import sys
import time

rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
path = sys.argv[2]
for suffix in ("", "-wal", "-shm", "-journal"):
    if os.path.exists(path + suffix):
        os.remove(path + suffix)

start, cpu = time.perf_counter(), time.process_time()
db = sqlite3.connect(path)
db.executescript("""
    CREATE TABLE contact (id INTEGER PRIMARY KEY, uid TEXT NOT NULL, given TEXT, family TEXT, card TEXT);
    CREATE UNIQUE INDEX contact_uid ON contact(uid);
    CREATE TABLE name_token (token TEXT NOT NULL, contact_id INTEGER NOT NULL, PRIMARY KEY (token, contact_id))
        WITHOUT ROWID;
    CREATE TABLE phone_suffix (suffix TEXT NOT NULL, contact_id INTEGER NOT NULL, PRIMARY KEY (suffix, contact_id))
        WITHOUT ROWID;
""")
with db:
    for row in rows:
        cursor = db.execute("INSERT INTO contact (uid, given, family, card) VALUES (?, ?, ?, ?)",
                            (row["uid"], row["given"], row["family"], row["card"]))
        contact = cursor.lastrowid
        db.executemany("INSERT OR IGNORE INTO name_token VALUES (?, ?)", [(t, contact) for t in row["tokens"]])
        db.executemany("INSERT OR IGNORE INTO phone_suffix VALUES (?, ?)", [(p, contact) for p in row["phones"]])
db.close()
print(f"{time.perf_counter() - start:.4f} {time.process_time() - cpu:.4f}")
for suffix in ("", "-wal", "-shm", "-journal"):
    if os.path.exists(path + suffix):
        os.remove(path + suffix)
