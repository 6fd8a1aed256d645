#!/usr/bin/env python3
"""A reverse proxy for the sync tests: forwards to a CardDAV server and injects faults on demand.

Usage: fault_proxy.py LISTEN_PORT UPSTREAM_BASE_URL

Faults are set with `POST /__fault__` and a JSON body:
    {"method": "REPORT", "path": "/friends/", "action": "status", "status": 500, "count": 1}
Actions: status (answer with a status), malformed (207 with broken XML), redirect-loop (302 between two
URLs), slow (sleep `seconds`, then forward), drop (forward, then close without answering: the request took
effect but its answer is lost), truncate (a sync-collection answer cut after `keep` responses with a 507 and an
intermediate token; the request with that token gets the rest). `count` is how many matching requests the
fault applies to (default 1); `after` lets that many matching requests through first (default 0), to reach the
second REPORT of a sync (a multiget) past the first (the listing). `DELETE /__fault__` clears every fault. `GET /__log__` returns the methods and
paths seen, one per line.
"""
import http.client
import http.server
import json
import re
import sys
import threading
import time
import urllib.parse

LOCK = threading.Lock()
FAULTS = []
LOG = []
PARTIAL = {}  # fabricated token -> (the token the truncated request sent, number of responses already sent)


def take_fault(method, path):
    with LOCK:
        for fault in FAULTS:
            if fault.get("method", method) != method:
                continue
            if fault.get("path", "") not in path:
                continue
            if fault.get("count", 1) <= 0:
                continue
            if fault.get("after", 0) > 0:
                fault["after"] -= 1
                continue
            fault["count"] = fault.get("count", 1) - 1
            return dict(fault)
    return None


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    upstream = None

    def log_message(self, *args):
        pass

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def answer(self, status, body=b"", headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def forward(self, method, body, headers=None):
        url = urllib.parse.urlsplit(self.upstream)
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
        # No Accept-Encoding: the proxy edits answers (truncate), which it cannot do to gzip (Radicale's choice).
        dropped = ("host", "content-length", "connection", "accept-encoding")
        outgoing = {k: v for k, v in self.headers.items() if k.lower() not in dropped}
        outgoing.update(headers or {})
        connection.request(method, self.path, body=body, headers=outgoing)
        response = connection.getresponse()
        data = response.read()
        kept = {k: v for k, v in response.getheaders() if k.lower() not in ("content-length", "connection", "transfer-encoding")}
        connection.close()
        return response.status, data, kept

    def handle_control(self, method, body):
        if method == "POST":
            with LOCK:
                FAULTS.append(json.loads(body or b"{}"))
            return self.answer(204)
        if method == "DELETE":
            with LOCK:
                FAULTS.clear()
                PARTIAL.clear()
            return self.answer(204)
        return self.answer(405)

    def dispatch(self):
        method = self.command
        body = self.body()
        if self.path.startswith("/__fault__"):
            return self.handle_control(method, body)
        if self.path.startswith("/__log__"):
            with LOCK:
                text = "\n".join(LOG).encode()
            return self.answer(200, text)
        with LOCK:
            LOG.append(method + " " + self.path)
        token = re.search(rb"<[^>]*sync-token>([^<]*)</", body) if method == "REPORT" else None
        if token and token.group(1).decode() in PARTIAL:
            real, sent = PARTIAL.pop(token.group(1).decode())
            body = body.replace(token.group(1), real.encode())
            status, data, headers = self.forward(method, body)
            return self.answer(status, self.drop_first(data, sent), headers)
        fault = take_fault(method, self.path)
        action = fault and fault.get("action")
        if action == "status":
            return self.answer(fault.get("status", 500), b"injected failure", {"Content-Type": "text/plain"})
        if action == "malformed":
            return self.answer(207, b"<?xml version='1.0'?><multistatus xmlns='DAV:'><response><href>/x</hre",
                               {"Content-Type": "application/xml"})
        if action == "redirect-loop":
            target = self.path + ("loop/" if not self.path.endswith("loop/") else "../")
            return self.answer(302, b"", {"Location": target})
        if action == "slow":
            time.sleep(fault.get("seconds", 5))
        status, data, headers = self.forward(method, body)
        if action == "drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if action == "truncate" and status == 207:
            sent = token.group(1).decode() if token else ""
            data = self.truncate(data, fault.get("keep", 1), sent)
        return self.answer(status, data, headers)

    def truncate(self, data, keep, sent_token):
        text = data.decode()
        responses = list(re.finditer(r"<(\w+:)?response>.*?</(\w+:)?response>", text, re.S))
        if len(responses) <= keep:
            return data
        fabricated = "urn:fault-proxy:partial:%d:%d" % (time.time_ns(), keep)
        # The continuation asks the server again from the token the truncated request sent (not the answer's
        # new token, which would list nothing), and the responses already sent are dropped from that answer.
        with LOCK:
            PARTIAL[fabricated] = (sent_token, keep)
        prefix = responses[0].group(1) or ""
        cut = responses[keep - 1].end() if keep > 0 else responses[0].start()
        rest = text[cut:]
        truncation = "<%sresponse><%shref>%s</%shref><%sstatus>HTTP/1.1 507 Insufficient Storage</%sstatus></%sresponse>" % (
            prefix, prefix, self.path, prefix, prefix, prefix, prefix)
        tail = re.sub(r"(<(\w+:)?sync-token>)[^<]*(</(\w+:)?sync-token>)", lambda m: m.group(1) + fabricated + m.group(3),
                      rest[rest.find("<" + prefix + "sync-token>"):] if ("<" + prefix + "sync-token>") in rest else rest)
        return (text[:cut] + truncation + tail).encode()

    def drop_first(self, data, count):
        text = data.decode()
        responses = list(re.finditer(r"<(\w+:)?response>.*?</(\w+:)?response>", text, re.S))
        if not responses or count <= 0:
            return data
        end = responses[min(count, len(responses)) - 1].end()
        return (text[:responses[0].start()] + text[end:]).encode()

    do_GET = do_PUT = do_DELETE = do_POST = do_PROPFIND = do_REPORT = do_MKCOL = do_OPTIONS = do_PROPPATCH = dispatch


def main():
    port = int(sys.argv[1])
    Proxy.upstream = sys.argv[2]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Proxy)
    server.daemon_threads = True
    print("ready", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
