import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TlsIdentity } from './local-server.js'

/**
 * A throwaway certificate authority and a server certificate it signed for `hostname`, made with
 * openssl for one test run, as a TLS-inspecting corporate proxy's private CA would be. The CA file
 * is what NODE_EXTRA_CA_CERTS names.
 */
export interface TestPki {
  caFile: string
  server: TlsIdentity
}

export function makeTestPki(hostname: string): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'test-pki-'))
  const file = (name: string): string => join(dir, name)
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore' })
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Test Proxy CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  )
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    `/CN=${hostname}`,
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  )
  writeFileSync(
    file('server.ext'),
    `subjectAltName=DNS:${hostname}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
  )
  openssl(
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
    file('server.pem'),
  )
  return {
    caFile: file('ca.pem'),
    server: { key: readFileSync(file('server.key'), 'utf8'), cert: readFileSync(file('server.pem'), 'utf8') },
  }
}
