export { ContentBlocks, type ContentBlocksOptions, type ContentBlocksProps } from './content-blocks.js';
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
  type OpenResourceRequest,
} from './default-renderers.js';
