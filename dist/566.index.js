export const id = 566;
export const ids = [566];
export const modules = {

/***/ 5566:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseMarkdown: () => (/* binding */ parseMarkdown)
/* harmony export */ });
/* harmony import */ var mdast_util_from_markdown__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6855);
/* harmony import */ var mdast_util_gfm__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9952);
/* harmony import */ var micromark_extension_gfm__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2297);



/**
 * Markdown as GitHub reads a comment: CommonMark with the GFM extensions (micromark). One module, so
 * the parser is one chunk of the bundle, loaded (by comment/find-instruction.ts) only when a
 * comment is read.
 */
function parseMarkdown(text) {
    return (0,mdast_util_from_markdown__WEBPACK_IMPORTED_MODULE_0__/* .fromMarkdown */ .Y)(text, { extensions: [(0,micromark_extension_gfm__WEBPACK_IMPORTED_MODULE_1__/* .gfm */ .T)()], mdastExtensions: [(0,mdast_util_gfm__WEBPACK_IMPORTED_MODULE_2__/* .gfmFromMarkdown */ .C)()] });
}


/***/ })

};
