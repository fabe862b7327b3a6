export const id = 795;
export const ids = [795];
export const modules = {

/***/ 9795:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runMode: () => (/* binding */ runMode)
});

// EXTERNAL MODULE: ./src/util/errors.ts
var errors = __webpack_require__(17);
;// CONCATENATED MODULE: ./src/util/clock.ts

const systemClock = {
    now: () => Date.now(),
    sleep: (ms, signal) => sleep(ms, signal),
};
/** setTimeout-based sleep (so fake timers drive it) that a signal can cut short. */
function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted) {
            reject(new errors/* CancelledError */.cc());
            return;
        }
        const onAbort = () => {
            clearTimeout(timer);
            reject(new errors/* CancelledError */.cc());
        };
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, Math.max(0, ms));
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}
/** "1h 2m", "3m 5s", "4.2s", "350ms": durations as people read them. */
function formatDuration(ms) {
    if (ms < 1000)
        return `${Math.max(0, Math.round(ms))}ms`;
    if (ms < 60_000)
        return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)}s`;
    const totalSeconds = Math.round(ms / 1000);
    const h = Math.floor(totalSeconds / 3600);
    const m = Math.floor((totalSeconds % 3600) / 60);
    const s = totalSeconds % 60;
    if (h > 0)
        return m > 0 ? `${h}h ${m}m` : `${h}h`;
    return s > 0 ? `${m}m ${s}s` : `${m}m`;
}

// EXTERNAL MODULE: ./src/util/text.ts
var util_text = __webpack_require__(9997);
;// CONCATENATED MODULE: ./src/api/errors.ts
class ApiError extends Error {
    kind;
    status;
    mayHaveBeenProcessed;
    retryAt;
    retriesExhausted;
    constructor(message, options) {
        super(message, { cause: options.cause });
        this.name = 'ApiError';
        this.kind = options.kind;
        this.status = options.status;
        this.mayHaveBeenProcessed = options.mayHaveBeenProcessed ?? false;
        this.retryAt = options.retryAt;
        this.retriesExhausted = options.retriesExhausted ?? false;
    }
}

;// CONCATENATED MODULE: ./src/api/retry-policy.ts
/**
 * When to try a request again and how long to wait first. Pure functions of their inputs (the
 * random source is injected) so that the policy is tested exactly.
 */
const GET_POLICY = {
    maxAttempts: 8,
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    maxRetryAfterMs: Number.POSITIVE_INFINITY, // bounded by the time left
};
/** Create and follow-up: only retried when the server certainly did not process them. */
const POST_POLICY = {
    maxAttempts: 4,
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    maxRetryAfterMs: Number.POSITIVE_INFINITY,
};
/**
 * Visitor pages: every attempt spends one of the 100 analytics requests per organisation per hour,
 * so fewer attempts, and a runner never sleeps for long on a rate limit.
 */
const VISITORS_POLICY = {
    maxAttempts: 5,
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    maxRetryAfterMs: 5 * 60_000,
};
/**
 * Capped exponential backoff with "equal jitter": half the delay is fixed, half random, so that
 * retries spread out but never collapse to zero. `attempt` is the attempt that just failed (1-based).
 */
function backoffDelay(policy, attempt, random = Math.random) {
    const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(exp / 2 + (exp / 2) * random());
}
/**
 * Parses a Retry-After header: delay-seconds or an HTTP date. Returns milliseconds from `now`
 * (never negative), or undefined when the header is absent or unreadable.
 */
function parseRetryAfter(header, now) {
    if (header === null || header === undefined)
        return undefined;
    const value = header.trim();
    if (value === '')
        return undefined;
    if (/^\d+(\.\d+)?$/.test(value))
        return Math.round(Number(value) * 1000);
    if (!/[a-z]/i.test(value))
        return undefined;
    const date = Date.parse(value);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - now);
}
/** Status codes after which a request is tried again. */
function isRetryableStatus(method, status) {
    if (status === 429)
        return true; // rate limited: the request was refused, not processed
    if (method === 'POST')
        return false; // no idempotency key: anything else may have been processed
    return status === 408 || status >= 500;
}
/** The code of a tunnel the proxy refused (see api/proxy.ts): nothing reached the server. */
const PROXY_REFUSED = 'EPROXYREFUSED';
/** Network failure codes that prove the request never reached the server. */
const NOT_SENT_CODES = new Set([
    PROXY_REFUSED,
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'UND_ERR_CONNECT_TIMEOUT',
]);
function wasCertainlyNotSent(code) {
    return code !== undefined && NOT_SENT_CODES.has(code);
}

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 2 modules
var api = __webpack_require__(2306);
;// CONCATENATED MODULE: ./src/api/schemas.ts

/**
 * Response shapes. Tolerant by design: unknown fields are kept and ignored, and no field the
 * vendor marks optional is required. Only `id` and `status` are needed to follow a job.
 */
const optionalText = schemas/* catch */.MfU(schemas/* nullish */.cl6(schemas/* string */.YjP()), undefined);
const jobSchema = schemas/* looseObject */._H3({
    id: schemas/* string */.YjP().check(api/* _minLength */.m9(1)),
    status: schemas/* string */.YjP().check(api/* _minLength */.m9(1)),
    source: schemas/* catch */.MfU(schemas/* nullish */.cl6(schemas/* looseObject */._H3({ repository: optionalText, ref: optionalText })), undefined),
    model: optionalText,
    prLink: optionalText,
    createdAt: optionalText,
    archivedAt: optionalText,
});
/** The statuses that end a wait. Anything else, known or not, means "still running". */
const TERMINAL_STATUSES = ['completed', 'archived', 'failed'];
function isTerminal(status) {
    return TERMINAL_STATUSES.includes(status);
}
const loose = (schema) => schemas/* catch */.MfU(schemas/* optional */.lqM(schema), undefined);
/** The API's error body: `{"error": string, "details"?: [{"message": string}]}`. */
const errorBodySchema = schemas/* looseObject */._H3({
    error: loose(schemas/* string */.YjP()),
    message: loose(schemas/* string */.YjP()),
    details: loose(schemas/* array */.YOg(schemas/* looseObject */._H3({ message: loose(schemas/* string */.YjP()) }))),
});
const count = schemas/* number */.aig().check(api/* _nonnegative */.UI());
const visitorRowSchema = schemas/* looseObject */._H3({ path: schemas/* string */.YjP(), human: count, ai: count, total: count });
const visitorTotalsSchema = schemas/* looseObject */._H3({ human: count, ai: count, total: count });
/** One page of the unique-visitors export. All fields are required by the vendor's reference. */
const visitorsPageSchema = schemas/* looseObject */._H3({
    totals: visitorTotalsSchema,
    visitors: schemas/* array */.YOg(visitorRowSchema),
    hasMore: schemas/* boolean */.zMY(),
});
/** A schema problem in words: where, and what was wrong (zod/mini carries no English messages). */
function describeIssue(issue) {
    const where = issue.path.join('.') || 'body';
    if (issue.code === 'invalid_type')
        return `${where}: expected ${issue.expected}`;
    if (issue.code === 'too_small')
        return `${where}: too small (minimum ${String(issue.minimum)})`;
    return `${where}: ${issue.code}`;
}

;// CONCATENATED MODULE: ./src/api/client.ts







const USER_AGENT = 'mintlify-docs-action';
const AGENT_QUOTA = 'rate limited: agent jobs allow 100 creates and follow-ups per project per hour';
const REASONS = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    408: 'Request Timeout',
    409: 'Conflict',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
};
function statusText(status) {
    const reason = REASONS[status];
    return reason ? `HTTP ${status} ${reason}` : `HTTP ${status}`;
}
/** The error code behind a failed fetch (undici puts it on `cause`, sometimes inside an AggregateError). */
function networkCode(error) {
    const cause = error?.cause;
    const code = cause?.code ?? cause?.errors?.[0]?.code ?? error?.code;
    return typeof code === 'string' ? code : undefined;
}
/** What a failed fetch was, for the message: the code, or the proxy's refusal in words. */
function networkDetail(error, code) {
    const cause = error?.cause;
    if (code === PROXY_REFUSED && typeof cause?.message === 'string')
        return (0,util_text/* external */.qn)(cause.message, 300);
    return code ?? (0,util_text/* external */.qn)((0,errors/* getErrorMessage */.u1)(error), 120);
}
/** The API's own words from an error body: `error`, then every `details[].message`. */
function apiErrorText(body) {
    try {
        const parsed = errorBodySchema.safeParse(JSON.parse(body));
        if (parsed.success) {
            const main = parsed.data.error ?? parsed.data.message;
            const details = (parsed.data.details ?? []).map((d) => d.message).filter((m) => Boolean(m));
            const parts = [main, ...details].filter((p) => Boolean(p));
            if (parts.length > 0)
                return (0,util_text/* external */.qn)(parts.join('; '), 500);
        }
    }
    catch {
        // not JSON: fall through to the raw text
    }
    const trimmed = body.trim();
    return trimmed ? (0,util_text/* external */.qn)(trimmed, 200) : '';
}
/**
 * The thin API client: base URL, auth header, per-request timeout, status checks, error text and
 * the retry policy live here. Callers speak in domain terms (createJob, getJob, sendMessage, …).
 */
class ApiClient {
    options;
    constructor(options) {
        (0,util_text/* registerSecret */.cl)(options.apiKey);
        this.options = {
            fetch: globalThis.fetch,
            random: Math.random,
            requestTimeoutMs: 30_000,
            log: () => { },
            ...options,
        };
    }
    projectPath(prefix) {
        return `${prefix}/${encodeURIComponent(this.options.projectId)}`;
    }
    createJob(prompt) {
        return this.request({
            method: 'POST',
            path: `${this.projectPath('/v2/agent')}/job`,
            body: { prompt },
            what: 'create the agent job',
            schema: jobSchema,
            policy: POST_POLICY,
            notFoundHint: 'Check project-id.',
            quotaHint: AGENT_QUOTA,
            mayExistHint: 'A job may have been created even so. Check the dashboard before running this step again (each create spends one of the 100 agent uses per hour and may open a pull request).',
        });
    }
    getJob(jobId) {
        return this.request({
            method: 'GET',
            path: `${this.projectPath('/v2/agent')}/job/${encodeURIComponent(jobId)}`,
            what: `check the status of job ${(0,util_text/* external */.qn)(jobId, 80)}`,
            schema: jobSchema,
            policy: GET_POLICY,
            notFoundHint: 'Check job-id and project-id.',
        });
    }
    sendMessage(jobId, prompt) {
        const id = (0,util_text/* external */.qn)(jobId, 80);
        return this.request({
            method: 'POST',
            path: `${this.projectPath('/v2/agent')}/job/${encodeURIComponent(jobId)}/message`,
            body: { prompt },
            what: `send the follow-up message to job ${id}`,
            schema: jobSchema,
            policy: POST_POLICY,
            notFoundHint: 'Check job-id and project-id.',
            quotaHint: AGENT_QUOTA,
            mayExistHint: `The message may have been delivered even so. Wait on the job (job-id: ${id}, no prompt) before sending it again.`,
        });
    }
    /** One page of unique visitors; `dateFrom`/`dateTo` are sent as given (dateTo is exclusive). */
    visitorsPage(query) {
        return this.request({
            method: 'GET',
            path: `${this.projectPath('/v1/analytics')}/visitors`,
            query: { dateFrom: query.dateFrom, dateTo: query.dateTo, limit: query.limit, offset: query.offset },
            what: `fetch visitors (offset ${query.offset}, limit ${query.limit})`,
            schema: visitorsPageSchema,
            policy: VISITORS_POLICY,
            notFoundHint: 'Check project-id.',
            quotaHint: 'rate limited: analytics allows 100 requests per organisation per hour, shared by all analytics endpoints',
        });
    }
    /** Sends one request, retrying as the policy allows, and returns the validated body. */
    async request(spec) {
        const { clock, signal, deadline, random, log } = this.options;
        let lastError;
        for (let attempt = 1;; attempt++) {
            if (signal.aborted)
                throw new errors/* CancelledError */.cc();
            const remaining = deadline - clock.now();
            if (remaining < 0)
                throw this.outOfTime(spec, lastError);
            const result = await this.attempt(spec, remaining);
            if (result.ok)
                return result.value;
            lastError = result.error;
            if (!result.retryable)
                throw result.error;
            if (attempt >= spec.policy.maxAttempts) {
                throw new ApiError(`${result.error.message} (gave up after ${attempt} attempts)`, {
                    kind: result.error.kind,
                    status: result.error.status,
                    mayHaveBeenProcessed: result.error.mayHaveBeenProcessed,
                    retriesExhausted: true,
                    cause: result.error,
                });
            }
            const left = deadline - clock.now();
            if (result.retryAfterMs !== undefined && (result.retryAfterMs > spec.policy.maxRetryAfterMs || result.retryAfterMs > left)) {
                const retryAt = new Date(clock.now() + result.retryAfterMs);
                throw new ApiError(`${result.error.message}. The API asks to wait ${formatDuration(result.retryAfterMs)} (until ${retryAt.toISOString()}), ` +
                    `longer than this step will wait${Number.isFinite(spec.policy.maxRetryAfterMs) ? '' : ` (${formatDuration(Math.max(0, left))} left)`}; ` +
                    `run it again after ${retryAt.toISOString()}.`, { kind: 'rate-limited', status: result.error.status, retryAt, cause: result.error });
            }
            const delay = result.retryAfterMs ?? backoffDelay(spec.policy, attempt, random);
            if (delay > left)
                throw this.outOfTime(spec, lastError);
            log(`${result.error.message.replace(/\.$/, '')}; retrying in ${formatDuration(delay)} (attempt ${attempt + 1} of ${spec.policy.maxAttempts}).`);
            await clock.sleep(delay, signal);
        }
    }
    outOfTime(spec, lastError) {
        const last = lastError ? ` Last error: ${lastError.message}` : '';
        return new ApiError(`Could not ${spec.what}: wait-timeout ran out.${last}`, {
            kind: 'out-of-time',
            status: lastError?.status,
            mayHaveBeenProcessed: lastError?.mayHaveBeenProcessed,
            cause: lastError,
        });
    }
    url(spec) {
        const url = new URL(this.options.baseUrl + spec.path);
        for (const [key, value] of Object.entries(spec.query ?? {})) {
            if (value !== undefined)
                url.searchParams.set(key, String(value));
        }
        return url.toString();
    }
    async attempt(spec, remaining) {
        const { signal, requestTimeoutMs } = this.options;
        const isPost = spec.method === 'POST';
        const fail = (message, extra) => {
            const processed = isPost && extra.mayHaveBeenProcessed === true;
            const text = `Could not ${spec.what}: ${message}${processed && spec.mayExistHint ? ` ${spec.mayExistHint}` : ''}`;
            return new ApiError(text, { ...extra, mayHaveBeenProcessed: processed });
        };
        const controller = new AbortController();
        const onCancel = () => controller.abort();
        signal.addEventListener('abort', onCancel, { once: true });
        const timeoutMs = Math.min(requestTimeoutMs, Math.max(remaining, 1000));
        let timedOut = false;
        const timer = setTimeout(() => {
            timedOut = true;
            controller.abort();
        }, timeoutMs);
        let status;
        let location;
        let retryAfter;
        let text;
        try {
            const headers = {
                Authorization: `Bearer ${this.options.apiKey}`,
                Accept: 'application/json',
                'User-Agent': USER_AGENT,
            };
            if (spec.body !== undefined)
                headers['Content-Type'] = 'application/json';
            const response = await this.options.fetch(this.url(spec), {
                method: spec.method,
                headers,
                body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
                redirect: 'manual',
                signal: controller.signal,
            });
            status = response.status;
            location = response.headers.get('location');
            retryAfter = response.headers.get('retry-after');
            text = await response.text();
        }
        catch (error) {
            if (signal.aborted)
                throw new errors/* CancelledError */.cc();
            if (timedOut) {
                return {
                    ok: false,
                    retryable: !isPost,
                    error: fail(`no answer within ${formatDuration(timeoutMs)}.`, { kind: 'timeout', mayHaveBeenProcessed: true }),
                };
            }
            const code = networkCode(error);
            const notSent = wasCertainlyNotSent(code);
            const detail = networkDetail(error, code);
            const permanent = (error.cause?.permanent ?? false) === true;
            return {
                ok: false,
                retryable: !permanent && (!isPost || notSent),
                error: fail(notSent ? `could not connect (${detail}).` : `the connection failed (${detail}).`, {
                    kind: 'network',
                    mayHaveBeenProcessed: !notSent,
                }),
            };
        }
        finally {
            clearTimeout(timer);
            signal.removeEventListener('abort', onCancel);
        }
        if (status >= 300 && status < 400) {
            const target = location ? ` to ${(0,util_text/* external */.qn)(location, 200)}` : '';
            return {
                ok: false,
                retryable: false,
                error: fail(`the API answered ${statusText(status)} with a redirect${target}. Redirects are not followed: check base-url.`, {
                    kind: 'redirect',
                    status,
                }),
            };
        }
        if (status >= 200 && status < 300) {
            let json;
            try {
                json = JSON.parse(text);
            }
            catch {
                return {
                    ok: false,
                    retryable: !isPost,
                    error: fail(`the API answered ${statusText(status)} with a body that is not JSON: ${(0,util_text/* external */.qn)(text, 200) || '(empty)'}`, {
                        kind: 'bad-response',
                        status,
                        mayHaveBeenProcessed: true,
                    }),
                };
            }
            const parsed = spec.schema.safeParse(json);
            if (!parsed.success) {
                const problem = parsed.error.issues.map(describeIssue).join('; ');
                return {
                    ok: false,
                    retryable: false,
                    error: fail(`the API answered ${statusText(status)} with an unexpected body (${(0,util_text/* external */.qn)(problem, 200)}): ${(0,util_text/* external */.qn)(text, 300)}`, {
                        kind: 'bad-response',
                        status,
                        mayHaveBeenProcessed: true,
                    }),
                };
            }
            return { ok: true, value: parsed.data };
        }
        const apiText = apiErrorText(text);
        const said = apiText ? `: ${apiText}` : '';
        const retryAfterMs = parseRetryAfter(retryAfter, this.options.clock.now());
        if (status === 401) {
            return {
                ok: false,
                retryable: false,
                error: fail(`the API refused the key (${statusText(status)}${said}). The key is wrong, revoked or expired (admin keys expire after 90 days by default): create a new one on the dashboard's API keys page and update the secret.`, { kind: 'auth', status }),
            };
        }
        if (status === 403) {
            const why = spec.method === 'POST'
                ? 'The key may be limited to the read scope (GET only: it can export analytics but cannot create jobs or send follow-ups), or the runner\'s IP address may be outside the key\'s IP allowlist. Use a key with the write scope, or allow the runner\'s address, on the dashboard\'s API keys page.'
                : 'The runner\'s IP address may be outside the key\'s IP allowlist, or the key may lack the scope this needs: check the key on the dashboard\'s API keys page.';
            return { ok: false, retryable: false, error: fail(`the API refused the request (${statusText(status)}${said}). ${why}`, { kind: 'auth', status }) };
        }
        const hint = status === 404 && spec.notFoundHint ? ` ${spec.notFoundHint}` : '';
        const quota = status === 429 && spec.quotaHint ? ` (${spec.quotaHint})` : '';
        return {
            ok: false,
            retryable: isRetryableStatus(spec.method, status),
            retryAfterMs,
            error: fail(`${statusText(status)}${quota}${said}.${hint}`, {
                kind: 'http',
                status,
                mayHaveBeenProcessed: status >= 500,
            }),
        };
    }
}

// EXTERNAL MODULE: ./src/util/actions-core.ts + 1 modules
var actions_core = __webpack_require__(3901);
;// CONCATENATED MODULE: ./src/api/proxy.ts



/**
 * Requests to the service through the runner's proxy, decided the way the rest of the Actions
 * ecosystem decides it: `@actions/http-client`'s own `getProxyUrl` and `checkBypass`
 * (https_proxy / HTTPS_PROXY for https://, http_proxy / HTTP_PROXY for http://, lowercase first;
 * no_proxy / NO_PROXY entries as exact host, host:port, .suffix, bare suffix or `*`; loopback
 * always direct). Node's global fetch ignores these variables, and an action cannot start its own
 * Node with NODE_USE_ENV_PROXY.
 *
 * Proxied requests go through undici's own `fetch` with a `ProxyAgent` from that same package (a
 * pinned 6.x), not the runtime's global fetch with a foreign dispatcher: the runtime's built-in
 * undici is another major (6 on Node 20, 7 on Node 24), and mixing majors is what breaks. TLS to
 * the service is Node's own either way, so a private CA given by NODE_EXTRA_CA_CERTS keeps working.
 *
 * Nothing here is loaded unless a proxy variable is set: a run without a proxy starts as before.
 */
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];
/** Whether any proxy variable is set: the only check a run without a proxy makes. */
function proxyConfigured() {
    return PROXY_VARIABLES.some((name) => Boolean(process.env[name]));
}
/** A proxy URL as it may be printed: no user name, no password. */
function describeProxy(proxy) {
    const hasCredentials = proxy.username !== '' || proxy.password !== '';
    return `${proxy.protocol}//${proxy.host}${hasCredentials ? ' (with credentials)' : ''}`;
}
/**
 * Masks a proxy's password (decoded and as written) and the variable's whole value before anything
 * can print them. The user name is never printed either, but is not masked: masking a short common
 * string would garble every log line that contains it.
 */
function maskCredentials(proxy, raw) {
    if (!proxy.password)
        return;
    const asWritten = new URL(proxy.href).password; // @actions/http-client's URL decodes its getter
    let decoded = asWritten;
    try {
        decoded = decodeURIComponent(asWritten);
    }
    catch {
        // a stray % stays as written
    }
    for (const value of new Set([proxy.password, asWritten, decoded, raw])) {
        actions_core/* setSecret */.Pq(value);
        (0,util_text/* registerSecret */.cl)(value);
    }
}
/**
 * Decides how requests to `baseUrl` travel. Throws an Error naming the variable when it holds no
 * usable proxy URL (after masking whatever credentials it holds).
 */
async function decideProxy(baseUrl) {
    const { getProxyUrl, checkBypass } = await __webpack_require__.e(/* import() */ 783).then(__webpack_require__.bind(__webpack_require__, 9783));
    const target = new URL(baseUrl);
    const https = target.protocol === 'https:';
    const [lower, upper] = https ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
    const variable = process.env[lower] ? lower : upper;
    const raw = process.env[variable] ?? '';
    const where = `${target.protocol}//${target.host}`;
    if (!raw)
        return { proxy: undefined, variable, message: `No ${lower} or ${upper} is set for ${where}: requests go direct.` };
    if (checkBypass(target)) {
        return { proxy: undefined, variable, message: `${variable} is set, but ${where} is a loopback host or matches no_proxy/NO_PROXY: requests go direct.` };
    }
    let proxy;
    try {
        proxy = getProxyUrl(target);
    }
    catch {
        proxy = undefined;
    }
    // `proxy.corp:3128` parses as a URL whose scheme is `proxy.corp:`; without `://` it is host:port
    if (proxy && !/^https?:$/.test(proxy.protocol) && !raw.includes('://') && URL.canParse(`http://${raw}`))
        proxy = new URL(`http://${raw}`);
    if (proxy)
        maskCredentials(proxy, raw);
    if (!proxy || !/^https?:$/.test(proxy.protocol) || !proxy.hostname) {
        throw new Error(`${variable} is set but holds no usable proxy URL: expected http://host:port, http://user:password@host:port or https://….`);
    }
    return { proxy, variable, message: `Requests to ${where} go through the proxy ${describeProxy(proxy)}, from ${variable}.` };
}
/**
 * A tunnel the proxy refused (its answer to CONNECT was not 200): the request never left the
 * runner. undici reports only "Request was cancelled" for it, so the status is observed on the
 * proxy connection and reported with this error (as the `cause` of fetch's TypeError, like
 * undici's own network errors). 407 and 403 will not change on a retry; a 502 or 503 may.
 */
class ProxyRefusedError extends Error {
    status;
    code = PROXY_REFUSED;
    permanent;
    constructor(status, proxy, variable) {
        super(status === 407
            ? `the proxy ${proxy} answered HTTP 407 Proxy Authentication Required: it wants credentials, or refused those in ${variable} (http://user:password@host:port, special characters percent-encoded)`
            : `the proxy ${proxy} answered HTTP ${status} to the tunnel request${status === 403 ? ': it does not allow this host' : ''}`);
        this.status = status;
        this.name = 'ProxyRefusedError';
        this.permanent = status === 407 || status === 403;
    }
}
/** A fetch that sends every request through `proxy`: undici's fetch and ProxyAgent, one version. */
async function fetchThrough(proxy, variable) {
    const undici = await __webpack_require__.e(/* import() */ 752).then(__webpack_require__.t.bind(__webpack_require__, 6752, 19));
    let refusedWith;
    const dispatcher = new undici.ProxyAgent({
        uri: proxy.href,
        clientFactory: (origin, options) => {
            const pool = new undici.Pool(origin, options);
            const connect = pool.connect.bind(pool);
            const observed = async (connectOptions) => {
                const answer = await connect(connectOptions);
                if (answer.statusCode !== 200)
                    refusedWith = answer.statusCode;
                return answer;
            };
            Object.assign(pool, { connect: observed });
            return pool;
        },
    });
    // the API client sends one request at a time, so one slot for the tunnel's answer is enough
    const proxied = async (input, init) => {
        refusedWith = undefined;
        try {
            return await undici.fetch(String(input), { ...init, dispatcher });
        }
        catch (error) {
            if (refusedWith === undefined)
                throw error;
            throw new TypeError('fetch failed', { cause: new ProxyRefusedError(refusedWith, describeProxy(proxy), variable) });
        }
    };
    return proxied;
}
/**
 * The fetch the API client uses: the global one when no proxy variable is set (nothing is loaded);
 * else as decideProxy says, with one log line that says which.
 */
async function fetchForBaseUrl(baseUrl, log) {
    if (!proxyConfigured())
        return globalThis.fetch;
    const decision = await decideProxy(baseUrl);
    log(decision.message);
    return decision.proxy ? fetchThrough(decision.proxy, decision.variable) : globalThis.fetch;
}

;// CONCATENATED MODULE: ./src/agent/job-outputs.ts

/** The number at the end of a pull request URL (`…/pull/42` → `42`), or undefined. */
function prNumber(prLink) {
    if (!prLink)
        return undefined;
    let path;
    try {
        path = new URL(prLink).pathname;
    }
    catch {
        path = prLink.split(/[?#]/)[0] ?? '';
    }
    return /(\d+)\/?$/.exec(path)?.[1];
}
/**
 * The largest `job` output written as the API sent it. Unknown fields are kept, but a job object
 * the API one day fills with something large (a message history, say) must not break the step's
 * outputs (the runner allows 1 MiB for all of a job's outputs): above this, only the documented
 * fields are written.
 */
const MAX_JOB_OUTPUT_CHARS = 64 * 1024;
/** The `job` output: the job as JSON, secrets redacted, and within MAX_JOB_OUTPUT_CHARS. */
function jobOutput(job) {
    const full = (0,util_text/* redact */.E$)(JSON.stringify(job));
    if (full.length <= MAX_JOB_OUTPUT_CHARS)
        return { json: full, trimmed: false };
    const { id, status, source, model, prLink, createdAt, archivedAt } = job;
    return { json: (0,util_text/* redact */.E$)(JSON.stringify({ id, status, source, model, prLink, createdAt, archivedAt })), trimmed: true };
}
/** Sets every job output from the job as last seen; true when the `job` output had to be trimmed. */
function publishJob(outputs, job) {
    const output = jobOutput(job);
    outputs.set('job-id', job.id);
    outputs.set('status', job.status);
    outputs.set('pr-link', job.prLink);
    outputs.set('pr-number', prNumber(job.prLink));
    outputs.set('model', job.model);
    outputs.set('source-repository', job.source?.repository);
    outputs.set('source-ref', job.source?.ref);
    outputs.set('job', output.json);
    return output.trimmed;
}

;// CONCATENATED MODULE: ./src/agent/poll-schedule.ts
/**
 * When to check a job's status. The first check comes soon, so a short job ends fast; the gaps
 * then grow by half each time up to poll-interval, so a long job costs few requests.
 *
 * With the default poll-interval of 10 s: 1.5 s, 2.25 s, 3.4 s, 5.1 s, 7.6 s, then every 10 s.
 */
const FIRST_POLL_DELAY_MS = 1500;
const POLL_GROWTH = 1.5;
/** The gap before status check number `n` (0-based). */
function pollDelay(n, pollIntervalMs) {
    return Math.round(Math.min(pollIntervalMs, FIRST_POLL_DELAY_MS * POLL_GROWTH ** n));
}
/**
 * How long after a follow-up message a `completed`/`archived`/`failed` status that the job had
 * before the message is still taken as the old state: three full poll intervals, at most 60 s
 * (30 s at the default poll-interval). See waitForJob.
 */
function followUpGraceMs(pollIntervalMs) {
    return Math.min(60_000, 3 * pollIntervalMs);
}

;// CONCATENATED MODULE: ./src/agent/wait-for-job.ts





/** A quiet wait still says it is alive this often. */
const HEARTBEAT_MS = 60_000;
/**
 * How long a status check may answer 404 for a job this run has just created before that counts as
 * "no such job": the create answered with the job, so a 404 soon after is the service not showing
 * it yet (a read that lags the write), not a wrong id. A job-id the user gave gets no such grace.
 */
const NEW_JOB_VISIBILITY_MS = 60_000;
/**
 * Polls the job until its status is terminal (completed, archived, failed) or the deadline passes.
 * Any other status, known or not, means "still running".
 *
 * A status check whose retries ran out (the API down or overloaded for a minute or more) does not
 * end the wait: the job goes on at the service, so the waiter keeps checking on its schedule until
 * the deadline, and a timeout then names the last error. Errors that retrying cannot fix (a wrong
 * key, an unknown job, a rate limit longer than the time left) end it at once.
 *
 * A job this run created may answer 404 until `notFoundGraceUntil` (see NEW_JOB_VISIBILITY_MS), as
 * long as it has not been seen yet; after that, or once seen, a 404 ends the wait at once.
 *
 * The follow-up race: the API does not say how soon a follow-up reopens a finished job, so the
 * message response and the next polls may still show the old terminal state and the old prLink.
 * After a follow-up, a terminal status counts only once the job has been seen not terminal since
 * the message, or has visibly changed (another status or prLink than the message response showed),
 * or the grace period has passed without either.
 */
async function waitForJob(options) {
    const { clock, signal, deadline, pollIntervalMs, followUp, onJob, log } = options;
    let seenRunning = followUp !== undefined && !isTerminal(followUp.before.status);
    let last;
    let lastStatus = followUp?.before.status;
    let checks = 0;
    let lastError;
    let failingSince;
    let toldNotVisible = false;
    const start = clock.now();
    let lastLogAt = start;
    for (let n = 0;; n++) {
        const gap = Math.min(pollDelay(n, pollIntervalMs), deadline - clock.now());
        if (gap > 0)
            await clock.sleep(gap, signal);
        let job;
        try {
            job = await options.getJob();
        }
        catch (error) {
            if (!(error instanceof ApiError))
                throw error;
            if (error.status === 404 && last === undefined && options.notFoundGraceUntil !== undefined) {
                if (clock.now() < options.notFoundGraceUntil && clock.now() < deadline) {
                    if (!toldNotVisible)
                        log('The new job is not visible to status checks yet (HTTP 404); checking again.');
                    toldNotVisible = true;
                    continue;
                }
                throw new ApiError(`${error.message} The job was created by this run ${formatDuration(clock.now() - start)} ago, but the service still does not show it.`, {
                    kind: error.kind,
                    status: error.status,
                    cause: error,
                });
            }
            if (error.kind === 'out-of-time')
                return { ended: false, job: last, checks, lastError: error.cause instanceof ApiError ? error.cause : (lastError ?? error) };
            if (!error.retriesExhausted)
                throw error;
            lastError = error;
            failingSince ??= clock.now();
            const left = formatDuration(Math.max(0, deadline - clock.now()));
            log(`Status checks have failed for ${formatDuration(clock.now() - failingSince)}: ${error.message} Still waiting (${left} of wait-timeout left).`);
            lastLogAt = clock.now();
            if (clock.now() >= deadline)
                return { ended: false, job: last, checks, lastError };
            continue;
        }
        failingSince = undefined;
        checks++;
        last = job;
        onJob(job);
        const elapsed = formatDuration(clock.now() - start);
        if (job.status !== lastStatus) {
            log(`Status: ${(0,util_text/* external */.qn)(job.status, 60)} (after ${elapsed})`);
            lastLogAt = clock.now();
        }
        else if (clock.now() - lastLogAt >= HEARTBEAT_MS) {
            log(`Still ${(0,util_text/* external */.qn)(job.status, 60)} after ${elapsed} (${checks} status checks).`);
            lastLogAt = clock.now();
        }
        lastStatus = job.status;
        if (!isTerminal(job.status)) {
            seenRunning = true;
        }
        else if (followUp === undefined || seenRunning) {
            return { ended: true, job, checks };
        }
        else if (job.status !== followUp.before.status || (job.prLink ?? null) !== (followUp.before.prLink ?? null)) {
            return { ended: true, job, checks };
        }
        else if (clock.now() - followUp.sentAt >= followUp.graceMs) {
            log(`The job still shows its earlier "${(0,util_text/* external */.qn)(job.status, 60)}" state ${Math.round(followUp.graceMs / 1000)} s after the follow-up; taking it as the result.`);
            return { ended: true, job, checks };
        }
        if (clock.now() >= deadline)
            return { ended: false, job: last, checks };
    }
}

;// CONCATENATED MODULE: ./src/agent/run-agent.ts








function actionOf(agent) {
    if (agent.prompt !== undefined && agent.jobId !== undefined)
        return 'follow-up';
    return agent.prompt !== undefined ? 'create' : 'resume';
}
function resumeHint(jobId) {
    return `To keep waiting, run the action again with job-id: ${jobId} and no prompt.`;
}
/** Runs agent mode: create, follow up or resume, then wait; never throws (the report says how it ended). */
async function runAgent(settings, ctx) {
    const { agent } = settings;
    const report = {
        action: actionOf(agent),
        outcome: 'error',
        jobId: agent.jobId,
        job: undefined,
        message: undefined,
        waitedMs: 0,
        checks: 0,
    };
    let toldTrimmed = false;
    const seen = (job) => {
        report.job = job;
        report.jobId = job.id;
        if (publishJob(ctx.outputs, job) && !toldTrimmed) {
            toldTrimmed = true;
            actions_core/* info */.pq(`The job object is over ${MAX_JOB_OUTPUT_CHARS / 1024} KiB as JSON: output "job" holds its documented fields only.`);
        }
    };
    let waitStart;
    let createdAt = 0;
    try {
        let followUp;
        if (report.action === 'create') {
            await actions_core/* group */.Os('Create the agent job', async () => {
                actions_core/* info */.pq(`Project ${(0,util_text/* external */.qn)(settings.projectId, 80)}: sending the prompt (${agent.prompt?.length} characters).`);
                const job = await ctx.client.createJob(agent.prompt);
                createdAt = ctx.clock.now();
                seen(job);
                actions_core/* info */.pq(`Created job ${(0,util_text/* external */.qn)(job.id, 80)} (status: ${(0,util_text/* external */.qn)(job.status, 60)}).`);
            });
        }
        else if (report.action === 'follow-up') {
            const jobId = agent.jobId;
            ctx.outputs.set('job-id', jobId);
            await actions_core/* group */.Os(`Send a follow-up to job ${(0,util_text/* external */.qn)(jobId, 80)}`, async () => {
                const job = await ctx.client.sendMessage(jobId, agent.prompt);
                seen(job);
                followUp = { sentAt: ctx.clock.now(), graceMs: followUpGraceMs(agent.pollIntervalMs), before: job };
                actions_core/* info */.pq(`Follow-up accepted (status: ${(0,util_text/* external */.qn)(job.status, 60)}).`);
            });
        }
        else {
            ctx.outputs.set('job-id', agent.jobId);
        }
        if (report.jobId !== undefined)
            await ctx.onStarted?.(report.jobId);
        if (!agent.wait) {
            if (report.action === 'resume') {
                seen(await ctx.client.getJob(agent.jobId));
            }
            report.outcome = 'not-waited';
            return report;
        }
        const jobId = report.jobId;
        waitStart = ctx.clock.now();
        const result = await actions_core/* group */.Os(`Wait for job ${(0,util_text/* external */.qn)(jobId, 80)}`, () => waitForJob({
            getJob: () => ctx.client.getJob(jobId),
            clock: ctx.clock,
            signal: ctx.signal,
            deadline: ctx.deadline,
            pollIntervalMs: agent.pollIntervalMs,
            followUp,
            notFoundGraceUntil: report.action === 'create' ? createdAt + NEW_JOB_VISIBILITY_MS : undefined,
            onJob: seen,
            log: (m) => actions_core/* info */.pq(m),
        }));
        report.checks = result.checks;
        if (!result.ended) {
            const status = result.job ? `still ${(0,util_text/* external */.qn)(result.job.status, 60)}` : 'not seen yet';
            const last = result.lastError ? ` Last error: ${result.lastError.message}` : '';
            report.outcome = 'timeout';
            report.message = `Job ${(0,util_text/* external */.qn)(jobId, 80)} is ${status} after wait-timeout (${formatDuration(settings.waitTimeoutMs)}).${last} ${resumeHint((0,util_text/* external */.qn)(jobId, 80))}`;
            return report;
        }
        classify(report, result.job);
        return report;
    }
    catch (error) {
        if (error instanceof errors/* CancelledError */.cc) {
            report.outcome = 'cancelled';
            report.message = `Cancelled while ${waitStart === undefined ? 'talking to the API' : 'waiting'}.${report.jobId ? ` The job goes on: ${resumeHint((0,util_text/* external */.qn)(report.jobId, 80))}` : ''}`;
            return report;
        }
        report.outcome = 'error';
        report.message = (0,errors/* getErrorMessage */.u1)(error);
        if (error instanceof ApiError && waitStart !== undefined && report.jobId) {
            report.message += ` ${resumeHint((0,util_text/* external */.qn)(report.jobId, 80))}`;
        }
        return report;
    }
    finally {
        if (waitStart !== undefined)
            report.waitedMs = ctx.clock.now() - waitStart;
    }
}
function classify(report, job) {
    const id = (0,util_text/* external */.qn)(job.id, 80);
    switch (job.status) {
        case 'completed':
            if (job.prLink) {
                report.outcome = 'completed';
            }
            else {
                report.outcome = 'no-pr';
                report.message = `Job ${id} completed without a pull request: the agent changed no files.`;
            }
            return;
        case 'archived':
            report.outcome = 'archived';
            report.message = `Job ${id} was archived${job.prLink ? '' : ' without a pull request'}.`;
            return;
        default:
            report.outcome = 'failed';
            report.message = `Job ${id} failed: the agent met an unrecoverable error.`;
    }
}

// EXTERNAL MODULE: ./src/summary/escape.ts
var summary_escape = __webpack_require__(7125);
;// CONCATENATED MODULE: ./src/summary/agent-comment.ts



/**
 * The text of the one comment a run keeps on its issue or pull request. Same escaping rules as
 * the summary: nothing from the API becomes markup. The marker lets a run find its own comment.
 */
function commentMarker(runKey) {
    return `<!-- mintlify-docs-action run=${runKey.replace(/[^0-9A-Za-z.]/g, '')} -->`;
}
function renderStartComment(options) {
    const verb = options.action === 'follow-up' ? 'is working on a follow-up' : options.action === 'resume' ? 'is being watched' : 'is working on this';
    return [
        options.marker,
        `### 📝 The documentation agent ${verb}`,
        `Job ${(0,summary_escape/* escapeText */.X1)(options.jobId, 100)} started · ${(0,summary_escape/* link */.nf)(options.runUrl, 'workflow run')}`,
        'This comment is updated when the job ends.',
    ].join('\n\n');
}
const TITLE = {
    completed: '✅ The documentation agent opened a pull request',
    'no-pr': '⚠️ The documentation agent finished without changing any files',
    archived: '⚠️ The documentation agent job was archived',
    failed: '❌ The documentation agent job failed',
    timeout: '⏱️ The documentation agent is still working',
    'not-waited': '▶️ The documentation agent job started',
    cancelled: '🛑 The workflow run was cancelled',
    error: '❌ The documentation agent job could not be run',
};
function renderEndComment(options) {
    const { report } = options;
    const job = report.job;
    const facts = [];
    if (job?.prLink)
        facts.push(`Pull request: ${(0,summary_escape/* link */.nf)(job.prLink, prNumber(job.prLink) ? `#${prNumber(job.prLink)}` : job.prLink)}`);
    if (report.jobId)
        facts.push(`Job ${(0,summary_escape/* escapeText */.X1)(report.jobId, 100)}${job ? ` (${(0,summary_escape/* escapeText */.X1)(job.status, 60)})` : ''}`);
    if (report.waitedMs > 0)
        facts.push(`waited ${formatDuration(report.waitedMs)}`);
    facts.push((0,summary_escape/* link */.nf)(options.runUrl, 'workflow run'));
    const parts = [options.marker, `### ${TITLE[report.outcome]}`, facts.join(' · ')];
    if (report.message)
        parts.push(`> ${(0,summary_escape/* escapeText */.X1)(report.message, 1500)}`);
    return parts.join('\n\n');
}

;// CONCATENATED MODULE: ./src/github/comment-target.ts
/**
 * Which issue or pull request a run's comment belongs to, from the event that triggered it.
 * Pure: takes the event name and payload, so it is tested without loading the GitHub client.
 */
const COMMENT_EVENTS = [
    'issues',
    'issue_comment',
    'pull_request',
    'pull_request_target',
    'pull_request_review',
    'pull_request_review_comment',
];
function commentTarget(eventName, payload, repository) {
    if (!COMMENT_EVENTS.includes(eventName))
        return undefined;
    const p = (payload ?? {});
    const number = p.issue?.number ?? p.pull_request?.number;
    if (typeof number !== 'number' || !Number.isInteger(number) || number <= 0)
        return undefined;
    if (!repository.owner || !repository.repo)
        return undefined;
    const kind = p.pull_request || p.issue?.pull_request ? 'pull request' : 'issue';
    return { ...repository, number, kind };
}

;// CONCATENATED MODULE: ./src/github/progress-comment.ts





const REQUEST_TIMEOUT_MS = 10_000;
/** After a cancel the process must be gone within 2 s: the last edit gets this long. */
const CANCELLED_TIMEOUT_MS = 900;
/**
 * The one comment a run keeps on the issue or pull request that triggered it: created when the job
 * starts, edited when it ends. Never a second comment for one run, and never a failed step: a
 * comment that cannot be written is a warning.
 */
class ProgressComment {
    octokit;
    target;
    runUrl;
    marker;
    signal;
    id;
    /** Set once writing is pointless (no permission, no such issue): no more attempts, no more warnings. */
    disabled = false;
    /** Set when a create may have succeeded without us learning its id. */
    uncertain = false;
    startedAt = new Date();
    constructor(octokit, target, runUrl, marker, signal) {
        this.octokit = octokit;
        this.target = target;
        this.runUrl = runUrl;
        this.marker = marker;
        this.signal = signal;
    }
    /**
     * Loads @actions/github (only now: a run without comments never pays for it) and finds the issue
     * or pull request of the event; undefined, with a notice, when the event has none.
     */
    static async forEvent(token, signal) {
        const github = await Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(413)]).then(__webpack_require__.bind(__webpack_require__, 2413));
        const { context } = github;
        const target = commentTarget(context.eventName, context.payload, { owner: context.repo.owner, repo: context.repo.repo });
        if (!target) {
            actions_core/* notice */.lm(`comment is true, but this ${(0,util_text/* external */.qn)(context.eventName, 40)} event has no issue or pull request to comment on.`);
            return undefined;
        }
        const runUrl = `${context.serverUrl}/${target.owner}/${target.repo}/actions/runs/${context.runId}`;
        const marker = commentMarker(`${context.runId}.${context.runAttempt || 1}`);
        return new ProgressComment(github.getOctokit(token), target, runUrl, marker, signal);
    }
    async start(jobId, action) {
        await this.write(renderStartComment({ marker: this.marker, jobId, action, runUrl: this.runUrl }), REQUEST_TIMEOUT_MS);
    }
    async finish(report) {
        const timeout = this.signal.aborted ? CANCELLED_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
        await this.write(renderEndComment({ marker: this.marker, report, runUrl: this.runUrl }), timeout);
    }
    async write(body, timeoutMs) {
        if (this.disabled)
            return;
        const signal = this.signal.aborted ? AbortSignal.timeout(timeoutMs) : AbortSignal.any([this.signal, AbortSignal.timeout(timeoutMs)]);
        const { owner, repo, number } = this.target;
        try {
            if (this.id === undefined && this.uncertain)
                this.id = await this.findOwnComment(signal);
            if (this.id === undefined) {
                this.uncertain = true;
                const created = await this.octokit.rest.issues.createComment({ owner, repo, issue_number: number, body, request: { signal } });
                this.id = created.data.id;
                this.uncertain = false;
                actions_core/* info */.pq(`Commented on ${this.target.kind} #${number}: ${(0,util_text/* external */.qn)(created.data.html_url ?? '', 200)}`);
            }
            else {
                await this.octokit.rest.issues.updateComment({ owner, repo, comment_id: this.id, body, request: { signal } });
                actions_core/* info */.pq(`Updated the comment on ${this.target.kind} #${number}.`);
            }
        }
        catch (error) {
            this.warn(error);
        }
    }
    /** Looks for this run's comment (by its marker) among those written since the run started. */
    async findOwnComment(signal) {
        const { owner, repo, number } = this.target;
        const { data } = await this.octokit.rest.issues.listComments({
            owner,
            repo,
            issue_number: number,
            since: this.startedAt.toISOString(),
            per_page: 100,
            request: { signal },
        });
        return data.find((c) => c.body?.includes(this.marker))?.id;
    }
    warn(error) {
        const status = error.status;
        const where = `${this.target.kind} #${this.target.number}`;
        if (status === 403 || status === 401) {
            this.disabled = true;
            actions_core/* warning */.$e(`Could not comment on ${where} (HTTP ${status}): the token may not write comments. Grant "issues: write" (or "pull-requests: write") in the workflow's permissions. The job's outputs and summary are not affected.`);
        }
        else if (status === 404 || status === 410) {
            this.disabled = true;
            actions_core/* warning */.$e(`Could not comment on ${where} (HTTP ${status}): it was not found, or the token cannot see it. The job's outputs and summary are not affected.`);
        }
        else {
            actions_core/* warning */.$e(`Could not comment on ${where}: ${(0,util_text/* external */.qn)((0,errors/* getErrorMessage */.u1)(error), 300)}. The job's outputs and summary are not affected.`);
        }
    }
}

;// CONCATENATED MODULE: ./src/summary/agent-summary.ts





const HEADLINE = {
    completed: '✅ pull request opened',
    'no-pr': '⚠️ completed without a pull request',
    archived: '⚠️ archived',
    failed: '❌ failed',
    timeout: '⏱️ still running at wait-timeout',
    'not-waited': '▶️ started (not waited for)',
    cancelled: '🛑 cancelled',
    error: '❌ error',
};
const ACTION = {
    create: 'new job',
    'follow-up': 'follow-up',
    resume: 'resumed wait',
};
/** The agent-mode job summary, in Markdown: small, only what is known, and every external string escaped. */
function renderAgentSummary(report) {
    const job = report.job;
    const pr = job?.prLink ? (0,summary_escape/* link */.nf)(job.prLink, prNumber(job.prLink) ? `#${prNumber(job.prLink)}` : job.prLink) : '';
    const repository = job?.source?.repository;
    const source = repository
        ? `${/^https?:\/\//.test(repository) ? (0,summary_escape/* link */.nf)(repository, repository.replace(/^https?:\/\/(github\.com\/)?/, '')) : (0,summary_escape/* escapeText */.X1)(repository, 200)}${job?.source?.ref ? ` @ ${(0,summary_escape/* escapeText */.X1)(job.source.ref, 100)}` : ''}`
        : '';
    const waited = report.waitedMs > 0 ? `${formatDuration(report.waitedMs)} (${(0,util_text/* count */.U9)(report.checks, 'status check', 'status checks')})` : '';
    const rows = [
        ['Status', job ? (0,summary_escape/* escapeText */.X1)(job.status, 60) : ''],
        ['Job', report.jobId ? (0,summary_escape/* escapeText */.X1)(report.jobId, 100) : ''],
        // once the job is known, "no pull request (yet)" is a fact worth a row; before that, nothing is
        ['Pull request', pr || (job ? (isTerminal(job.status) ? 'none' : 'none yet') : '')],
        ['Model', job?.model ? (0,summary_escape/* escapeText */.X1)(job.model, 100) : ''],
        ['Source', source],
        ['Waited', waited],
    ];
    const known = rows.filter(([, value]) => value !== '');
    const parts = [`### Documentation agent (${ACTION[report.action]}): ${HEADLINE[report.outcome]}`];
    if (known.length > 0)
        parts.push((0,summary_escape/* keyValueTable */.z2)(known));
    if (report.message)
        parts.push(`> ${(0,summary_escape/* escapeText */.X1)(report.message, 1500)}`);
    return `${parts.join('\n\n')}\n`;
}

// EXTERNAL MODULE: ./src/summary/write-summary.ts + 1 modules
var write_summary = __webpack_require__(66);
;// CONCATENATED MODULE: ./src/util/outputs.ts

/**
 * Step outputs, set the moment they are known (so they exist even if the step then fails or is
 * cancelled), and written again only when they change.
 */
class Outputs {
    write;
    values = new Map();
    constructor(write = actions_core/* setOutput */.uH) {
        this.write = write;
    }
    set(name, value) {
        const text = value === undefined || value === null ? '' : String(value);
        if (this.values.get(name) === text)
            return;
        this.values.set(name, text);
        this.write(name, text);
    }
    get(name) {
        return this.values.get(name);
    }
}

// EXTERNAL MODULE: ./src/inputs/dates.ts
var dates = __webpack_require__(2124);
;// CONCATENATED MODULE: ./src/summary/visitors-summary.ts

/**
 * The visitors job summary: totals, the top pages with a text bar each, and where the rest is.
 * Built from the top rows only, and bounded in bytes, so it stays far below the runner's 1 MiB limit.
 */
const SUMMARY_BYTE_BUDGET = 200 * 1024;
const BAR_WIDTH = 16;
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
function formatCount(n) {
    return Math.round(n).toLocaleString('en-US');
}
/** AI share = AI / (human + AI): the split of the traffic, as a percentage. */
function aiShare(human, ai) {
    const sum = human + ai;
    return sum > 0 ? `${((ai / sum) * 100).toFixed(1)}%` : '—';
}
/** A bar of up to 16 cells in eighths, proportional to value/max. */
function bar(value, max) {
    if (max <= 0 || value <= 0)
        return '';
    const eighths = Math.max(1, Math.round((value / max) * BAR_WIDTH * 8));
    return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}
function renderVisitorsSummary(input) {
    const icon = input.failed ? '❌' : input.notes.length > 0 ? '⚠️' : '📊';
    const parts = [`### ${icon} Unique visitors: ${(0,summary_escape/* escapeText */.X1)(input.projectId, 100)}, ${(0,summary_escape/* escapeText */.X1)(input.range, 120)}`];
    for (const note of input.notes)
        parts.push(`> ${(0,summary_escape/* escapeText */.X1)(note, 1500)}`);
    if (input.totals) {
        const t = input.totals;
        parts.push(['| Human | AI | Total (deduplicated) | AI share |', '|---:|---:|---:|---:|', `| ${formatCount(t.human)} | ${formatCount(t.ai)} | ${formatCount(t.total)} | ${aiShare(t.human, t.ai)} |`].join('\n'));
    }
    const shown = Math.min(input.summaryRows, input.sorted.length);
    if (shown > 0) {
        const max = input.sorted[0]?.total ?? 0;
        const lines = ['| Page | Human | AI | Total | AI share | |', '|---|---:|---:|---:|---:|---|'];
        let bytes = Buffer.byteLength(parts.join('\n\n')) + 2000;
        let listed = 0;
        for (let i = 0; i < shown; i++) {
            const r = input.sorted[i];
            const line = `| ${(0,summary_escape/* escapeText */.X1)(r.path, 150)} | ${formatCount(r.human)} | ${formatCount(r.ai)} | ${formatCount(r.total)} | ${aiShare(r.human, r.ai)} | ${bar(r.total, max)} |`;
            bytes += Buffer.byteLength(line) + 1;
            if (bytes > SUMMARY_BYTE_BUDGET)
                break;
            lines.push(line);
            listed++;
        }
        parts.push(`**Top ${listed} of ${formatCount(input.pathCount)} pages by total visitors**`);
        parts.push(lines.join('\n'));
        const more = input.pathCount - listed;
        const where = input.files ? ' in the export files (outputs `visitors-csv` and `visitors-json`)' : '';
        if (more > 0)
            parts.push(`${formatCount(more)} more ${more === 1 ? 'page is' : 'pages are'}${where}.`);
        else if (input.files)
            parts.push('Every page is listed; the export files (outputs `visitors-csv`, `visitors-json`) hold the same data.');
    }
    else if (input.totals) {
        parts.push('No page had visitors in this range.');
    }
    if (input.totals)
        parts.push('<sub>Total is deduplicated across human and AI traffic, so it is not human + AI. AI share = AI / (human + AI).</sub>');
    return `${parts.join('\n\n')}\n`;
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/visitors/export-files.ts


/**
 * The export as files a later step can upload or process: JSON (the whole export with its
 * context) and CSV (RFC 4180, spreadsheet-safe). Written in chunks, so memory stays bounded.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** One CSV cell: a leading formula character is neutralised with `'`, then RFC 4180 quoting. */
function csvCell(text) {
    const safe = FORMULA_START.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
function csvRow(row) {
    return `${csvCell(row.path)},${row.human},${row.ai},${row.total}\r\n`;
}
const CHUNK_ROWS = 5000;
function fileBase(meta) {
    const safe = (s) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
    const from = meta.range.sent.dateFrom ?? 'start';
    const to = meta.range.sent.dateTo ?? 'now';
    return `mintlify-visitors-${safe(meta.project)}-${safe(from)}-to-${safe(to)}`;
}
async function writeChunked(path, head, rows, line, tail) {
    const file = await (0,promises_.open)(path, 'w');
    try {
        await file.write(head);
        for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
            let chunk = '';
            const end = Math.min(rows.length, start + CHUNK_ROWS);
            for (let i = start; i < end; i++)
                chunk += line(rows[i], i);
            await file.write(chunk);
        }
        await file.write(tail);
    }
    finally {
        await file.close();
    }
}
/** Writes `<dir>/mintlify-visitors-<project>-<from>-to-<to>.json` and `.csv`; returns their paths. */
async function writeExportFiles(dir, meta, rows) {
    await (0,promises_.mkdir)(dir, { recursive: true });
    const base = (0,external_node_path_.join)(dir, fileBase(meta));
    const json = `${base}.json`;
    const csv = `${base}.csv`;
    const head = JSON.stringify(meta, null, 2).replace(/\n}$/, ',\n  "visitors": [');
    await writeChunked(json, head, rows, (r, i) => `${i === 0 ? '' : ','}\n    ${JSON.stringify({ path: r.path, human: r.human, ai: r.ai, total: r.total })}`, rows.length > 0 ? '\n  ]\n}\n' : ']\n}\n');
    await writeChunked(csv, 'path,human,ai,total\r\n', rows, (r) => csvRow(r), '');
    return { json, csv };
}

;// CONCATENATED MODULE: ./src/visitors/export-visitors.ts
/**
 * Pages through the unique-visitors endpoint: limit = page-size, offset from 0 growing by the rows
 * each page actually held (a service that serves fewer than asked, a lowered maximum or a capped
 * page, must not make rows vanish between pages) while hasMore, one request at a time. So N rows
 * cost max(1, ceil(N / page-size)) requests when pages come full.
 * Rows can move between pages while this runs (the data is live): a path that comes twice is kept
 * once, first seen wins, and the repeats are counted.
 */
/** A hard bound on pages, so a misbehaving API can never keep an export going (250,000 rows at 250). */
const MAX_PAGES = 1000;
class PartialExportError extends Error {
    partial;
    reason;
    constructor(partial, reason) {
        super('export stopped part-way');
        this.partial = partial;
        this.reason = reason;
        this.name = 'PartialExportError';
    }
}
async function exportVisitors(options) {
    const { client, pageSize } = options;
    const maxPages = options.maxPages ?? MAX_PAGES;
    const result = { totals: undefined, rows: new Map(), pages: 0, repeats: 0, stoppedEarly: undefined };
    for (let offset = 0;;) {
        let page;
        try {
            page = await client.visitorsPage({ dateFrom: options.dateFrom, dateTo: options.dateTo, limit: pageSize, offset });
        }
        catch (error) {
            throw new PartialExportError(result, error);
        }
        result.pages++;
        result.totals = { human: page.totals.human, ai: page.totals.ai, total: page.totals.total };
        for (const row of page.visitors) {
            if (result.rows.has(row.path))
                result.repeats++;
            else
                result.rows.set(row.path, { path: row.path, human: row.human, ai: row.ai, total: row.total });
        }
        options.onPage?.({ offset, rows: page.visitors.length, hasMore: page.hasMore, result });
        if (!page.hasMore)
            return result;
        if (page.visitors.length === 0) {
            result.stoppedEarly = `the API sent an empty page at offset ${offset} but said there was more; stopped there`;
            return result;
        }
        if (result.pages >= maxPages) {
            result.stoppedEarly = `reached the bound of ${maxPages} pages (${offset + page.visitors.length} rows); stopped there`;
            return result;
        }
        offset += page.visitors.length;
    }
}
/** Most visitors first; ties by path (code-unit order, so the same data sorts the same everywhere). */
function compareRows(a, b) {
    if (a.total !== b.total)
        return b.total - a.total;
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

;// CONCATENATED MODULE: ./src/visitors/run-visitors.ts







/** Runs visitors mode: export every page, write the files and outputs; never throws. */
async function runVisitors(settings, ctx) {
    const { dateFrom, dateTo, pageSize, summaryRows } = settings.visitors;
    const range = (0,dates/* describeRange */.pC)(dateFrom, dateTo);
    let result;
    let failure;
    await actions_core/* group */.Os('Export unique visitors', async () => {
        const sent = [dateFrom && `dateFrom=${dateFrom.sent}`, dateTo && `dateTo=${dateTo.sent} (exclusive)`].filter(Boolean).join(', ');
        actions_core/* info */.pq(`Project ${(0,util_text/* external */.qn)(settings.projectId, 80)}, ${range}${sent ? ` (${sent})` : ''}, ${pageSize} rows per request.`);
        try {
            result = await exportVisitors({
                client: ctx.client,
                dateFrom: dateFrom?.sent,
                dateTo: dateTo?.sent,
                pageSize,
                onPage: ({ offset, rows, hasMore, result: r }) => {
                    actions_core/* info */.pq(`Page ${r.pages} (offset ${offset}): ${(0,util_text/* count */.U9)(rows, 'row', 'rows')}${hasMore ? ', more to come' : ', the last'}.`);
                    if (r.totals) {
                        ctx.outputs.set('human', r.totals.human);
                        ctx.outputs.set('ai', r.totals.ai);
                        ctx.outputs.set('total', r.totals.total);
                    }
                },
            });
        }
        catch (error) {
            if (!(error instanceof PartialExportError))
                throw error;
            result = error.partial;
            failure = error.reason;
        }
    });
    const exported = result;
    const notes = [];
    if (exported.repeats > 0) {
        actions_core/* info */.pq(`${exported.repeats} rows repeated a path already exported (the data moved between pages while paging); each path is kept once, first seen wins.`);
    }
    if (exported.stoppedEarly)
        notes.push(`The export is incomplete: ${exported.stoppedEarly}.`);
    // Nothing fetched is thrown away: whatever arrived is sorted, written and reported.
    const sorted = [...exported.rows.values()].sort(compareRows);
    let files;
    if (exported.totals) {
        try {
            files = await writeExportFiles(ctx.dir, {
                project: settings.projectId,
                range: {
                    description: range,
                    requested: { dateFrom: dateFrom?.given ?? null, dateTo: dateTo?.given ?? null },
                    sent: { dateFrom: dateFrom?.sent ?? null, dateTo: dateTo?.sent ?? null },
                },
                fetchedAt: new Date(ctx.now()).toISOString(),
                complete: failure === undefined && !exported.stoppedEarly,
                pages: exported.pages,
                totals: exported.totals,
            }, sorted);
            ctx.outputs.set('path-count', sorted.length);
            ctx.outputs.set('visitors-json', files.json);
            ctx.outputs.set('visitors-csv', files.csv);
            actions_core/* info */.pq(`Exported ${(0,util_text/* count */.U9)(sorted.length, 'path', 'paths')} from ${(0,util_text/* count */.U9)(exported.pages, 'page', 'pages')} of results to ${files.csv} and ${files.json}.`);
        }
        catch (error) {
            failure ??= new Error(`Could not write the export files in ${ctx.dir}: ${(0,errors/* getErrorMessage */.u1)(error)}`);
        }
    }
    let outcome = exported.stoppedEarly ? 'incomplete' : 'complete';
    let message = exported.stoppedEarly ? notes[0] : undefined;
    if (failure !== undefined) {
        outcome = failure instanceof errors/* CancelledError */.cc ? 'cancelled' : 'error';
        const what = outcome === 'cancelled' ? 'Cancelled.' : (0,errors/* getErrorMessage */.u1)(failure);
        const kept = files ? ` They are in ${files.csv} and ${files.json} (marked incomplete).` : '';
        message = `${what} ${(0,util_text/* count */.U9)(exported.rows.size, 'row', 'rows')} had been fetched (${(0,util_text/* count */.U9)(exported.pages, 'page', 'pages')} of results) before that.${kept}`;
        notes.unshift(message);
    }
    const summary = renderVisitorsSummary({
        projectId: settings.projectId,
        range,
        totals: exported.totals,
        sorted,
        summaryRows,
        pathCount: sorted.length,
        files,
        notes,
        failed: failure !== undefined,
    });
    return { outcome, message, summary };
}

;// CONCATENATED MODULE: ./src/run-mode.ts













/**
 * Everything after the inputs are valid: the API client, the chosen mode, the summary, the comment
 * and how the step ends. main.ts loads this module only then, so a run stopped by a bad input
 * never loads it.
 */
/** How an agent run ends the step. */
function concludeAgent(report, settings) {
    const message = report.message ?? '';
    switch (report.outcome) {
        case 'completed':
            actions_core/* notice */.lm(`Pull request opened by the documentation agent: ${(0,util_text/* external */.qn)(report.job?.prLink ?? '', 500)}`);
            return;
        case 'no-pr':
            if (settings.agent.requirePr)
                actions_core/* setFailed */.C1(`${message} require-pr is true, so the step fails.`);
            else
                actions_core/* warning */.$e(message);
            return;
        case 'archived':
            if (settings.agent.requirePr && !report.job?.prLink)
                actions_core/* setFailed */.C1(`${message} require-pr is true, so the step fails.`);
            else
                actions_core/* warning */.$e(message);
            return;
        case 'not-waited':
            actions_core/* info */.pq(`Not waiting (wait: false). Job ${(0,util_text/* external */.qn)(report.jobId ?? '', 80)} goes on.`);
            return;
        default:
            actions_core/* setFailed */.C1(message || `The run ended with ${report.outcome}.`);
    }
}
/** How a visitors export ends the step. */
function concludeVisitors(report) {
    if (report.outcome === 'complete')
        return;
    if (report.outcome === 'incomplete')
        actions_core/* warning */.$e(report.message ?? 'The export is incomplete.');
    else
        actions_core/* setFailed */.C1(report.message ?? `The export ended with ${report.outcome}.`);
}
async function runMode(settings, signal) {
    const clock = systemClock;
    await actions_core/* prepareOutputs */.aJ();
    const deadline = clock.now() + settings.waitTimeoutMs;
    let apiFetch;
    try {
        apiFetch = await fetchForBaseUrl(settings.baseUrl, (m) => actions_core/* info */.pq(m));
    }
    catch (error) {
        const message = `${(0,errors/* getErrorMessage */.u1)(error)} Nothing was sent to the API.`;
        (0,write_summary/* writeSummary */.S)(`### ❌ Mintlify action: proxy settings\n\n${(0,summary_escape/* escapeText */.X1)(message, 600)}\n`);
        actions_core/* setFailed */.C1(message);
        return;
    }
    const client = new ApiClient({
        fetch: apiFetch,
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        projectId: settings.projectId,
        clock,
        signal,
        deadline,
        log: (m) => actions_core/* info */.pq(m),
    });
    const outputs = new Outputs();
    if (settings.mode === 'visitors') {
        const dir = process.env.RUNNER_TEMP || process.cwd();
        const report = await runVisitors(settings, { client, outputs, now: () => clock.now(), dir });
        (0,write_summary/* writeSummary */.S)(report.summary);
        concludeVisitors(report);
        return;
    }
    const comment = settings.comment ? await ProgressComment.forEvent(settings.comment.token, signal) : undefined;
    const report = await runAgent(settings, {
        client,
        clock,
        signal,
        deadline,
        outputs,
        onStarted: comment ? (jobId) => comment.start(jobId, actionOf(settings.agent)) : undefined,
    });
    (0,write_summary/* writeSummary */.S)(renderAgentSummary(report));
    await comment?.finish(report);
    concludeAgent(report, settings);
}


/***/ })

};
