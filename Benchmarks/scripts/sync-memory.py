#!/usr/bin/env python3
"""Peak memory of `contacts accounts sync` as a book grows (issue 15: memory flat).

    Benchmarks/scripts/sync-memory.py CONTACTS N [N...]

CONTACTS is a built `contacts` tool (e.g. .build/release/contacts). For each N: writes N small cards into a fresh
Radicale 3.9 collection (pip install radicale==3.9.0) on 127.0.0.1, builds Radicale's caches and sync history
untimed, then runs, each as its own process under /usr/bin/time: the first sync, a sync after 10 cards changed
on the server, a second such sync, a sync with nothing to do, and `contacts info` (the tool's floor). Prints
seconds and, polled from /proc/PID/status every 3 ms, the peaks of the process's own memory (RssAnon), of the
file pages it maps (RssFile: the store, which SQLite reads through a memory map, and the executable), and the
high-water mark (VmHWM), in MB.
"""
import os, subprocess, sys, time

from radicale_book import RadicaleBook


def card(index, extra=""):
    return (f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u{index:06d}\r\nFN:Given{index} Family{index}\r\n"
            f"N:Family{index};Given{index};;;\r\nTEL;TYPE=CELL:+1 555 {index:07d}\r\nEMAIL:p{index}@example.com\r\n"
            f"NOTE:{'x' * 200}\r\n{extra}END:VCARD\r\n")


def run(contacts, count):
    radicale = RadicaleBook(count, card, "sync-memory-")
    folder, url = radicale.folder, radicale.url
    try:
        def request(method, target, body, depth=None, kind="application/xml"):
            arguments = ["curl", "-s", "-o", "/dev/null", "-u", "alice:pw", "-X", method, "-H",
                         f"Content-Type: {kind}", "--data-binary", body]
            if depth:
                arguments += ["-H", f"Depth: {depth}"]
            subprocess.run(arguments + [target], check=True)

        request("PROPFIND", url, '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>', "1")
        request("REPORT", url, '<?xml version="1.0"?><sync-collection xmlns="DAV:"><sync-token/><sync-level>1'
                '</sync-level><prop><getetag/></prop></sync-collection>', "1")
        environment = dict(os.environ, HOME=folder, XDG_CONFIG_HOME=f"{folder}/config.d",
                           CONTACTS_STORE=f"{folder}/Contacts.sqlite")
        environment.pop("DBUS_SESSION_BUS_ADDRESS", None)
        with open(f"{folder}/password", "w") as password:
            password.write("pw\n")
        subprocess.run([contacts, "init"], env=environment, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([contacts, "accounts", "add", url, "--username", "alice", "--password-file",
                        f"{folder}/password"], env=environment, check=True, stdout=subprocess.DEVNULL)

        def timed(label, arguments):
            start = time.time()
            process = subprocess.Popen(arguments, env=environment, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            peaks = {"RssAnon": 0, "RssFile": 0, "VmHWM": 0}
            while process.poll() is None:
                try:
                    for line in open(f"/proc/{process.pid}/status"):
                        key = line.split(":")[0]
                        if key in peaks:
                            peaks[key] = max(peaks[key], int(line.split()[1]))
                except (FileNotFoundError, ProcessLookupError, ValueError):
                    pass
                time.sleep(0.003)
            if process.returncode != 0:
                raise SystemExit(f"{label} failed with status {process.returncode}")
            print(f"{count:>7}  {label:<22} {time.time() - start:7.2f} s  anon {peaks['RssAnon'] / 1024:6.1f}  "
                  f"file {peaks['RssFile'] / 1024:6.1f}  hwm {peaks['VmHWM'] / 1024:6.1f} MB", flush=True)

        timed("first sync", [contacts, "accounts", "sync"])
        for round_number in (1, 2):
            for index in range(10):
                changed = index * 7 + round_number
                request("PUT", f"{url}u{changed:06d}.vcf", card(changed, f"NICKNAME:round {round_number}\r\n"),
                        kind="text/vcard")
            timed(f"10 changed (sync {round_number + 1})", [contacts, "accounts", "sync"])
        timed("nothing to do", [contacts, "accounts", "sync"])
        timed("contacts info (floor)", [contacts, "info"])
    finally:
        radicale.close()


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    for size in sys.argv[2:]:
        run(sys.argv[1], int(size))
