import { BlockList, isIP } from 'node:net';

/**
 * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY): a list of addresses and CIDR
 * ranges. The client's address is found as a proxy would have written it: starting from the address
 * the connection came from, each hop that is a trusted proxy is replaced by the address it forwarded
 * (the last entry of X-Forwarded-For, then the one before), and the first hop that is not a trusted
 * proxy is the client. A client that writes its own X-Forwarded-For therefore gains nothing: its
 * entries sit left of the one the proxy added.
 */
export interface TrustedProxies {
  /** The list as given, for logs and docs ("127.0.0.1, 10.0.0.0/8"). */
  readonly text: string;
  trusts(address: string): boolean;
}

/** Names for common sets, like proxy-addr's (which Fastify uses) but spelled out. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

/** Parses TRUST_PROXY; throws a sentence for people on anything that is not an address, a range or a name. */
export function parseTrustedProxies(value: string): TrustedProxies {
  return parseAddressList(value, 'TRUST_PROXY', 'the addresses or CIDR ranges of the reverse proxies in front');
}

/**
 * A list of addresses, CIDR ranges and the names loopback, private and linklocal, separated by commas
 * or spaces (TRUST_PROXY, OPERATOR_ALLOW_FROM). `setting` and `what` make the error's sentence.
 */
export function parseAddressList(value: string, setting: string, what: string): TrustedProxies {
  const list = new BlockList();
  const items = value.split(/[\s,]+/).filter(Boolean);
  if (items.length === 0) throw new Error(`${setting} is empty: it takes ${what}`);
  for (const item of items) {
    const named = NAMED[item.toLowerCase()];
    for (const entry of named ?? [item]) addEntry(list, entry, setting, what);
  }
  return { text: items.join(', '), trusts: (address) => contains(list, address) };
}

function addEntry(list: BlockList, entry: string, setting: string, what: string) {
  const [address, prefixText, extra] = entry.split('/');
  const family = isIP(address);
  const refuse = () => {
    throw new Error(
      `${setting} takes ${what} (for example 127.0.0.1, 10.0.0.0/8 or loopback), separated by commas; "${entry}" is not one` +
        (setting === 'TRUST_PROXY' && (entry === '1' || entry.toLowerCase() === 'true') ? ' (believing any X-Forwarded-For would let every client choose its address)' : ''),
    );
  };
  if (family === 0 || extra !== undefined) return refuse();
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return list.addAddress(address, type);
  const prefix = Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) return refuse();
  list.addSubnet(address, prefix, type);
}

function contains(list: BlockList, address: string): boolean {
  const family = isIP(address);
  if (family === 4) return list.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4 client on a dual-stack socket: ::ffff:10.0.0.1.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return list.check(mapped[1], 'ipv4');
    return list.check(address, 'ipv6');
  }
  return false;
}

/**
 * The client's address of a request that came from `socketAddress` with these X-Forwarded-For
 * header(s): the same walk Fastify makes for `request.ip` with the same list (the click fast path
 * runs before Fastify).
 */
export function clientAddress(socketAddress: string, forwardedFor: string | string[] | undefined, proxies: TrustedProxies | undefined): string {
  if (!proxies || !forwardedFor) return socketAddress;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((h) => h.trim()).filter(Boolean);
  let address = socketAddress;
  while (proxies.trusts(address) && hops.length > 0) address = hops.pop()!;
  return address;
}
