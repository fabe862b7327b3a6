import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

/**
 * Checks HTTP exchanges against an OpenAPI description that somebody else wrote: the vendor's
 * (`test/contract/vendor/`, from the public mintlify/docs repository) or GitHub's (the
 * `@octokit/openapi` package). A request is checked for its operation (method and path), its query
 * parameters (known names, values of the declared type and range, the required ones present) and its
 * JSON body; an answer for its status (declared for the operation) and its JSON body. Schemas are
 * compiled with ajv from the document itself, `$ref`s resolved inside it, one operation at a time.
 *
 * Where the descriptions leave room: unknown fields in a body are allowed wherever the schema
 * allows them (the action must tolerate them anyway); an answer with a status the operation does not
 * declare (a 401 for a wrong key, a 404 for an unknown project) is checked only as an error body of
 * the document's own error shape.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

type Json = Record<string, unknown>

interface Operation {
  template: string
  method: string
  regex: RegExp
  /** Literal segments: a path with more of them wins (`/issues/comments/{id}` over `/issues/{n}`). */
  literals: number
  op: Json
  pointer: string
}

export interface Exchange {
  method: string
  /** The path and query as sent (`/v1/analytics/p/visitors?limit=250`). */
  url: string
  requestBody?: string
  status?: number
  responseBody?: string
}

export interface ContractOptions {
  /** What the document is, for messages ("the vendor's analytics.openapi.json"). */
  name: string
  /** A prefix the server adds before the document's paths (`/v1` for the vendor's openapi.json). */
  basePath?: string
  /** The schema of an error body, for answers with a status the operation does not declare. */
  errorSchema?: string
}

const ID = 'https://contract.test/openapi.json'

/**
 * In place: `{ nullable: true, ...rest }` without `type` becomes `{ anyOf: [rest, { type: 'null' }] }`;
 * a nullable `enum` gets `null` among its values. GitHub's description writes an issue's
 * `state_reason` as `nullable: true` with an enum that lacks null, and GitHub answers null for every
 * open issue: "nullable" is read as the description means it (as openapi-schema-to-json-schema does).
 */
function nullableWithoutType(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableWithoutType(item)
    return
  }
  if (!node || typeof node !== 'object') return
  const object = node as Json
  for (const value of Object.values(object)) nullableWithoutType(value)
  if (object.nullable === true && Array.isArray(object.enum) && !object.enum.includes(null))
    object.enum = [...(object.enum as unknown[]), null]
  if (object.nullable === true && object.type === undefined) {
    const rest: Json = { ...object }
    delete rest.nullable
    for (const key of Object.keys(object)) delete object[key]
    object.anyOf = [rest, { type: 'null' }]
  }
}

export class OpenApiContract {
  private readonly ajv: Ajv
  private readonly operations: Operation[] = []
  private readonly compiled = new Map<string, ValidateFunction>()

  constructor(
    readonly doc: Json,
    private readonly options: ContractOptions,
  ) {
    const openapi = typeof doc.openapi === 'string' ? doc.openapi : ''
    // 3.0's `nullable: true` beside a $ref or allOf (no `type`), as GitHub's description writes it,
    // is "this schema, or null": ajv wants a `type` next to `nullable`, so such a schema is rewritten
    if (!openapi.startsWith('3.1')) nullableWithoutType(doc)
    // 3.1 documents are JSON Schema 2020-12; 3.0 ones are draft-07 with `nullable`
    this.ajv = openapi.startsWith('3.1')
      ? new Ajv2020({ strict: false, allErrors: true, validateSchema: false })
      : new Ajv({ strict: false, allErrors: true, validateSchema: false })
    addFormats(this.ajv)
    // the analytics description's assistant cursor and thread ids: 26 characters of Crockford's base 32
    this.ajv.addFormat('ulid', /^[0-9A-HJKMNP-TV-Z]{26}$/i)
    this.ajv.addSchema({ ...doc, $id: ID }, ID)
    for (const [template, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const op = item[method] as Json | undefined
        if (!op) continue
        const segments = template.split('/').filter(Boolean)
        const pattern = segments
          .map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/')
        this.operations.push({
          template,
          method: method.toUpperCase(),
          regex: new RegExp(`^${options.basePath ?? ''}/${pattern}/?$`),
          literals: segments.filter((s) => !s.startsWith('{')).length,
          op: {
            ...op,
            parameters: [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])],
          },
          pointer: `#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`,
        })
      }
    }
    this.operations.sort((a, b) => b.literals - a.literals)
  }

  /** Follows a local `$ref` (`#/components/...`) until an object without one. */
  private resolve(value: unknown): Json {
    let node = value as Json
    for (let i = 0; i < 10 && node && typeof node.$ref === 'string'; i++) {
      const path = node.$ref
        .replace(/^#\//, '')
        .split('/')
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      node = path.reduce<unknown>((at, key) => (at as Json)?.[key], this.doc) as Json
    }
    return node
  }

  /** A validator for a schema found in the document; its `$ref`s resolve inside the document. */
  private validator(key: string, schema: unknown): ValidateFunction {
    let fn = this.compiled.get(key)
    if (!fn) {
      const rebased = JSON.parse(JSON.stringify(schema), (_k, v: unknown) =>
        typeof v === 'string' && v.startsWith('#/') ? `${ID}${v}` : v,
      ) as Json
      fn = this.ajv.compile(rebased)
      this.compiled.set(key, fn)
    }
    return fn
  }

  private check(key: string, schema: unknown, value: unknown, where: string): string[] {
    const validate = this.validator(key, schema)
    if (validate(value)) return []
    return (validate.errors ?? []).map(
      (e) =>
        `${where}${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    )
  }

  /** The operation a method and path name, or undefined when the document has none. */
  find(method: string, path: string): Operation | undefined {
    return this.operations.find((o) => o.method === method.toUpperCase() && o.regex.test(path))
  }

  /** Problems with a request, as sentences; [] when it is what the document describes. */
  checkRequest(exchange: Exchange): string[] {
    const url = new URL(exchange.url, 'http://contract.test')
    const op = this.find(exchange.method, url.pathname)
    const label = `${exchange.method} ${url.pathname}`
    if (!op) return [`${label}: ${this.options.name} has no such operation`]
    const problems: string[] = []
    const params = ((op.op.parameters as unknown[]) ?? []).map((p) => this.resolve(p))
    const query = params.filter((p) => p.in === 'query')
    for (const name of new Set(url.searchParams.keys())) {
      const param = query.find((p) => p.name === name)
      if (!param) {
        problems.push(`${label}: query parameter ${name} is not one ${op.template} takes`)
        continue
      }
      const schema = this.resolve(param.schema)
      const raw = url.searchParams.get(name) as string
      const numeric = schema.type === 'number' || schema.type === 'integer'
      const value = numeric && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw
      problems.push(
        ...this.check(`${op.pointer}?${name}`, param.schema, value, `${label}: query ${name}=${JSON.stringify(raw)}`),
      )
    }
    for (const param of query) {
      if (param.required === true && !url.searchParams.has(String(param.name)))
        problems.push(`${label}: required query parameter ${String(param.name)} is missing`)
    }
    const body = this.resolve(op.op.requestBody)
    const schema = (body?.content as Json | undefined)?.['application/json'] as Json | undefined
    if (exchange.requestBody) {
      if (!schema) problems.push(`${label}: sends a body, but ${op.template} takes none`)
      else {
        let json: unknown
        try {
          json = JSON.parse(exchange.requestBody)
        } catch {
          return [...problems, `${label}: the body is not JSON`]
        }
        problems.push(...this.check(`${op.pointer} body`, schema.schema, json, `${label}: body`))
      }
    } else if (body?.required === true) {
      problems.push(`${label}: the required body is missing`)
    }
    return problems
  }

  /** Problems with an answer to a request the document describes; [] when it is what it declares. */
  checkResponse(exchange: Exchange): string[] {
    const url = new URL(exchange.url, 'http://contract.test')
    const op = this.find(exchange.method, url.pathname)
    if (!op || exchange.status === undefined) return []
    const label = `${exchange.method} ${url.pathname} → ${exchange.status}`
    if (exchange.status === 204 || exchange.status === 304) return []
    const responses = (op.op.responses ?? {}) as Json
    const declared = responses[String(exchange.status)] ?? responses[`${String(exchange.status)[0]}XX`]
    let json: unknown
    try {
      json = JSON.parse(exchange.responseBody ?? '')
    } catch {
      return [`${label}: the body is not JSON`]
    }
    if (!declared) {
      if (exchange.status < 400) return [`${label}: ${op.template} declares no such status`]
      return this.options.errorSchema
        ? this.check(
            `error ${this.options.errorSchema}`,
            { $ref: this.options.errorSchema },
            json,
            `${label} (undeclared error status): body`,
          )
        : []
    }
    const response = this.resolve(declared)
    const schema = ((response.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema
    if (!schema) return []
    return this.check(`${op.pointer} ${exchange.status}`, schema, json, `${label}: body`)
  }
}

const here = import.meta.dirname
const require = createRequire(import.meta.url)
const cache = new Map<string, OpenApiContract>()

function load(key: string, make: () => OpenApiContract): OpenApiContract {
  let contract = cache.get(key)
  if (!contract) cache.set(key, (contract = make()))
  return contract
}

const vendor = (file: string): Json => JSON.parse(readFileSync(join(here, 'vendor', file), 'utf8')) as Json

/** The vendor's four documents, each for the paths it describes. */
function vendorContracts(): OpenApiContract[] {
  return [
    load(
      'admin',
      () =>
        new OpenApiContract(vendor('admin-openapi.json'), {
          name: "the vendor's admin-openapi.json",
          errorSchema: '#/components/schemas/Error',
        }),
    ),
    load(
      'analytics',
      () =>
        new OpenApiContract(vendor('analytics.openapi.json'), {
          name: "the vendor's analytics.openapi.json",
          errorSchema: '#/components/schemas/AnalyticsErrorResponse',
        }),
    ),
    load(
      'external',
      () => new OpenApiContract(vendor('openapi.json'), { name: "the vendor's openapi.json", basePath: '/v1' }),
    ),
    load(
      'discovery',
      () =>
        new OpenApiContract(vendor('discovery-openapi.json'), {
          name: "the vendor's discovery-openapi.json",
          basePath: '/discovery',
        }),
    ),
  ]
}

/** GitHub's REST description for github.com (api.github.com), from @octokit/openapi. */
export function githubContract(): OpenApiContract {
  return load('github', () => {
    const file = join(require.resolve('@octokit/openapi/package.json'), '..', 'generated', 'api.github.com.json')
    return new OpenApiContract(JSON.parse(readFileSync(file, 'utf8')) as Json, {
      name: "GitHub's OpenAPI description (@octokit/openapi)",
      errorSchema: '#/components/schemas/basic-error',
    })
  })
}

/** An example from GitHub's description (`components/examples/<name>`), for a fake to answer with. */
export function githubExample(name: string): Record<string, unknown> {
  const doc = githubContract().doc
  const example = ((doc.components as Json).examples as Json)[name] as Json | undefined
  if (!example) throw new Error(`GitHub's description has no example ${name}`)
  return structuredClone(example.value) as Record<string, unknown>
}

/** Checks an exchange with the vendor's documents: the first that describes the path decides. */
export function checkVendorExchange(exchange: Exchange, withResponse: boolean): string[] {
  const path = new URL(exchange.url, 'http://contract.test').pathname
  const contract = vendorContracts().find((c) => c.find(exchange.method, path))
  if (!contract) return [`${exchange.method} ${path}: none of the vendor's OpenAPI documents has such an operation`]
  return [...contract.checkRequest(exchange), ...(withResponse ? contract.checkResponse(exchange) : [])]
}
