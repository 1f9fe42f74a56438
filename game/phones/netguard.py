"""Who may talk to the phones' server: addresses of the home network and this machine only.

`is_local` says whether a peer's address is in a private range (10/8, 172.16/12, 192.168/16,
fc00::/7), link-local (169.254/16, fe80::/10) or loopback; anything else (the internet, a
carrier's shared range, an unparsable address) is refused. `lan_address` guesses the address
phones on the same network reach this machine at.
"""
from __future__ import annotations

import ipaddress
import socket

_SHARED = ipaddress.ip_network("100.64.0.0/10")     # a carrier's NAT: not the family's network


def is_local(address: str | None) -> bool:
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_unspecified or ip.is_multicast:
        return False
    if isinstance(ip, ipaddress.IPv4Address) and ip in _SHARED:
        return False
    return bool(ip.is_loopback or ip.is_link_local or ip.is_private)


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
