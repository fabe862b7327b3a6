export const id = 702;
export const ids = [702];
export const modules = {

/***/ 6702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   makeOctokit: () => (/* binding */ makeOctokit)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1351);
/* harmony import */ var _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9083);
/* harmony import */ var _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9735);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6856);
/* harmony import */ var bottleneck_light_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3251);
/* harmony import */ var bottleneck_light_js__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(bottleneck_light_js__WEBPACK_IMPORTED_MODULE_2__);





function makeOctokit(token, settings) {
    const waitOut = (kind) => (retryAfter, request, _octokit, retryCount) => settings.onRateLimit(kind, retryAfter, request, retryCount);
    // @actions/github's own fetch (the runner's proxy), counted: Octokit takes `request` whole, so the
    // agent goes along
    const base = (_actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__/* .defaults */ .NT.request?.fetch ?? fetch);
    const counted = (input, init) => {
        settings.onAttempt();
        return base(input, init);
    };
    return (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, {
        request: { ..._actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__/* .defaults */ .NT.request, fetch: counted },
        retry: { retries: settings.retries, doNotRetry: settings.doNotRetry, retryAfterBaseValue: settings.retryBaseMs },
        throttle: {
            onRateLimit: waitOut('rate limit'),
            onSecondaryRateLimit: waitOut('secondary rate limit'),
            // one at a time, not spaced out (see github-api.ts)
            write: new (bottleneck_light_js__WEBPACK_IMPORTED_MODULE_2___default().Group)({ maxConcurrent: 1, minTime: 0 }),
            notifications: new (bottleneck_light_js__WEBPACK_IMPORTED_MODULE_2___default().Group)({ maxConcurrent: 1, minTime: 0 }),
        },
    }, _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_3__/* .retry */ .L, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_4__/* .throttling */ .A);
}


/***/ })

};
