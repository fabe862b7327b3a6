import { type IncomingMessage, type Server, createServer } from 'node:http'
import { type AddressInfo, type Socket, connect } from 'node:net'

/**
 * A forward proxy on 127.0.0.1 that tunnels HTTPS with CONNECT, as corporate proxies do: every
 * tunnel goes to one local port, whatever host the client named (so a base URL whose host does not
 * resolve is reachable only through it). Optionally requires Basic credentials (407 without them),
 * and records what it was asked.
 */
export interface ConnectRecord {
  /** `host:port` as the client sent it. */
  target: string
  proxyAuthorization: string | undefined
  /** How the proxy answered: 200 tunnel, 407 credentials missing or wrong. */
  status: number
}

export class ConnectProxy {
  readonly connects: ConnectRecord[] = []
  /** Requests that came in plain-HTTP proxy form (absolute URL), not as a tunnel. */
  readonly plainRequests: string[] = []
  private server: Server | undefined
  private readonly sockets = new Set<Socket>()

  constructor(
    private readonly targetPort: number,
    private readonly credentials?: { username: string; password: string },
  ) {}

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      this.plainRequests.push(req.url ?? '')
      res.writeHead(502).end('this proxy only tunnels')
    })
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
      const auth = req.headers['proxy-authorization']
      const expected =
        this.credentials &&
        `Basic ${Buffer.from(`${this.credentials.username}:${this.credentials.password}`).toString('base64')}`
      if (expected && auth !== expected) {
        this.connects.push({ target: req.url ?? '', proxyAuthorization: auth, status: 407 })
        client.end(
          'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n',
        )
        return
      }
      this.connects.push({ target: req.url ?? '', proxyAuthorization: auth, status: 200 })
      const upstream = connect(this.targetPort, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
        if (head.length > 0) upstream.write(head)
        upstream.pipe(client)
        client.pipe(upstream)
      })
      this.sockets.add(upstream)
      upstream.on('close', () => this.sockets.delete(upstream))
      upstream.on('error', () => client.destroy())
      client.on('error', () => upstream.destroy())
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    this.server = server
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null
    if (!address) throw new Error('proxy not started')
    return `http://127.0.0.1:${address.port}`
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
    this.server = undefined
  }
}
