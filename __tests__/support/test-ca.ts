// A certificate authority made at test time with the openssl CLI, and a server certificate it
// signed, so a test can serve https under a made-up host name that only trusts the CA on purpose.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface TestCa {
  /** PEM file of the CA certificate, e.g. for NODE_EXTRA_CA_CERTS. */
  caPath: string
  /** PEM private key and certificate of the server, for https.createServer. */
  key: string
  cert: string
  /** Deletes the files, the CA's private key among them. */
  remove(): Promise<void>
}

export async function createTestCa(serverName: string): Promise<TestCa> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docs-agent-ca-'))
  const file = (name: string): string => path.join(dir, name)
  // P-256 keys: generated in milliseconds, where RSA would slow every suite that needs a CA.
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  try {
    await run('openssl', [
      'req',
      '-x509',
      ...newKey,
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=docs-agent-action test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign'
    ])
    await run('openssl', [
      'req',
      ...newKey,
      '-keyout',
      file('server.key'),
      '-out',
      file('server.csr'),
      '-subj',
      `/CN=${serverName}`
    ])
    await writeFile(
      file('server.ext'),
      [
        `subjectAltName=DNS:${serverName}`,
        'basicConstraints=CA:FALSE',
        'keyUsage=critical,digitalSignature',
        'extendedKeyUsage=serverAuth'
      ].join('\n')
    )
    await run('openssl', [
      'x509',
      '-req',
      '-in',
      file('server.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      file('server.ext'),
      '-out',
      file('server.pem')
    ])
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT'
    throw missing
      ? new Error('The openssl CLI is needed to make the test CA: install it (apt-get install openssl).')
      : error
  }
  return {
    caPath: file('ca.pem'),
    key: await readFile(file('server.key'), 'utf8'),
    cert: await readFile(file('server.pem'), 'utf8'),
    remove: () => rm(dir, { recursive: true, force: true })
  }
}
