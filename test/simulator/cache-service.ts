import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT } from '../e2e/harness.js'
import { LocalServer, type RecordedRequest } from './local-server.js'

/**
 * The runner's cache service, as @actions/cache talks to it, on 127.0.0.1. Both of its protocols:
 * - v2 (github.com; the runner sets ACTIONS_CACHE_SERVICE_V2 and ACTIONS_RESULTS_URL): twirp JSON
 *   (`/twirp/github.actions.results.api.v1.CacheService/<method>`: GetCacheEntryDownloadURL,
 *   CreateCacheEntry, FinalizeCacheEntryUpload), the archive put to and read from a signed URL;
 * - v1 (GitHub Enterprise Server; ACTIONS_CACHE_URL): `_apis/artifactcache/cache?keys=…&version=…`
 *   (200 with archiveLocation, or 204), `POST caches` to reserve, `PATCH caches/{id}` with a
 *   Content-Range per chunk, `POST caches/{id}` to commit.
 * As the service does: keys match exactly or, for restore keys, by prefix, always within the same
 * version (the client's hash of the paths and the compression); an entry is immutable once saved
 * (a second CreateCacheEntry of a key answers 409 already_exists; v1's reserve answers 409); a
 * request without the runtime token's Bearer is 401. Every v2 body is read with the protobuf
 * messages @actions/cache itself is generated from (an unknown field or a wrong type throws), so
 * the fake takes only what the real client sends. `down` answers every request with a connection
 * closed, `failWith` with that status.
 */

export type CacheRoute =
  | 'get-download-url'
  | 'create-entry'
  | 'finalize-upload'
  | 'put-blob'
  | 'get-blob'
  | 'v1-get-entry'
  | 'v1-reserve'
  | 'v1-upload'
  | 'v1-commit'

interface Entry {
  key: string
  version: string
  archive: Buffer
  done: boolean
}

/** The package's own generated messages (not in its exports map: read from its folder). */
interface Message {
  fromJson(json: unknown, options?: { ignoreUnknownFields?: boolean }): unknown
}
const generated = (await import(
  pathToFileURL(join(ROOT, 'node_modules', '@actions', 'cache', 'lib', 'generated', 'results', 'api', 'v1', 'cache.js'))
    .href
)) as Record<string, Message>

const SERVICE = '/twirp/github.actions.results.api.v1.CacheService/'

export class CacheService extends LocalServer<CacheRoute> {
  readonly entries: Entry[] = []
  /** The runtime token the runner gives the step (ACTIONS_RUNTIME_TOKEN). */
  readonly token = 'runtime-token-for-tests'
  down = false
  failWith: number | undefined
  private nextId = 1
  private readonly reserved = new Map<number, Entry>()

  /** The variables the runner sets for the step: v2 (github.com) or v1 (GHES). */
  env(protocol: 'v1' | 'v2' = 'v2'): Record<string, string> {
    return protocol === 'v2'
      ? { ACTIONS_CACHE_SERVICE_V2: 'true', ACTIONS_RESULTS_URL: `${this.baseUrl}/`, ACTIONS_RUNTIME_TOKEN: this.token }
      : { ACTIONS_CACHE_URL: `${this.baseUrl}/`, ACTIONS_RUNTIME_TOKEN: this.token }
  }

  /** The keys saved whole, in order. */
  savedKeys(): string[] {
    return this.entries.filter((e) => e.done).map((e) => e.key)
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    const url = new URL(req.url ?? '/', 'http://cache')
    const method = req.method ?? 'GET'
    const route = routeOf(method, url.pathname)
    const request: RecordedRequest<CacheRoute> = {
      route: route ?? 'unknown',
      method,
      url: req.url ?? '/',
      headers: req.headers,
      body: route === 'put-blob' || route === 'v1-upload' ? `(${raw.length} bytes)` : raw.toString('utf8'),
      at: Date.now(),
    }
    this.record(request)
    if (this.down) {
      req.socket.destroy()
      return
    }
    const send = (status: number, body?: unknown, type = 'application/json'): void => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': type })
      res.end(body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body))
    }
    if (this.failWith !== undefined) return send(this.failWith, { code: 'internal', msg: 'the cache service failed' })
    const blob = /^\/blobs\/(\d+)$/.exec(url.pathname)
    if (!route) return send(404, { code: 'bad_route', msg: `no handler for ${method} ${url.pathname}` })
    if (!blob && req.headers.authorization !== `Bearer ${this.token}`)
      return send(401, { code: 'unauthenticated', msg: 'the runtime token is missing or wrong' })
    const json = (): Record<string, unknown> => JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>
    switch (route) {
      case 'get-download-url': {
        const body = json()
        generated.GetCacheEntryDownloadURLRequest?.fromJson(body)
        const hit = this.find(
          [String(body.key), ...((body.restore_keys as string[] | undefined) ?? [])],
          String(body.version),
        )
        // protobuf's JSON leaves default values out: no hit is `{}` (ok false)
        if (!hit) return send(200, {})
        return send(200, {
          ok: true,
          signed_download_url: `${this.baseUrl}/blobs/${this.entries.indexOf(hit)}?sig=signed`,
          matched_key: hit.key,
        })
      }
      case 'create-entry': {
        const body = json()
        generated.CreateCacheEntryRequest?.fromJson(body)
        if (this.entries.some((e) => e.key === body.key && e.version === body.version))
          return send(409, {
            code: 'already_exists',
            msg: 'cache entry with the same key, version, and scope already exists',
          })
        this.entries.push({
          key: String(body.key),
          version: String(body.version),
          archive: Buffer.alloc(0),
          done: false,
        })
        return send(200, { ok: true, signed_upload_url: `${this.baseUrl}/blobs/${this.entries.length - 1}?sig=upload` })
      }
      case 'put-blob': {
        const entry = this.entries[Number(blob?.[1])]
        if (!entry || entry.done) return send(404)
        entry.archive = raw
        res.writeHead(201, {
          etag: '"0x8DCAFE"',
          'last-modified': new Date(0).toUTCString(),
          'x-ms-request-id': 'request-1',
          'x-ms-version': '2025-01-05',
          'x-ms-request-server-encrypted': 'true',
        })
        res.end()
        return
      }
      case 'finalize-upload': {
        const body = json()
        generated.FinalizeCacheEntryUploadRequest?.fromJson(body)
        const entry = this.entries.find((e) => e.key === body.key && e.version === body.version && !e.done)
        if (!entry || String(entry.archive.length) !== String(body.size_bytes)) return send(200, {})
        entry.done = true
        return send(200, { ok: true, entry_id: String(this.entries.indexOf(entry) + 1) })
      }
      case 'get-blob': {
        const entry = this.entries[Number(blob?.[1])]
        if (!entry?.done) return send(404)
        return send(200, entry.archive, 'application/octet-stream')
      }
      case 'v1-get-entry': {
        const keys = (url.searchParams.get('keys') ?? '').split(',')
        const hit = this.find(keys, url.searchParams.get('version') ?? '')
        if (!hit) return send(204)
        return send(200, {
          cacheKey: hit.key,
          scope: 'refs/heads/main',
          creationTime: new Date(0).toISOString(),
          archiveLocation: `${this.baseUrl}/blobs/${this.entries.indexOf(hit)}?sig=signed`,
        })
      }
      case 'v1-reserve': {
        const body = json()
        if (this.entries.some((e) => e.key === body.key && e.version === body.version))
          return send(409, { message: `Cache already exists. Scope: refs/heads/main, Key: ${String(body.key)}` })
        const entry: Entry = {
          key: String(body.key),
          version: String(body.version),
          archive: Buffer.alloc(0),
          done: false,
        }
        this.entries.push(entry)
        const id = this.nextId++
        this.reserved.set(id, entry)
        return send(201, { cacheId: id })
      }
      case 'v1-upload': {
        const entry = this.reserved.get(Number(/caches\/(\d+)$/.exec(url.pathname)?.[1]))
        const range = /^bytes (\d+)-(\d+)\/\*$/.exec(String(req.headers['content-range'] ?? ''))
        if (!entry || !range) return send(400, { message: 'no such cache or no Content-Range' })
        const start = Number(range[1])
        const grown = Buffer.alloc(Math.max(entry.archive.length, start + raw.length))
        entry.archive.copy(grown)
        raw.copy(grown, start)
        entry.archive = grown
        return send(204)
      }
      case 'v1-commit': {
        const entry = this.reserved.get(Number(/caches\/(\d+)$/.exec(url.pathname)?.[1]))
        if (!entry || Number(json().size) !== entry.archive.length) return send(400, { message: 'size mismatch' })
        entry.done = true
        return send(204)
      }
    }
  }

  /** The first key that matches exactly, else the newest entry a restore key prefixes; the same version only. */
  private find(keys: string[], version: string): Entry | undefined {
    const done = this.entries.filter((e) => e.done && e.version === version)
    const [primary, ...restore] = keys
    return (
      done.find((e) => e.key === primary) ??
      restore.map((k) => done.filter((e) => e.key.startsWith(k)).at(-1)).find((e) => e !== undefined)
    )
  }
}

function routeOf(method: string, path: string): CacheRoute | undefined {
  if (method === 'POST' && path === `${SERVICE}GetCacheEntryDownloadURL`) return 'get-download-url'
  if (method === 'POST' && path === `${SERVICE}CreateCacheEntry`) return 'create-entry'
  if (method === 'POST' && path === `${SERVICE}FinalizeCacheEntryUpload`) return 'finalize-upload'
  if (/^\/blobs\/\d+$/.test(path)) return method === 'PUT' ? 'put-blob' : method === 'GET' ? 'get-blob' : undefined
  if (method === 'GET' && path === '/_apis/artifactcache/cache') return 'v1-get-entry'
  if (method === 'POST' && path === '/_apis/artifactcache/caches') return 'v1-reserve'
  if (/^\/_apis\/artifactcache\/caches\/\d+$/.test(path)) return method === 'PATCH' ? 'v1-upload' : 'v1-commit'
  return undefined
}

export async function startCacheService(port = 0): Promise<CacheService> {
  const service = new CacheService()
  await service.start(port)
  return service
}
