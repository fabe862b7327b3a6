import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";

var __webpack_modules__ = {
    7611: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.r(__webpack_exports__);
        __nccwpck_require__.d(__webpack_exports__, {
            ACTION: () => ACTION,
            INPUTS: () => INPUTS,
            MINT_VERSION: () => MINT_VERSION,
            READ_WITH: () => READ_WITH,
            RULES: () => RULES
        });
        var _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5200);
        var _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(5165);
        var _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(9758);
        var _inputs_rules_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(8190);
        var _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6096);
        const MINT_VERSION = "4.2.941";
        const INPUTS = {
            fix: {
                default: "false",
                actions: [ "check" ],
                field: _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.tE,
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("On the agent's own pull request (its tracking comment names the job), send the problems found to that", "job as one follow-up, quoted as data, so the next push is checked again. Never on a person's pull", "request, never twice for one head; needs api-key and project-id.")
                }
            },
            "fix-rounds": {
                default: "1",
                actions: [ "check" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.$A)(1, 5, "a whole number of follow-ups from 1 to 5"),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("With fix: how many follow-ups one pull request may get, 1 to 5 (each spends one of the 100 agent uses", "per project per hour).")
                }
            },
            "mint-version": {
                default: MINT_VERSION,
                actions: [ "check" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)("an exact version of the npm package mint, such as 4.2.941 (a pinned version: never latest or a range)", v => /^\d+\.\d+\.\d+$/.test(v) ? v : void 0),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("The Mintlify CLI's version (the npm package mint), exactly: installed into the runner's tool cache and", "kept in the runner's cache by the action, and run only once every file is the install this action's", "lockfile gives.")
                }
            },
            checks: {
                default: "links, anchors, redirects, snippets, alt-text, contrast",
                actions: [ "check" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)(`a comma-separated list of ${_inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__.ui.join(", ")}, at least one`, _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__.B2),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("What to check, comma-separated: links, anchors, redirects, snippets, external (links to other sites, off", "by default), alt-text, contrast (the theme colours), validate (the build; needs the network).")
                }
            },
            scope: {
                default: "new",
                actions: [ "check" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)("new (what the pull request broke, against its base), changed (the pull request's own files) or all (the whole site)", (0, 
                _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__.yL)(_inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__.iW)),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("new (on a pull request, only what it broke: the problems its head has and its base does not, anywhere in", "the site; those from before are listed, never failing), changed (only the problems in the files it", "changes) or all (every problem of the site). Outside a pull request the whole site.")
                }
            },
            exclude: {
                default: "",
                actions: [ "check" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)("globs relative to the docs folder, one a line or comma-separated, such as drafts/**", _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__.nS),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("Pages to leave out, as globs relative to the docs folder (one a line or comma-separated, such as", "drafts/** and snippets/legacy.mdx): their own links and images are not checked, and links to them still", "resolve.")
                }
            },
            "on-problems": {
                default: "fail",
                actions: [ "check" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)("fail (the step fails on a problem) or warn (a warning each, and the step passes)", v => v === "fail" || v === "warn" ? v : void 0),
                words: {
                    text: "fail (the step fails when there are problems) or warn (each problem is a warning, and the step passes)."
                }
            },
            "check-run": {
                default: "auto",
                actions: [ "check" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)("auto (a check run with every new problem, where the token has checks: write) or off (the step's annotations alone)", v => v === "auto" || v === "off" ? v : void 0),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("auto (a check run on the commit checked, with every new problem annotated at its line: each shows on", "the pull request's Files tab; needs checks: write, and where the token cannot create one, the step's own", "annotations alone, said in one notice) or off (the step's own annotations alone: GitHub shows 10 a step).")
                }
            },
            suggestions: {
                default: "auto",
                actions: [ "check" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)("auto (the fixes the check knows as one review's suggested changes on the pull request's diff, where the token has pull-requests: write) or off (every fix in the patch alone)", v => v === "auto" || v === "off" ? v : void 0),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("auto (on a pull request, each fix the check knows whose line is in the pull request's diff is a", "suggested change in one review of the head commit, which replaces the review of an earlier head; needs", "pull-requests: write, and where the token cannot review, one notice) or off. Every other fix is in the", "patch that fixes-patch names.")
                }
            },
            "min-views": {
                default: "0",
                actions: [ "check" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.$A)(0, 1e9, "a whole number of page views, 0 or more"),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("With api-key and project-id (the readers' page views of the last 30 days, one analytics request): an", "address the pull request stops serving fails only if readers visited it at least this many times; the", "others are listed, not failing. 0: every one fails, as without a key.")
                }
            }
        };
        const READ_WITH = {
            "api-key": "with project-id (the problems weighed by their readers' views) or fix: true",
            fix: "with api-key and project-id (the problems go to the agent's job as a follow-up)",
            "fix-rounds": "with fix: true",
            "min-views": "with api-key and project-id (the readers' views)"
        };
        const RULES = {
            check: function check(i, ctx, run) {
                if (i.scope !== "all" && (0, _inputs_rules_js__WEBPACK_IMPORTED_MODULE_4__.T5)(run.eventName) && i["github-token"] === "") return (0, 
                _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.CC)(ctx, "", "a token to read the pull request's changed files with scope new or changed (the default ${{ github.token }} works with pull-requests: read and contents: read), or scope: all", [ "github-token" ]);
                const weighed = i["api-key"] !== "" && i["project-id"] !== "";
                const fix = i.fix && weighed;
                const unapplied = [ ...i.fix && !weighed ? [ "fix" ] : [], ...!i.fix && i["api-key"] !== "" && i["project-id"] === "" ? [ "api-key" ] : [], ...!fix && String(i["fix-rounds"]) !== INPUTS["fix-rounds"].default ? [ "fix-rounds" ] : [], ...i["project-id"] === "" && String(i["min-views"]) !== INPUTS["min-views"].default ? [ "min-views" ] : [] ];
                return {
                    ...(0, _inputs_rules_js__WEBPACK_IMPORTED_MODULE_4__.sh)(i),
                    mode: "check",
                    unapplied: unapplied,
                    check: {
                        docsPath: i["docs-path"],
                        mintVersion: i["mint-version"],
                        checks: i.checks,
                        scope: i.scope,
                        exclude: i.exclude,
                        onProblems: i["on-problems"],
                        checkRun: i["check-run"],
                        suggestions: i.suggestions,
                        token: i["github-token"],
                        fix: fix ? {
                            rounds: i["fix-rounds"]
                        } : void 0,
                        views: weighed ? {
                            minViews: i["min-views"]
                        } : i["project-id"] !== "" ? "no-key" : void 0
                    }
                };
            }
        };
        const ACTION = {
            check: {
                name: "Mintlify docs check",
                description: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("Check the docs with the Mintlify CLI (broken links, anchors and redirects, images without alt text, the", "theme colours' contrast): what a pull request broke anywhere in the site, against its base, each at its", "line.")
            }
        };
    },
    7549: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            DR: () => pullKey,
            _i: () => pullLinkLabel,
            dt: () => parsePullLink,
            hG: () => pullRequestHere
        });
        const CANONICAL = /^https:\/\/([^/?#@]+)\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})\/pull\/([1-9]\d{0,9})$/;
        function parsePullLink(link) {
            const m = CANONICAL.exec(link ?? "");
            if (!m || !link) return;
            const [, host, owner, repo, number] = m;
            let href;
            try {
                href = new URL(link).href;
            } catch {
                return;
            }
            if (href !== link) return;
            return {
                host: host.toLowerCase(),
                owner: owner,
                repo: repo,
                number: Number(number)
            };
        }
        function pullKey(link) {
            const pr = parsePullLink(link);
            return pr ? `${pr.host}/${pr.owner}/${pr.repo}#${pr.number}`.toLowerCase() : link;
        }
        function hostOf(serverUrl) {
            return URL.canParse(serverUrl) ? new URL(serverUrl).host.toLowerCase() : void 0;
        }
        function pullRequestHere(link, here) {
            const pr = parsePullLink(link);
            if (!pr || pr.host !== hostOf(here.serverUrl)) return;
            return pr.owner.toLowerCase() === here.owner.toLowerCase() && pr.repo.toLowerCase() === here.repo.toLowerCase() ? pr.number : void 0;
        }
        function pullLinkLabel(link, here) {
            const pr = parsePullLink(link);
            if (!pr || !here || pr.host !== hostOf(here.serverUrl)) return;
            return pullRequestHere(link, here) !== void 0 ? `#${pr.number}` : `${pr.owner}/${pr.repo}#${pr.number}`;
        }
    },
    8233: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.r(__webpack_exports__);
        __nccwpck_require__.d(__webpack_exports__, {
            ACTION: () => ACTION,
            INPUTS: () => INPUTS,
            RULES: () => RULES,
            unappliedWarning: () => unappliedWarning
        });
        var zod_mini__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(8532);
        var _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5200);
        var _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(5165);
        var _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(9758);
        var _inputs_rules_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(8190);
        var _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6096);
        const INPUTS = {
            weeks: {
                default: "12",
                actions: [ "health" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.$A)(1, 52, "a whole number of weeks for the trend, from 1 to 52"),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("How many whole weeks (Monday to Monday, UTC) the trend shows, 1 to 52. A first run fetches them within", "max-requests (two requests a week); later runs fetch only the weeks the issue lacks.")
                }
            },
            "health-label": {
                default: "docs-health",
                actions: [ "health" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)("a label name of 1 to 50 characters without commas, such as docs-health", v => v.length >= 1 && v.length <= 50 && !v.includes(",") && v.trim() === v ? v : void 0),
                words: {
                    text: "The label that marks the one issue this action keeps (created if the repository lacks it).",
                    root: "Health mode: the label that marks the one issue this mode keeps (created if the repository lacks it)."
                }
            },
            agent: {
                default: "off",
                actions: [ "health" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)("off, or persisting (start an agent job for a gap seen in two runs in a row)", (0, 
                _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__.yL)([ "off", "persisting" ])),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("off, or persisting to start an agent job for a gap readers hit two weeks in a row (one job per gap,", "ever; the gap is quoted to the agent as data).")
                }
            },
            impact: {
                default: "on",
                actions: [ "health" ],
                field: (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.KD)("on (measure the docs pull requests merged in docs-repository) or off", v => v === "on" || v === "off" ? v : void 0),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("on to measure the docs pull requests merged in docs-repository (page views and thumbs of the pages each", "changed, the impact-weeks before the week it merged against those after, with the site as the control);", "off not to.")
                }
            },
            "impact-weeks": {
                default: "4",
                actions: [ "health" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.$A)(1, 12, "a whole number of weeks before and after the merge week, from 1 to 12"),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("With impact: how many whole weeks (Monday to Monday, UTC) before the week a pull request merged and", "after it are compared, 1 to 12 (the merge week itself is left out).")
                }
            },
            "impact-comment": {
                default: "true",
                actions: [ "health" ],
                field: _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.tE,
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("With impact: comment the figures on each measured pull request once its weeks after are complete (one", "comment, edited if the figures are corrected).")
                }
            },
            "docs-repository": {
                default: "${{ github.repository }}",
                actions: [ "health" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.H0)("owner/name of a repository, such as acme/docs", v => _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__.Bw.test(v) ? v : void 0),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("With impact: owner/name of the repository whose merged pull requests change the docs (default: this", "workflow's repository).")
                }
            },
            "docs-root": {
                actions: [ "health" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.H0)("a folder of docs-repository such as docs (. for the root), without .. or a leading drive", _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__.z2),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("With impact: the folder of docs-repository that page files live in (. for the root). Empty: the folder", "holding docs.json (else the root).")
                }
            },
            "max-jobs": {
                default: "1",
                actions: [ "health" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.$A)(1, 10, "a whole number of agent jobs one run may start, from 1 to 10"),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("With agent persisting: the most agent jobs one run may start, 1 to 10 (each spends one of the 100 agent", "uses per project per hour).")
                }
            },
            "assistant-key": {
                actions: [ "health" ],
                field: function assistantKeyInput() {
                    return (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.hF)((v, ctx) => {
                        if (v === "") return;
                        const accepted = "an assistant API key (mint_dsc_…) from the dashboard's API keys page, from a secret";
                        const type = (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.zj)(v);
                        if (type && type.name !== "assistant API key") {
                            const where = type.name === "admin API key" ? " (give it as api-key)" : "";
                            return (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.CC)(ctx, "", `${accepted}; the search API takes no other key type`, void 0, {
                                described: `is an ${type.name}${where} (it starts with ${type.prefix}; its value is not shown)`
                            });
                        }
                        return type && !/[\s\u0000-\u001f]/.test(v) ? v : (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.CC)(ctx, "", accepted, void 0, {
                            described: "is not an assistant API key (its value is not shown)"
                        });
                    });
                }(),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("An assistant API key (mint_dsc_…, from the dashboard's API keys page; a second key type beside", "the admin key), from a secret. With domain, each gap an agent job is started for is searched on the", "live site then, and again once its pull request has merged and shipped: the health issue says", "whether the search now finds a page the pull request changed (answered), other pages (moved) or", "nothing new (still missing). Searches use no credits. Empty: no searches (the summary says what", "they would add).")
                }
            },
            domain: {
                actions: [ "health" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.H0)("the site's identifier, such as acme for acme.mintlify.site (letters, digits and -)", v => /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/i.test(v) ? v : void 0),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("With assistant-key: the site's identifier for the search API, the name in its domain.mintlify.site", "address or the end of the dashboard's URL (app.mintlify.com/<organization>/<domain>).")
                }
            },
            "max-searches": {
                default: "50",
                actions: [ "health" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.$A)(1, 1e4, "a whole number of searches from 1 to 10000 (the search API allows 10,000 an hour per organisation)"),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("With assistant-key: the most searches this step may send, retries included (the search API allows", "10,000 an hour per organisation, apart from the analytics requests). A search left for later is said.")
                }
            }
        };
        function unappliedWarning(name) {
            return name === "max-searches" ? 'Input "max-searches" is read only with assistant-key and domain (nothing is searched), so it was ignored.' : `Input "${name}" is not read with impact: off, so it was ignored.`;
        }
        function healthAnswers(i, ctx) {
            const key = i["assistant-key"];
            const domain = i.domain;
            if (key !== void 0 && domain === void 0) return (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.CC)(ctx, "", "the site's identifier with assistant-key (the search API searches one site): the name in its domain.mintlify.site address", [ "domain" ]);
            if (key === void 0 && domain !== void 0) return (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.CC)(ctx, "", "an assistant API key (mint_dsc_…) from a secret with domain (the search API takes only that key type)", [ "assistant-key" ]);
            return key !== void 0 && domain !== void 0 ? {
                assistantKey: key,
                domain: domain,
                maxSearches: i["max-searches"]
            } : void 0;
        }
        const RULES = {
            health: function health(i, ctx) {
                if (i["github-token"] === "") return (0, _inputs_rules_js__WEBPACK_IMPORTED_MODULE_4__.f_)(ctx, 'to keep the health issue: the default ${{ github.token }} works when the workflow grants "issues: write"');
                const impact = i.impact === "on" ? {
                    weeks: i["impact-weeks"],
                    comment: i["impact-comment"],
                    repository: i["docs-repository"],
                    root: i["docs-root"],
                    docsToken: i["docs-token"] || void 0
                } : void 0;
                const answers = healthAnswers(i, ctx);
                if ((0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_3__.t2)(ctx)) return zod_mini__WEBPACK_IMPORTED_MODULE_5__.tm;
                const given = [ [ "impact-weeks", String(i["impact-weeks"]) !== INPUTS["impact-weeks"].default ], [ "impact-comment", String(i["impact-comment"]) !== INPUTS["impact-comment"].default ], [ "docs-root", i["docs-root"] !== void 0 ], [ "docs-token", i["docs-token"] !== "" ] ];
                const unapplied = [ ...impact ? [] : given.filter(([, set]) => set).map(([name]) => name), ...!answers && String(i["max-searches"]) !== INPUTS["max-searches"].default ? [ "max-searches" ] : [] ];
                return {
                    ...(0, _inputs_rules_js__WEBPACK_IMPORTED_MODULE_4__.sh)(i),
                    mode: "health",
                    health: {
                        weeks: i.weeks,
                        label: i["health-label"],
                        agent: i.agent,
                        maxJobs: i["max-jobs"],
                        token: i["github-token"],
                        maxRequests: i["max-requests"],
                        impact: impact,
                        answers: answers,
                        unapplied: unapplied
                    }
                };
            }
        };
        const ACTION = {
            health: {
                name: "Mintlify docs health",
                description: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("Keep one GitHub issue with the weekly trend, the gaps readers hit, what the agent did about them, and", "whether each docs change helped its readers.")
            }
        };
    },
    8968: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            _6: () => SERVICE_ACTIONS,
            kl: () => ACTIONS,
            v6: () => SAME
        });
        const ACTIONS = [ "agent", "comment", "visitors", "views", "insights", "deploy", "preview", "automation", "health", "check" ];
        const SERVICE_ACTIONS = ACTIONS.filter(a => a !== "check");
        const SAME = Symbol("the same words");
    },
    2124: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            BM: () => DATE_FORMS,
            LX: () => pinOpenEnd,
            lA: () => describeEnd,
            p5: () => describePin,
            pC: () => describeRange,
            s: () => parseRangeEnd
        });
        var _util_format_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2693);
        const DATE_FORMS = "YYYY-MM-DD, an ISO 8601 date-time (2026-10-01T00:00:00Z), or Nd for N days before today in UTC (0d is today), from the year 2000 on";
        const DAY_MS = 864e5;
        function daysInMonth(year, month) {
            return new Date(Date.UTC(year, month, 0)).getUTCDate();
        }
        function parseRangeEnd(text, now) {
            const value = text.trim();
            const relative = /^(\d{1,5})d$/.exec(value);
            if (relative) {
                const today = Math.floor(now / DAY_MS) * DAY_MS;
                const instant = today - Number(relative[1]) * DAY_MS;
                return {
                    given: value,
                    sent: (0, _util_format_js__WEBPACK_IMPORTED_MODULE_0__.im)(instant),
                    instant: instant,
                    dateOnly: true
                };
            }
            const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(value);
            if (!m) return;
            const [, y, mo, d, h, mi, s, frac, zone] = m;
            const year = Number(y);
            const month = Number(mo);
            const day = Number(d);
            if (year < 2e3) return;
            if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return;
            if (h === void 0) return {
                given: value,
                sent: value,
                instant: Date.UTC(year, month - 1, day),
                dateOnly: true
            };
            const hour = Number(h);
            const minute = Number(mi);
            const second = Number(s ?? 0);
            if (hour > 23 || minute > 59 || second > 59) return;
            let offsetMinutes = 0;
            if (zone && zone.toUpperCase() !== "Z") {
                const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
                if (!z || Number(z[2]) > 23 || Number(z[3]) > 59) return;
                offsetMinutes = (z[1] === "-" ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]));
            }
            const ms = frac ? Math.floor(Number(frac) * 1e3) : 0;
            const instant = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 6e4;
            return {
                given: value,
                sent: value,
                instant: instant,
                dateOnly: false
            };
        }
        function pinOpenEnd(to, now) {
            if (to) return to;
            const instant = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
            return {
                given: "",
                sent: (0, _util_format_js__WEBPACK_IMPORTED_MODULE_0__.im)(instant),
                instant: instant,
                dateOnly: true,
                pinned: true
            };
        }
        function describeEnd(to, now) {
            if (to.pinned) return describePin(to);
            const tomorrow = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
            return to.instant > tomorrow ? `date-to (${to.given}) is after today: the range has data up to now only, ${(0, 
            _util_format_js__WEBPACK_IMPORTED_MODULE_0__.fU)(now)}.` : "";
        }
        function describePin(to) {
            return to.pinned ? `date-to was open, so every request was sent dateTo=${to.sent} (tomorrow in UTC, exclusive): one fixed end, so live data could not shift between pages.` : "";
        }
        function describeRange(from, to) {
            if (!to) return from ? `since ${startWords(from)}` : "all time";
            const end = to.pinned ? `today (${(0, _util_format_js__WEBPACK_IMPORTED_MODULE_0__.im)(to.instant - DAY_MS)})` : to.dateOnly ? (0, 
            _util_format_js__WEBPACK_IMPORTED_MODULE_0__.im)(to.instant - DAY_MS) : `before ${(0, 
            _util_format_js__WEBPACK_IMPORTED_MODULE_0__.fU)(to.instant)}`;
            if (!from) return to.pinned ? `all time up to ${end}` : to.dateOnly ? `up to and including ${end}` : end;
            if (from.dateOnly && to.dateOnly && !to.pinned && to.instant - from.instant === DAY_MS) return startWords(from);
            return `${startWords(from)} – ${end}`;
        }
        const startWords = from => from.dateOnly ? (0, _util_format_js__WEBPACK_IMPORTED_MODULE_0__.im)(from.instant) : (0, 
        _util_format_js__WEBPACK_IMPORTED_MODULE_0__.fU)(from.instant);
    },
    5200: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            bh: () => ADMIN_KEY_PREFIX,
            ar: () => apiKeyInput,
            tE: () => booleanInput,
            Ts: () => durationInput,
            H0: () => emptyOr,
            $A: () => integerInput,
            zj: () => keyTypeOf,
            $B: () => rangeEndInput
        });
        var dates = __nccwpck_require__(2124);
        const UNIT_MS = {
            ms: 1,
            s: 1e3,
            m: 6e4,
            h: 36e5
        };
        const DURATION_FORMS = "a duration such as 90s, 15m, 1h, 1h30m, 500ms, or plain seconds (600)";
        function parseDuration(text) {
            const value = text.trim().toLowerCase();
            if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1e3);
            if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(value)) return;
            let total = 0;
            for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ms|s|m|h)/gy)) {
                const ms = UNIT_MS[unit ?? ""];
                if (ms === void 0) return;
                total += Number(amount) * ms;
            }
            return Math.round(total);
        }
        var problem = __nccwpck_require__(9758);
        var parsers = __nccwpck_require__(5165);
        const MAX_WAIT_MS = 2592e5;
        const ADMIN_KEY_PREFIX = "mint_";
        const KEY_TYPES = [ {
            prefix: "mint_dsc_",
            name: "assistant API key"
        }, {
            prefix: "mint_us_",
            name: "index API key"
        }, {
            prefix: ADMIN_KEY_PREFIX,
            name: "admin API key"
        } ];
        const keyTypeOf = value => KEY_TYPES.find(t => value.startsWith(t.prefix));
        const booleanInput = (0, problem.KD)("true or false", parsers.yG);
        function durationInput(min) {
            return (0, problem.KD)(`${DURATION_FORMS}, from ${min}ms up to 72h`, v => {
                const ms = parseDuration(v);
                return ms !== void 0 && ms >= min && ms <= MAX_WAIT_MS ? ms : void 0;
            });
        }
        function integerInput(min, max, accepted) {
            return (0, problem.KD)(accepted, (0, parsers.cG)(min, max));
        }
        function rangeEndInput(now) {
            return (0, problem.hF)((v, ctx) => {
                if (v === "") return;
                return (0, dates.s)(v, now) ?? (0, problem.CC)(ctx, v, `a real date as ${dates.BM}`);
            });
        }
        function emptyOr(accepted, parse) {
            return (0, problem.hF)((v, ctx) => v === "" ? void 0 : parse(v) ?? (0, problem.CC)(ctx, v, accepted));
        }
        function apiKeyInput(eventName) {
            return (0, problem.hF)((v, ctx) => {
                const accepted = "the admin API key from a secret, for example ${{ secrets.MINTLIFY_API_KEY }}";
                const type = keyTypeOf(v);
                if (type && type.name !== "admin API key") {
                    const {prefix: prefix, name: name} = type;
                    return (0, problem.CC)(ctx, "", `an admin API key (mint_…) from the dashboard's API keys page; ${name}s do not work with this API`, void 0, {
                        described: `is an ${name} (it starts with ${prefix}; its value is not shown)`
                    });
                }
                if (v === "" && eventName === "pull_request") return (0, problem.CC)(ctx, v, `${accepted}. On a pull_request event from a fork GitHub passes the workflow no secrets: run docs jobs for forks from a pull_request_target workflow (the action then lets only authors with write access start one), or only for branches of this repository`);
                return v.length > 0 && !/[\s\u0000-\u001f]/.test(v) ? v : (0, problem.CC)(ctx, v, accepted);
            });
        }
    },
    3955: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            hH: () => OUTPUTS_OF
        });
        var _catalogue_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8968);
        var _words_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6096);
        const OUTPUTS = {
            "job-id": {
                actions: [ "agent", "comment", "automation" ],
                words: {
                    text: "The agent job's id, set right after the job is created or followed.",
                    root: "The agent job's id, set right after the job is created."
                }
            },
            status: {
                actions: [ "agent", "comment", "automation" ],
                words: {
                    text: "The last job status seen: active, completed, archived, failed, or a value the API adds later.",
                    root: _catalogue_js__WEBPACK_IMPORTED_MODULE_0__.v6
                }
            },
            "pr-link": {
                actions: [ "agent", "comment", "automation" ],
                words: {
                    text: "The pull request URL the agent opened, or empty.",
                    root: _catalogue_js__WEBPACK_IMPORTED_MODULE_0__.v6
                }
            },
            "pr-number": {
                actions: [ "agent", "comment", "automation" ],
                words: {
                    text: "The number at the end of pr-link, or empty.",
                    root: _catalogue_js__WEBPACK_IMPORTED_MODULE_0__.v6
                }
            },
            model: {
                actions: [ "agent", "comment", "automation" ],
                words: {
                    text: "The AI model the job used.",
                    root: _catalogue_js__WEBPACK_IMPORTED_MODULE_0__.v6
                }
            },
            "source-repository": {
                actions: [ "agent", "comment", "automation" ],
                words: {
                    text: "The job's source repository.",
                    root: _catalogue_js__WEBPACK_IMPORTED_MODULE_0__.v6
                }
            },
            "source-ref": {
                actions: [ "agent", "comment", "automation" ],
                words: {
                    text: "The job's source ref (branch), or empty.",
                    root: _catalogue_js__WEBPACK_IMPORTED_MODULE_0__.v6
                }
            },
            job: {
                actions: [ "agent", "comment", "automation" ],
                words: {
                    text: "The last job object seen, as JSON (only its documented fields if it is over 64 KiB).",
                    root: _catalogue_js__WEBPACK_IMPORTED_MODULE_0__.v6
                }
            },
            human: {
                actions: [ "visitors", "views" ],
                words: {
                    text: {
                        visitors: "Site-wide human visitors for the range.",
                        views: "Site-wide human page views for the range."
                    },
                    root: "Visitors and views modes: site-wide human visitors (or views) for the range."
                }
            },
            ai: {
                actions: [ "visitors", "views" ],
                words: {
                    text: {
                        visitors: "Site-wide AI visitors for the range.",
                        views: "Site-wide AI page views for the range."
                    },
                    root: "Visitors and views modes: site-wide AI visitors (or views) for the range."
                }
            },
            total: {
                actions: [ "visitors", "views" ],
                words: {
                    text: {
                        visitors: "Site-wide total visitors, deduplicated across human and AI (not human + ai).",
                        views: "Site-wide total page views, deduplicated across human and AI (not human + ai)."
                    },
                    root: "Visitors and views modes: site-wide total, deduplicated across human and AI (not human + ai)."
                }
            },
            "path-count": {
                actions: [ "visitors", "views" ],
                words: {
                    text: "Number of distinct page paths in the range."
                }
            },
            "visitors-json": {
                actions: [ "visitors" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("Path of a JSON file with the whole export (project, range, totals, every page; with compare, the", "previous period too).")
                }
            },
            "visitors-csv": {
                actions: [ "visitors" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("Path of a CSV file with the whole export (path,human,ai,total; with compare,", "previous_human,previous_ai,previous_total,change).")
                }
            },
            "views-json": {
                actions: [ "views" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("Path of a JSON file with the whole export (project, range, totals, every page; with compare, the", "previous period too).")
                }
            },
            "views-csv": {
                actions: [ "views" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("Path of a CSV file with the whole export (path,human,ai,total; with compare,", "previous_human,previous_ai,previous_total,change).")
                }
            },
            "previous-total": {
                actions: [ "visitors", "views" ],
                words: {
                    text: "With compare: previous-period: the site-wide total of the previous period."
                }
            },
            "change-percent": {
                actions: [ "visitors", "views" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("With compare: previous-period: (total - previous total) / previous total x 100, one decimal, signed", "(+12.5, -3.0); empty when the previous total is 0.")
                }
            },
            "dead-end-searches": {
                actions: [ "insights" ],
                words: {
                    text: "How many distinct search queries had no result clicked (ctr 0) in the range."
                }
            },
            "unanswered-questions": {
                actions: [ "insights" ],
                words: {
                    text: "How many distinct questions the assistant could not answer."
                }
            },
            "down-rated-pages": {
                actions: [ "insights" ],
                words: {
                    text: "How many pages got more thumbs down than up."
                }
            },
            "insights-json": {
                actions: [ "insights" ],
                words: {
                    text: "Path of a JSON file with everything fetched and every list in full (a CSV per list lies beside it)."
                }
            },
            "agent-prompt": {
                actions: [ "insights" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("An instruction for the documentation agent that asks it to close the top gaps (reader text quoted as", "data); empty when there are none.")
                }
            },
            triggered: {
                actions: [ "agent", "comment" ],
                words: {
                    text: {
                        agent: "With changes: true when a job was created or continued for the change, else false.",
                        comment: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("true when the comment was taken as an instruction and sent", "(or instructions it caught up on were), else false.")
                    },
                    root: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("Comment mode: true when the comment was taken as an instruction and sent, else false. Agent mode with", "changes: true when a job was created or continued for the change.")
                }
            },
            "deployment-id": {
                actions: [ "deploy", "preview" ],
                words: {
                    text: "The deployment's statusId, set as soon as it is started."
                }
            },
            "deployment-status": {
                actions: [ "deploy", "preview" ],
                words: {
                    text: "queued, in_progress, success, failure, or a value the service adds later."
                }
            },
            "preview-url": {
                actions: [ "preview" ],
                words: {
                    text: "The preview's URL, set as soon as it is started (before waiting)."
                }
            },
            "changed-pages": {
                actions: [ "deploy", "preview" ],
                words: {
                    text: "JSON array of the deployed commit's added and modified files."
                }
            },
            "automation-run-id": {
                actions: [ "automation" ],
                words: {
                    text: "The run's instanceId."
                }
            },
            "agent-uses": {
                actions: _catalogue_js__WEBPACK_IMPORTED_MODULE_0__._6,
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("The agent uses this run spent (jobs created, messages sent, automations run), of the service's 100 per", "project per hour.")
                }
            },
            "analytics-requests": {
                actions: _catalogue_js__WEBPACK_IMPORTED_MODULE_0__._6,
                words: {
                    text: "The analytics requests this run sent (retries included), of the service's 100 per organisation per hour."
                }
            },
            "changed-files": {
                actions: [ "agent" ],
                words: {
                    text: "With changes: how many changed files matched changes-paths."
                }
            },
            "skip-reason": {
                actions: [ "agent", "comment" ],
                words: {
                    text: {
                        agent: "With changes, when not triggered: no-relevant-changes (no file matched, or nothing new).",
                        comment: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("When not triggered: no-phrase, empty-instruction, not-allowed, bot, own-comment, not-created (an edit,", "a deletion, a dismissed review) or already-handled (an earlier run caught it up, or another run holds", "it).")
                    },
                    root: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("Comment mode, and agent mode with changes, when not triggered: no-relevant-changes (agent mode: no file", "matched, or nothing new), no-phrase, empty-instruction, not-allowed, bot, own-comment, not-created (an", "edit, a deletion, a dismissed review) or already-handled (an earlier run caught it up, or another run", "holds it).")
                }
            },
            "issue-number": {
                actions: [ "health" ],
                words: {
                    text: "The health issue's number."
                }
            },
            "issue-url": {
                actions: [ "health" ],
                words: {
                    text: "The health issue's link."
                }
            },
            "new-gaps": {
                actions: [ "health" ],
                words: {
                    text: "How many gaps were first seen this run."
                }
            },
            "persisting-gaps": {
                actions: [ "health" ],
                words: {
                    text: "How many followed gaps were seen again (or could not be checked: their list was incomplete)."
                }
            },
            "gone-gaps": {
                actions: [ "health" ],
                words: {
                    text: "How many gaps seen last time are gone."
                }
            },
            "impact-json": {
                actions: [ "health" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("With impact: JSON array, newest merge first, one object per docs pull request measured or being", "measured: number, url, title, mergedAt, agent, pages, notPages, weeks, weeksCounted (of its weeks", "after), commented, and once complete figures (before and after for its pages together and for each page:", "human, ai, up, down; site: the control; verdict).")
                }
            },
            "jobs-created": {
                actions: [ "health" ],
                words: {
                    text: "JSON array of the ids of the agent jobs this run started."
                }
            },
            "answers-json": {
                actions: [ "health" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("With assistant-key: JSON array, one object per gap searched again once its pull request shipped:", "kind, query, job, prLink, baseline and after (when searched, the top paths), verdict (answered,", "moved or still-missing) and, when answered, the page and its rank.")
                }
            },
            problems: {
                actions: [ "check" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("How many problems fail the check: on a pull request with scope new, the ones it brought (known ones are", "not counted).")
                }
            },
            "problems-json": {
                actions: [ "check" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("Path of a JSON file with every problem found (status new, known, unsure or few-views, file, line,", "column, rule, target, message, for a page this pull request renamed or deleted the change and its", "redirect, and with a key its readers' views) and what was checked.")
                }
            },
            "pages-json": {
                actions: [ "check" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("On a pull request: path of a JSON file with the pull request's pages (path, address, title, change:", "added, changed, renamed, deleted or affected; from, a renamed page's old address; to, where a deleted", "page's readers go now; why an affected page changes; with a key its readers' views), for the preview", "action's pages input.")
                }
            },
            "fixes-patch": {
                actions: [ "check" ],
                words: {
                    text: (0, _words_js__WEBPACK_IMPORTED_MODULE_1__.c)("On a pull request: path of a patch (git apply, against the head) with every fix the check knows that", "is not a suggested change of its review (a link to a renamed page in a file the pull request never", "touched, a redirect far from the diff); empty when there is none.")
                }
            }
        };
        function outputsOf(action) {
            return Object.keys(OUTPUTS).filter(name => OUTPUTS[name].actions.includes(action));
        }
        const OUTPUTS_OF = {
            agent: outputsOf("agent"),
            comment: outputsOf("comment"),
            visitors: outputsOf("visitors"),
            views: outputsOf("views"),
            insights: outputsOf("insights"),
            deploy: outputsOf("deploy"),
            preview: outputsOf("preview"),
            automation: outputsOf("automation"),
            health: outputsOf("health"),
            check: outputsOf("check")
        };
    },
    5165: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            B2: () => parseChecks,
            Bw: () => REPOSITORY,
            Cv: () => identifier,
            Es: () => parseAllowedBots,
            P9: () => parseTriggerPhrase,
            Q2: () => parseBaseUrl,
            Rf: () => FETCH_BLOCKED_PORTS,
            cG: () => parseInteger,
            iW: () => SCOPES,
            lI: () => parseStatusLabels,
            nS: () => parseGlobs,
            ui: () => CHECKS,
            yG: () => parseBoolean,
            yL: () => oneOf,
            z2: () => parseDocsRoot
        });
        var _util_text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9997);
        function parseBoolean(value) {
            const v = value.trim();
            if ([ "true", "True", "TRUE" ].includes(v)) return true;
            if ([ "false", "False", "FALSE" ].includes(v)) return false;
            return;
        }
        function isLoopbackHost(hostname) {
            const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
            return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
        }
        const FETCH_BLOCKED_PORTS = new Set([ 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6e3, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080 ]);
        function parseBaseUrl(value) {
            let url;
            try {
                url = new URL(value.trim());
            } catch {
                return;
            }
            if (url.username || url.password || url.search || url.hash) return;
            if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) return;
            return (0, _util_text_js__WEBPACK_IMPORTED_MODULE_0__.hT)(url.toString(), "/");
        }
        const identifier = value => /^[^\s\u0000-\u001f\u007f]+$/.test(value) ? value : void 0;
        function parseTriggerPhrase(value) {
            if (value.length === 0 || value.length > 50 || /[\s\u0000-\u001f\u007f]/.test(value) || /^[@>`~]/.test(value)) return;
            return value;
        }
        const BOT_LOGIN = /^[a-z0-9](?:[a-z0-9-]{0,38})(?:\[bot\])?$/i;
        function parseAllowedBots(value) {
            const names = value.split(",").map(n => n.trim()).filter(n => n !== "");
            if (names.some(n => !BOT_LOGIN.test(n))) return;
            return [ ...new Set(names.map(n => n.toLowerCase().endsWith("[bot]") ? n.toLowerCase() : `${n.toLowerCase()}[bot]`)) ];
        }
        function parseGlobs(value) {
            const globs = value.split(/[\n,]/).map(g => g.trim()).filter(g => g !== "");
            if (globs.some(g => g === "!" || g.length > 300)) return;
            return globs;
        }
        function parseStatusLabels(value) {
            if (value === "") return null;
            const names = value.split(",").map(n => n.trim());
            if (names.length !== 3 || names.some(n => n === "" || n.length > 50)) return;
            if (new Set(names.map(n => n.toLowerCase())).size !== 3) return;
            const [working, done, failed] = names;
            return {
                working: working,
                done: done,
                failed: failed
            };
        }
        const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;
        function parseDocsRoot(value) {
            const path = (0, _util_text_js__WEBPACK_IMPORTED_MODULE_0__.hT)(value.replace(/\\/g, "/").replace(/^\.\/+/, "").replace(/^\/+/, ""), "/");
            if (path === "" || path === ".") return "";
            const segments = path.split("/");
            return segments.some(s => s === ".." || s === "." || s === "" || /[\u0000-\u001f:*?"<>|]/.test(s)) ? void 0 : path;
        }
        const SCOPES = [ "new", "changed", "all" ];
        const CHECKS = [ "links", "anchors", "redirects", "snippets", "external", "alt-text", "contrast", "validate" ];
        function parseChecks(value) {
            const names = value.split(",").map(n => n.trim().toLowerCase()).filter(n => n !== "");
            if (names.length === 0 || names.some(n => !CHECKS.includes(n))) return;
            return new Set(names);
        }
        const parseInteger = (min, max) => v => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : void 0;
        const oneOf = words => v => words.find(word => word === v);
    },
    9758: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            CC: () => problem,
            KD: () => checked,
            hF: () => input,
            lq: () => optional,
            t2: () => recorded
        });
        var zod_mini__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8532);
        var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3619);
        var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(3945);
        function problem(ctx, value, accepted, path, words) {
            ctx.issues.push({
                code: "custom",
                message: accepted,
                input: value,
                ...path ? {
                    path: path
                } : {},
                ...words ? {
                    params: words
                } : {}
            });
            return zod_mini__WEBPACK_IMPORTED_MODULE_0__.tm;
        }
        const recorded = ctx => ctx.issues.length > 0;
        function input(fn) {
            return zod_mini__WEBPACK_IMPORTED_MODULE_1__.FsL(zod_mini__WEBPACK_IMPORTED_MODULE_1__.YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_1__.pdi(fn));
        }
        function checked(accepted, parse) {
            return input((value, ctx) => {
                const result = parse(value);
                return result === void 0 ? problem(ctx, value, accepted) : result;
            });
        }
        function optional(field) {
            return input((value, ctx) => {
                if (value === "") return "";
                const parsed = zod_mini__WEBPACK_IMPORTED_MODULE_2__.xL(field, value);
                if (parsed.success) return parsed.data;
                for (const issue of parsed.error.issues) ctx.issues.push({
                    ...issue,
                    input: value
                });
                return zod_mini__WEBPACK_IMPORTED_MODULE_0__.tm;
            });
        }
    },
    8190: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            E$: () => PRODUCTION_ENVIRONMENT,
            T5: () => isPullRequestEvent,
            cd: () => checkRange,
            f_: () => tokenNeeded,
            sf: () => COMMENT_TOKEN,
            sh: () => common
        });
        var _util_format_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2693);
        var _problem_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9758);
        const PRODUCTION_ENVIRONMENT = "docs-production";
        const isPullRequestEvent = eventName => eventName === "pull_request" || eventName === "pull_request_target";
        const common = i => ({
            apiKey: i["api-key"],
            projectId: i["project-id"],
            baseUrl: i["base-url"],
            waitTimeoutMs: i["wait-timeout"]
        });
        const tokenNeeded = (ctx, when) => (0, _problem_js__WEBPACK_IMPORTED_MODULE_0__.CC)(ctx, "", `a token ${when}`, [ "github-token" ]);
        const COMMENT_TOKEN = 'when comment is true: the default ${{ github.token }} works when the workflow grants "issues: write" or "pull-requests: write"';
        function checkRange(from, to, now, ctx) {
            if (from && to && from.instant >= to.instant) {
                (0, _problem_js__WEBPACK_IMPORTED_MODULE_0__.CC)(ctx, from.given, `a start before date-to ("${to.given}", which is exclusive)`, [ "date-from" ]);
                return false;
            }
            if (from && from.instant > now) {
                (0, _problem_js__WEBPACK_IMPORTED_MODULE_0__.CC)(ctx, from.given, `a start no later than now (${(0, 
                _util_format_js__WEBPACK_IMPORTED_MODULE_1__.fU)(now)}): the service has no data after it, and nothing was sent`, [ "date-from" ]);
                return false;
            }
            return true;
        }
    },
    6096: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            c: () => say
        });
        __nccwpck_require__(8968);
        const say = (...parts) => parts.join(" ");
    },
    697: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.r(__webpack_exports__);
        __nccwpck_require__.d(__webpack_exports__, {
            ACTION: () => ACTION,
            INPUTS: () => INPUTS,
            RULES: () => RULES,
            UNAPPLIED: () => UNAPPLIED
        });
        var zod_mini__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(8532);
        var _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5200);
        var _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(5165);
        var _inputs_problem_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(9758);
        var _inputs_rules_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(8190);
        var _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6096);
        const INPUTS = {
            branch: {
                actions: [ "preview" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.H0)("a branch name of the docs repository, such as docs/new-page (no spaces)", v => /^[^\s~^:?*[\\]+$/.test(v) && !v.startsWith("-") ? v : void 0),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("The branch of the docs repository to deploy as a preview. Empty: the pull request's head branch on", "pull_request events (else an input error).")
                }
            },
            "automation-id": {
                actions: [ "automation" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.H0)("the id of a saved automation of this project, from the dashboard (no spaces)", _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__.Cv),
                words: {
                    text: "The id of the saved automation to run now (required).",
                    root: "Automation mode: the id of the saved automation to run now (required there)."
                }
            },
            "github-deployment": {
                default: "false",
                actions: [ "deploy", "preview" ],
                field: _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.tE,
                words: {
                    text: {
                        preview: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("Show the preview as a GitHub deployment of the pull request's head (its View deployment button, the", "environment's history): in progress, then success with the preview's URL, or failure. Needs", "deployments: write for github-token."),
                        deploy: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("Show the deployment as a GitHub deployment of this commit in the environment's history: in progress,", "then success or failure. Needs deployments: write for github-token.")
                    },
                    root: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("Deploy and preview modes: show the deployment as a GitHub deployment (the pull request's View deployment", "button, the environment's history): in progress, then success with the preview's URL, or failure. Needs", "deployments: write for github-token.")
                }
            },
            "deployment-environment": {
                default: "",
                actions: [ "deploy", "preview" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.H0)("a GitHub environment name of up to 255 characters, such as docs-preview", v => v.length <= 255 && !/[\u0000-\u001f,]/.test(v) ? v : void 0),
                words: {
                    text: {
                        preview: "With github-deployment: the GitHub environment the previews go to; empty: docs-preview.",
                        deploy: "With github-deployment: the GitHub environment the deployments go to; empty: docs-production."
                    },
                    root: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("Deploy and preview modes with github-deployment: the GitHub environment; empty: docs-preview (preview)", "or docs-production (deploy).")
                }
            },
            "pages-json": {
                actions: [ "preview" ],
                field: (0, _inputs_fields_js__WEBPACK_IMPORTED_MODULE_0__.H0)("the path of the file the check action's pages-json output names, in the same job", v => v),
                words: {
                    text: (0, _inputs_words_js__WEBPACK_IMPORTED_MODULE_2__.c)("The check action's pages-json output, when it ran before this step in the same job: the pull request's", "pages the tracking comment and the summary link on the preview. Empty: the pages the pull request's", "files are (github-token with pull-requests: read and contents: read).")
                }
            }
        };
        function liveProblem(mode, i, ctx, run) {
            const {eventName: eventName} = run;
            if (mode === "preview" && !i.branch && !(0, _inputs_rules_js__WEBPACK_IMPORTED_MODULE_3__.T5)(eventName)) return (0, 
            _inputs_problem_js__WEBPACK_IMPORTED_MODULE_4__.CC)(ctx, "", `the branch to preview: on a ${eventName || "run"} event there is no pull request head branch to take instead`, [ "branch" ]);
            if (mode === "automation" && i["automation-id"] === void 0) return (0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_4__.CC)(ctx, "", "the id of the saved automation to run", [ "automation-id" ]);
            if (i.comment && i["github-token"] === "") return (0, _inputs_rules_js__WEBPACK_IMPORTED_MODULE_3__.f_)(ctx, _inputs_rules_js__WEBPACK_IMPORTED_MODULE_3__.sf);
            if (i["github-deployment"] && i["github-token"] === "") return (0, _inputs_rules_js__WEBPACK_IMPORTED_MODULE_3__.f_)(ctx, 'when github-deployment is true: the default ${{ github.token }} works when the workflow grants "deployments: write"');
            return;
        }
        const UNAPPLIED = {
            "deployment-environment": "with github-deployment: true",
            "docs-path": "without pages-json (the check then gives the pages)"
        };
        const live = mode => (i, ctx, run) => {
            liveProblem(mode, i, ctx, run);
            if ((0, _inputs_problem_js__WEBPACK_IMPORTED_MODULE_4__.t2)(ctx)) return zod_mini__WEBPACK_IMPORTED_MODULE_5__.tm;
            return {
                ...(0, _inputs_rules_js__WEBPACK_IMPORTED_MODULE_3__.sh)(i),
                mode: mode,
                githubDeployment: i["github-deployment"] ? {
                    environment: i["deployment-environment"] ?? (mode === "preview" ? "docs-preview" : _inputs_rules_js__WEBPACK_IMPORTED_MODULE_3__.E$),
                    token: i["github-token"]
                } : void 0,
                unapplied: [ ...!i["github-deployment"] && i["deployment-environment"] !== void 0 ? [ "deployment-environment" ] : [], ...i["pages-json"] !== void 0 && i["docs-path"] !== void 0 ? [ "docs-path" ] : [] ],
                live: {
                    wait: i.wait,
                    pollIntervalMs: i["poll-interval"],
                    requirePr: i["require-pr"] ?? false,
                    branch: i.branch || void 0,
                    automationId: i["automation-id"],
                    pages: {
                        file: i["pages-json"],
                        docsPath: i["docs-path"] ?? "",
                        token: i["github-token"]
                    }
                },
                comment: i.comment ? {
                    token: i["github-token"],
                    triggerPhrase: i["trigger-phrase"]
                } : void 0
            };
        };
        const RULES = {
            deploy: live("deploy"),
            preview: live("preview"),
            automation: live("automation")
        };
        const ACTION = {
            deploy: {
                name: "Mintlify docs deploy",
                description: "Deploy the docs to production and wait for the verdict."
            },
            preview: {
                name: "Mintlify docs preview",
                description: "Deploy a branch of the docs as a preview and wait for the verdict."
            },
            automation: {
                name: "Mintlify docs automation",
                description: "Run a saved automation now, and follow its agent job when it has one."
            }
        };
    },
    7125: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            KO: () => prLinkText,
            X1: () => escapeText,
            nf: () => link,
            xE: () => alert,
            z2: () => keyValueTable
        });
        var _github_pull_link_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7549);
        var _util_text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9997);
        const HTML = {
            "&": "&amp;",
            "<": "&lt;",
            ">": "&gt;",
            '"': "&quot;",
            "'": "&#39;"
        };
        function escapeText(text, max = 300) {
            return (0, _util_text_js__WEBPACK_IMPORTED_MODULE_0__.$s)((0, _util_text_js__WEBPACK_IMPORTED_MODULE_0__.TN)(text), max).replace(/[&<>"']/g, c => HTML[c] ?? c).replace(/[\\`*_[\]()|!~]/g, "\\$&").replace(/:\/\//g, `:${JOINER}//`).replace(/www\./gi, m => `${m.slice(0, 3)}${JOINER}.`).replace(/@/g, `@${JOINER}`).replace(/www$/i, m => `${m}${JOINER}`);
        }
        const JOINER = "&#8288;";
        function link(url, text) {
            if (!url) return "";
            let parsed;
            try {
                parsed = new URL(url);
            } catch {
                return escapeText(url);
            }
            if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return escapeText(url);
            const href = (0, _util_text_js__WEBPACK_IMPORTED_MODULE_0__.E$)(parsed.toString()).replace(/[&<>"']/g, c => HTML[c] ?? c);
            return `<a href="${href}">${escapeText(text)}</a>`;
        }
        function prLinkText(prLink, here) {
            return link(prLink, (0, _github_pull_link_js__WEBPACK_IMPORTED_MODULE_1__._i)(prLink, here) ?? prLink);
        }
        function alert(kind, text, max = 1500) {
            return `> [!${kind}]\n> ${escapeText(text, max)}`;
        }
        function keyValueTable(rows) {
            const cells = rows.map(([label, value]) => `| ${label} | ${value || "—"} |`);
            return [ cells[0] ?? "| — | — |", "|---|---|", ...cells.slice(1) ].join("\n");
        }
    },
    7110: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            m: () => systemClock
        });
        var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(17);
        const systemClock = {
            now: () => Date.now(),
            sleep: (ms, signal) => sleep(ms, signal),
            timeout: ms => AbortSignal.timeout(Math.max(0, ms))
        };
        function sleep(ms, signal) {
            return new Promise((resolve, reject) => {
                if (signal?.aborted) {
                    reject(new _errors_js__WEBPACK_IMPORTED_MODULE_0__.cc);
                    return;
                }
                const onAbort = () => {
                    clearTimeout(timer);
                    reject(new _errors_js__WEBPACK_IMPORTED_MODULE_0__.cc);
                };
                const timer = setTimeout(() => {
                    signal?.removeEventListener("abort", onAbort);
                    resolve();
                }, Math.max(0, ms));
                signal?.addEventListener("abort", onAbort, {
                    once: true
                });
            });
        }
    },
    17: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            Eb: () => present,
            cc: () => CancelledError,
            u1: () => getErrorMessage
        });
        function getErrorMessage(error) {
            if (error instanceof Error) return error.message || error.name;
            if (typeof error === "string") return error;
            if (error === void 0 || error === null) return `unknown error (${String(error)})`;
            if (typeof error === "number" || typeof error === "boolean" || typeof error === "bigint") return String(error);
            if (typeof error === "symbol") return error.toString();
            try {
                return JSON.stringify(error) ?? Object.prototype.toString.call(error);
            } catch {
                return Object.prototype.toString.call(error);
            }
        }
        class CancelledError extends Error {
            constructor(message = "The run was cancelled") {
                super(message);
                this.name = "CancelledError";
            }
        }
        function present(value, what) {
            if (value === void 0 || value === null) throw new Error(`${what} is missing here (a bug in the action: please report it).`);
            return value;
        }
    },
    2693: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            E: () => lastDayBefore,
            U9: () => count,
            VP: () => formatMegabytes,
            ZV: () => formatNumber,
            a3: () => formatDuration,
            fU: () => formatTime,
            h9: () => formatSignedPercent,
            im: () => formatDay,
            l9: () => formatPercent
        });
        function formatNumber(n) {
            const whole = Math.round(n);
            const digits = grouped(String(Math.abs(whole)));
            return whole < 0 ? `-${digits}` : digits;
        }
        function grouped(text) {
            const sign = text.startsWith("-") ? "-" : "";
            const plain = text.slice(sign.length);
            if (!/^\d+$/.test(plain)) return text;
            let digits = plain.slice(0, plain.length % 3 || 3);
            for (let at = digits.length; at < plain.length; at += 3) digits += `,${plain.slice(at, at + 3)}`;
            return sign + digits;
        }
        function count(n, one, many = `${one}s`) {
            return `${formatNumber(n)} ${n === 1 ? one : many}`;
        }
        function formatMegabytes(bytes) {
            const mb = bytes / 1024 / 1024;
            return `${Number.isInteger(mb) ? formatNumber(mb) : mb.toFixed(1)} MB`;
        }
        function formatPercent(fraction) {
            const [whole, decimals] = (fraction * 100).toFixed(1).split(".");
            return `${grouped(whole)}.${decimals}%`;
        }
        function formatSignedPercent(fraction) {
            const text = formatPercent(fraction);
            if (text === "0.0%" || text === "-0.0%") return "0.0%";
            return fraction > 0 ? `+${text}` : text;
        }
        function formatDuration(ms) {
            if (ms < 1e3) return `${Math.max(0, Math.round(ms))}ms`;
            if (ms < 6e4) return `${(ms / 1e3).toFixed(ms < 1e4 ? 1 : 0)}s`;
            const totalSeconds = Math.round(ms / 1e3);
            const h = Math.floor(totalSeconds / 3600);
            const m = Math.floor(totalSeconds % 3600 / 60);
            const s = totalSeconds % 60;
            if (h > 0) return m > 0 ? `${h}h ${m}m` : `${h}h`;
            return s > 0 ? `${m}m ${s}s` : `${m}m`;
        }
        const iso = when => {
            const instant = typeof when === "number" ? when : Date.parse(when);
            return Number.isFinite(instant) ? new Date(instant).toISOString() : void 0;
        };
        function formatDay(when) {
            return iso(when)?.slice(0, 10) ?? "";
        }
        function lastDayBefore(exclusiveEnd) {
            return /^\d{4}-\d{2}-\d{2}$/.test(exclusiveEnd) ? formatDay(Date.parse(`${exclusiveEnd}T00:00:00Z`) - 864e5) : exclusiveEnd;
        }
        function formatTime(when) {
            const text = iso(when);
            return text ? `${text.slice(0, 16).replace("T", " ")} UTC` : "";
        }
    },
    6884: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            c: () => MAX_PROMPT_CHARS,
            y: () => PROMPT_WARN_CHARS
        });
        const MAX_PROMPT_CHARS = 2e5;
        const PROMPT_WARN_CHARS = 1e5;
    },
    9997: (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            $s: () => bound,
            E$: () => redact,
            Fn: () => urlSecrets,
            NR: () => strictUtf8,
            OF: () => fenced,
            Pz: () => stripHidden,
            TN: () => oneLine,
            _0: () => stripInvisible,
            cl: () => registerSecret,
            hT: () => withoutTrailing,
            qn: () => external,
            t: () => withoutUrlSecrets
        });
        var _format_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2693);
        const secrets = new Set;
        function registerSecret(value) {
            if (value.length >= 4) secrets.add(value);
        }
        function redact(text) {
            let out = text;
            for (const secret of secrets) out = out.split(secret).join("***");
            return out;
        }
        function urlSecrets(text) {
            const found = [];
            const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]*)@/i.exec(text.trim())?.[1];
            if (userinfo) found.push(...userinfo.split(":").map(decodeSafely));
            const query = /\?([^#]*)/.exec(text)?.[1];
            if (query) for (const pair of query.split("&")) found.push(decodeSafely(pair.slice(pair.indexOf("=") + 1)));
            const hash = fragmentAt(text);
            const fragment = hash === -1 ? "" : text.slice(hash + 1);
            if (fragment) found.push(decodeSafely(fragment));
            return found.filter(s => s !== "");
        }
        function decodeSafely(text) {
            try {
                return decodeURIComponent(text);
            } catch {
                return text;
            }
        }
        function withoutUrlSecrets(text) {
            const cleaned = text.trim().replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i, (_m, scheme, userinfo) => `${scheme}${userinfo.split(":").map(() => "***").join(":")}@`).replace(/\?([^#]*)/, (_m, query) => `?${query.split("&").map(pair => pair.includes("=") ? `${pair.slice(0, pair.indexOf("="))}=***` : "***").join("&")}`);
            const hash = fragmentAt(cleaned);
            return hash === -1 ? cleaned : `${cleaned.slice(0, hash)}#***`;
        }
        function fragmentAt(text) {
            const lastLine = Math.max(...[ "\n", "\r", "\u2028", "\u2029" ].map(end => text.lastIndexOf(end)));
            return text.indexOf("#", lastLine + 1);
        }
        function bound(text, max) {
            if (text.length <= max) return text;
            return `${text.slice(0, max)}… (${(0, _format_js__WEBPACK_IMPORTED_MODULE_0__.ZV)(text.length - max)} more characters)`;
        }
        const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
        function oneLine(text) {
            return redact(text).replace(CONTROL, " ").replace(INVISIBLE, "").trim();
        }
        function external(text, max = 300) {
            const raw = typeof text === "string" ? text : JSON.stringify(text) ?? String(text);
            let out = bound(oneLine(raw), max);
            if (out.startsWith(":")) out = `'${out}'`;
            return out;
        }
        const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;
        function stripInvisible(text) {
            return text.replace(/\r\n?/g, "\n").replace(INVISIBLE, "");
        }
        function stripHidden(text) {
            return stripInvisible(text.replace(/\r\n?/g, "\n").replace(/<!--[\s\S]*?(?:-->|$)/g, ""));
        }
        function fenced(content, info) {
            const longest = Math.max(0, ...[ ...content.matchAll(/`+/g) ].map(m => m[0].length));
            const fence = "`".repeat(Math.max(3, longest + 1));
            return `${fence}${info}\n${content}\n${fence}`;
        }
        function strictUtf8(bytes) {
            try {
                return new TextDecoder("utf-8", {
                    fatal: true
                }).decode(bytes);
            } catch {
                return;
            }
        }
        function withoutTrailing(text, char) {
            let end = text.length;
            while (end > 0 && text[end - 1] === char) end--;
            return text.slice(0, end);
        }
    },
    2613: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");
    },
    181: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");
    },
    5317: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");
    },
    6982: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");
    },
    4434: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");
    },
    9896: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");
    },
    8611: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");
    },
    5692: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");
    },
    9278: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");
    },
    4589: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");
    },
    6698: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");
    },
    4573: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");
    },
    1421: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");
    },
    7540: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");
    },
    7598: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
    },
    3053: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");
    },
    610: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");
    },
    8474: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");
    },
    3024: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
    },
    1455: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
    },
    7067: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");
    },
    2467: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");
    },
    4708: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");
    },
    8995: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");
    },
    7030: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");
    },
    8161: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
    },
    6760: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
    },
    643: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");
    },
    1708: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:process");
    },
    1792: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");
    },
    7075: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");
    },
    1692: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");
    },
    3136: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
    },
    7975: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
    },
    3429: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");
    },
    8877: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:v8");
    },
    5919: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");
    },
    8522: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");
    },
    857: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");
    },
    6928: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");
    },
    2203: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");
    },
    3193: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");
    },
    3557: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");
    },
    4756: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");
    },
    2018: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tty");
    },
    7016: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");
    },
    9023: module => {
        module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");
    },
    3305: (__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            _L: () => _boolean,
            LK: () => _int,
            m9: () => _minLength,
            UI: () => _nonnegative,
            F7: () => _number,
            NC: () => _positive,
            Rl: () => _string,
            em: () => _unknown,
            q0: () => describe,
            mI: () => meta
        });
        var core_checks = __nccwpck_require__(4890);
        var _a;
        class $ZodRegistry {
            constructor() {
                this._map = new WeakMap;
                this._idmap = new Map;
            }
            add(schema, ..._meta) {
                const meta = _meta[0];
                this._map.set(schema, meta);
                if (meta && typeof meta === "object" && "id" in meta) this._idmap.set(meta.id, schema);
                return this;
            }
            clear() {
                this._map = new WeakMap;
                this._idmap = new Map;
                return this;
            }
            remove(schema) {
                const meta = this._map.get(schema);
                if (meta && typeof meta === "object" && "id" in meta) this._idmap.delete(meta.id);
                this._map.delete(schema);
                return this;
            }
            get(schema) {
                const p = schema._zod.parent;
                if (p) {
                    const pm = {
                        ...this.get(p) ?? {}
                    };
                    delete pm.id;
                    const f = {
                        ...pm,
                        ...this._map.get(schema)
                    };
                    return Object.keys(f).length ? f : void 0;
                }
                return this._map.get(schema);
            }
            has(schema) {
                return this._map.has(schema);
            }
        }
        (_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = function registry() {
            return new $ZodRegistry;
        }());
        const globalRegistry = globalThis.__zod_globalRegistry;
        var core_util = __nccwpck_require__(4723);
        function snapshotChecks(def) {
            if (def.checks) def.checks = [ ...def.checks ];
            return def;
        }
        function _string(Class, params) {
            return new Class(snapshotChecks({
                type: "string",
                ...core_util.A2(params)
            }));
        }
        function _number(Class, params) {
            return new Class(snapshotChecks({
                type: "number",
                checks: [],
                ...core_util.A2(params)
            }));
        }
        function _int(Class, params) {
            return new Class({
                type: "number",
                check: "number_format",
                abort: false,
                format: "safeint",
                ...core_util.A2(params)
            });
        }
        function _boolean(Class, params) {
            return new Class({
                type: "boolean",
                ...core_util.A2(params)
            });
        }
        function _unknown(Class) {
            return new Class({
                type: "unknown"
            });
        }
        function _gt(value, params) {
            return new core_checks.J_({
                check: "greater_than",
                ...core_util.A2(params),
                value: value,
                inclusive: false
            });
        }
        function _gte(value, params) {
            return new core_checks.J_({
                check: "greater_than",
                ...core_util.A2(params),
                value: value,
                inclusive: true
            });
        }
        function _positive(params) {
            return _gt(0, params);
        }
        function _nonnegative(params) {
            return _gte(0, params);
        }
        function _minLength(minimum, params) {
            return new core_checks.Kk({
                check: "min_length",
                ...core_util.A2(params),
                minimum: minimum
            });
        }
        function describe(description) {
            const ch = new core_checks.QP({
                check: "describe"
            });
            ch._zod.onattach = [ inst => {
                const existing = globalRegistry.get(inst) ?? {};
                globalRegistry.add(inst, {
                    ...existing,
                    description: description
                });
            } ];
            ch._zod.check = () => {};
            return ch;
        }
        function meta(metadata) {
            const ch = new core_checks.QP({
                check: "meta"
            });
            ch._zod.onattach = [ inst => {
                const existing = globalRegistry.get(inst) ?? {};
                globalRegistry.add(inst, {
                    ...existing,
                    ...metadata
                });
            } ];
            ch._zod.check = () => {};
            return ch;
        }
    },
    4890: (__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            J_: () => $ZodCheckGreaterThan,
            KH: () => $ZodCheckNumberFormat,
            Kk: () => $ZodCheckMinLength,
            QP: () => $ZodCheck
        });
        var _core_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8532);
        var _util_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(4723);
        const $ZodCheck = _core_js__WEBPACK_IMPORTED_MODULE_0__.xI("$ZodCheck", (inst, def) => {
            var _a;
            inst._zod ?? (inst._zod = {});
            inst._zod.def = def;
            (_a = inst._zod).onattach ?? (_a.onattach = []);
        });
        const _whenHasLength = payload => {
            const val = payload.value;
            return !_util_js__WEBPACK_IMPORTED_MODULE_1__.cl(val) && val.length !== void 0;
        };
        const numericOriginMap = {
            number: "number",
            bigint: "bigint",
            object: "date"
        };
        const $ZodCheckGreaterThan = _core_js__WEBPACK_IMPORTED_MODULE_0__.xI("$ZodCheckGreaterThan", (inst, def) => {
            $ZodCheck.init(inst, def);
            const origin = numericOriginMap[typeof def.value];
            inst._zod.check = payload => {
                if (def.inclusive ? payload.value >= def.value : payload.value > def.value) return;
                payload.issues.push({
                    origin: numericOriginMap[typeof payload.value] ?? origin,
                    code: "too_small",
                    minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
                    input: payload.value,
                    inclusive: def.inclusive,
                    inst: inst,
                    continue: !def.abort
                });
            };
        });
        const $ZodCheckNumberFormat = _core_js__WEBPACK_IMPORTED_MODULE_0__.xI("$ZodCheckNumberFormat", (inst, def) => {
            $ZodCheck.init(inst, def);
            def.format = def.format || "float64";
            const isInt = def.format?.includes("int");
            const origin = isInt ? "int" : "number";
            const [minimum, maximum] = _util_js__WEBPACK_IMPORTED_MODULE_1__.zH[def.format];
            inst._zod.check = payload => {
                const input = payload.value;
                if (isInt) {
                    if (!Number.isInteger(input)) {
                        payload.issues.push({
                            expected: origin,
                            format: def.format,
                            code: "invalid_type",
                            continue: false,
                            input: input,
                            inst: inst
                        });
                        return;
                    }
                    if (!Number.isSafeInteger(input)) {
                        if (input > 0) payload.issues.push({
                            input: input,
                            code: "too_big",
                            maximum: Number.MAX_SAFE_INTEGER,
                            note: "Integers must be within the safe integer range.",
                            inst: inst,
                            origin: origin,
                            inclusive: true,
                            continue: !def.abort
                        }); else payload.issues.push({
                            input: input,
                            code: "too_small",
                            minimum: Number.MIN_SAFE_INTEGER,
                            note: "Integers must be within the safe integer range.",
                            inst: inst,
                            origin: origin,
                            inclusive: true,
                            continue: !def.abort
                        });
                        return;
                    }
                }
                if (input < minimum) payload.issues.push({
                    origin: "number",
                    input: input,
                    code: "too_small",
                    minimum: minimum,
                    inclusive: true,
                    inst: inst,
                    continue: !def.abort
                });
                if (input > maximum) payload.issues.push({
                    origin: "number",
                    input: input,
                    code: "too_big",
                    maximum: maximum,
                    inclusive: true,
                    inst: inst,
                    continue: !def.abort
                });
            };
        });
        const $ZodCheckMinLength = _core_js__WEBPACK_IMPORTED_MODULE_0__.xI("$ZodCheckMinLength", (inst, def) => {
            var _a;
            $ZodCheck.init(inst, def);
            (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
            inst._zod.check = payload => {
                const input = payload.value;
                const units = input.length;
                const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2 ? _util_js__WEBPACK_IMPORTED_MODULE_1__.O7(input) : units;
                if (length >= def.minimum) return;
                const origin = _util_js__WEBPACK_IMPORTED_MODULE_1__.Rc(input);
                payload.issues.push({
                    origin: origin,
                    code: "too_small",
                    minimum: def.minimum,
                    inclusive: true,
                    input: input,
                    inst: inst,
                    continue: !def.abort
                });
            };
        });
    },
    8532: (__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            $W: () => config,
            GT: () => $ZodAsyncError,
            cV: () => $ZodEncodeError,
            cr: () => globalConfig,
            tm: () => NEVER,
            xI: () => $constructor
        });
        var _util_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(4723);
        var _a;
        const NEVER = Object.freeze({
            status: "aborted"
        });
        const _zodDesc = {
            value: void 0,
            enumerable: false
        };
        let _E = "captureStackTrace" in Error ? Error : null;
        function newError(Definition) {
            const E = _E;
            if (E) {
                const saved = E.stackTraceLimit;
                if (typeof saved === "number") {
                    try {
                        E.stackTraceLimit = 0;
                    } catch {
                        _E = null;
                        return new Definition;
                    }
                    try {
                        return new Definition;
                    } finally {
                        E.stackTraceLimit = saved;
                    }
                }
            }
            return new Definition;
        }
        function $constructor(name, initializer, proto, params) {
            function Internals(def) {
                this.def = def;
                this.constr = _;
                this.traits = new Set;
            }
            Internals.prototype = {};
            const protoMembers = proto;
            const initialized = protoMembers && new WeakSet;
            function init(inst, def) {
                if (!inst._zod) {
                    _zodDesc.value = new Internals(def);
                    try {
                        Object.defineProperty(inst, "_zod", _zodDesc);
                    } finally {
                        _zodDesc.value = void 0;
                    }
                } else if (inst._zod.traits.has(name)) return;
                inst._zod.traits.add(name);
                initializer(inst, def);
                if (initialized) {
                    const own = Object.getPrototypeOf(inst);
                    const ctorProto = inst._zod.constr.prototype;
                    let up = own;
                    while (up && up !== ctorProto) up = Object.getPrototypeOf(up);
                    const target = up ?? own;
                    if (!initialized.has(target)) {
                        initialized.add(target);
                        (0, _util_js__WEBPACK_IMPORTED_MODULE_0__.ol)(target, protoMembers);
                    }
                }
                const proto = _.prototype;
                for (const k in proto) {
                    if (!Object.prototype.hasOwnProperty.call(proto, k)) continue;
                    if (!(k in inst)) inst[k] = proto[k].bind(inst);
                }
            }
            const Parent = params?.Parent ?? Object;
            class Definition extends Parent {}
            Object.defineProperty(Definition, "name", {
                value: name
            });
            function _(def) {
                const inst = params?.Parent ? newError(Definition) : this;
                init(inst, def);
                const deferred = inst._zod.deferred;
                if (deferred) {
                    for (const fn of deferred) fn();
                    inst._zod.deferred = void 0;
                }
                const pp = globalThis.__zod_globalConfig?.postProcessor;
                if (pp) pp(inst);
                return inst;
            }
            Object.defineProperty(_, "init", {
                value: init
            });
            Object.defineProperty(_, Symbol.hasInstance, {
                value: inst => {
                    if (params?.Parent && inst instanceof params.Parent) return true;
                    return inst?._zod?.traits?.has(name);
                }
            });
            Object.defineProperty(_, "name", {
                value: name
            });
            return _;
        }
        class $ZodAsyncError extends Error {
            constructor() {
                super("Encountered Promise during synchronous parse. Use .parseAsync() instead.");
            }
        }
        class $ZodEncodeError extends Error {
            constructor(name) {
                super(`Encountered unidirectional transform during encode: ${name}`);
                this.name = "ZodEncodeError";
            }
        }
        (_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
        const globalConfig = globalThis.__zod_globalConfig;
        function config(newConfig) {
            if (newConfig) Object.assign(globalConfig, newConfig);
            return globalConfig;
        }
    },
    3945: (__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            qg: () => parse,
            EJ: () => parseAsync,
            xL: () => safeParse,
            bp: () => safeParseAsync
        });
        var core_core = __nccwpck_require__(8532);
        var util = __nccwpck_require__(4723);
        const _messageDesc = {
            get: function _getMessage() {
                const internals = this._zod;
                internals.message ?? (internals.message = JSON.stringify(internals.def, util.k8, 2));
                return internals.message;
            },
            set: function _setMessage(value) {
                this._zod.message = value;
            },
            enumerable: true,
            configurable: true
        };
        const _issuesDesc = {
            value: void 0,
            enumerable: false
        };
        const _installedToString = new WeakSet([ Object.prototype, Error.prototype ]);
        const initializer = (inst, def) => {
            inst.name = "$ZodError";
            _issuesDesc.value = def;
            Object.defineProperty(inst, "issues", _issuesDesc);
            _issuesDesc.value = void 0;
            Object.defineProperty(inst, "message", _messageDesc);
            const proto = Object.getPrototypeOf(inst);
            if (!_installedToString.has(proto)) {
                _installedToString.add(proto);
                Object.defineProperty(proto, "toString", {
                    configurable: true,
                    enumerable: false,
                    get() {
                        const value = () => this.message;
                        Object.defineProperty(this, "toString", {
                            value: value,
                            configurable: true,
                            writable: true
                        });
                        return value;
                    },
                    set(value) {
                        Object.defineProperty(this, "toString", {
                            value: value,
                            configurable: true,
                            writable: true
                        });
                    }
                });
            }
        };
        (0, core_core.xI)("$ZodError", initializer);
        const $ZodRealError = (0, core_core.xI)("$ZodError", initializer, void 0, {
            Parent: Error
        });
        const _parse = _Err => {
            const fn = (schema, value, _ctx, _params) => {
                const ctx = _ctx ? {
                    ..._ctx,
                    async: false
                } : {
                    async: false
                };
                const result = schema._zod.run({
                    value: value,
                    issues: []
                }, ctx);
                if (result instanceof Promise) throw new core_core.GT;
                if (result.issues.length) {
                    const e = new (_params?.Err ?? _Err)(result.issues.map(iss => util.iR(iss, ctx, core_core.$W())));
                    util.gx(e, _params?.callee ?? fn);
                    throw e;
                }
                return result.value;
            };
            return fn;
        };
        const parse = _parse($ZodRealError);
        const _parseAsync = _Err => {
            const fn = async (schema, value, _ctx, params) => {
                const ctx = _ctx ? {
                    ..._ctx,
                    async: true
                } : {
                    async: true
                };
                let result = schema._zod.run({
                    value: value,
                    issues: []
                }, ctx);
                if (result instanceof Promise) result = await result;
                if (result.issues.length) {
                    const e = new (params?.Err ?? _Err)(result.issues.map(iss => util.iR(iss, ctx, core_core.$W())));
                    util.gx(e, params?.callee ?? fn);
                    throw e;
                }
                return result.value;
            };
            return fn;
        };
        const parseAsync = _parseAsync($ZodRealError);
        const _safeParse = _Err => (schema, value, _ctx) => {
            const ctx = _ctx ? {
                ..._ctx,
                async: false
            } : {
                async: false
            };
            const result = schema._zod.run({
                value: value,
                issues: []
            }, ctx);
            if (result instanceof Promise) throw new core_core.GT;
            return result.issues.length ? failure(_Err, result.issues, ctx) : {
                success: true,
                data: result.value
            };
        };
        const safeParse = _safeParse($ZodRealError);
        function failure(Err, issues, ctx) {
            let error;
            return {
                success: false,
                get error() {
                    if (!error) {
                        error = new Err(issues.map(iss => util.iR(iss, ctx, core_core.$W())));
                        issues = void 0;
                        ctx = void 0;
                    }
                    return error;
                },
                set error(e) {
                    error = e;
                    issues = void 0;
                    ctx = void 0;
                }
            };
        }
        const _safeParseAsync = _Err => async (schema, value, _ctx) => {
            const ctx = _ctx ? {
                ..._ctx,
                async: true
            } : {
                async: true
            };
            let result = schema._zod.run({
                value: value,
                issues: []
            }, ctx);
            if (result instanceof Promise) result = await result;
            return result.issues.length ? failure(_Err, result.issues, ctx) : {
                success: true,
                data: result.value
            };
        };
        const safeParseAsync = _safeParseAsync($ZodRealError);
    },
    4723: (__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            A2: () => normalizeParams,
            Gv: () => isObject,
            NM: () => optionalKeys,
            O7: () => codePointLength,
            PO: () => cached,
            QH: () => aborted,
            Qd: () => isPlainObject,
            Rc: () => getLengthableOrigin,
            SS: () => constantCatch,
            Vy: () => assignProp,
            X: () => installLazyProp,
            cl: () => nullish,
            d3: () => attachSchema,
            gx: () => captureStackTrace,
            hi: () => sizeCaps,
            iR: () => finalizeIssue,
            jD: () => hide,
            k8: () => jsonStringifyReplacer,
            lQ: () => prefixIssues,
            o8: () => clone,
            ol: () => members,
            p6: () => cleanRegex,
            qQ: () => propertyKeyTypes,
            qh: () => own,
            rL: () => explicitlyAborted,
            sD: () => escapeRegex,
            v5: () => defineLazyInternal,
            w5: () => getEnumValues,
            zH: () => NUMBER_FORMAT_RANGES
        });
        function getEnumValues(entries) {
            const numericValues = Object.values(entries).filter(v => typeof v === "number");
            const values = Object.entries(entries).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
            return values;
        }
        function jsonStringifyReplacer(_, value) {
            if (typeof value === "bigint") return value.toString();
            return value;
        }
        class Cached {
            constructor(getter) {
                this._getter = getter;
                this._value = void 0;
            }
            get value() {
                const getter = this._getter;
                if (getter !== void 0) {
                    this._value = getter();
                    this._getter = void 0;
                }
                return this._value;
            }
        }
        function cached(getter) {
            return new Cached(getter);
        }
        function nullish(input) {
            return input === null || input === void 0;
        }
        function cleanRegex(source) {
            const start = source.startsWith("^") ? 1 : 0;
            const end = source.endsWith("$") ? source.length - 1 : source.length;
            return source.slice(start, end);
        }
        function assignProp(target, prop, value) {
            Object.defineProperty(target, prop, {
                value: value,
                writable: true,
                enumerable: true,
                configurable: true
            });
        }
        const captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {};
        function isObject(data) {
            return typeof data === "object" && data !== null && !Array.isArray(data);
        }
        function isPlainObject(o) {
            if (isObject(o) === false) return false;
            const ctor = o.constructor;
            if (ctor === void 0) return true;
            if (typeof ctor !== "function") return true;
            const prot = ctor.prototype;
            if (isObject(prot) === false) return false;
            if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) return false;
            return true;
        }
        const propertyKeyTypes = new Set([ "string", "number", "symbol" ]);
        function escapeRegex(str) {
            return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        }
        function clone(inst, def, params) {
            const cl = new inst._zod.constr(def ?? inst._zod.def);
            if (!def || params?.parent) cl._zod.parent = inst;
            return cl;
        }
        function normalizeParams(_params) {
            const params = _params;
            if (!params) return {};
            if (typeof params === "string") return {
                error: () => params
            };
            if (params?.message !== void 0) {
                if (params?.error !== void 0) throw new Error("Cannot specify both `message` and `error` params");
                params.error = params.message;
            }
            delete params.message;
            if (typeof params.error === "string") return {
                ...params,
                error: () => params.error
            };
            return params;
        }
        function optionalKeys(shape) {
            return Object.keys(shape).filter(k => shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional");
        }
        const NUMBER_FORMAT_RANGES = (() => ({
            safeint: [ Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER ],
            int32: [ -2147483648, 2147483647 ],
            uint32: [ 0, 4294967295 ],
            float32: [ -34028234663852886e22, 34028234663852886e22 ],
            float64: [ -Number.MAX_VALUE, Number.MAX_VALUE ]
        }))();
        function aborted(x, startIndex = 0) {
            if (x.aborted === true) return true;
            for (let i = startIndex; i < x.issues.length; i++) if (x.issues[i]?.continue !== true) return true;
            return false;
        }
        function explicitlyAborted(x, startIndex = 0) {
            if (x.aborted === true) return true;
            for (let i = startIndex; i < x.issues.length; i++) if (x.issues[i]?.continue === false) return true;
            return false;
        }
        function prefixIssues(path, issues) {
            return issues.map(iss => {
                var _a;
                (_a = iss).path ?? (_a.path = []);
                iss.path.unshift(path);
                return iss;
            });
        }
        function unwrapMessage(message) {
            return typeof message === "string" ? message : message?.message;
        }
        function sizeCaps(defChecks) {
            const caps = [];
            for (const ch of defChecks ?? []) {
                const d = ch._zod.def;
                if (!/_(length|size)$|_equals$/.test(d.check)) break;
                const max = d.maximum ?? d.length ?? d.size;
                if (max >= 0) caps.push([ max, ch ]);
            }
            return caps;
        }
        function attachSchema(issues, start, inst) {
            var _a;
            for (let i = start; i < issues.length; i++) (_a = issues[i]).schema ?? (_a.schema = inst);
        }
        function finalizeIssue(iss, ctx, config) {
            var _a;
            const traits = iss.inst?._zod?.traits;
            if (traits?.has("$ZodType")) if (traits.has("$ZodCheck")) (_a = iss).schema ?? (_a.schema = iss.inst); else iss.schema = iss.inst;
            const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0;
            const message = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config.customError?.(iss)) ?? unwrapMessage(config.localeError?.(iss)) ?? "Invalid input";
            const full = {};
            for (const k of Object.keys(iss)) {
                if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__") continue;
                full[k] = iss[k];
            }
            full.path ?? (full.path = []);
            full.message = message;
            if (ctx?.reportInput) full.input = iss.input;
            return full;
        }
        const highSurrogate = /[\uD800-\uDBFF]/;
        function codePointLength(str) {
            const units = str.length;
            if (!highSurrogate.test(str)) return units;
            let count = units;
            for (let i = 0; i < units - 1; i++) if ((str.charCodeAt(i) & 64512) === 55296 && (str.charCodeAt(i + 1) & 64512) === 56320) {
                count--;
                i++;
            }
            return count;
        }
        function getLengthableOrigin(input) {
            if (Array.isArray(input)) return "array";
            if (typeof input === "string") return "string";
            return "unknown";
        }
        function members(proto, table) {
            for (const key in table) {
                const desc = Object.getOwnPropertyDescriptor(table, key);
                if (desc.get) Object.defineProperty(proto, key, {
                    ...desc,
                    enumerable: false
                }); else defineBound(proto, key, desc.value);
            }
        }
        function own(inst, key, value, enumerable = true) {
            Object.defineProperty(inst, key, {
                configurable: true,
                writable: true,
                enumerable: enumerable,
                value: value
            });
            return value;
        }
        function hide(inst, key, value) {
            return own(inst, key, value, false);
        }
        function defineBound(proto, key, fn) {
            Object.defineProperty(proto, key, {
                configurable: true,
                get() {
                    return this == null ? fn : own(this, key, fn.bind(this));
                },
                set(value) {
                    own(this, key, value);
                }
            });
        }
        function claim(inst, sentinel) {
            const proto = Object.getPrototypeOf(inst);
            return sentinel in proto ? void 0 : proto;
        }
        let installing;
        let broke = false;
        const breaker = {
            configurable: true,
            get() {
                broke = true;
                return;
            }
        };
        function defineLazyInternal(inst, key, compute) {
            const proto = Object.getPrototypeOf(inst._zod);
            if (key in proto && installing !== inst._zod) {
                installing = void 0;
                return;
            }
            installing = inst._zod;
            Object.defineProperty(proto, key, {
                configurable: true,
                get() {
                    Object.defineProperty(this, key, breaker);
                    const outer = broke;
                    broke = false;
                    try {
                        const value = compute(this);
                        if (broke) delete this[key]; else Object.defineProperty(this, key, {
                            configurable: true,
                            writable: true,
                            value: value
                        });
                        broke = broke || outer;
                        return value;
                    } catch (err) {
                        delete this[key];
                        broke = broke || outer;
                        throw err;
                    }
                },
                set(value) {
                    Object.defineProperty(this, key, {
                        configurable: true,
                        writable: true,
                        value: value
                    });
                }
            });
        }
        function installLazyProp(inst, key, make, enumerable) {
            const proto = claim(inst, key);
            if (!proto) return;
            Object.defineProperty(proto, key, {
                configurable: true,
                get() {
                    const desc = {
                        configurable: true,
                        writable: true,
                        enumerable: enumerable,
                        value: void 0
                    };
                    Object.defineProperty(this, key, desc);
                    desc.value = make(this);
                    Object.defineProperty(this, key, desc);
                    return desc.value;
                },
                set(value) {
                    Object.defineProperty(this, key, {
                        configurable: true,
                        writable: true,
                        enumerable: enumerable,
                        value: value
                    });
                }
            });
        }
        const CONSTANT_CATCH = "~constantCatch";
        function constantCatch(value) {
            const fn = () => value;
            fn[CONSTANT_CATCH] = true;
            return fn;
        }
    },
    3619: (__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {
        __nccwpck_require__.d(__webpack_exports__, {
            YOg: () => array,
            zMY: () => schemas_boolean,
            MfU: () => _catch,
            k5n: () => _enum,
            Whr: () => schemas_int,
            euz: () => literal,
            _H3: () => looseObject,
            cl6: () => nullish,
            aig: () => schemas_number,
            Ikc: () => object,
            lqM: () => optional,
            FsL: () => pipe,
            g1P: () => record,
            YjP: () => schemas_string,
            pdi: () => transform,
            PVZ: () => tuple,
            L5J: () => unknown
        });
        var core_core = __nccwpck_require__(8532);
        var core_checks = __nccwpck_require__(4890);
        const anyString = /^[\s\S]{0,}$/;
        const number = /^-?\d+(?:\.\d+)?$/;
        const regexes_boolean = /^(?:true|false)$/i;
        var core_util = __nccwpck_require__(4723);
        const version = {
            major: 4,
            minor: 6,
            patch: 7
        };
        const $ZodType = core_core.xI("$ZodType", (inst, def) => {
            var _a;
            inst ?? (inst = {});
            inst._zod.def = def;
            inst._zod.bag = inst._zod.bag || {};
            inst._zod.version = version;
            const defChecks = inst._zod.def.checks;
            const checks = inst._zod.traits.has("$ZodCheck") ? [ inst, ...defChecks ?? [] ] : defChecks?.length ? [ ...defChecks ] : [];
            for (const ch of checks) for (const fn of ch._zod.onattach) fn(inst);
            if (checks.length === 0) {
                (_a = inst._zod).deferred ?? (_a.deferred = []);
                inst._zod.deferred?.push(() => {
                    inst._zod.run = inst._zod.parse;
                });
            } else {
                const runChecks = (payload, checks, ctx) => {
                    if (payload.memo) return payload;
                    let isAborted = core_util.QH(payload);
                    let asyncResult;
                    for (const ch of checks) {
                        if (ch._zod.def.when) {
                            if (core_util.rL(payload)) continue;
                            const shouldRun = ch._zod.def.when(payload);
                            if (!shouldRun) continue;
                        } else if (isAborted) continue;
                        const currLen = payload.issues.length;
                        const _ = ch._zod.check(payload);
                        if (_ instanceof Promise && ctx?.async === false) throw new core_core.GT;
                        if (asyncResult || _ instanceof Promise) asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                            await _;
                            const nextLen = payload.issues.length;
                            if (nextLen === currLen) return;
                            core_util.d3(payload.issues, currLen, inst);
                            if (!isAborted) isAborted = core_util.QH(payload, currLen);
                        }); else {
                            const nextLen = payload.issues.length;
                            if (nextLen === currLen) continue;
                            core_util.d3(payload.issues, currLen, inst);
                            if (!isAborted) isAborted = core_util.QH(payload, currLen);
                        }
                    }
                    if (asyncResult) return asyncResult.then(() => payload);
                    return payload;
                };
                const handleCanaryResult = (canary, payload, ctx) => {
                    if (core_util.QH(canary)) {
                        canary.aborted = true;
                        return canary;
                    }
                    const checkResult = runChecks(payload, checks, ctx);
                    if (checkResult instanceof Promise) {
                        if (ctx.async === false) throw new core_core.GT;
                        return checkResult.then(checkResult => inst._zod.parse(checkResult, ctx));
                    }
                    return inst._zod.parse(checkResult, ctx);
                };
                inst._zod.run = (payload, ctx) => {
                    if (ctx.skipChecks) return inst._zod.parse(payload, ctx);
                    if (ctx.direction === "backward") {
                        const canary = inst._zod.parse({
                            value: payload.value,
                            issues: []
                        }, {
                            ...ctx,
                            skipChecks: true
                        });
                        if (canary instanceof Promise) return canary.then(canary => handleCanaryResult(canary, payload, ctx));
                        return handleCanaryResult(canary, payload, ctx);
                    }
                    const result = inst._zod.parse(payload, ctx);
                    if (result instanceof Promise) {
                        if (ctx.async === false) throw new core_core.GT;
                        return result.then(result => runChecks(result, checks, ctx));
                    }
                    return runChecks(result, checks, ctx);
                };
            }
        }, {
            get "~standard"() {
                return core_util.jD(this, "~standard", standardProps(this));
            },
            set "~standard"(value) {
                core_util.qh(this, "~standard", value);
            }
        });
        const toStandardResult = (r, ctx) => r.issues.length ? {
            issues: r.issues.map(iss => core_util.iR(iss, ctx, core_core.$W()))
        } : {
            value: r.value
        };
        async function validateAsync(inst, value) {
            const ctx = {
                async: true
            };
            return toStandardResult(await inst._zod.run({
                value: value,
                issues: []
            }, ctx), ctx);
        }
        function standardProps(inst) {
            return {
                validate: value => {
                    const ctx = {
                        async: false
                    };
                    try {
                        const r = inst._zod.run({
                            value: value,
                            issues: []
                        }, ctx);
                        if (!(r instanceof Promise)) return toStandardResult(r, ctx);
                    } catch (_) {}
                    return validateAsync(inst, value);
                },
                vendor: "zod",
                version: 1
            };
        }
        const $ZodString = core_core.xI("$ZodString", (inst, def) => {
            $ZodType.init(inst, def);
            inst._zod.pattern = def.pattern ?? anyString;
            inst._zod.parse = (payload, _) => {
                if (def.coerce) try {
                    payload.value = String(payload.value);
                } catch (_) {}
                if (typeof payload.value === "string") return payload;
                payload.issues.push({
                    expected: "string",
                    code: "invalid_type",
                    input: payload.value,
                    inst: inst
                });
                return payload;
            };
        });
        const $ZodNumber = core_core.xI("$ZodNumber", (inst, def) => {
            $ZodType.init(inst, def);
            inst._zod.pattern = number;
            inst._zod.parse = (payload, _ctx) => {
                if (def.coerce) try {
                    payload.value = Number(payload.value);
                } catch (_) {}
                const input = payload.value;
                if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) return payload;
                const received = typeof input === "number" ? Number.isNaN(input) ? "NaN" : !Number.isFinite(input) ? String(input) : void 0 : void 0;
                payload.issues.push({
                    expected: "number",
                    code: "invalid_type",
                    input: input,
                    inst: inst,
                    ...received ? {
                        received: received
                    } : {}
                });
                return payload;
            };
        });
        const $ZodNumberFormat = core_core.xI("$ZodNumberFormat", (inst, def) => {
            core_checks.KH.init(inst, def);
            $ZodNumber.init(inst, def);
        });
        const $ZodBoolean = core_core.xI("$ZodBoolean", (inst, def) => {
            $ZodType.init(inst, def);
            inst._zod.pattern = regexes_boolean;
            inst._zod.parse = (payload, _ctx) => {
                if (def.coerce) try {
                    payload.value = Boolean(payload.value);
                } catch (_) {}
                const input = payload.value;
                if (typeof input === "boolean") return payload;
                payload.issues.push({
                    expected: "boolean",
                    code: "invalid_type",
                    input: input,
                    inst: inst
                });
                return payload;
            };
        });
        const $ZodUnknown = core_core.xI("$ZodUnknown", (inst, def) => {
            $ZodType.init(inst, def);
            inst._zod.parse = payload => payload;
        });
        function capSize(inst, size) {
            const caps = core_util.hi(inst._zod.def.checks);
            if (!caps.length) return;
            const cap = Math.min(...caps.map(c => c[0]));
            const parse = inst._zod.parse;
            inst._zod.parse = (payload, ctx) => {
                const n = size(payload.value);
                if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") for (const [max, ch] of core_util.hi(inst._zod.def.checks)) if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    payload.issues[start].continue = false;
                    core_util.d3(payload.issues, start, inst);
                    return payload;
                }
                return parse(payload, ctx);
            };
        }
        const arraySize = input => Array.isArray(input) ? input.length : -1;
        function handleArrayResult(result, final, index) {
            if (result.issues.length) final.issues.push(...core_util.lQ(index, result.issues));
            final.value[index] = result.value;
        }
        const $ZodArray = core_core.xI("$ZodArray", (inst, def) => {
            $ZodType.init(inst, def);
            const memo = core_core.cr.memoizer;
            memo?.attach(inst);
            inst._zod.parse = (payload, ctx) => {
                const input = payload.value;
                if (!Array.isArray(input)) {
                    payload.issues.push({
                        expected: "array",
                        code: "invalid_type",
                        input: input,
                        inst: inst
                    });
                    return payload;
                }
                payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
                const proms = [];
                const abortEarly = ctx?.abortEarly;
                for (let i = 0; i < input.length; i++) {
                    const item = input[i];
                    const result = def.element._zod.run({
                        value: item,
                        issues: []
                    }, ctx);
                    if (result instanceof Promise) proms.push(result.then(result => handleArrayResult(result, payload, i))); else {
                        handleArrayResult(result, payload, i);
                        if (abortEarly && result.issues.length !== 0 && core_util.QH(result)) break;
                    }
                }
                if (proms.length) return Promise.all(proms).then(() => payload);
                return payload;
            };
            capSize(inst, arraySize);
        });
        function handlePropertyResult(result, final, key, input, optin, optout) {
            const isPresent = key in input;
            const isOptionalOut = optout === "optional";
            if (!isPresent && isOptionalOut && optin === "optional") return;
            if (result.issues.length) {
                if (optin !== void 0 && isOptionalOut && !isPresent) return;
                final.issues.push(...core_util.lQ(key, result.issues));
            }
            if (!isPresent && optin === void 0) {
                if (!result.issues.length) final.issues.push({
                    code: "invalid_type",
                    expected: "nonoptional",
                    input: void 0,
                    path: [ key ]
                });
                return;
            }
            if (result.value === void 0) {
                if (isPresent || optin === "defaulted" && !isOptionalOut) final.value[key] = void 0;
            } else final.value[key] = result.value;
        }
        const NO_SYMBOL_KEYS = [];
        function normalizeDef(def) {
            const keys = Object.keys(def.shape);
            const ownSymbols = Object.getOwnPropertySymbols(def.shape);
            const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
            const allKeys = symbolKeys.length ? [ ...keys, ...symbolKeys ] : keys;
            for (const k of allKeys) if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
            const okeys = core_util.NM(def.shape);
            return {
                ...def,
                allKeys: allKeys,
                symbolKeys: symbolKeys,
                keySet: new Set(keys),
                numKeys: keys.length,
                optionalKeys: new Set(okeys)
            };
        }
        function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
            const unrecognized = [];
            const keySet = def.keySet;
            const _catchall = def.catchall._zod;
            const t = _catchall.def.type;
            const optin = _catchall.optin;
            const optout = _catchall.optout;
            let seen = 0;
            for (const key in input) {
                if (abortEarly && payload.issues.length !== seen) {
                    if (core_util.QH(payload, seen)) break;
                    seen = payload.issues.length;
                }
                if (keySet.has(key)) continue;
                if (key === "__proto__") {
                    if (t === "never") unrecognized.push(key);
                    continue;
                }
                if (t === "never") {
                    unrecognized.push(key);
                    continue;
                }
                const r = _catchall.run({
                    value: input[key],
                    issues: []
                }, ctx);
                if (r instanceof Promise) proms.push(r.then(r => handlePropertyResult(r, payload, key, input, optin, optout))); else handlePropertyResult(r, payload, key, input, optin, optout);
            }
            if (unrecognized.length) payload.issues.push({
                code: "unrecognized_keys",
                keys: unrecognized,
                input: input,
                inst: inst,
                continue: true
            });
            if (!proms.length) return payload;
            return Promise.all(proms).then(() => payload);
        }
        const $ZodObject = core_core.xI("$ZodObject", (inst, def) => {
            $ZodType.init(inst, def);
            const desc = Object.getOwnPropertyDescriptor(def, "shape");
            const sh = desc?.get ? desc.get.raw : def.shape ?? {};
            if (sh) {
                const get = () => {
                    const newSh = {
                        ...sh
                    };
                    Object.defineProperty(def, "shape", {
                        value: newSh
                    });
                    get.raw = newSh;
                    return newSh;
                };
                get.raw = sh;
                Object.defineProperty(def, "shape", {
                    get: get
                });
            }
            const _normalized = core_util.PO(() => normalizeDef(def));
            core_util.v5(inst, "propValues", zod => {
                const shape = zod.def.shape;
                const propValues = {};
                for (const key in shape) {
                    const field = shape[key]._zod;
                    if (field.values) {
                        if (!Object.prototype.hasOwnProperty.call(propValues, key)) core_util.Vy(propValues, key, new Set);
                        for (const v of field.values) propValues[key].add(v);
                        if (field.optin !== void 0) propValues[key].add(void 0);
                    }
                }
                return propValues;
            });
            const isObject = core_util.Gv;
            const catchall = def.catchall;
            let value;
            const memo = core_core.cr.memoizer;
            memo?.attach(inst);
            inst._zod.parse = (payload, ctx) => {
                value ?? (value = _normalized.value);
                const input = payload.value;
                if (!isObject(input)) {
                    payload.issues.push({
                        expected: "object",
                        code: "invalid_type",
                        input: input,
                        inst: inst
                    });
                    return payload;
                }
                payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
                const proms = [];
                const shape = value.shape;
                const abortEarly = ctx?.abortEarly;
                let seen = payload.issues.length;
                for (const key of value.allKeys) {
                    if (abortEarly && payload.issues.length !== seen) {
                        if (core_util.QH(payload, seen)) break;
                        seen = payload.issues.length;
                    }
                    if (key === "__proto__") continue;
                    const el = shape[key];
                    const optin = el._zod.optin;
                    const optout = el._zod.optout;
                    const r = el._zod.run({
                        value: input[key],
                        issues: []
                    }, ctx);
                    if (r instanceof Promise) proms.push(r.then(r => handlePropertyResult(r, payload, key, input, optin, optout))); else handlePropertyResult(r, payload, key, input, optin, optout);
                }
                if (!catchall) return proms.length ? Promise.all(proms).then(() => payload) : payload;
                return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
            };
        });
        const $ZodTuple = core_core.xI("$ZodTuple", (inst, def) => {
            $ZodType.init(inst, def);
            const items = def.items;
            const memo = core_core.cr.memoizer;
            memo?.attach(inst);
            inst._zod.parse = (payload, ctx) => {
                const input = payload.value;
                if (!Array.isArray(input)) {
                    payload.issues.push({
                        input: input,
                        inst: inst,
                        expected: "tuple",
                        code: "invalid_type"
                    });
                    return payload;
                }
                payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
                const proms = [];
                const optinStart = getTupleOptStart(items, "optin");
                const optoutStart = getTupleOptStart(items, "optout");
                if (!def.rest) {
                    if (input.length < optinStart) {
                        payload.issues.push({
                            code: "too_small",
                            minimum: optinStart,
                            inclusive: true,
                            input: input,
                            inst: inst,
                            origin: "array"
                        });
                        return payload;
                    }
                    if (input.length > items.length) payload.issues.push({
                        code: "too_big",
                        maximum: items.length,
                        inclusive: true,
                        input: input,
                        inst: inst,
                        origin: "array"
                    });
                }
                const itemResults = new Array(items.length);
                const abortEarly = def.rest ? ctx?.abortEarly : void 0;
                let itemAborted = false;
                for (let i = 0; i < items.length; i++) {
                    const r = items[i]._zod.run({
                        value: input[i],
                        issues: []
                    }, ctx);
                    if (r instanceof Promise) proms.push(r.then(rr => {
                        itemResults[i] = rr;
                    })); else {
                        itemResults[i] = r;
                        if (abortEarly && !itemAborted && r.issues.length) itemAborted = core_util.QH(r);
                    }
                }
                if (def.rest && !itemAborted) {
                    let i = items.length - 1;
                    const rest = input.slice(items.length);
                    let seen = payload.issues.length;
                    for (const el of rest) {
                        if (abortEarly && payload.issues.length !== seen) {
                            if (core_util.QH(payload, seen)) break;
                            seen = payload.issues.length;
                        }
                        i++;
                        const result = def.rest._zod.run({
                            value: el,
                            issues: []
                        }, ctx);
                        if (result instanceof Promise) proms.push(result.then(r => handleTupleResult(r, payload, i))); else handleTupleResult(result, payload, i);
                    }
                }
                if (proms.length) return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
                return handleTupleResults(itemResults, payload, items, input, optoutStart);
            };
        });
        function getTupleOptStart(items, key) {
            for (let i = items.length - 1; i >= 0; i--) {
                const omittable = key === "optin" ? items[i]._zod.optin !== void 0 : items[i]._zod.optout === "optional";
                if (!omittable) return i + 1;
            }
            return 0;
        }
        function handleTupleResult(result, final, index) {
            if (result.issues.length) final.issues.push(...core_util.lQ(index, result.issues));
            final.value[index] = result.value;
        }
        function handleTupleResults(itemResults, final, items, input, optoutStart) {
            for (let i = 0; i < items.length; i++) {
                const r = itemResults[i];
                const isPresent = i < input.length;
                if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
                    final.value.length = i;
                    break;
                }
                if (r.issues.length) {
                    if (!isPresent && i >= optoutStart) {
                        final.value.length = i;
                        break;
                    }
                    final.issues.push(...core_util.lQ(i, r.issues));
                }
                final.value[i] = r.value;
            }
            for (let i = final.value.length - 1; i >= input.length; i--) if (items[i]._zod.optout === "optional" && final.value[i] === void 0) final.value.length = i; else break;
            return final;
        }
        const $ZodRecord = core_core.xI("$ZodRecord", (inst, def) => {
            $ZodType.init(inst, def);
            const memo = core_core.cr.memoizer;
            memo?.attach(inst);
            inst._zod.parse = (payload, ctx) => {
                const input = payload.value;
                if (!core_util.Qd(input)) {
                    payload.issues.push({
                        expected: "record",
                        code: "invalid_type",
                        input: input,
                        inst: inst
                    });
                    return payload;
                }
                const proms = [];
                const values = def.keyType._zod.values;
                if (values && !def.partial) {
                    payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
                    const recordKeys = new Set;
                    for (const key of values) if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                        recordKeys.add(typeof key === "number" ? key.toString() : key);
                        if (key === "__proto__") continue;
                        const keyResult = def.keyType._zod.run({
                            value: key,
                            issues: []
                        }, ctx);
                        if (keyResult instanceof Promise) throw new Error("Async schemas not supported in object keys currently");
                        if (keyResult.issues.length) {
                            payload.issues.push({
                                code: "invalid_key",
                                origin: "record",
                                issues: keyResult.issues.map(iss => core_util.iR(iss, ctx, core_core.$W())),
                                input: key,
                                path: [ key ],
                                inst: inst
                            });
                            continue;
                        }
                        const outKey = keyResult.value;
                        if (outKey === "__proto__") continue;
                        const result = def.valueType._zod.run({
                            value: input[key],
                            issues: []
                        }, ctx);
                        if (result instanceof Promise) proms.push(result.then(result => {
                            if (result.issues.length) payload.issues.push(...core_util.lQ(key, result.issues));
                            payload.value[outKey] = result.value;
                        })); else {
                            if (result.issues.length) payload.issues.push(...core_util.lQ(key, result.issues));
                            payload.value[outKey] = result.value;
                        }
                    }
                    let unrecognized;
                    for (const key in input) if (!recordKeys.has(key)) if (def.mode === "loose") {
                        if (key === "__proto__") continue;
                        payload.value[key] = input[key];
                    } else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    if (unrecognized && unrecognized.length > 0) payload.issues.push({
                        code: "unrecognized_keys",
                        input: input,
                        inst: inst,
                        keys: unrecognized,
                        continue: true
                    });
                } else {
                    payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
                    let unrecognized;
                    for (const key of Reflect.ownKeys(input)) {
                        if (key === "__proto__") continue;
                        if (!Object.prototype.propertyIsEnumerable.call(input, key)) continue;
                        let keyResult = def.keyType._zod.run({
                            value: key,
                            issues: []
                        }, ctx);
                        if (keyResult instanceof Promise) throw new Error("Async schemas not supported in object keys currently");
                        const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
                        if (checkNumericKey) {
                            const retryResult = def.keyType._zod.run({
                                value: Number(key),
                                issues: []
                            }, ctx);
                            if (retryResult instanceof Promise) throw new Error("Async schemas not supported in object keys currently");
                            if (retryResult.issues.length === 0) keyResult = retryResult;
                        }
                        if (keyResult.issues.length) {
                            if (def.mode === "loose") payload.value[key] = input[key]; else if (values) {
                                unrecognized = unrecognized ?? [];
                                unrecognized.push(key);
                            } else payload.issues.push({
                                code: "invalid_key",
                                origin: "record",
                                issues: keyResult.issues.map(iss => core_util.iR(iss, ctx, core_core.$W())),
                                input: key,
                                path: [ key ],
                                inst: inst
                            });
                            continue;
                        }
                        const outKey = keyResult.value;
                        if (outKey === "__proto__") continue;
                        const result = def.valueType._zod.run({
                            value: input[key],
                            issues: []
                        }, ctx);
                        if (result instanceof Promise) proms.push(result.then(result => {
                            if (result.issues.length) payload.issues.push(...core_util.lQ(key, result.issues));
                            payload.value[outKey] = result.value;
                        })); else {
                            if (result.issues.length) payload.issues.push(...core_util.lQ(key, result.issues));
                            payload.value[outKey] = result.value;
                        }
                    }
                    if (unrecognized && unrecognized.length > 0) payload.issues.push({
                        code: "unrecognized_keys",
                        input: input,
                        inst: inst,
                        keys: unrecognized,
                        continue: true
                    });
                }
                if (proms.length) return Promise.all(proms).then(() => payload);
                return payload;
            };
        });
        const $ZodEnum = core_core.xI("$ZodEnum", (inst, def) => {
            $ZodType.init(inst, def);
            const values = core_util.w5(def.entries);
            const valuesSet = new Set(values);
            inst._zod.values = valuesSet;
            core_util.v5(inst, "pattern", zod => {
                const patternValues = core_util.w5(zod.def.entries).filter(k => core_util.qQ.has(typeof k));
                return new RegExp(patternValues.length ? `^(${patternValues.map(o => core_util.sD(o.toString())).join("|")})$` : "^[^\\s\\S]$");
            });
            inst._zod.parse = (payload, _ctx) => {
                const input = payload.value;
                if (valuesSet.has(input)) return payload;
                payload.issues.push({
                    code: "invalid_value",
                    values: values,
                    input: input,
                    inst: inst
                });
                return payload;
            };
        });
        const $ZodLiteral = core_core.xI("$ZodLiteral", (inst, def) => {
            $ZodType.init(inst, def);
            const values = new Set(def.values);
            inst._zod.values = values;
            core_util.v5(inst, "pattern", zod => {
                const vals = zod.def.values;
                return new RegExp(vals.length ? `^(${vals.map(o => typeof o === "string" ? core_util.sD(o) : o ? core_util.sD(o.toString()) : String(o)).join("|")})$` : "^[^\\s\\S]$");
            });
            inst._zod.parse = (payload, _ctx) => {
                const input = payload.value;
                if (values.has(input)) return payload;
                payload.issues.push({
                    code: "invalid_value",
                    values: def.values,
                    input: input,
                    inst: inst
                });
                return payload;
            };
        });
        const $ZodTransform = core_core.xI("$ZodTransform", (inst, def) => {
            $ZodType.init(inst, def);
            inst._zod.optin = "optional";
            core_core.cr.memoizer?.guard(inst);
            inst._zod.parse = (payload, ctx) => {
                if (ctx.direction === "backward") throw new core_core.cV(inst.constructor.name);
                const _out = def.transform(payload.value, payload);
                if (ctx.async) {
                    const output = _out instanceof Promise ? _out : Promise.resolve(_out);
                    return output.then(output => {
                        payload.value = output;
                        return payload;
                    });
                }
                if (_out instanceof Promise) throw new core_core.GT;
                payload.value = _out;
                return payload;
            };
        });
        function handleOptionalResult(payload, result) {
            payload.value = result.issues.length ? void 0 : result.value;
            return payload;
        }
        const $ZodOptional = core_core.xI("$ZodOptional", (inst, def) => {
            $ZodType.init(inst, def);
            core_util.v5(inst, "optin", zod => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
            inst._zod.optout = "optional";
            core_util.v5(inst, "values", zod => {
                const values = zod.def.innerType._zod.values;
                return values ? new Set([ ...values, void 0 ]) : void 0;
            });
            core_util.v5(inst, "pattern", zod => {
                const pattern = zod.def.innerType._zod.pattern;
                return pattern ? new RegExp(`^(${core_util.p6(pattern.source)})?$`) : void 0;
            });
            inst._zod.parse = (payload, ctx) => {
                if (payload.value === void 0) {
                    if (def.innerType._zod.optin !== "defaulted") return payload;
                    const result = def.innerType._zod.run({
                        value: payload.value,
                        issues: []
                    }, ctx);
                    if (result instanceof Promise) return result.then(result => handleOptionalResult(payload, result));
                    return handleOptionalResult(payload, result);
                }
                return def.innerType._zod.run(payload, ctx);
            };
        });
        const $ZodNullable = core_core.xI("$ZodNullable", (inst, def) => {
            $ZodType.init(inst, def);
            core_util.v5(inst, "optin", zod => zod.def.innerType._zod.optin);
            core_util.v5(inst, "optout", zod => zod.def.innerType._zod.optout);
            core_util.v5(inst, "pattern", zod => {
                const pattern = zod.def.innerType._zod.pattern;
                return pattern ? new RegExp(`^(${core_util.p6(pattern.source)}|null)$`) : void 0;
            });
            core_util.v5(inst, "values", zod => zod.def.innerType._zod.values ? new Set([ ...zod.def.innerType._zod.values, null ]) : void 0);
            inst._zod.parse = (payload, ctx) => {
                if (payload.value === null) return payload;
                return def.innerType._zod.run(payload, ctx);
            };
        });
        function handleCatchResult(payload, result, def, ctx) {
            if (!result.issues.length) {
                payload.value = result.value;
                if (result.memo) payload.memo = true;
                return payload;
            }
            payload.value = def.catchValue({
                ...result,
                value: payload.value,
                error: {
                    issues: result.issues.map(iss => core_util.iR(iss, ctx, core_core.$W()))
                },
                input: payload.value
            });
            return payload;
        }
        const $ZodCatch = core_core.xI("$ZodCatch", (inst, def) => {
            $ZodType.init(inst, def);
            core_util.v5(inst, "optin", zod => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
            core_util.v5(inst, "optout", zod => zod.def.innerType._zod.optout);
            core_util.v5(inst, "values", zod => zod.def.innerType._zod.values);
            inst._zod.parse = (payload, ctx) => {
                if (ctx.direction === "backward") return def.innerType._zod.run(payload, ctx);
                const result = def.innerType._zod.run({
                    value: payload.value,
                    issues: []
                }, ctx);
                if (result instanceof Promise) return result.then(result => handleCatchResult(payload, result, def, ctx));
                return handleCatchResult(payload, result, def, ctx);
            };
        });
        const $ZodPipe = core_core.xI("$ZodPipe", (inst, def) => {
            $ZodType.init(inst, def);
            core_util.v5(inst, "values", zod => zod.def.in._zod.values);
            core_util.v5(inst, "optin", zod => zod.def.in._zod.optin);
            core_util.v5(inst, "optout", zod => zod.def.out._zod.optout);
            core_util.v5(inst, "propValues", zod => zod.def.in._zod.propValues);
            inst._zod.parse = (payload, ctx) => {
                if (ctx.direction === "backward") {
                    const right = def.out._zod.run(payload, ctx);
                    if (right instanceof Promise) return right.then(right => handlePipeResult(right, def.in, ctx));
                    return handlePipeResult(right, def.in, ctx);
                }
                const left = def.in._zod.run(payload, ctx);
                if (left instanceof Promise) return left.then(left => handlePipeResult(left, def.out, ctx));
                return handlePipeResult(left, def.out, ctx);
            };
        });
        function handlePipeResult(left, next, ctx) {
            if (left.issues.some(iss => iss.code !== "unrecognized_keys")) {
                left.aborted = true;
                return left;
            }
            return next._zod.run({
                value: left.value,
                issues: left.issues
            }, ctx);
        }
        var api = __nccwpck_require__(3305);
        var core_parse = __nccwpck_require__(3945);
        const ZodMiniType = core_core.xI("ZodMiniType", (inst, def) => {
            if (!inst._zod) throw new Error("Uninitialized schema in ZodMiniType.");
            $ZodType.init(inst, def);
            inst.def = def;
            inst.type = def.type;
        }, {
            get with() {
                return this.check;
            },
            set with(value) {
                core_util.qh(this, "with", value);
            },
            parse(data, params) {
                return core_parse.qg(this, data, params, {
                    callee: this.parse
                });
            },
            parseAsync(data, params) {
                return core_parse.EJ(this, data, params, {
                    callee: this.parseAsync
                });
            },
            safeParse(data, params) {
                return core_parse.xL(this, data, params);
            },
            safeParseAsync(data, params) {
                return core_parse.bp(this, data, params);
            },
            check(...checks) {
                const def = this.def;
                return this.clone({
                    ...def,
                    checks: [ ...def.checks ?? [], ...checks.map(ch => typeof ch === "function" ? {
                        _zod: {
                            check: ch,
                            def: {
                                check: "custom"
                            },
                            onattach: []
                        }
                    } : ch) ]
                }, {
                    parent: true
                });
            },
            clone(_def, params) {
                return core_util.o8(this, _def, params);
            },
            brand() {
                return this;
            },
            register(reg, meta) {
                reg.add(this, meta);
                return this;
            },
            apply(fn, ...args) {
                return args.length === 0 ? fn(this) : fn(this, ...args);
            }
        });
        const ZodMiniString = core_core.xI("ZodMiniString", (inst, def) => {
            $ZodString.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function schemas_string(params) {
            return api.Rl(ZodMiniString, params);
        }
        const ZodMiniNumber = core_core.xI("ZodMiniNumber", (inst, def) => {
            $ZodNumber.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function schemas_number(params) {
            return api.F7(ZodMiniNumber, params);
        }
        const ZodMiniNumberFormat = core_core.xI("ZodMiniNumberFormat", (inst, def) => {
            $ZodNumberFormat.init(inst, def);
            ZodMiniNumber.init(inst, def);
        });
        function schemas_int(params) {
            return api.LK(ZodMiniNumberFormat, params);
        }
        const ZodMiniBoolean = core_core.xI("ZodMiniBoolean", (inst, def) => {
            $ZodBoolean.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function schemas_boolean(params) {
            return api._L(ZodMiniBoolean, params);
        }
        const ZodMiniUnknown = core_core.xI("ZodMiniUnknown", (inst, def) => {
            $ZodUnknown.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function unknown() {
            return api.em(ZodMiniUnknown);
        }
        const ZodMiniArray = core_core.xI("ZodMiniArray", (inst, def) => {
            $ZodArray.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function array(element, params) {
            return new ZodMiniArray({
                type: "array",
                element: element,
                ...core_util.A2(params)
            });
        }
        const ZodMiniObject = core_core.xI("ZodMiniObject", (inst, def) => {
            $ZodObject.init(inst, def);
            ZodMiniType.init(inst, def);
            core_util.X(inst, "shape", self => self._zod.def.shape, false);
        });
        function object(shape, params) {
            const def = {
                type: "object",
                shape: shape ?? {},
                ...core_util.A2(params)
            };
            return new ZodMiniObject(def);
        }
        function looseObject(shape, params) {
            return new ZodMiniObject({
                type: "object",
                shape: shape,
                catchall: unknown(),
                ...core_util.A2(params)
            });
        }
        const ZodMiniTuple = core_core.xI("ZodMiniTuple", (inst, def) => {
            $ZodTuple.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function tuple(items, _paramsOrRest, _params) {
            const hasRest = _paramsOrRest instanceof $ZodType;
            const params = hasRest ? _params : _paramsOrRest;
            const rest = hasRest ? _paramsOrRest : null;
            return new ZodMiniTuple({
                type: "tuple",
                items: items,
                rest: rest,
                ...core_util.A2(params)
            });
        }
        const ZodMiniRecord = core_core.xI("ZodMiniRecord", (inst, def) => {
            $ZodRecord.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function record(keyType, valueType, params) {
            if (!valueType || !valueType._zod) return new ZodMiniRecord({
                type: "record",
                keyType: schemas_string(),
                valueType: keyType,
                ...core_util.A2(valueType)
            });
            return new ZodMiniRecord({
                type: "record",
                keyType: keyType,
                valueType: valueType,
                ...core_util.A2(params)
            });
        }
        const ZodMiniEnum = core_core.xI("ZodMiniEnum", (inst, def) => {
            $ZodEnum.init(inst, def);
            ZodMiniType.init(inst, def);
            inst.options = [ ...inst._zod.values ];
        });
        function _enum(values, params) {
            const entries = Array.isArray(values) ? Object.fromEntries(values.map(v => [ v, v ])) : values;
            return new ZodMiniEnum({
                type: "enum",
                entries: entries,
                ...core_util.A2(params)
            });
        }
        const ZodMiniLiteral = core_core.xI("ZodMiniLiteral", (inst, def) => {
            $ZodLiteral.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function literal(value, params) {
            return new ZodMiniLiteral({
                type: "literal",
                values: Array.isArray(value) ? value : [ value ],
                ...core_util.A2(params)
            });
        }
        const ZodMiniTransform = core_core.xI("ZodMiniTransform", (inst, def) => {
            $ZodTransform.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function transform(fn) {
            return new ZodMiniTransform({
                type: "transform",
                transform: fn
            });
        }
        const ZodMiniOptional = core_core.xI("ZodMiniOptional", (inst, def) => {
            $ZodOptional.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function optional(innerType) {
            return new ZodMiniOptional({
                type: "optional",
                innerType: innerType
            });
        }
        const ZodMiniNullable = core_core.xI("ZodMiniNullable", (inst, def) => {
            $ZodNullable.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function nullable(innerType) {
            return new ZodMiniNullable({
                type: "nullable",
                innerType: innerType
            });
        }
        function nullish(innerType) {
            return optional(nullable(innerType));
        }
        const ZodMiniCatch = core_core.xI("ZodMiniCatch", (inst, def) => {
            $ZodCatch.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function _catch(innerType, catchValue) {
            return new ZodMiniCatch({
                type: "catch",
                innerType: innerType,
                catchValue: typeof catchValue === "function" ? catchValue : core_util.SS(catchValue)
            });
        }
        const ZodMiniPipe = core_core.xI("ZodMiniPipe", (inst, def) => {
            $ZodPipe.init(inst, def);
            ZodMiniType.init(inst, def);
        });
        function pipe(in_, out) {
            return new ZodMiniPipe({
                type: "pipe",
                in: in_,
                out: out
            });
        }
        api.q0;
        api.mI;
    }
};

var __webpack_module_cache__ = {};

function __nccwpck_require__(moduleId) {
    var cachedModule = __webpack_module_cache__[moduleId];
    if (cachedModule !== void 0) return cachedModule.exports;
    var module = __webpack_module_cache__[moduleId] = {
        exports: {}
    };
    var threw = true;
    try {
        __webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
        threw = false;
    } finally {
        if (threw) delete __webpack_module_cache__[moduleId];
    }
    return module.exports;
}

__nccwpck_require__.m = __webpack_modules__;

if (typeof __nccwpck_require__ !== "undefined") __nccwpck_require__.ab = decodeURIComponent(new URL(".", import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";

(() => {
    __nccwpck_require__.n = module => {
        var getter = module && module.__esModule ? () => module["default"] : () => module;
        __nccwpck_require__.d(getter, {
            a: getter
        });
        return getter;
    };
})();

(() => {
    var getProto = Object.getPrototypeOf ? obj => Object.getPrototypeOf(obj) : obj => obj.__proto__;
    var leafPrototypes;
    __nccwpck_require__.t = function(value, mode) {
        if (mode & 1) value = this(value);
        if (mode & 8) return value;
        if (typeof value === "object" && value) {
            if (mode & 4 && value.__esModule) return value;
            if (mode & 16 && typeof value.then === "function") return value;
        }
        var ns = Object.create(null);
        __nccwpck_require__.r(ns);
        var def = {};
        leafPrototypes = leafPrototypes || [ null, getProto({}), getProto([]), getProto(getProto) ];
        for (var current = mode & 2 && value; typeof current == "object" && !~leafPrototypes.indexOf(current); current = getProto(current)) Object.getOwnPropertyNames(current).forEach(key => def[key] = () => value[key]);
        def["default"] = () => value;
        __nccwpck_require__.d(ns, def);
        return ns;
    };
})();

(() => {
    __nccwpck_require__.d = (exports, definition) => {
        for (var key in definition) if (__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) Object.defineProperty(exports, key, {
            enumerable: true,
            get: definition[key]
        });
    };
})();

(() => {
    __nccwpck_require__.f = {};
    __nccwpck_require__.e = chunkId => Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
        __nccwpck_require__.f[key](chunkId, promises);
        return promises;
    }, []));
})();

(() => {
    __nccwpck_require__.u = chunkId => chunkId + ".index.js";
})();

(() => {
    __nccwpck_require__.o = (obj, prop) => Object.prototype.hasOwnProperty.call(obj, prop);
})();

(() => {
    __nccwpck_require__.r = exports => {
        if (typeof Symbol !== "undefined" && Symbol.toStringTag) Object.defineProperty(exports, Symbol.toStringTag, {
            value: "Module"
        });
        Object.defineProperty(exports, "__esModule", {
            value: true
        });
    };
})();

(() => {
    var installedChunks = {
        792: 0
    };
    var installChunk = data => {
        var {ids: ids, modules: modules, runtime: runtime} = data;
        var moduleId, chunkId, i = 0;
        for (moduleId in modules) if (__nccwpck_require__.o(modules, moduleId)) __nccwpck_require__.m[moduleId] = modules[moduleId];
        if (runtime) runtime(__nccwpck_require__);
        for (;i < ids.length; i++) {
            chunkId = ids[i];
            if (__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) installedChunks[chunkId][0]();
            installedChunks[ids[i]] = 0;
        }
    };
    __nccwpck_require__.f.j = (chunkId, promises) => {
        var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : void 0;
        if (installedChunkData !== 0) if (installedChunkData) promises.push(installedChunkData[1]); else if (true) {
            var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, e => {
                if (installedChunks[chunkId] !== 0) installedChunks[chunkId] = void 0;
                throw e;
            });
            promise = Promise.race([ promise, new Promise(resolve => installedChunkData = installedChunks[chunkId] = [ resolve ]) ]);
            promises.push(installedChunkData[1] = promise);
        }
    };
})();

var inputs_namespaceObject = {};

__nccwpck_require__.r(inputs_namespaceObject);

__nccwpck_require__.d(inputs_namespaceObject, {
    ACTION: () => ACTION,
    INPUTS: () => INPUTS,
    RULES: () => RULES
});

var comment_inputs_namespaceObject = {};

__nccwpck_require__.r(comment_inputs_namespaceObject);

__nccwpck_require__.d(comment_inputs_namespaceObject, {
    ACTION: () => inputs_ACTION,
    INPUTS: () => inputs_INPUTS,
    RULES: () => inputs_RULES
});

var insights_inputs_namespaceObject = {};

__nccwpck_require__.r(insights_inputs_namespaceObject);

__nccwpck_require__.d(insights_inputs_namespaceObject, {
    ACTION: () => insights_inputs_ACTION,
    INPUTS: () => insights_inputs_INPUTS,
    RULES: () => insights_inputs_RULES
});

var traffic_inputs_namespaceObject = {};

__nccwpck_require__.r(traffic_inputs_namespaceObject);

__nccwpck_require__.d(traffic_inputs_namespaceObject, {
    ACTION: () => traffic_inputs_ACTION,
    INPUTS: () => traffic_inputs_INPUTS,
    RULES: () => traffic_inputs_RULES
});

var catalogue = __nccwpck_require__(8968);

var external_node_fs_ = __nccwpck_require__(3024);

__nccwpck_require__(3955);

var src_schemas = __nccwpck_require__(3619);

var fields = __nccwpck_require__(5200);

var parsers = __nccwpck_require__(5165);

var problem = __nccwpck_require__(9758);

var words = __nccwpck_require__(6096);

const TRIGGER_PHRASE_WORDS = (0, words.c)("The phrase the tracking comment tells people to start a /docs comment with", "(the comment action must use the same).");

const THREAD_INPUTS = {
    comment: {
        default: "false",
        actions: [ "agent", "deploy", "preview", "automation" ],
        field: fields.tE,
        words: {
            text: {
                agent: (0, words.c)("Keep the job's progress and result in the tracking comment of the issue or pull request that triggered", "the run (one comment per thread, edited across runs; the agent's pull request gets one too), so /docs", "comments there can continue the job."),
                deploy: (0, words.c)("Show the deployment and its verdict in the tracking comment of the issue or pull request that", "triggered the run."),
                preview: (0, words.c)("Show the preview, its URL and its verdict in the tracking comment of the pull request (or issue) that", "triggered the run."),
                automation: (0, words.c)("Keep the automation's agent job in the tracking comment of the issue or pull request that triggered", "the run, as the agent action does.")
            },
            root: (0, words.c)("Agent mode: keep the job's progress and result in the tracking comment of the issue or pull request that", "triggered the run (one comment per thread, edited across runs; the agent's pull request gets one too),", "so /docs comments there can continue the job.")
        }
    },
    "github-token": {
        default: "${{ github.token }}",
        actions: [ "agent", "comment", "health", "deploy", "preview", "automation", "check" ],
        field: src_schemas.YjP(),
        words: {
            text: {
                agent: (0, words.c)("Token for the tracking comment and status labels (comment: true; issues: write and pull-requests:", "write) and for reading a code change (changes; contents: read, pull-requests: read)."),
                comment: "Token for reactions, the tracking comment, labels and review replies: issues: write and pull-requests: write.",
                deploy: (0, words.c)("Token for the tracking comment (comment: true: issues: write or pull-requests: write) and the GitHub", "deployment (github-deployment: deployments: write)."),
                preview: (0, words.c)("Token for the tracking comment (comment: true), and for reading the pull request: pull-requests:", "write; for the GitHub deployment (github-deployment): deployments: write."),
                automation: "Token for the tracking comment (comment: true): issues: write or pull-requests: write.",
                health: (0, words.c)("Token for the health issue and its label (issues: write), and with impact for the docs pull requests", "of this repository (pull-requests: read, or write with impact-comment; contents: read to find", "docs.json once)."),
                check: (0, words.c)("Token for reading the pull request's changed files and its base's versions of them (scope new or", "changed): pull-requests: read and contents: read; pull-requests: write for the review of its fixes", "(suggestions: auto) and checks: write for its check run (check-run: auto).")
            },
            root: (0, words.c)("Token for comments and reactions (comment: true, and mode: comment; needs issues: write and", "pull-requests: write), for reading a code change (changes; contents: read), and for the health issue", "(mode: health; issues: write; with impact also pull-requests: read, or write with impact-comment, and", "contents: read to find docs.json), and for the files a pull request changes (mode: check; pull-requests:", "read, or write for the review of its fixes with suggestions: auto).")
        }
    },
    "docs-token": {
        actions: [ "agent", "comment", "health" ],
        field: src_schemas.YjP(),
        words: {
            text: {
                agent: (0, words.c)("With comment true: a token that can write issues and pull requests in the repository of the agent's", "pull request when that is not this one (an installation token of a GitHub App on both repositories,", "from actions/create-github-app-token, or a fine-grained token). With it, that pull request gets a", "tracking comment linking back here, and /docs there continues the job. Empty: only this repository is", "written to (a notice says what that misses)."),
                comment: (0, words.c)("A token that can write issues and pull requests in the repository of the agent's pull request when", "that is not this one (an installation token of a GitHub App on both repositories, or a fine-grained", "token). With it, that pull request gets a tracking comment linking back to this thread. Empty: only", "this repository is written to (a notice says what that misses)."),
                health: (0, words.c)("With impact, when docs-repository is not this one: a token that reads its pull requests", "(pull-requests: read) and, with impact-comment, comments on them (pull-requests: write). Empty:", "github-token reads them (a public repository) and no comment is written there (a notice says so).")
            },
            root: (0, words.c)("Agent mode with comment true, comment mode, and health mode with impact: a token that can write issues", "and pull requests in the repository of the agent's pull request (health: of docs-repository) when that", "is not this one (an installation token of a GitHub App on both repositories, from", "actions/create-github-app-token, or a fine-grained token). With it, that pull request gets a tracking", "comment linking back here, and /docs there continues the job. Empty: only this repository is written to", "(a notice says what that misses).")
        }
    },
    reviewers: {
        default: "off",
        actions: [ "agent", "comment" ],
        field: (0, problem.KD)("off, or author (ask the people who started the job to review its pull request)", v => v === "off" || v === "author" ? v : void 0),
        words: {
            text: {
                agent: (0, words.c)("With comment true: off, or author to ask who started the job (the code pull request's author with", "changes, the issue's author for a labelled issue, who pushed) to review the agent's pull request, once", "per job. A refusal (not a collaborator of the docs repository) is one warning naming who."),
                comment: (0, words.c)("off, or author to ask the writers of the /docs comments that started a job and, on a code pull", "request, its author to review the agent's pull request, each on their own, once per job. Each refusal", "(not a collaborator of the docs repository) is one warning naming who.")
            },
            root: (0, words.c)("Agent mode with comment true, and comment mode: off, or author to ask the people who started the job", "(the code pull request's or the issue's author; the writers of the /docs comments and, on a code pull", "request, its author) to review the agent's pull request, each on their own, once per job. Each refusal", "(not a collaborator of the docs repository) is one warning naming who.")
        }
    },
    "trigger-phrase": {
        default: "/docs",
        actions: [ "agent", "comment", "deploy", "preview", "automation" ],
        field: (0, problem.KD)("a phrase of 1 to 50 characters without spaces, not starting with @ (a mention notifies a real account), > or a backtick; for example /docs", parsers.P9),
        words: {
            text: {
                agent: TRIGGER_PHRASE_WORDS,
                comment: (0, words.c)("A comment is an instruction when a line starts with this phrase (case-insensitive, leading spaces", "allowed, not in a quote or code block); the instruction is the text after it, following lines", "included."),
                deploy: TRIGGER_PHRASE_WORDS,
                preview: TRIGGER_PHRASE_WORDS,
                automation: TRIGGER_PHRASE_WORDS
            },
            root: (0, words.c)("Comment mode: a comment is an instruction when a line starts with this phrase (case-insensitive, leading", "spaces allowed, not in a quote or code block); the instruction is the text after it, following lines", "included.")
        }
    },
    "status-labels": {
        actions: [ "agent", "comment" ],
        field: (0, problem.KD)('three different comma-separated label names of up to 50 characters (while the job runs, done, failed), for example "docs: in progress, docs: done, docs: failed"; or nothing', parsers.lI),
        words: {
            text: {
                agent: (0, words.c)("With comment true: three comma-separated labels, for example 'docs: in progress, docs: done, docs:", "failed'. The thread gets the first while its job runs and the second or third at the end, the previous", "one removed; a label the repository lacks is created. Empty: no labels."),
                comment: (0, words.c)("Three comma-separated labels, for example 'docs: in progress, docs: done, docs: failed'. The thread", "gets the first while its job runs and the second or third at the end, the previous one removed; a", "label the repository lacks is created. Empty: no labels.")
            },
            root: (0, words.c)("Agent mode with comment true, and comment mode: three comma-separated labels, for example 'docs: in", "progress, docs: done, docs: failed'. The thread gets the first while its job runs and the second or", "third at the end, the previous one removed; a label the repository lacks is created. Empty: no labels.")
        }
    }
};

const BASE_URL_ACCEPTED = "an https:// URL without query or credentials (http:// only for localhost, 127.0.0.1 or [::1])";

const pollGap = of => (0, words.c)(`The longest gap between two status checks of ${of} (same forms as wait-timeout).`, "Checks start about 1.5 s apart and grow toward it.");

const SERVICE_INPUTS = {
    "api-key": {
        required: true,
        optionalIn: [ "check" ],
        actions: catalogue.kl,
        field: run => (0, fields.ar)(run.eventName),
        words: {
            text: "Mintlify admin API key (starts with mint_). Pass it from a repository or environment secret, never inline.",
            root: catalogue.v6
        }
    },
    "project-id": {
        required: true,
        optionalIn: [ "check" ],
        actions: catalogue.kl,
        field: (0, problem.KD)("the project identifier from the dashboard's API keys page (no spaces)", parsers.Cv),
        words: {
            text: "Mintlify project identifier, shown on the dashboard's API keys page.",
            root: catalogue.v6
        }
    },
    mode: {
        default: "agent",
        actions: [],
        field: src_schemas.YjP(),
        words: {
            root: (0, words.c)("What to do: agent (run or follow up an agent job), comment (take a /docs comment on an issue or pull", "request as an instruction to the job linked to that thread, or a new one), visitors (export unique", "visitors), views (export page views), insights (what readers could not find, as a report and a prompt", "for the agent), deploy (deploy to production and wait for the verdict), preview (deploy a branch as a", "preview), automation (run a saved automation now), health (keep one GitHub issue with the weekly trend,", "the gaps readers hit and what the agent did about them) or check (check the docs with the Mintlify CLI;", "no API key).")
        }
    },
    wait: {
        default: "true",
        actions: [ "agent", "comment", "deploy", "preview", "automation" ],
        field: fields.tE,
        words: {
            text: {
                agent: "Wait until the job ends (true), or return right after the create or follow-up request (false).",
                comment: "Wait until the job ends (true), or return right after the instruction is sent (false).",
                deploy: "Wait until the deployment ends (true), or return right after it is started (false).",
                preview: "Wait until the preview deployment ends (true), or return right after it is started (false).",
                automation: (0, words.c)("Follow the automation's run when it is an agent job, until it ends (true), or return right after the", "run is accepted (false).")
            },
            root: (0, words.c)("Agent and comment modes: wait until the job ends (true), or return right after the create or follow-up", "request (false).")
        }
    },
    "wait-timeout": {
        default: "30m",
        actions: catalogue.kl,
        field: (0, fields.Ts)(1),
        words: {
            text: (0, words.c)("How long the step may work in all (waiting, paging and retrying included): 90s, 15m, 1h, 1h30m, 500ms,", "or plain seconds."),
            root: catalogue.v6
        }
    },
    "poll-interval": {
        default: "10s",
        actions: [ "agent", "comment", "deploy", "preview", "automation" ],
        field: (0, fields.Ts)(50),
        words: {
            text: {
                agent: pollGap("the job"),
                comment: pollGap("the job"),
                deploy: pollGap("the deployment"),
                preview: pollGap("the deployment"),
                automation: pollGap("the automation's job")
            },
            root: (0, words.c)("Agent and comment modes: the longest gap between two status checks (same forms as wait-timeout). Checks", "start about 1.5 s apart and grow toward it.")
        }
    },
    "require-pr": {
        default: "false",
        actions: [ "agent", "comment", "automation" ],
        field: fields.tE,
        words: {
            text: {
                agent: "Fail the step if the job ends without a pull request.",
                comment: "Fail the step if the job ends without a pull request.",
                automation: "Fail the step if the automation's agent job ends without a pull request."
            },
            root: "Agent and comment modes: fail the step if the job ends without a pull request."
        }
    },
    "base-url": {
        default: "https://api.mintlify.com",
        actions: catalogue.kl,
        field: (0, problem.hF)((v, ctx) => {
            const url = (0, parsers.Q2)(v);
            if (url === void 0) return (0, problem.CC)(ctx, v, BASE_URL_ACCEPTED);
            const port = new URL(url).port;
            return parsers.Rf.has(Number(port)) ? (0, problem.CC)(ctx, v, `${BASE_URL_ACCEPTED}, on a port Node's fetch connects to: it never connects to port ${port}, one the fetch standard blocks`) : url;
        }),
        words: {
            text: "API base URL. https:// is required; http:// is accepted only for loopback hosts (a local simulator).",
            root: catalogue.v6
        }
    },
    "date-from": {
        actions: [ "visitors", "views", "insights" ],
        field: run => (0, fields.$B)(run.now),
        words: {
            text: (0, words.c)("First day included. YYYY-MM-DD, an ISO 8601 date-time, or Nd = N days before today in UTC (0d is today).", "Empty: from the start. A start after now is an input error."),
            root: (0, words.c)("Visitors, views and insights modes: first day included. YYYY-MM-DD, an ISO 8601 date-time, or Nd = N", "days before today in UTC (0d is today). Empty: from the start.")
        }
    },
    "date-to": {
        actions: [ "visitors", "views", "insights" ],
        field: run => (0, fields.$B)(run.now),
        words: {
            text: (0, words.c)("End of the range, exclusive (the day itself is not included). Same forms as date-from. Empty: up to now.", "date-from: 7d with date-to: 0d is the last 7 whole days."),
            root: (0, words.c)("Visitors, views and insights modes: end of the range, exclusive (the day itself is not included). Same", "forms as date-from. Empty: up to now.")
        }
    },
    "summary-rows": {
        default: "25",
        actions: [ "visitors", "views", "insights" ],
        field: (0, fields.$A)(1, 1e5, "a whole number of pages to list in the summary, 1 or more"),
        words: {
            text: {
                visitors: "How many pages the job summary lists (the export files always hold every page).",
                views: "How many pages the job summary lists (the export files always hold every page).",
                insights: "How many items of each list the summary and agent-prompt show."
            },
            root: (0, words.c)("Visitors and views modes: how many pages the job summary lists (the export files always hold every", "page). Insights mode: how many items of each list the summary and agent-prompt show.")
        }
    },
    "max-requests": {
        default: "100",
        actions: [ "visitors", "views", "insights", "health" ],
        field: (0, fields.$A)(1, 1e4, "a whole number of analytics requests from 1 to 10000 (the service allows 100 an hour per organisation)"),
        words: {
            text: (0, words.c)("The most analytics requests this step may send, retries included (the service allows 100 an hour per", "organisation, shared by every analytics endpoint). A list or export it cuts short is marked incomplete.")
        }
    },
    "docs-path": {
        default: "",
        actions: [ "check", "preview" ],
        field: (0, fields.H0)("a folder of the workspace that holds docs.json, such as docs (. for the workspace), without ..", parsers.z2),
        words: {
            text: {
                check: (0, words.c)("The folder that holds docs.json, in the workspace; empty: the workspace itself, or the one folder below", "it (two levels at most) that holds docs.json."),
                preview: (0, words.c)("Without pages-json: the repository's folder that holds docs.json, whose pages the pull request changes", "are listed (empty: the repository's root).")
            },
            root: (0, words.c)("Check mode: the folder that holds docs.json, in the workspace; empty: the workspace itself, or the one", "folder below it (two levels at most) that holds docs.json. Preview mode without pages-json: the", "repository's folder of the pages listed.")
        }
    }
};

const SHARED_INPUTS = {
    ...SERVICE_INPUTS,
    ...THREAD_INPUTS
};

var src_core = __nccwpck_require__(8532);

var external_node_path_ = __nccwpck_require__(6760);

var format = __nccwpck_require__(2693);

var prompt_bounds = __nccwpck_require__(6884);

function promptProblem(text) {
    if (text.length > 0 && text.trim().length === 0) return {
        accepted: "an instruction with some text in it, or no prompt at all"
    };
    if (text.length > prompt_bounds.c) return {
        accepted: `at most ${(0, format.ZV)(prompt_bounds.c)} characters (this one has ${(0, 
        format.ZV)(text.length)}; the action sends no longer prompt)`,
        described: `is ${(0, format.ZV)(text.length)} characters long`
    };
    return;
}

function readPromptFile(value, files, ctx) {
    if (!files) return (0, problem.CC)(ctx, value, "a file the action can read: this run has no workspace to read it from", [ "prompt-file" ]);
    const accepted = "the path of a UTF-8 text file inside the workspace (GITHUB_WORKSPACE), relative to it or absolute, such as docs-prompt.md";
    const path = (0, external_node_path_.resolve)(files.workspace, value);
    const unreadable = error => (0, problem.CC)(ctx, value, `${accepted}; it cannot be read (${error.code ?? "error"})`, [ "prompt-file" ]);
    let real;
    try {
        real = files.realPath(path);
    } catch (error) {
        return unreadable(error);
    }
    let root = files.workspace;
    try {
        root = files.realPath(files.workspace);
    } catch {}
    if (!((path, root) => {
        const rel = (0, external_node_path_.relative)(root, path);
        return rel !== "" && !rel.startsWith("..") && !(0, external_node_path_.isAbsolute)(rel);
    })(real, root)) return (0, problem.CC)(ctx, value, `${accepted}; this one is outside it`, [ "prompt-file" ]);
    let text;
    try {
        text = files.read(real);
    } catch (error) {
        return unreadable(error);
    }
    if (text.trim() === "") return (0, problem.CC)(ctx, value, `${accepted}, with some text in it; this one is empty`, [ "prompt-file" ]);
    const bad = promptProblem(text);
    if (bad) return (0, problem.CC)(ctx, value, bad.accepted, [ "prompt-file" ], bad.described ? {
        described: `names a file that ${bad.described}`
    } : void 0);
    return text.trim();
}

var rules = __nccwpck_require__(8190);

const CHANGE_EVENTS = [ "pull_request", "pull_request_target", "push" ];

const INPUTS = {
    prompt: {
        actions: [ "agent" ],
        field: (0, problem.hF)((v, ctx) => {
            const bad = promptProblem(v);
            return bad ? (0, problem.CC)(ctx, v, bad.accepted, void 0, {
                described: bad.described
            }) : v.trim() || void 0;
        }),
        words: {
            text: "The instruction for the documentation agent. With job-id it is sent to that job as a follow-up message."
        }
    },
    "prompt-file": {
        actions: [ "agent" ],
        field: src_schemas.YjP(),
        words: {
            text: (0, words.c)("A file inside the workspace whose text (UTF-8) is the prompt, for a generated prompt of any size up to", "the action's bound of 200,000 characters (an input passes through an environment variable, which Linux", "limits to 128 KiB). Not together with prompt.")
        }
    },
    "job-id": {
        actions: [ "agent" ],
        field: (0, fields.H0)("a job id without spaces, as printed by an earlier run (output job-id)", parsers.Cv),
        words: {
            text: (0, words.c)("An existing job. With prompt, the prompt is sent to it as a follow-up. Without prompt, the step waits on", "that job (resume after a timeout, or a job started elsewhere).")
        }
    },
    changes: {
        default: "none",
        actions: [ "agent" ],
        field: (0, problem.KD)("none, files (the changed files) or diff (the files and their patches)", (0, 
        parsers.yL)([ "none", "files", "diff" ])),
        words: {
            text: (0, words.c)("none, files (the changed files with status and line counts) or diff (files and patches) of the event's", "change: a pull_request / pull_request_target event's pull request, or a push's before...after. Other", "events are an input error. prompt may then be empty.")
        }
    },
    "changes-paths": {
        actions: [ "agent" ],
        field: (0, problem.KD)("globs, one a line or comma-separated, such as src/** and !**/*.test.ts", parsers.nS),
        words: {
            text: (0, words.c)("With changes: globs, one a line or comma-separated (src/**, !**/*.test.ts); only matching files count.", "When none matches, no job is sent (triggered false, skip-reason no-relevant-changes).")
        }
    },
    "max-changes": {
        default: "40000",
        actions: [ "agent" ],
        field: (0, fields.$A)(1e3, 1e6, "a whole number of characters of change description from 1000 to 1000000"),
        words: {
            text: (0, words.c)("With changes: the most characters of change description in the prompt; patches are cut whole file by", "whole file (the file list stays) and the prompt says what was left out.")
        }
    },
    "continue-thread": {
        default: "false",
        actions: [ "agent" ],
        field: fields.tE,
        words: {
            text: (0, words.c)("With changes and comment true, on a pull request: when the thread's tracking comment links a job, send", "only the changes since the head recorded last time to that job as a follow-up instead of creating a job.")
        }
    }
};

function agentChanges(i, ctx, run) {
    if (i.changes === "none") return;
    const changes = {
        kind: i.changes,
        paths: i["changes-paths"],
        maxChars: i["max-changes"],
        continueThread: i["continue-thread"],
        token: i["github-token"]
    };
    if (changes.token === "") return (0, rules.f_)(ctx, 'when changes is set (the change is read from GitHub): the default ${{ github.token }} works with "contents: read" and "pull-requests: read"');
    if (!CHANGE_EVENTS.includes(run.eventName)) return (0, problem.CC)(ctx, i.changes, `none on this run's event (${run.eventName || "unknown"}): changes describes the change of a ${CHANGE_EVENTS.join(", ")} event`, [ "changes" ]);
    if (i["job-id"] !== void 0) return (0, problem.CC)(ctx, i["job-id"], "no job-id with changes: the job is the thread's (continue-thread) or a new one", [ "job-id" ]);
    return changes;
}

function agentPrompt(i, ctx, run) {
    if (i["prompt-file"] === "") return i.prompt;
    if (i.prompt !== void 0) return (0, problem.CC)(ctx, i["prompt-file"], "prompt or prompt-file, not both: the prompt is one or the other", [ "prompt-file" ]);
    return readPromptFile(i["prompt-file"], run.files, ctx);
}

const RULES = {
    agent: function agent(i, ctx, run) {
        const changes = agentChanges(i, ctx, run);
        if ((0, problem.t2)(ctx)) return src_core.tm;
        if (i["continue-thread"] && !i.comment) return (0, problem.CC)(ctx, "true", "false unless comment is true: the thread's tracking comment is where the job and the last head described are kept", [ "continue-thread" ]);
        const prompt = agentPrompt(i, ctx, run);
        if ((0, problem.t2)(ctx)) return src_core.tm;
        if (prompt === void 0 && i["job-id"] === void 0 && !changes) return (0, problem.CC)(ctx, "", "the agent needs prompt (to create a job), job-id (to wait on an existing job), or both (to send a follow-up)", [ "prompt" ], {
            wording: "nothing-to-do"
        });
        if (i.comment && i["github-token"] === "") return (0, rules.f_)(ctx, rules.sf);
        return {
            ...(0, rules.sh)(i),
            mode: "agent",
            comment: i.comment ? {
                token: i["github-token"],
                docsToken: i["docs-token"] || void 0,
                reviewers: i.reviewers === "author",
                triggerPhrase: i["trigger-phrase"],
                statusLabels: i["status-labels"] ?? void 0
            } : void 0,
            agent: {
                prompt: prompt,
                jobId: i["job-id"],
                wait: i.wait,
                pollIntervalMs: i["poll-interval"],
                requirePr: i["require-pr"]
            },
            changes: changes
        };
    }
};

const ACTION = {
    agent: {
        name: "Mintlify docs agent job",
        description: "Start, follow up or wait on a Mintlify documentation agent job, and hand its pull request to the next step."
    }
};

var inputs = __nccwpck_require__(7611);

const CONVERSATION_EVENTS = [ "issue_comment", "pull_request_review_comment", "pull_request_review" ];

const inputs_INPUTS = {
    "allowed-bots": {
        actions: [ "comment" ],
        field: (0, problem.KD)("comma-separated bot logins such as renovate[bot], dependabot[bot]; * (any bot) is not accepted: list each bot you trust", parsers.Es),
        words: {
            text: (0, words.c)("Comma-separated bot logins (renovate[bot]) whose comments may instruct; * is not accepted.", "Other bots never do."),
            root: (0, words.c)("Comment mode: comma-separated bot logins (renovate[bot]) whose comments may trigger; * is not accepted.", "Other bots never trigger.")
        }
    }
};

const inputs_RULES = {
    comment: function comment(i, ctx, run) {
        const {eventName: eventName} = run;
        if (!CONVERSATION_EVENTS.includes(eventName)) return (0, problem.CC)(ctx, eventName, `mode: comment to run on ${CONVERSATION_EVENTS.join(", ")} (this run's event is ${eventName || "unknown"})`, [ "mode" ], {
            wording: "event"
        });
        if (i["github-token"] === "") return (0, rules.f_)(ctx, 'to read the thread and write its tracking comment: the default ${{ github.token }} works when the workflow grants "issues: write" and "pull-requests: write"');
        return {
            ...(0, rules.sh)(i),
            mode: "comment",
            comment: {
                token: i["github-token"],
                docsToken: i["docs-token"] || void 0,
                reviewers: i.reviewers === "author",
                triggerPhrase: i["trigger-phrase"],
                allowedBots: i["allowed-bots"],
                eventName: eventName,
                statusLabels: i["status-labels"] ?? void 0
            },
            agent: {
                wait: i.wait,
                pollIntervalMs: i["poll-interval"],
                requirePr: i["require-pr"]
            }
        };
    }
};

const inputs_ACTION = {
    comment: {
        name: "Mintlify docs /docs comments",
        description: (0, words.c)("Take a /docs comment on an issue or pull request as an instruction to the job linked to that thread (or", "a new one), from people with write access only.")
    }
};

var health_inputs = __nccwpck_require__(8233);

const insights_inputs_INPUTS = {};

const insights_inputs_RULES = {
    insights: function insights(i, ctx, run) {
        const from = i["date-from"];
        const to = i["date-to"];
        if (!(0, rules.cd)(from, to, run.now, ctx)) return src_core.tm;
        return {
            ...(0, rules.sh)(i),
            mode: "insights",
            insights: {
                dateFrom: from,
                dateTo: to,
                summaryRows: i["summary-rows"],
                maxRequests: i["max-requests"]
            }
        };
    }
};

const insights_inputs_ACTION = {
    insights: {
        name: "Mintlify docs insights",
        description: (0, words.c)("What readers could not find (dead-end searches, unanswered questions, pages rated down), as a report,", "files and a prompt for the agent.")
    }
};

var live_inputs = __nccwpck_require__(697);

const traffic_inputs_INPUTS = {
    "page-size": {
        default: "250",
        actions: [ "visitors", "views" ],
        field: (0, fields.$A)(1, 250, "a whole number of rows per request from 1 to 250 (250 spends the fewest requests)"),
        words: {
            text: "Rows per request, 1 to 250. 250 spends the fewest of the 100 analytics requests per hour."
        }
    },
    compare: {
        default: "none",
        actions: [ "visitors", "views" ],
        field: (0, problem.KD)("none, or previous-period (also export the period of the same length just before, and show the change)", (0, 
        parsers.yL)([ "none", "previous-period" ])),
        words: {
            text: (0, words.c)("none, or previous-period to also export the period of the same length (in whole UTC days) that ends", "where this one starts, and show the change. Needs date-from.")
        }
    }
};

const traffic = mode => (i, ctx, run) => {
    const from = i["date-from"];
    const to = i["date-to"];
    if (!(0, rules.cd)(from, to, run.now, ctx)) return src_core.tm;
    if (i.compare === "previous-period" && !from) return (0, problem.CC)(ctx, "", "a start with compare: previous-period (the previous period is as long as this one, so this one needs a start)", [ "date-from" ], {
        described: "is empty"
    });
    return {
        ...(0, rules.sh)(i),
        mode: mode,
        pages: {
            dateFrom: from,
            dateTo: to,
            pageSize: i["page-size"],
            summaryRows: i["summary-rows"],
            compare: i.compare === "previous-period",
            maxRequests: i["max-requests"]
        }
    };
};

const traffic_inputs_RULES = {
    visitors: traffic("visitors"),
    views: traffic("views")
};

const traffic_inputs_ACTION = {
    visitors: {
        name: "Mintlify docs visitors",
        description: "Export unique visitors for a range, every page, to CSV and JSON, optionally against the period before."
    },
    views: {
        name: "Mintlify docs page views",
        description: "Export page views for a range, every page, to CSV and JSON, optionally against the period before."
    }
};

const FEATURES = {
    agent: inputs_namespaceObject,
    comment: comment_inputs_namespaceObject,
    traffic: traffic_inputs_namespaceObject,
    insights: insights_inputs_namespaceObject,
    live: live_inputs,
    health: health_inputs,
    check: inputs
};

function ofEveryFeature(part) {
    return Object.assign({}, ...Object.values(FEATURES).map(feature => feature[part]));
}

Object.fromEntries(Object.entries(FEATURES).map(([folder, feature]) => [ folder, feature.INPUTS ]));

const DEFINED = {
    ...SHARED_INPUTS,
    ...ofEveryFeature("INPUTS")
};

const catalogue_INPUTS = Object.fromEntries([ "api-key", "project-id", "mode", "prompt", "prompt-file", "job-id", "wait", "wait-timeout", "poll-interval", "require-pr", "base-url", "date-from", "date-to", "page-size", "summary-rows", "max-requests", "compare", "comment", "github-token", "docs-token", "reviewers", "trigger-phrase", "allowed-bots", "branch", "automation-id", "changes", "changes-paths", "max-changes", "continue-thread", "status-labels", "weeks", "health-label", "agent", "impact", "impact-weeks", "impact-comment", "docs-repository", "docs-root", "max-jobs", "assistant-key", "domain", "max-searches", "github-deployment", "deployment-environment", "fix", "fix-rounds", "docs-path", "pages-json", "mint-version", "checks", "scope", "exclude", "on-problems", "check-run", "suggestions", "min-views" ].map(name => [ name, DEFINED[name] ]));

const inputSpec = name => catalogue_INPUTS[name];

const DEFAULTS = Object.fromEntries(Object.keys(catalogue_INPUTS).flatMap(name => {
    const fallback = inputSpec(name).default;
    return fallback !== void 0 && !fallback.includes("${{") ? [ [ name, fallback ] ] : [];
}));

function inputsOf(action) {
    return Object.keys(catalogue_INPUTS).filter(name => catalogue_INPUTS[name].actions.includes(action));
}

const INPUTS_OF = {
    agent: inputsOf("agent"),
    comment: inputsOf("comment"),
    visitors: inputsOf("visitors"),
    views: inputsOf("views"),
    insights: inputsOf("insights"),
    deploy: inputsOf("deploy"),
    preview: inputsOf("preview"),
    automation: inputsOf("automation"),
    health: inputsOf("health"),
    check: inputsOf("check")
};

ofEveryFeature("ACTION");

var util_text = __nccwpck_require__(9997);

const settings_RULES = ofEveryFeature("RULES");

const fieldFor = (field, run) => typeof field === "function" ? field(run) : field;

function modeSchema(mode, run) {
    const picked = Object.fromEntries(INPUTS_OF[mode].map(name => {
        const field = fieldFor(catalogue_INPUTS[name].field, run);
        return [ name, inputSpec(name).optionalIn?.includes(mode) ? (0, problem.lq)(field) : field ];
    }));
    const rules = settings_RULES[mode];
    return src_schemas.FsL(src_schemas.Ikc(picked), src_schemas.pdi((i, ctx) => rules(i, ctx, run)));
}

const INPUT_NAMES = Object.keys(catalogue_INPUTS);

class InputError extends Error {
    constructor(message) {
        super(message);
        this.name = "InputError";
    }
}

function describeValue(name, raw) {
    if (name === "api-key") return raw ? "is not a usable key (its value is not shown)" : "is empty";
    if (raw === void 0 || raw === "") return "is empty";
    const text = name === "base-url" ? (0, util_text.t)(raw) : raw;
    const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
    return `is ${JSON.stringify(shown)}`;
}

function wordProblem(name, accepted, words, raw, action) {
    if (words.wording === "event") return action ? `The comment action reads a comment, but this run's event is not one it reads: expected it ${accepted.replace("mode: comment ", "")}.` : `Input "mode" is "comment", but this run's event is not one it reads: expected ${accepted}.`;
    if (words.wording === "nothing-to-do") return `Inputs "prompt" and "job-id" are both empty: ${accepted}.`;
    const described = typeof words.described === "string" ? words.described : describeValue(name, raw[name]);
    return `Input "${name}" ${described}: expected ${accepted}.`;
}

function parseSettings(raw, now, eventName = "", files, action) {
    const mode = action ?? modeOf(raw);
    const withDefaults = {};
    for (const name of INPUTS_OF[mode]) {
        const given = raw[name] ?? "";
        const fallback = DEFAULTS[name];
        withDefaults[name] = name === "prompt" ? given : given.trim() === "" && fallback !== void 0 ? fallback : given.trim();
    }
    const result = modeSchema(mode, {
        now: now,
        eventName: eventName,
        files: files
    }).safeParse(withDefaults);
    if (result.success) return result.data;
    const lines = result.error.issues.map(issue => wordProblem(String(issue.path[0] ?? "inputs"), issue.message, issue.params ?? {}, raw, action));
    throw new InputError(lines.join("\n"));
}

function readSettings(raw, now, eventName, files, action) {
    const unused = action ? [] : unusedInputs(raw, modeOf(raw));
    return {
        settings: parseSettings(raw, now, eventName, files, action),
        unused: unused
    };
}

function modeOf(raw) {
    const given = (raw.mode ?? "").trim() || DEFAULTS.mode;
    const mode = catalogue.kl.find(m => m === given);
    if (mode !== void 0) return mode;
    throw new InputError(`Input "mode" ${describeValue("mode", raw.mode)}: expected ${catalogue.kl.slice(0, -1).join(", ")} or ${catalogue.kl.at(-1) ?? ""}.`);
}

function unusedInputs(raw, mode) {
    const reads = new Set(INPUTS_OF[mode]);
    return Object.keys(catalogue_INPUTS).map(name => ({
        name: name,
        spec: inputSpec(name)
    })).filter(({name: name, spec: spec}) => name !== "mode" && !reads.has(name) && !(spec.default ?? "").includes("${{")).filter(({name: name, spec: spec}) => {
        const given = (raw[name] ?? "").trim();
        return given !== "" && given !== spec.default;
    }).map(({name: name, spec: spec}) => ({
        name: name,
        readBy: spec.actions
    }));
}

var summary_escape = __nccwpck_require__(7125);

const escapeData = text => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

const escapeProperty = text => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

function issue(name, message, properties = {}) {
    const props = Object.entries(properties).map(([key, value]) => `${key}=${escapeProperty(value)}`).join(",");
    process.stdout.write(`::${name}${props ? ` ${props}` : ""}::${escapeData(message)}\n`);
}

function getInput(name, options = {}) {
    const value = process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] || "";
    return options.trimWhitespace === false ? value : value.trim();
}

function addMask(secret) {
    issue("add-mask", secret);
}

function error(message) {
    issue("error", message);
}

function warning(message) {
    issue("warning", message);
}

function debug(message) {
    issue("debug", message);
}

function fail(message) {
    process.exitCode = 1;
    error(message);
}

var errors = __nccwpck_require__(17);

function writeSummary(markdown) {
    const path = process.env.GITHUB_STEP_SUMMARY;
    if (!path) {
        debug("GITHUB_STEP_SUMMARY is not set: no job summary written.");
        return;
    }
    try {
        (0, external_node_fs_.appendFileSync)(path, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
    } catch (error) {
        warning(`Could not write the job summary: ${(0, util_text.qn)((0, errors.u1)(error))}`);
    }
}

function listenForCancellation(onCancel = () => {}) {
    const controller = new AbortController;
    const handler = name => {
        if (controller.signal.aborted) return;
        onCancel(name);
        controller.abort();
        setTimeout(() => process.exit(process.exitCode && process.exitCode !== 0 ? process.exitCode : 1), 1800).unref();
    };
    process.on("SIGINT", handler);
    process.on("SIGTERM", handler);
    return {
        signal: controller.signal,
        dispose() {
            process.off("SIGINT", handler);
            process.off("SIGTERM", handler);
        }
    };
}

var clock = __nccwpck_require__(7110);

function readRawInputs(action) {
    const secrets = [ getInput("api-key"), getInput("github-token"), getInput("docs-token"), getInput("assistant-key"), ...(0, 
    util_text.Fn)(getInput("base-url")).filter(s => s.length >= 4) ];
    for (const value of secrets) if (value) {
        addMask(value);
        (0, util_text.cl)(value);
    }
    const raw = {};
    for (const name of action ? INPUTS_OF[action] : INPUT_NAMES) raw[name] = getInput(name, {
        trimWhitespace: name !== "prompt"
    });
    return raw;
}

async function main(signal, overrides, action) {
    const raw = readRawInputs(action);
    let read;
    try {
        const files = {
            workspace: process.env.GITHUB_WORKSPACE || process.cwd(),
            realPath: path => (0, external_node_fs_.realpathSync)(path),
            read: path => (0, external_node_fs_.readFileSync)(path, "utf8")
        };
        read = readSettings(raw, (overrides.clock ?? clock.m).now(), process.env.GITHUB_EVENT_NAME ?? "", files, action);
    } catch (error) {
        if (!(error instanceof InputError)) throw error;
        for (const line of error.message.split("\n")) fail(line);
        const problems = error.message.split("\n").map(line => `- ${(0, summary_escape.X1)(line, 600)}`);
        writeSummary(`### ❌ Mintlify action: input error\n\nNothing was sent to the API.\n\n${problems.join("\n")}\n`);
        return;
    }
    const {settings: settings, unused: unused} = read;
    if (!inputSpec("api-key").optionalIn?.includes(settings.mode) && !settings.apiKey.startsWith(fields.bh)) warning(`api-key does not start with "${fields.bh}", the prefix of Mintlify admin API keys: the API will likely refuse it. Check that the secret holds an admin key.`);
    if (!action) for (const {name: name, readBy: readBy} of unused) warning(`Input "${name}" is not read with mode: ${settings.mode}, so it was ignored (${readBy.length > 0 ? `it is read by ${readBy.join(", ")}` : "no mode reads it"}).`);
    const {runMode: runMode} = await Promise.all([ __nccwpck_require__.e(624), __nccwpck_require__.e(976) ]).then(__nccwpck_require__.bind(__nccwpck_require__, 7976));
    await runMode(settings, signal, overrides);
}

const named = globalThis.MINTLIFY_DOCS_ACTION;

!async function run(overrides = {}, action) {
    const cancellation = listenForCancellation(name => process.stdout.write(`Received ${name}: stopping and reporting what is known.\n`));
    try {
        await main(cancellation.signal, overrides, action);
    } catch (error) {
        fail(`Unexpected error: ${(0, util_text.qn)((0, errors.u1)(error), 1e3)}`);
    } finally {
        cancellation.dispose();
    }
}({}, catalogue.kl.includes(named) ? named : void 0);
