// bottleneck's light build (no clustering), which @octokit/plugin-throttling uses, has the same API
// as the package's main entry but ships no type declarations of its own.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck'
  export default Bottleneck
}
