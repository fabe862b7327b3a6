export const id = 616;
export const ids = [616];
export const modules = {

/***/ 2616:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"4.2.941":{"linux-x64-glibc":{"files":38467,"bytes":209553991,"sha256":"ad9f9cd141132c1a138e2e7b624cc28608c3bf6f2c5e0ed7db2cda732e8c84d0"},"linux-x64-musl":{"files":38467,"bytes":209860105,"sha256":"a8d4a3a5b1be5172f6a5af1aa205abc1b93130370bec01e19d951a032f1a7c6a"},"linux-arm64-glibc":{"files":38467,"bytes":209554066,"sha256":"ab1b764963fb2b8025999f97ae8420ae166d6a14c6b87d3f678cd47443f2a1a4"},"linux-arm64-musl":{"files":38467,"bytes":209388979,"sha256":"63039c0a342ba781d38e1541739b90937971da955d66e383e049c912cf07b077"},"darwin-x64":{"files":38467,"bytes":211461736,"sha256":"878003546ff8bb59d74397bb79cd27cf444ab90ebfafe41f367c5562de061150"},"darwin-arm64":{"files":38467,"bytes":208897691,"sha256":"650afb9a685fcbd58c0fd553aa1c1e2f4f9c0fab754b45be6b46b09e3096d75f"},"win32-x64":{"files":38464,"bytes":212797617,"sha256":"cf253744af1d55f66113ac421ba120dab76bccbde0a965c31540c89773b231f5"}}}');

/***/ })

};
