"""A Radicale 3.9 server on 127.0.0.1 with one address book of generated cards, written straight into its
collection folder (faster than uploading them), for the sync benchmarks (sync-memory.py,
radicale-initial-cost.py). User alice, password pw; the book is at /alice/book/.
"""
import os, shutil, socket, subprocess, sys, tempfile, time


class RadicaleBook:
    def __init__(self, count, card, prefix, timeout=600):
        """Writes `count` cards (`card(index)` gives each one's text, stored as u{index:06d}.vcf) and starts the
        server; it answers once this returns."""
        self.folder = tempfile.mkdtemp(prefix=prefix)
        book = f"{self.folder}/collections/collection-root/alice/book"
        os.makedirs(book)
        with open(f"{book}/.Radicale.props", "w") as props:
            props.write('{"D:displayname": "Book", "tag": "VADDRESSBOOK"}')
        for index in range(count):
            with open(f"{book}/u{index:06d}.vcf", "w") as out:
                out.write(card(index))
        with open(f"{self.folder}/users", "w") as users:
            users.write("alice:pw\n")
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        with open(f"{self.folder}/config", "w") as config:
            config.write(f"[server]\nhosts = 127.0.0.1:{self.port}\ntimeout = {timeout}\n[auth]\ntype = htpasswd\n"
                         f"htpasswd_filename = {self.folder}/users\nhtpasswd_encryption = plain\n"
                         f"[storage]\nfilesystem_folder = {self.folder}/collections\n[logging]\nlevel = warning\n")
        self.server = subprocess.Popen([sys.executable, "-m", "radicale", "--config", f"{self.folder}/config"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}/alice/book/"
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", self.port)).close()
                return
            except OSError:
                time.sleep(0.1)

    def close(self):
        """Stops the server and removes its folder."""
        self.server.kill()
        self.server.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
