import { isLoopbackHost } from '../src/base/loopback.js'

const hostOf = (url: string): string => new URL(url).hostname

describe('isLoopbackHost', () => {
  it.each([
    'http://127.0.0.1',
    'http://127.1',
    'http://2130706433',
    'http://0x7f.1',
    'http://[::1]',
    'http://[::ffff:127.0.0.1]',
    'http://localhost',
    'http://LOCALHOST'
  ])('%s stays on this machine', (url) => expect(isLoopbackHost(hostOf(url))).toBe(true))

  it.each([
    'http://127.0.0.1.evil.test',
    'http://127.0.0.1.nip.io',
    'http://localhost.',
    'http://localhost.evil.test',
    'http://10.0.0.1',
    'http://[::2]'
  ])('%s may go anywhere', (url) => expect(isLoopbackHost(hostOf(url))).toBe(false))
})
