"""Who may talk to the phones' server: addresses of the home network and this machine only.

`is_local` says whether a peer's address is in a private range (10/8, 172.16/12, 192.168/16,
fc00::/7), link-local (169.254/16, fe80::/10) or loopback; anything else (the internet, a
carrier's shared range, an unparsable address) is refused. `lan_address` guesses the address
phones on the same network reach this machine at.
"""
from __future__ import annotations

import ipaddress
import socket

#: the home network's ranges and this machine's own (Python's `is_private` also takes the
#: documentation and benchmarking ranges, which are no one's home network)
LOCAL = tuple(ipaddress.ip_network(n) for n in (
    "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "169.254.0.0/16",
    "::1/128", "fe80::/10", "fc00::/7"))


def is_local(address: str | None) -> bool:
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip.version == net.version and ip in net for net in LOCAL)


def lan_address() -> str:
    """This machine's address on the home network (the one its default route leaves by), or
    127.0.0.1 when it has none. No packet is sent: a UDP socket is only pointed at an address."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))          # TEST-NET-1: never routed anywhere real
        addr = str(s.getsockname()[0])
    except OSError:
        addr = "127.0.0.1"
    finally:
        s.close()
    return addr if is_local(addr) else "127.0.0.1"
