/** A catalogue module compiled at build time (catalogue-plugin.ts): its texts as data. */
declare module '*?compiled' {
  import type { CompiledArea } from '@adboard/shared';

  const area: CompiledArea;
  export default area;
}
