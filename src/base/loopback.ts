// Which hosts stay on this machine. One rule for two decisions: where the API key may go over plain
// http (settings.ts), and which requests never go through a proxy (http/transport.ts), so that a
// base URL accepted as loopback cannot send the key in clear text to a proxy host.
import { BlockList, isIP } from 'node:net'

/** 127.0.0.0/8 and ::1; BlockList also matches their IPv4-mapped IPv6 forms (::ffff:127.0.0.1). */
const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/**
 * Whether a parsed URL's hostname stays on this machine, decided on the address itself: the WHATWG
 * parser has already turned `127.1` into `127.0.0.1`, while `127.0.0.1.evil.test` stays a name that
 * DNS may send anywhere. Besides addresses, only the name `localhost` (kept for loopback by RFC 6761).
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost') return true
  const address = hostname.replace(/^\[(.*)\]$/, '$1')
  const family = isIP(address)
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6')
}
