"""An app that stays connected to contactsd, for the tests of reduced access.

Usage: holder.py SOCKET
Greets the daemon, reads once, prints "ready" and the app's status, then waits for a line on standard input. Then it prints
"revoked" if the daemon pushed AccessRevoked meanwhile, the app's status again, and the error code of a fetch
(or "fetch ok"), and exits.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import contacts_pb2 as pb  # noqa: E402
from client import receive, send  # noqa: E402
import socket  # noqa: E402


def call(sock, message, pushes):
    send(sock, message)
    while True:
        reply = receive(sock)
        if reply.id == 0:
            pushes.append(reply.WhichOneof("body"))
            continue
        if reply.id == message.id:
            return reply


def main():
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(sys.argv[1])
    pushes = []
    welcome = call(sock, pb.ClientMessage(id=1, hello=pb.Hello(protocol_version=1)), pushes)
    status = call(sock, pb.ClientMessage(id=2, authorization_status=pb.AuthorizationStatusRequest()), pushes)
    # A first read, so the connection holds data under the access it had (what a reduction must end).
    call(sock, pb.ClientMessage(id=5, get_contact=pb.GetContactRequest(identifier="x", keys=["givenName"])), pushes)
    print("ready", welcome.welcome.bundle_identifier, status.authorization_status.status, flush=True)
    sys.stdin.readline()
    status = call(sock, pb.ClientMessage(id=3, authorization_status=pb.AuthorizationStatusRequest()), pushes)
    if "access_revoked" in pushes:
        print("revoked", flush=True)
    print("status", status.authorization_status.status, flush=True)
    fetch = call(sock, pb.ClientMessage(id=4, get_contact=pb.GetContactRequest(identifier="x", keys=["givenName"])), pushes)
    if fetch.WhichOneof("body") == "error":
        print("fetch error", fetch.error.code, flush=True)
    else:
        print("fetch ok", flush=True)


if __name__ == "__main__":
    main()
