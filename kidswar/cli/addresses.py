"""The addresses other devices on the network can open this machine by (`kidswar serve`).

Not from the host name: Debian's and Ubuntu's default /etc/hosts maps it to 127.0.1.1, a
loopback address no tablet can reach (issue 33). Instead, in this order:

- the routing table: a UDP socket "connected" to an outside address is given the address this
  machine would send from; no packet is sent (UDP's connect only chooses the route);
- every interface's own address (Linux: SIOCGIFADDR), for a machine on two networks;
- the host name's addresses, as before, for systems where neither of the above answers.

Loopback (127/8) and link-local (169.254/16) addresses are left out: a tablet cannot open them.
"""

from __future__ import annotations

import ipaddress
import socket
import struct

# Where a packet "would go": one address outside (the default route) and one in each private
# range, so a classroom network without a way out is found too. Documentation and private
# addresses: nothing is ever sent to them.
ROUTE_PROBES = ("198.51.100.1", "10.255.255.254", "172.31.255.254", "192.168.255.254")
SIOCGIFADDR = 0x8915  # Linux's ioctl for an interface's IPv4 address


def reachable(address: str) -> bool:
    """True for an IPv4 address another device can open (not loopback, not link-local)."""
    try:
        parsed = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified)


def routed_addresses() -> list[str]:
    """The addresses this machine would send from to the probes (from its routing table)."""
    found: list[str] = []
    for probe in ROUTE_PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))  # UDP: chooses a route and a source, sends nothing
                found.append(str(udp.getsockname()[0]))
        except OSError:  # no route to that network
            continue
    return found


def interface_addresses() -> list[str]:
    """Each network interface's IPv4 address (Linux; elsewhere none)."""
    try:
        import fcntl
    except ImportError:  # Windows
        return []
    try:
        interfaces = socket.if_nameindex()
    except OSError:
        return []
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        for _index, name in interfaces:
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(udp.fileno(), SIOCGIFADDR, request)
            except OSError:  # an interface with no IPv4 address, or not Linux
                continue
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def host_name_addresses() -> list[str]:
    """The addresses the host name resolves to (often only 127.0.1.1)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses other devices can reach: the routed one first."""
    found: list[str] = []
    for address in [*routed_addresses(), *interface_addresses(), *host_name_addresses()]:
        if reachable(address) and address not in found:
            found.append(address)
    return found
