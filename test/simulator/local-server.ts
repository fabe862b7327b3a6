import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'

/** A certificate and its key (PEM), to serve HTTPS. */
export interface TlsIdentity {
  key: string
  cert: string
}

export interface RecordedRequest<R extends string> {
  route: R | 'unknown'
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
  at: number
}

/** Checks one exchange against a description of the real API; problems as sentences. */
export type ContractCheck = (
  exchange: { method: string; url: string; requestBody?: string; status?: number; responseBody?: string },
  withResponse: boolean,
) => string[]

/**
 * A local HTTP server on 127.0.0.1 for tests (HTTPS when given a TLS identity): start on a free (or
 * given) port, stop with every connection closed, record each request and let a test wait for one.
 *
 * With `LocalServer.checkContracts` on (the test setup turns it on), every request a server gets and
 * every answer it gives of its own (not a fault a test scripted) is checked against the real API's
 * description (`contract`), and each problem lands in `contractViolations`, which the test setup
 * requires to be empty after every test.
 */
export abstract class LocalServer<R extends string> {
  /** Set by the test setup: check exchanges against the real descriptions. */
  static checkContracts = false
  /** Every server started while checking, so the setup can read their violations. */
  static readonly live = new Set<LocalServer<string>>()
  readonly contractViolations: string[] = []
  /** Deviations a test scripts on purpose (an answer the real API may give one day), with why. */
  private readonly allowed: Array<{ pattern: RegExp; why: string }> = []
  readonly requests: Array<RecordedRequest<R>> = []
  private server: Server | undefined
  private readonly sockets = new Set<Socket>()
  private waiters: Array<() => void> = []
  /** Set before start() to serve HTTPS with this certificate. */
  tls: TlsIdentity | undefined

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>

  /**
   * Lets answers that break the description in one named way through, for a test that scripts them
   * on purpose: a status value the service may add later, a count the spec allows but the action
   * refuses. Narrow: one pattern of problem, with the reason.
   */
  allowDeviation(pattern: RegExp, why: string): this {
    this.allowed.push({ pattern, why })
    return this
  }

  /** The description this server's exchanges must match, if any. */
  protected contract: ContractCheck | undefined

  /**
   * Checks an exchange when contracts are on: the request always, the answer when it is the
   * server's own (`answer` given; a scripted fault is the test's claim, not the server's).
   */
  protected checkExchange(request: RecordedRequest<R>, answer?: { status: number; body: unknown }): void {
    if (!LocalServer.checkContracts || !this.contract) return
    const responseBody =
      answer === undefined ? undefined : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
    let problems: string[]
    try {
      problems = this.contract(
        {
          method: request.method,
          url: request.url,
          requestBody: request.body || undefined,
          status: answer?.status,
          responseBody,
        },
        answer !== undefined,
      )
    } catch (error) {
      // a description the checker cannot compile is a finding, never a server that stops answering
      problems = [
        `${request.method} ${request.url}: could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      ]
    }
    this.contractViolations.push(...problems.filter((p) => !this.allowed.some((a) => a.pattern.test(p))))
  }

  async start(port = 0): Promise<string> {
    const handler = (req: IncomingMessage, res: ServerResponse): void => void this.handle(req, res)
    const server: Server = this.tls
      ? createTlsServer({ key: this.tls.key, cert: this.tls.cert }, handler)
      : createServer(handler)
    server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    if (LocalServer.checkContracts) LocalServer.live.add(this)
    return this.baseUrl
  }

  get port(): number {
    const address = this.server?.address() as AddressInfo | null
    if (!address) throw new Error('server not started')
    return address.port
  }

  get baseUrl(): string {
    const address = this.server?.address() as AddressInfo | null
    if (!address) throw new Error('server not started')
    return `${this.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
    this.server = undefined
  }

  protected record(request: RecordedRequest<R>): void {
    this.requests.push(request)
    for (const wake of this.waiters.splice(0)) wake()
  }

  requestsTo(route: R): Array<RecordedRequest<R>> {
    return this.requests.filter((q) => q.route === route)
  }

  /**
   * Resolves once a recorded request matches. It has no deadline of its own (the machine's time
   * decides nothing in a test): a run that ends without the request simply never cancels, and
   * the test's assertions on that run say so.
   */
  async waitForRequest(match: (r: RecordedRequest<R>) => boolean): Promise<RecordedRequest<R>> {
    for (;;) {
      const found = this.requests.find(match)
      if (found) return found
      await new Promise<void>((resolve) => this.waiters.push(resolve))
    }
  }
}
