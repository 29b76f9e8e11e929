export { ContentBlocks, type ContentBlocksProps } from './content-blocks.js';
export {
  AudioBlock,
  ImageBlock,
  InvalidBlock,
  ResourceBlobBlock,
  ResourceLinkBlock,
  ResourceTextBlock,
  TextBlock,
  UnknownBlock,
  defaultBlockRenderers,
  type BlockRendererProps,
  type BlockRenderers,
} from './default-renderers.js';
