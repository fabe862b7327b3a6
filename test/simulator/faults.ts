import type { IncomingMessage, ServerResponse } from 'node:http'

/** A scripted fault for one route of a simulator. */
export interface Fault<R extends string> {
  route: R | 'any'
  /** How many matching requests this fault answers (default 1). */
  times?: number
  /** Let this many matching requests through first (default 0). */
  skip?: number
  /** Wait this long before answering. */
  delayMs?: number
  /** Handle the request for real first, then answer with the fault. */
  afterProcessing?: boolean
  /** Close the connection without an answer. */
  drop?: boolean
  status?: number
  /** A string is sent as is; anything else as JSON. */
  body?: unknown
  /** A function is called when the fault answers (a Retry-After date as a server computes it then). */
  headers?: Record<string, string> | (() => Record<string, string>)
}

/** The faults a test scripted, taken in order as matching requests arrive. */
export class FaultBook<R extends string> {
  private faults: Array<Fault<R> & { seen: number; used: number }> = []

  add(fault: Fault<R>): void {
    this.faults.push({ ...fault, seen: 0, used: 0 })
  }

  take(route: R | 'unknown'): Fault<R> | undefined {
    for (const fault of this.faults) {
      if (fault.route !== 'any' && fault.route !== route) continue
      if (fault.used >= (fault.times ?? 1)) continue
      fault.seen++
      if (fault.seen <= (fault.skip ?? 0)) continue
      fault.used++
      return fault
    }
    return undefined
  }
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const contentType = typeof body === 'string' ? 'text/plain' : 'application/json'
  res.writeHead(status, { 'content-type': contentType, ...headers })
  res.end(text)
}

/** Answers with a fault: drops the connection, or sends its status and body. */
export function answerFault<R extends string>(req: IncomingMessage, res: ServerResponse, fault: Fault<R>): void {
  if (fault.drop) {
    req.socket.destroy()
    return
  }
  send(
    res,
    fault.status ?? 500,
    fault.body ?? { error: 'Simulated failure' },
    typeof fault.headers === 'function' ? fault.headers() : fault.headers,
  )
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
