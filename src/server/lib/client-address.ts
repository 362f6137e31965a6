import { BlockList, isIP } from 'node:net';

/** One entry of TRUSTED_PROXIES: `10.0.0.0/8`, `fd00::/8`, or a single address. */
export interface AddressRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** An IPv4 address as an IPv6 socket may report it (`::ffff:10.0.0.1`) is the IPv4 address. */
function normalise(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * One hop of X-Forwarded-For as an address: some proxies write the client's port too, as `1.2.3.4:5678` or
 * `[::1]:80` (an IPv6 address in brackets, with or without a port). A bare IPv6 address has colons of its own,
 * so only the bracketed form is read as carrying a port.
 */
export function forwardedHopAddress(hop: string): string {
  const text = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return normalise(bracketed[1]!);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  return normalise(withPort ? withPort[1]! : text);
}

/** Parses a CIDR (or a bare address, a range of one); undefined when it is not one. */
export function parseAddressRange(entry: string): AddressRange | undefined {
  const [rawAddress = '', rawPrefix, ...rest] = entry.trim().split('/');
  const address = normalise(rawAddress);
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const max = version === 4 ? 32 : 128;
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return undefined;
  const prefix = rawPrefix === undefined ? max : Number(rawPrefix);
  if (prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * The client's address, from the socket's peer and the X-Forwarded-For header. With no trusted proxies, or a
 * peer that is not one, it is the peer: anyone can write X-Forwarded-For. From a trusted proxy it is the
 * right-most hop of X-Forwarded-For that is not itself a trusted proxy (each proxy appends the address it was
 * called from, so hops further left are only what the client claimed).
 */
export function clientAddressResolver(trusted: readonly AddressRange[]): (peer: string, forwardedFor: string | undefined) => string {
  if (trusted.length === 0) return (peer) => normalise(peer);
  const list = new BlockList();
  for (const range of trusted) list.addSubnet(range.address, range.prefix, range.family);
  const isTrusted = (address: string) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
  return (rawPeer, forwardedFor) => {
    let client = normalise(rawPeer);
    if (!forwardedFor) return client;
    const hops = forwardedFor.split(',').map(forwardedHopAddress);
    for (let i = hops.length - 1; i >= 0 && isTrusted(client); i--) {
      const hop = hops[i]!;
      // A hop that is not an address was not written by a proxy: the one to its right is the last we believe.
      if (isIP(hop) === 0) break;
      client = hop;
    }
    return client;
  };
}
